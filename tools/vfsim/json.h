/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A small JSON writer for the command's -J forms (docs/vfsim-command.md,
 * "JSON"): objects and arrays nested as they are opened, pretty (two
 * spaces an indent, as `python3 -m json.tool` and jq print) or compact
 * (one value a line, for JSON lines).  Strings are written as JSON wants
 * them: ", \ and control bytes escaped, and a byte of 0x80 or more as
 * \u00XX (the model's strings are bytes, not always UTF-8: each byte is
 * the code point of its value, so nothing is lost and the text is ASCII).
 */
#ifndef VFSIM_TOOL_JSON_H
#define VFSIM_TOOL_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 64

struct json {
	FILE *f;
	bool pretty;
	int depth;
	bool first[JSON_MAX_DEPTH];
};

void json_start(struct json *j, FILE *f, bool pretty);
/* End the top value: a newline. */
void json_end(struct json *j);

/* @key: the member's name inside an object, NULL inside an array or at
 * the top. */
void json_object(struct json *j, const char *key);
void json_object_end(struct json *j);
void json_array(struct json *j, const char *key);
void json_array_end(struct json *j);
void json_str(struct json *j, const char *key, const char *s);
void json_strn(struct json *j, const char *key, const char *s, size_t len);
void json_u64(struct json *j, const char *key, uint64_t v);
void json_i64(struct json *j, const char *key, int64_t v);
void json_bool(struct json *j, const char *key, bool v);
void json_null(struct json *j, const char *key);
/* @len bytes as a string of hex digits, two a byte. */
void json_hex(struct json *j, const char *key, const void *p, size_t len);

#endif /* VFSIM_TOOL_JSON_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A small JSON writer for the command's -J forms (docs/vfsim-command.md,
 * "JSON"): objects and arrays nested as they are opened, pretty (two
 * spaces an indent, as `python3 -m json.tool` and jq print) or compact
 * (one value a line, for JSON lines).  Strings are written as JSON wants
 * them: ", \ and control bytes escaped; a string that is valid UTF-8 as
 * it is, as findmnt writes it; one that is not (the model's strings are
 * bytes) with each byte of 0x80 or more as \u00XX, the code point of its
 * value, so that the JSON stays valid and nothing is lost.
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
/* Whether @len bytes at @s are valid UTF-8 (no overlong form, no
 * surrogate, nothing above U+10FFFF). */
bool json_utf8_valid(const char *s, size_t len);
/* @s (a C string) as JSON's rule above reads it, in UTF-8: itself if
 * valid, else each byte of 0x80 or more as the UTF-8 of U+0080..U+00FF.
 * malloc'd, or NULL on no memory. */
char *json_utf8(const char *s);

/* @len bytes as a string of hex digits, two a byte. */
void json_hex(struct json *j, const char *key, const void *p, size_t len);

#endif /* VFSIM_TOOL_JSON_H */

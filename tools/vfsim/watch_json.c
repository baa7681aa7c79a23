// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim watch --json`: the watch_test sample's lines as JSON lines, one
 * object per line of the sample's output (docs/vfsim-command.md, "JSON"):
 * a read, a notification record (its NOTIFY header and the sample's
 * decoding of it in one object), a loss, the end, and the steps and
 * scenario lines between them.  The sample's consumer prints text (the
 * scenario engine's `drain NAME watch_test`); this stream reads that text
 * as it is written, so that both forms come from the same consumer.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* fopencookie */
#endif
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "json.h"
#include "tool_json.h"

struct wj {
	FILE *to;
	char *line;		/* the line being written */
	size_t len, cap;
	char *record;		/* a NOTIFY line waiting for its decoding */
};

static void put_line(struct wj *w, const char *kind, const char *text)
{
	struct json j;

	json_start(&j, w->to, false);
	json_object(&j, NULL);
	json_str(&j, "kind", kind);
	json_str(&j, "text", text);
	json_object_end(&j);
	json_end(&j);
}

/* A NOTIFY line, with the line that decodes it (NULL: none came). */
static void put_record(struct wj *w, const char *notify, const char *detail)
{
	unsigned int off = 0, ty = 0, sy = 0, info = 0;
	struct json j;

	sscanf(notify, "NOTIFY[%x]: ty=%x sy=%x i=%x", &off, &ty, &sy, &info);
	json_start(&j, w->to, false);
	json_object(&j, NULL);
	json_str(&j, "kind", "record");
	json_u64(&j, "offset", off);
	json_u64(&j, "type", ty);
	json_u64(&j, "subtype", sy);
	json_u64(&j, "info", info);
	json_u64(&j, "length", info & 0x7f);
	json_u64(&j, "watch_id", (info >> 8) & 0xff);
	if (detail) {
		unsigned long long id = 0;
		unsigned int aux = 0, sub = 0;
		char name[64] = "";

		if (sscanf(detail, "MOUNT %llx change=%u[%63[^]]] aux=%u",
			   &id, &sub, name, &aux) == 4) {
			json_u64(&j, "triggered_on", id);
			json_str(&j, "change", name);
			json_u64(&j, "aux", aux);
		} else if (sscanf(detail, "SUPER %llx change=%u[%63[^]]]",
				  &id, &sub, name) == 3) {
			json_u64(&j, "sb_id", id);
			json_str(&j, "change", name);
		} else if (sscanf(detail, "REMOVAL of watchpoint %llx", &id) == 1) {
			json_str(&j, "meta", "removal");
		} else if (strcmp(detail, "-- LOSS --") == 0) {
			json_str(&j, "meta", "loss");
		}
		json_str(&j, "decoded", detail);
	}
	json_object_end(&j);
	json_end(&j);
}

static void flush_record(struct wj *w, const char *detail)
{
	if (!w->record)
		return;
	put_record(w, w->record, detail);
	free(w->record);
	w->record = NULL;
}

static void one_line(struct wj *w, const char *l)
{
	unsigned long n;

	if (strncmp(l, "NOTIFY[", 7) == 0) {
		flush_record(w, NULL);
		w->record = strdup(l);
		if (!w->record)
			put_line(w, "text", l);
		return;
	}
	if (w->record && (!strncmp(l, "MOUNT ", 6) || !strncmp(l, "SUPER ", 6) ||
			  !strncmp(l, "KEY ", 4) || !strncmp(l, "REMOVAL ", 8) ||
			  !strcmp(l, "-- LOSS --") || !strncmp(l, "other ", 6))) {
		flush_record(w, l);
		return;
	}
	flush_record(w, NULL);
	if (sscanf(l, "read() = %lu", &n) == 1) {
		struct json j;

		json_start(&j, w->to, false);
		json_object(&j, NULL);
		json_str(&j, "kind", "read");
		json_u64(&j, "size", n);
		json_object_end(&j);
		json_end(&j);
	} else if (strcmp(l, "-- END --") == 0) {
		put_line(w, "end", l);
	} else if (l[0] == '#' && l[1] == ' ') {
		put_line(w, "step", l + 2);
	} else if (l[0] == '>' && l[1] == ' ') {
		put_line(w, "line", l + 2);
	} else {
		put_line(w, "text", l);
	}
}

static ssize_t wj_write(void *cookie, const char *buf, size_t size)
{
	struct wj *w = cookie;
	size_t i;

	for (i = 0; i < size; i++) {
		if (buf[i] == '\n') {
			w->line[w->len] = '\0';
			one_line(w, w->line);
			w->len = 0;
			continue;
		}
		if (w->len + 2 > w->cap) {
			size_t cap = w->cap ? 2 * w->cap : 256;
			char *p = realloc(w->line, cap);

			if (!p)
				return -1;
			w->line = p;
			w->cap = cap;
		}
		w->line[w->len++] = buf[i];
	}
	/* The engine notices a lost write on this stream: pass it on,
	 * with its errno (ENOSPC, EPIPE). */
	if (fflush(w->to) != 0 || ferror(w->to))
		return -1;
	return (ssize_t)size;
}

static int wj_close(void *cookie)
{
	struct wj *w = cookie;

	if (w->len) {
		w->line[w->len] = '\0';
		one_line(w, w->line);
	}
	flush_record(w, NULL);
	free(w->line);
	free(w);
	return 0;
}

FILE *watch_json_stream(FILE *to)
{
	static const cookie_io_functions_t io = {
		.write = wj_write,
		.close = wj_close,
	};
	struct wj *w = calloc(1, sizeof(*w));
	FILE *f;

	if (!w)
		return NULL;
	w->to = to;
	f = fopencookie(w, "w", io);
	if (!f)
		free(w);
	return f;
}

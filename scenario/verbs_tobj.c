// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs on the library's watchable test objects
 * (vfsim_test_watch() and friends in <vfsim/testing.h>): twatch, tunwatch,
 * tpost, tdestroy.  They drive a notification pipe the way keys drive it
 * in Linux, without mounts or superblocks.  OBJECT is a 64-bit ID; an
 * object exists from its first watch until `tdestroy`.
 *
 * `tpost` builds the record from words: the header from TYPE:SUBTYPE,
 * flags= and len=, then the payload words in order, each a __u32 unless
 * written u64=N.  The type, subtype and flag names are those the record
 * decoder prints, so what is posted reads back the same way.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "engine.h"

#define RECORD_MAX WATCH_INFO_LENGTH	/* 127: the length field's limit */
#define HEADER_SIZE sizeof(struct watch_notification)


/* @name among @names[0..@nr-1] (length @len, not NUL-terminated). */
static int find_name(const char *const *names, unsigned int nr, const char *name,
		     size_t len)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (strlen(names[i]) == len && strncmp(names[i], name, len) == 0)
			return (int)i;
	return -1;
}

static long parse_object(struct scn_call *c, const char *s, uint64_t *object)
{
	return scn_parse_u64(c, s, "object ID", UINT64_MAX, object);
}

/* The fd kept as @name, with the task that owns it. */
static long lookup(struct scn_call *c, const char *name, struct vfsim_task **t,
		   int *fd)
{
	return scn_fd_lookup_model(c, name, false, t, fd);
}

/* twatch PIPE OBJECT ID */
static long verb_twatch(struct scn_call *c)
{
	struct vfsim_task *t;
	uint64_t object, id;
	int fd;

	/* IDs above 255 are passed on: refusing them is the kernel's job. */
	if (lookup(c, c->argv[0], &t, &fd) < 0 ||
	    parse_object(c, c->argv[1], &object) < 0 ||
	    scn_parse_u64(c, c->argv[2], "watch ID", INT32_MAX, &id) < 0)
		return SCN_SYNTAX;
	return vfsim_test_watch(t, fd, object, (int)id);
}

/* tunwatch PIPE OBJECT */
static long verb_tunwatch(struct scn_call *c)
{
	struct vfsim_task *t;
	uint64_t object;
	int fd;

	if (lookup(c, c->argv[0], &t, &fd) < 0 ||
	    parse_object(c, c->argv[1], &object) < 0)
		return SCN_SYNTAX;
	return vfsim_test_unwatch(t, fd, object);
}

/* tdestroy OBJECT */
static long verb_tdestroy(struct scn_call *c)
{
	uint64_t object;

	if (parse_object(c, c->argv[0], &object) < 0)
		return SCN_SYNTAX;
	return vfsim_test_destroy_object(scn_model_task(c), object);
}

/* ---- tpost --------------------------------------------------------------- */

/* "a, b, c" for a message. */
static const char *list_names(const char *const *names, unsigned int nr,
			      char *buf, size_t size)
{
	size_t used = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < nr && used < size; i++) {
		int n = snprintf(buf + used, size - used, "%s, ", names[i]);

		if (n < 0)
			break;
		used += (size_t)n;
	}
	return buf;
}

static bool starts_number(const char *s)
{
	return *s >= '0' && *s <= '9';
}

/* TYPE:SUBTYPE, each a name or a number; *@td = NULL for an unnamed type. */
static long parse_type(struct scn_call *c, const char *s, const struct vfsim_record_names **td,
		       unsigned int *type, unsigned int *subtype)
{
	const char *colon = strchr(s, ':'), *sub;
	size_t tlen;
	uint64_t v;
	const struct vfsim_record_names *rec_types;
	unsigned int nr_types;
	char word[32], known[160];
	int i;

	if (!colon)
		return scn_syntax(c, "'%s': TYPE:SUBTYPE expected (e.g. key:updated)", s);
	sub = colon + 1;
	tlen = (size_t)(colon - s);
	if (tlen == 0 || tlen >= sizeof(word))
		return scn_syntax(c, "'%s': bad record type", s);
	memcpy(word, s, tlen);
	word[tlen] = '\0';

	rec_types = vfsim_record_names(&nr_types);
	*td = NULL;
	if (starts_number(word)) {
		if (scn_parse_u64(c, word, "record type", 0xffffff, &v) < 0)
			return SCN_SYNTAX;
		*type = (unsigned int)v;
		if (*type < nr_types)
			*td = &rec_types[*type];
	} else {
		for (i = 0; i < (int)nr_types; i++)
			if (strcmp(rec_types[i].name, word) == 0)
				*td = &rec_types[i];
		if (!*td)
			return scn_syntax(c, "unknown record type '%s' (meta, key, mount, sb or a number)",
					  word);
		*type = (unsigned int)(*td - rec_types);
	}

	if (starts_number(sub)) {
		if (scn_parse_u64(c, sub, "subtype", 0xff, &v) < 0)
			return SCN_SYNTAX;
		*subtype = (unsigned int)v;
		return 0;
	}
	i = *td ? find_name((*td)->subtypes, (*td)->nr_subtypes, sub, strlen(sub)) : -1;
	if (i < 0) {
		if (!*td)
			return scn_syntax(c, "subtype '%s': type %u has no subtype names, use a number",
					  sub, *type);
		return scn_syntax(c, "unknown %s subtype '%s' (%sor a number)", (*td)->name,
				  sub, list_names((*td)->subtypes, (*td)->nr_subtypes,
						  known, sizeof(known)));
	}
	*subtype = (unsigned int)i;
	return 0;
}

/*
 * flags=F[|F]...: F a flag name of the type, flag0..flag7, or a number in
 * the type-specific info bits; '|' joins them, as in filter rules.
 */
static long parse_flags(struct scn_call *c, const struct vfsim_record_names *td, const char *s,
			uint32_t *info)
{
	const char *w = s;

	for (;;) {
		size_t n = strcspn(w, "|");
		char item[32], known[160];
		uint64_t v;
		int i;

		if (n == 0 || n >= sizeof(item))
			return scn_syntax(c, "bad flags '%s'", s);
		memcpy(item, w, n);
		item[n] = '\0';
		if (starts_number(item)) {
			if (scn_parse_u64(c, item, "flags value", UINT32_MAX, &v) < 0)
				return SCN_SYNTAX;
			if (v & ~(uint64_t)WATCH_INFO_TYPE_INFO)
				return scn_syntax(c, "flags value '%s' has bits outside the type-specific info (0xffff0000)",
						  item);
			*info |= (uint32_t)v;
		} else if (n == 5 && strncmp(item, "flag", 4) == 0 &&
			   item[4] >= '0' && item[4] <= '7') {
			*info |= WATCH_INFO_FLAG_0 << (item[4] - '0');
		} else {
			i = td && td->flags ? find_name(td->flags, td->nr_flags, item, n) : -1;
			if (i < 0)
				return scn_syntax(c, "unknown %s flag '%s' (%sflag0..flag7 or a number)",
						  td ? td->name : "record", item,
						  td && td->flags ?
						  list_names(td->flags, td->nr_flags, known, sizeof(known)) :
						  "");
			*info |= WATCH_INFO_FLAG_0 << i;
		}
		if (!w[n])
			return 0;
		w += n + 1;
	}
}

/* tpost OBJECT TYPE:SUBTYPE [flags=F|...] [len=N] [[u32=|u64=]WORD]... */
static long verb_tpost(struct scn_call *c)
{
	unsigned char rec[RECORD_MAX + 1] = { 0 };
	const struct vfsim_record_names *td = NULL;
	struct watch_notification hdr;
	unsigned int type = 0, subtype = 0;
	size_t used = HEADER_SIZE;
	uint64_t object, v, len = 0;
	bool has_len = false, has_flags = false;
	uint32_t info = 0;
	int i;

	if (parse_object(c, c->argv[0], &object) < 0 ||
	    parse_type(c, c->argv[1], &td, &type, &subtype) < 0)
		return SCN_SYNTAX;

	for (i = 2; i < c->argc; i++) {
		const char *w = c->argv[i];
		size_t size = sizeof(uint32_t);

		if (strncmp(w, "flags=", 6) == 0) {
			if (has_flags)
				return scn_syntax(c, "flags= given twice");
			has_flags = true;
			if (parse_flags(c, td, w + 6, &info) < 0)
				return SCN_SYNTAX;
			continue;
		}
		if (strncmp(w, "len=", 4) == 0) {
			if (has_len)
				return scn_syntax(c, "len= given twice");
			has_len = true;
			if (scn_parse_u64(c, w + 4, "record length", RECORD_MAX, &len) < 0)
				return SCN_SYNTAX;
			continue;
		}
		if (strncmp(w, "u64=", 4) == 0) {
			size = sizeof(uint64_t);
			w += 4;
		} else if (strncmp(w, "u32=", 4) == 0) {
			w += 4;
		}
		if (scn_parse_u64(c, w, "payload word",
				  size == sizeof(uint64_t) ? UINT64_MAX : UINT32_MAX, &v) < 0)
			return SCN_SYNTAX;
		if (used + size > RECORD_MAX)
			return scn_syntax(c, "the payload does not fit in a record (%u bytes at most)",
					  (unsigned int)(RECORD_MAX - HEADER_SIZE));
		if (size == sizeof(uint64_t)) {
			memcpy(rec + used, &v, size);
		} else {
			uint32_t v32 = (uint32_t)v;

			memcpy(rec + used, &v32, size);
		}
		used += size;
	}

	/* len= may cut the payload short or pad it with zeros. */
	hdr.type = type & 0xffffff;
	hdr.subtype = subtype & 0xff;
	hdr.info = info | (uint32_t)(has_len ? len : used);
	memcpy(rec, &hdr, sizeof(hdr));
	return vfsim_test_post(scn_model_task(c), object, rec);
}

const struct scn_verb scn_verbs_tobj[] = {
	{ "twatch", 3, 3, SCN_VERB_MODEL, verb_twatch, "PIPE OBJECT ID",
	  "watch test object OBJECT through PIPE with watch ID (0..255)" },
	{ "tunwatch", 2, 2, SCN_VERB_MODEL, verb_tunwatch, "PIPE OBJECT",
	  "remove PIPE's watch on OBJECT (a removal record)" },
	{ "tpost", 2, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_tpost,
	  "OBJECT TYPE:SUBTYPE [flags=F|...] [len=N] [[u64=]WORD]...",
	  "post a record to OBJECT's watchers" },
	{ "tdestroy", 1, 1, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_tdestroy, "OBJECT",
	  "OBJECT dies: a removal record to each watcher" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

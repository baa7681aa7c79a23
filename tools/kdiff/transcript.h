/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Transcripts read back (docs/kernel-diff.md, "The transcript"): the
 * headers, and one entry per operation line with its result or its tree.
 */
#ifndef VFSIM_KDIFF_TRANSCRIPT_H
#define VFSIM_KDIFF_TRANSCRIPT_H

#include "kdiff.h"
#include "script.h"

struct kd_entry {
	unsigned long lineno;
	char *words;
	char *result;		/* "OK", "EBUSY", "NOT RUN"; "" for a tree */
	bool tree;		/* a `tree` that worked: @lines is the tree */
	struct kd_lines lines;	/* the tree, or what the line printed */
};

struct kd_transcript {
	char *side, *kernel, *scenario;	/* headers, or NULL */
	unsigned long warnings;		/* "# warnings: N" */
	struct kd_entry *e;
	size_t nr;
};

/*
 * Parse @text.  Words are matched against @sc (a transcript line's words
 * may hold ": ", so the script says where they end); 0, or -1 with @why
 * set when the text is no transcript of @sc.
 */
int kd_transcript_parse(const char *text, const struct kd_script *sc,
			struct kd_transcript *t, char *why, size_t len);
void kd_transcript_free(struct kd_transcript *t);
const struct kd_entry *kd_transcript_find(const struct kd_transcript *t,
					  unsigned long lineno);

/* Same entries (headers aside)? */
/* The final tree entry of @words ("tree", "as UID:GID tree"), or NULL. */
const struct kd_entry *kd_transcript_final(const struct kd_transcript *t,
					   const char *words);
bool kd_entries_equal(const struct kd_entry *a, const struct kd_entry *b);

#endif /* VFSIM_KDIFF_TRANSCRIPT_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Mount option strings ("ro,nosuid,shared,size=1m") as mount(8) reads them:
 * the words that are mount flags become MS_* bits, a propagation word is
 * kept for a separate mount() call, and everything else is the
 * filesystem's data, passed on in order.
 */
#ifndef VFSIM_TOOL_OPTIONS_H
#define VFSIM_TOOL_OPTIONS_H

#include <stddef.h>

/* Which verb the options are for: what each accepts differs. */
enum mnt_opts_use {
	MNT_OPTS_MOUNT,		/* flags, one propagation word, fs data */
	MNT_OPTS_REMOUNT,	/* flags, fs data */
	MNT_OPTS_SETATTR,	/* per-mount flags only */
};

struct mnt_opts {
	unsigned long flags;		/* MS_* for the mount call itself */
	unsigned long propagation;	/* MS_SHARED etc. (| MS_REC), or 0 */
	char propagation_word[16];	/* as written, for messages */
	char *data;			/* fs options joined by ',', or NULL */
};

/* Parse @s for @use into @o.  0, -ENOMEM, or -EINVAL with a reason in @err.
 * Free @o with mnt_opts_free() in every case. */
int mnt_opts_parse(const char *s, enum mnt_opts_use use, struct mnt_opts *o,
		   char *err, size_t errlen);
void mnt_opts_free(struct mnt_opts *o);

/* shared|private|slave|unbindable, and r-prefixed forms (which add MS_REC).
 * Returns the MS_* flags, or 0 for an unknown word. */
unsigned long mnt_propagation_flags(const char *word);

#endif /* VFSIM_TOOL_OPTIONS_H */

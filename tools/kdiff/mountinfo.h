/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /proc/self/mountinfo, parsed (Documentation/filesystems/proc.rst, 3.5):
 *
 *   36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
 *   (1)(2)(3)   (4)   (5)      (6)     (7)   (8) (9)   (10)         (11)
 *
 * Paths, the filesystem type and the source are unescaped (\ooo).
 */
#ifndef VFSIM_KDIFF_MOUNTINFO_H
#define VFSIM_KDIFF_MOUNTINFO_H

#include <stdbool.h>
#include <stddef.h>

struct kd_mount {
	long id, parent;
	char *root;		/* (4) */
	char *mountpoint;	/* (5) */
	char *mnt_opts;		/* (6), as given */
	long shared, master, propagate_from;	/* (7), 0 if absent */
	bool unbindable;
	char *other_tags;	/* any other optional fields, space-separated */
	char *fstype;		/* (9) */
	char *source;		/* (10) */
	char *sb_opts;		/* (11), as given */
};

/* 0, or -1 with the reason (and the line number) in @why. */
int kd_mountinfo_parse(const char *text, struct kd_mount **mounts, size_t *nr,
		       char *why, size_t len);
void kd_mountinfo_free(struct kd_mount *mounts, size_t nr);

/* \ooo escapes undone, into a new string. */
char *kd_unescape(const char *s);
/* Space, tab, newline and backslash written \ooo, as the kernel does. */
char *kd_escape(const char *s);

#endif /* VFSIM_KDIFF_MOUNTINFO_H */

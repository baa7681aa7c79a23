/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * `vfsim tree`'s findmnt: the columns of util-linux's findmnt 2.38 that the
 * model can fill (names, widths, flags and JSON types as findmnt declares
 * them), their cells from a struct vfsim_mount_desc, and the filters of
 * -t, -O, -S, -T and -M with libmount's matching rules (findmnt_cols.c).
 * The table itself is libsmartcols' (cmd_tree.c).
 */
#ifndef VFSIM_TOOL_FINDMNT_H
#define VFSIM_TOOL_FINDMNT_H

#include <stdbool.h>
#include <stdint.h>

#include <vfsim/vfsim.h>

/* In findmnt's order, the order of --output-all. */
enum fm_col {
	FM_AVAIL, FM_FSROOT, FM_FSTYPE, FM_FS_OPTIONS, FM_ID, FM_LABEL,
	FM_MAJMIN, FM_OPTIONS, FM_OPT_FIELDS, FM_PARENT, FM_PROPAGATION,
	FM_SIZE, FM_SOURCE, FM_TARGET, FM_USED, FM_USEPERC, FM_UUID,
	FM_VFS_OPTIONS,
	FM_NR_NAMED,
	/* the `tree` verb's two (the default table): no -o name */
	FM_TREE_OPTIONS = FM_NR_NAMED, FM_TREE_PROPAGATION,
	FM_NR_COLS
};

struct fm_colinfo {
	const char *name;
	double whint;		/* libsmartcols width hint */
	int flags;		/* SCOLS_FL_* */
	bool number;		/* a JSON number (sizes only with -b) */
	bool size;		/* needs the filesystem's statfs */
	const char *help;
	bool volume;		/* needs its volume name and UUID */
};
extern const struct fm_colinfo fm_cols[FM_NR_COLS];

/* The column named @name (@len bytes, any case), or -1. */
int fm_column(const char *name, size_t len);

/* One mount, with what the columns need beyond the walker's description. */
struct fm_mount {
	struct vfsim_mount_desc d;	/* strings owned by the row */
	bool have_statfs;
	uint64_t blocks, bfree, bavail, frsize;
	bool have_dev;
	unsigned int major, minor;
	char *label;		/* fsinfo VOLUME_NAME, or NULL */
	unsigned char uuid[16];	/* fsinfo VOLUME_UUID, or zeros */
};

/* How fm_cell() writes: sizes in bytes (findmnt -b); for -r, -P or -J
 * (MAJ:MIN unpadded). */
#define FM_CELL_BYTES 0x1
#define FM_CELL_PLAIN 0x2
/* The text of column @col for @m (malloc'd), or NULL on no memory. */
char *fm_cell(const struct fm_mount *m, int col, unsigned int how);

/* libmount's mnt_match_fstype(): "tmpfs,proc", "notmpfs,proc" (a leading
 * "no" negates the whole list), "tmpfs,noproc". */
bool fm_match_fstype(const char *type, const char *pattern);
/* libmount's mnt_match_options(): every option of @pattern is in @optstr
 * ("opt=val" with that value), none of its "noOPT" is; "+noatime" is
 * the option noatime itself. */
bool fm_match_options(const char *optstr, const char *pattern);

/*
 * The order findmnt prints @n rows @m in, as the indices of @m in @order:
 * in a @tree, depth first with each mount's children in mount ID order
 * (libmount's mnt_table_next_child_fs()); in a list, the order of
 * /proc/self/mountinfo (vfsim_mountinfo()'s, the namespace's list; rows
 * it lacks first).  @m is in vfsim_for_each_mount()'s order.  0 or -errno.
 */
int fm_order(struct vfsim_task *t, const struct fm_mount *m, size_t n,
	     bool tree, size_t *order);

#endif /* VFSIM_TOOL_FINDMNT_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * "fsinfotest": a filesystem for the fsinfo suites whose own ->fsinfo
 * table is steered by the test, to reach what the built-in filesystems do
 * not: values of any size (the resize loop, -EMSGSIZE, -ERESTARTSYS),
 * N and NM attributes, a bad value type, a long string, features taken
 * from the superblock (block device, quotas, automounts).
 *
 * Its table (VT_ATTR_* are test-only IDs, not v17 attributes):
 *   FSINFO_ATTR_VOLUME_NAME  string     vt_testfs.volume_name
 *   VT_ATTR_OPAQUE           opaque     vt_testfs.opaque_size bytes of 0x5a
 *   VT_ATTR_STRING_N         string xN  "value-N" for N < vt_testfs.n
 *   VT_ATTR_VSTRUCT_NM       vstruct xNM {N, M} for N < n, M < m
 *   VT_ATTR_BAD_TYPE         type 7     (never gets to its getter)
 * and nothing else: FEATURES and the rest come from the common table.
 * "fsinfotestblk" is the same with FS_REQUIRES_DEV.
 *
 * Tests run one per process, so the knobs are plain globals.
 */
#ifndef VFSIM_TESTS_COMMON_FSINFO_TESTFS_H
#define VFSIM_TESTS_COMMON_FSINFO_TESTFS_H

#include <stdbool.h>
#include <stddef.h>

#include <vfsim/vfsim.h>

#define VT_ATTR_OPAQUE		0x7f0
#define VT_ATTR_STRING_N	0x7f1
#define VT_ATTR_VSTRUCT_NM	0x7f2
#define VT_ATTR_BAD_TYPE	0x7f3

struct vt_testfs_knobs {
	const char *volume_name;	/* NULL: an empty string */
	long opaque_size;		/* what the opaque getter asks for */
	bool opaque_grow;		/* ask for buf_size + 1 every time */
	unsigned int n, m;		/* values of the N and NM attributes */
	bool no_statfs;			/* no ->statfs */
	bool automounts;		/* s_d_op has d_automount */
	unsigned int quota_types;	/* QTYPE_MASK_* */
	unsigned int max_links;
	unsigned int time_gran;		/* 0: leave the default (1 ns) */
	/* what the opaque getter saw: buffer sizes of its calls */
	unsigned int calls;
	unsigned int buf_sizes[64];
};

extern struct vt_testfs_knobs vt_testfs;

/* Register both types in @v (after vfsim_create/boot): 0 or -errno. */
int vt_register_testfs(struct vfsim *v);

/* A kernel with @quirks, booted with @tree; aborts on failure. */
struct vfsim *vt_boot_quirks(const char *tree, uint64_t quirks);

/* fsinfo() of @path: attribute @attr (Nth @n, Mth @m) into @buf; the
 * value's size or -errno. */
long vt_fsinfo(struct vfsim_task *t, const char *path, unsigned int attr,
	       unsigned int n, unsigned int m, void *buf, size_t size);
/* The same by mount ID (FSINFO_FLAGS_QUERY_MOUNT, AT_FDCWD). */
long vt_fsinfo_mnt(struct vfsim_task *t, unsigned int mnt_id, unsigned int attr,
		   void *buf, size_t size);

/*
 * vt_fsinfo_string_is - attribute @attr (Nth @n) of @path is the string
 * @want: fsinfo() into a 256-byte buffer gives strlen(@want), those bytes
 * and no NUL, the rest of the buffer untouched (S6).  Prints what differs
 * to stderr; for cr_assert().
 */
bool vt_fsinfo_string_is(struct vfsim_task *t, const char *path, unsigned int attr,
			 unsigned int n, const char *want);

/*
 * vt_fsinfo_lacks - fsinfo() of @path gives -EOPNOTSUPP for each of the
 * @nr attributes @attrs (Nth 0, Mth 0, a 256-byte buffer); prints the
 * ones that did not to stderr.  For cr_assert(VT_FSINFO_LACKS(t, path,
 * FSINFO_ATTR_..., ...)).
 */
bool vt_fsinfo_lacks(struct vfsim_task *t, const char *path, const unsigned int *attrs,
		     size_t nr);
#define VT_FSINFO_LACKS(t, path, ...)					\
	vt_fsinfo_lacks((t), (path), (const unsigned int[]){ __VA_ARGS__ },	\
			sizeof((const unsigned int[]){ __VA_ARGS__ }) / sizeof(unsigned int))

/* Feature @bit (FSINFO_FEAT_*) is set in @f. */
static inline bool vt_has_feature(const struct fsinfo_features *f, unsigned int bit)
{
	return f->features[bit / 8] & (1U << (bit % 8));
}

/*
 * vt_generic_limits_are - @l has the limits the common table
 * (fsinfo_generic_limits(), patch 07) gives every superblock: 32-bit
 * UIDs, GIDs and project IDs, 255-byte names, 4096-byte symlinks, xattr
 * names of 255 and bodies of 65536 bytes, device numbers of 24:8 bits.
 * Prints the fields that differ to stderr; for cr_assert().
 */
bool vt_generic_limits_are(const struct fsinfo_limits *l);

/*
 * vt_create_takes_a_file_node - creating the regular file @file (O_CREAT,
 * then close) lowers the STATFS f_ffree of @path by exactly one.  Prints
 * what went wrong to stderr; for cr_assert().
 */
bool vt_create_takes_a_file_node(struct vfsim_task *t, const char *path, const char *file);

/* The superblock's notification counter, bumped as notify_sb() will. */
void vt_bump_sb_notify_counter(struct vfsim_task *t, const char *path);

#endif

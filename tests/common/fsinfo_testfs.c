// SPDX-License-Identifier: LGPL-2.1-or-later
/* The fsinfo suites' test filesystem and helpers: see fsinfo_testfs.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/atomic.h>
#include <fsinfo/fsinfo.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>

#include "common/fsinfo_testfs.h"

#define VT_ATTR_VSTRUCT_NM__STRUCT struct fsinfo_mount_child

struct vt_testfs_knobs vt_testfs;

static int get_volume_name(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_string(vt_testfs.volume_name, ctx);
}

static int get_opaque(struct path *path, struct fsinfo_context *ctx)
{
	long size = vt_testfs.opaque_size;

	if (vt_testfs.calls < 64)
		vt_testfs.buf_sizes[vt_testfs.calls] = ctx->buf_size;
	vt_testfs.calls++;
	if (vt_testfs.opaque_grow)
		size = (long)ctx->buf_size + 1;
	if (size >= 0 && size <= (long)ctx->buf_size)
		memset(ctx->buffer, 0x5a, (size_t)size);
	return (int)size;
}

static int get_string_n(struct path *path, struct fsinfo_context *ctx)
{
	char s[32];

	if (ctx->Nth >= vt_testfs.n)
		return -ENODATA;
	snprintf(s, sizeof(s), "value-%u", ctx->Nth);
	return fsinfo_string(s, ctx);
}

static int get_vstruct_nm(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_mount_child *p = ctx->buffer;

	if (ctx->Nth >= vt_testfs.n || ctx->Mth >= vt_testfs.m)
		return -ENODATA;
	p->mnt_id = ctx->Nth;
	p->change_counter = ctx->Mth;
	return sizeof(*p);
}

static int get_never(struct path *path, struct fsinfo_context *ctx)
{
	abort();	/* a bad type is refused before the getter */
}

static const struct fsinfo_attribute testfs_attributes[] = {
	FSINFO_STRING	(FSINFO_ATTR_VOLUME_NAME,	get_volume_name),
	FSINFO_OPAQUE	(VT_ATTR_OPAQUE,		get_opaque),
	FSINFO_STRING_N	(VT_ATTR_STRING_N,		get_string_n),
	FSINFO_VSTRUCT_NM(VT_ATTR_VSTRUCT_NM,		get_vstruct_nm),
	__FSINFO(VT_ATTR_BAD_TYPE, 7, 0, get_never, 0),
	{}
};

static int testfs_fsinfo(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_get_attribute(path, ctx, testfs_attributes);
}

static const struct super_operations testfs_ops = {
	.statfs = simple_statfs,
	.fsinfo = testfs_fsinfo,
};

static const struct super_operations testfs_nostatfs_ops = {
	.fsinfo = testfs_fsinfo,
};

static struct vfsmount *testfs_d_automount(struct path *path)
{
	abort();	/* s_d_op is only looked at, never applied */
}

static const struct dentry_operations testfs_dops = {
	.d_automount = testfs_d_automount,
};

static int testfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	sb->s_magic = 0x7e577e57;
	sb->s_op = vt_testfs.no_statfs ? &testfs_nostatfs_ops : &testfs_ops;
	if (vt_testfs.automounts)
		sb->s_d_op = &testfs_dops;
	sb->s_quota_types = vt_testfs.quota_types;
	sb->s_max_links = vt_testfs.max_links;
	if (vt_testfs.time_gran)
		sb->s_time_gran = vt_testfs.time_gran;
	return simple_fill_root(sb, 0755);
}

static int testfs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, testfs_fill_super);
}

static struct file_system_type testfs_type = {
	.name = "fsinfotest",
	.get_tree = testfs_get_tree,
	.kill_sb = kill_litter_super,
};

static struct file_system_type testfs_blk_type = {
	.name = "fsinfotestblk",
	.fs_flags = FS_REQUIRES_DEV,
	.get_tree = testfs_get_tree,
	.kill_sb = kill_litter_super,
};

int vt_register_testfs(struct vfsim *v)
{
	struct vfsim_entry e;
	int err;

	vfsim_enter_kernel(&e, v);
	err = register_filesystem(v, &testfs_type);
	if (!err)
		err = register_filesystem(v, &testfs_blk_type);
	vfsim_leave(&e);
	return err;
}

struct vfsim *vt_boot_quirks(const char *tree, uint64_t quirks)
{
	struct vfsim_options o = { .quirks = quirks };
	struct vfsim *v = NULL;

	if (vfsim_create(&o, &v) || vfsim_boot(v, tree)) {
		fprintf(stderr, "vt_boot_quirks: cannot boot\n");
		abort();
	}
	return v;
}

long vt_fsinfo(struct vfsim_task *t, const char *path, unsigned int attr,
	       unsigned int n, unsigned int m, void *buf, size_t size)
{
	struct fsinfo_params p = { .request = attr, .Nth = n, .Mth = m };

	return vfsim_fsinfo(t, AT_FDCWD, path, &p, buf, size);
}

bool vt_fsinfo_string_is(struct vfsim_task *t, const char *path, unsigned int attr,
			 unsigned int n, const char *want)
{
	unsigned char buf[256];
	size_t len = strlen(want);
	long ret;

	memset(buf, 0xbd, sizeof(buf));
	ret = vt_fsinfo(t, path, attr, n, 0, buf, sizeof(buf));
	if (ret != (long)len || memcmp(buf, want, len) || buf[len] != 0xbd) {
		fprintf(stderr, "fsinfo %s attribute %#x[%u]: %ld \"%.*s\"%s, want %zu \"%s\"\n",
			path, attr, n, ret, ret > 0 && ret < 256 ? (int)ret : 0, buf,
			ret == (long)len && buf[len] != 0xbd ? " and the tail written" : "",
			len, want);
		return false;
	}
	return true;
}

bool vt_fsinfo_lacks(struct vfsim_task *t, const char *path, const unsigned int *attrs,
		     size_t nr)
{
	unsigned char buf[256];
	bool ok = true;
	size_t i;

	for (i = 0; i < nr; i++) {
		long ret = vt_fsinfo(t, path, attrs[i], 0, 0, buf, sizeof(buf));

		if (ret != -EOPNOTSUPP) {
			fprintf(stderr, "fsinfo %s attribute %#x: %ld, want -EOPNOTSUPP\n",
				path, attrs[i], ret);
			ok = false;
		}
	}
	return ok;
}

bool vt_create_takes_a_file_node(struct vfsim_task *t, const char *path, const char *file)
{
	struct fsinfo_statfs before, after;
	long ret, fd;

	ret = vt_fsinfo(t, path, FSINFO_ATTR_STATFS, 0, 0, &before, sizeof(before));
	if (ret != (long)sizeof(before)) {
		fprintf(stderr, "fsinfo %s STATFS: %ld\n", path, ret);
		return false;
	}
	fd = vfsim_openat(t, AT_FDCWD, file, O_CREAT | O_RDONLY, 0644);
	if (fd < 0) {
		fprintf(stderr, "create %s: %ld\n", file, fd);
		return false;
	}
	ret = vfsim_close(t, (int)fd);
	if (ret == 0)
		ret = vt_fsinfo(t, path, FSINFO_ATTR_STATFS, 0, 0, &after, sizeof(after));
	if (ret != (long)sizeof(after)) {
		fprintf(stderr, "close %s, fsinfo %s STATFS: %ld\n", file, path, ret);
		return false;
	}
	if (after.f_ffree.lo != before.f_ffree.lo - 1) {
		fprintf(stderr, "%s: f_ffree %llu after creating %s, was %llu\n", path,
			(unsigned long long)after.f_ffree.lo, file,
			(unsigned long long)before.f_ffree.lo);
		return false;
	}
	return true;
}

/* Field @name of @l is @want; prints it if not. */
#define VT_LIMIT(l, name, want, ok) do {					\
	if ((l)->name != (want)) {					\
		fprintf(stderr, "fsinfo_limits." #name ": %llu, want %llu\n",	\
			(unsigned long long)(l)->name, (unsigned long long)(want)); \
		(ok) = false;						\
	}								\
} while (0)

bool vt_generic_limits_are(const struct fsinfo_limits *l)
{
	bool ok = true;

	VT_LIMIT(l, max_uid, UINT32_MAX, ok);
	VT_LIMIT(l, max_gid, UINT32_MAX, ok);
	VT_LIMIT(l, max_projid, UINT32_MAX, ok);
	VT_LIMIT(l, max_filename_len, 255, ok);
	VT_LIMIT(l, max_symlink_len, 4096, ok);
	VT_LIMIT(l, max_xattr_name_len, 255, ok);
	VT_LIMIT(l, max_xattr_body_len, 65536, ok);
	VT_LIMIT(l, max_dev_major, 0xffffff, ok);
	VT_LIMIT(l, max_dev_minor, 0xff, ok);
	return ok;
}

long vt_fsinfo_mnt(struct vfsim_task *t, unsigned int mnt_id, unsigned int attr,
		   void *buf, size_t size)
{
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = attr,
	};
	char id[32];

	snprintf(id, sizeof(id), "%u", mnt_id);
	return vfsim_fsinfo(t, AT_FDCWD, id, &p, buf, size);
}

void vt_bump_sb_notify_counter(struct vfsim_task *t, const char *path)
{
	struct task_struct *task = (struct task_struct *)t;
	struct vfsim_entry e;
	struct path p;

	vfsim_enter(&e, task);
	if (kern_path(path, LOOKUP_FOLLOW, &p) == 0) {
		atomic_inc(&p.dentry->d_sb->s_notify_counter);
		path_put(&p);
	}
	vfsim_leave(&e);
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * statfs() and fstatfs() on the model: struct statfs put together from the
 * fsinfo() attributes that carry the same numbers (FSINFO_ATTR_STATFS,
 * _IDS, _LIMITS and the mount's attributes from _MOUNT_INFO), as the patch
 * set means fsinfo() to be a superset of statfs(); the superblock's
 * read-only and sync flags, which v17's fsinfo() does not give, from
 * statmount().
 */
#define _GNU_SOURCE
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/uapi/linux/mount.h>

#include "internal.h"

static long query(struct vfsim_task *t, int dfd, const char *path,
		  unsigned int request, void *buf, size_t size)
{
	struct fsinfo_params p = {
		.flags = path ? FSINFO_FLAGS_QUERY_PATH : FSINFO_FLAGS_QUERY_FD,
		.request = request,
	};

	memset(buf, 0, size);
	return vfsim_fsinfo(t, shim_model_dfd(dfd), path, &p, buf, size);
}

/* MOUNT_ATTR_* as statfs()'s ST_* flags. */
static unsigned long st_flags(unsigned int attr)
{
	static const struct { unsigned int attr; unsigned long st; } map[] = {
		{ MOUNT_ATTR_RDONLY, ST_RDONLY },
		{ MOUNT_ATTR_NOSUID, ST_NOSUID },
		{ MOUNT_ATTR_NODEV, ST_NODEV },
		{ MOUNT_ATTR_NOEXEC, ST_NOEXEC },
		{ MOUNT_ATTR_NODIRATIME, ST_NODIRATIME },
	};
	/* statfs() always sets ST_VALID (0x0020) for f_flags' readers */
	unsigned long flags = 0x0020;
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (attr & map[i].attr)
			flags |= map[i].st;
	if ((attr & MOUNT_ATTR__ATIME) == MOUNT_ATTR_NOATIME)
		flags |= ST_NOATIME;
	else if ((attr & MOUNT_ATTR__ATIME) == MOUNT_ATTR_RELATIME)
		flags |= ST_RELATIME;
	return flags;
}

/*
 * The superblock's flags as statfs() adds them to the mount's (the
 * kernel's flags_by_sb()): what statmount() reports of them, for a mount
 * of the caller's namespace.  A detached mount (an fsmount() or
 * open_tree() fd) is in none: statmount() says ENOENT and the mount's
 * attributes alone are what there is.  SB_RDONLY and SB_SYNCHRONOUS are
 * the values of ST_RDONLY and ST_SYNCHRONOUS.
 */
static unsigned long sb_st_flags(struct vfsim_task *t, int dfd, const char *path)
{
	struct mnt_id_req req = { .size = MNT_ID_REQ_SIZE_VER0, .param = STATMOUNT_SB_BASIC };
	struct statmount sm;
	struct statx stx;

	if (vfsim_statx(t, shim_model_dfd(dfd), path ? path : "",
			path ? 0 : AT_EMPTY_PATH, STATX_MNT_ID_UNIQUE, &stx) < 0)
		return 0;
	req.mnt_id = stx.stx_mnt_id;
	if (vfsim_statmount(t, &req, &sm, sizeof(sm), 0) < 0)
		return 0;
	return sm.sb_flags & (ST_RDONLY | ST_SYNCHRONOUS);
}

static long model_statfs(struct vfsim_task *t, int dfd, const char *path,
			 struct statfs *buf)
{
	struct fsinfo_statfs st;
	struct fsinfo_ids ids;
	struct fsinfo_limits lim;
	struct fsinfo_mount_info mi;
	long ret;

	ret = query(t, dfd, path, FSINFO_ATTR_STATFS, &st, sizeof(st));
	if (ret >= 0)
		ret = query(t, dfd, path, FSINFO_ATTR_IDS, &ids, sizeof(ids));
	if (ret >= 0)
		ret = query(t, dfd, path, FSINFO_ATTR_LIMITS, &lim, sizeof(lim));
	if (ret >= 0)
		ret = query(t, dfd, path, FSINFO_ATTR_MOUNT_INFO, &mi, sizeof(mi));
	if (ret < 0)
		return ret;
	memset(buf, 0, sizeof(*buf));
	buf->f_type = ids.f_fstype;
	buf->f_bsize = (long)st.f_bsize;
	buf->f_frsize = (long)st.f_frsize;
	buf->f_blocks = st.f_blocks.lo;
	buf->f_bfree = st.f_bfree.lo;
	buf->f_bavail = st.f_bavail.lo;
	buf->f_files = st.f_files.lo;
	buf->f_ffree = st.f_ffree.lo;
	memcpy(&buf->f_fsid, &ids.f_fsid, sizeof(buf->f_fsid));
	buf->f_namelen = lim.max_filename_len;
	buf->f_flags = (long)(st_flags(mi.attr) | sb_st_flags(t, dfd, path));
	return 0;
}

long shim_model_statfs(int dfd, const char *path, struct statfs *buf)
{
	struct vfsim_task *t;
	long ret;

	shim_enter();
	t = shim_task();
	ret = t ? model_statfs(t, dfd, path, buf) : -ENOSYS;
	shim_leave();
	return shim_ret(ret);
}

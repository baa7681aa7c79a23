// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * statfs of a superblock (fs/statfs.c).  fsinfo()'s STATFS and IDS
 * attributes are built on it, with the mount flags part (f_flags) left 0;
 * statfs(2) and fstatfs(2) fill it from the mount (calculate_f_flags()).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#define ST_VALID	0x0020	/* f_flags support is implemented */
#ifndef ST_NOSYMFOLLOW
#define ST_NOSYMFOLLOW	0x2000	/* 5.10, as MNT_NOSYMFOLLOW */
#endif

#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/security.h>

int statfs_by_dentry(struct dentry *dentry, struct kstatfs *buf)
{
	const struct super_operations *sop = dentry->d_sb->s_op;
	int ret;

	if (!sop || !sop->statfs)
		return -ENOSYS;
	memset(buf, 0, sizeof(*buf));
	ret = security_sb_statfs(dentry);
	if (ret)
		return ret;
	ret = sop->statfs(dentry, buf);
	if (ret == 0 && buf->f_frsize == 0)
		buf->f_frsize = buf->f_bsize;
	return ret;
}

int vfs_statfs(const struct path *path, struct kstatfs *buf)
{
	return statfs_by_dentry(path->dentry, buf);
}

/* calculate_f_flags(): the mount's flags and the superblock's, as ST_*. */
static long calculate_f_flags(struct vfsmount *mnt)
{
	unsigned int mf = READ_ONCE(mnt->mnt_flags);
	long flags = ST_VALID;

	if ((mf & MNT_READONLY) || sb_rdonly(mnt->mnt_sb))
		flags |= ST_RDONLY;
	if (mf & MNT_NOSUID)
		flags |= ST_NOSUID;
	if (mf & MNT_NODEV)
		flags |= ST_NODEV;
	if (mf & MNT_NOEXEC)
		flags |= ST_NOEXEC;
	if (mf & MNT_NOATIME)
		flags |= ST_NOATIME;
	if (mf & MNT_NODIRATIME)
		flags |= ST_NODIRATIME;
	if (mf & MNT_RELATIME)
		flags |= ST_RELATIME;
	/* the model has 5.10's nosymfollow (mount_setattr(), fsmount()), and
	 * with it flags_by_mnt()'s ST_NOSYMFOLLOW */
	if (mf & MNT_NOSYMFOLLOW)
		flags |= ST_NOSYMFOLLOW;
	if (READ_ONCE(mnt->mnt_sb->s_flags) & SB_SYNCHRONOUS)
		flags |= ST_SYNCHRONOUS;
	if (READ_ONCE(mnt->mnt_sb->s_flags) & SB_MANDLOCK)
		flags |= ST_MANDLOCK;
	return flags;
}

/* do_statfs_native(): the struct statfs of @path, to user memory. */
static long do_statfs_native(const struct path *path, struct statfs __user *buf)
{
	struct kstatfs st;
	struct statfs out;
	int err = vfs_statfs(path, &st);

	if (err)
		return err;
	memset(&out, 0, sizeof(out));
	out.f_type = st.f_type;
	out.f_bsize = st.f_bsize;
	out.f_blocks = st.f_blocks;
	out.f_bfree = st.f_bfree;
	out.f_bavail = st.f_bavail;
	out.f_files = st.f_files;
	out.f_ffree = st.f_ffree;
	memcpy(&out.f_fsid, &st.f_fsid, sizeof(out.f_fsid));
	out.f_namelen = st.f_namelen;
	out.f_frsize = st.f_frsize;
	out.f_flags = calculate_f_flags(path->mnt);
	return copy_to_user(buf, &out, sizeof(out)) ? -EFAULT : 0;
}

long user_statfs(const char __user *pathname, struct statfs __user *buf)
{
	struct path path;
	long err = user_path_at(AT_FDCWD, pathname, LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT, &path);

	if (err)
		return err;
	err = do_statfs_native(&path, buf);
	path_put(&path);
	return err;
}

long fd_statfs(int fd, struct statfs __user *buf)
{
	struct file *f = fd < 0 ? NULL : fget_raw((unsigned int)fd);
	long err;

	if (!f)
		return -EBADF;
	err = do_statfs_native(&f->f_path, buf);
	fput(f);
	return err;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * access(2), faccessat(2) and faccessat2(2) (fs/open.c of 5.8,
 * do_faccessat()): may the caller read, write or execute a file?  Asked
 * with the real uid and gid (access_override_creds()), and, for a caller
 * whose real uid is not 0, without capabilities, unless AT_EACCESS asks
 * with the effective ones.  The model's credentials are copied by value,
 * so the override allocates nothing.  A file asked for writing on a
 * read-only mount is EROFS, unless it is a device, fifo or socket; one
 * asked for execution on a noexec mount is EACCES.
 */
#include <fcntl.h>
#include <unistd.h>

#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

long do_faccessat(int dfd, const char __user *filename, int mode, int flags)
{
	struct task_struct *t = current;
	unsigned int lookup_flags = LOOKUP_FOLLOW;
	struct cred old_cred = t->cred;
	struct inode *inode;
	struct path path;
	long res;

	if (mode & ~(R_OK | W_OK | X_OK))
		return -EINVAL;
	if (flags & ~(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if (flags & AT_SYMLINK_NOFOLLOW)
		lookup_flags &= ~LOOKUP_FOLLOW;
	if (flags & AT_EMPTY_PATH)
		lookup_flags |= LOOKUP_EMPTY;
	if (!(flags & AT_EACCESS)) {
		t->cred.fsuid = t->cred.uid;
		t->cred.fsgid = t->cred.gid;
		if (t->cred.uid != 0)
			t->cred.cap_effective = 0;
	}
	res = user_path_at(dfd, filename, lookup_flags, &path);
	if (res)
		goto out;
	inode = path.dentry->d_inode;
	if ((mode & X_OK) && S_ISREG(inode->i_mode) &&
	    (READ_ONCE(path.mnt->mnt_flags) & MNT_NOEXEC)) {
		res = -EACCES;
		goto out_path;
	}
	res = inode_permission(inode, mode | MAY_ACCESS);
	/* SuS v2 requires a read-only filesystem be reported too */
	if (res || !(mode & W_OK) || special_file(inode->i_mode))
		goto out_path;
	if (__mnt_is_readonly(path.mnt))
		res = -EROFS;
out_path:
	path_put(&path);
out:
	t->cred = old_cred;
	return res;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_mkdir_p(): `mkdir -p` for harnesses, on the public calls.  Not a
 * system call: a helper that makes each missing directory of a path with
 * vfsim_mkdirat(), as mkdir(1) -p does with mkdir(2).  The path is read
 * once through the user-copy seam (a wild pointer is -EFAULT, a countdown
 * of the seam can fault it), then each prefix is a path of our own.
 */
#include <limits.h>
#include <sys/stat.h>

#include <linux/uaccess.h>
#include <api/api.h>
#include <vfsim/vfsim.h>

static long copy_path(char *buf, const char *path)
{
	long len = strncpy_from_user(buf, path, PATH_MAX);

	if (len < 0)
		return len;
	if (len == PATH_MAX)
		return -ENAMETOOLONG;
	return len ? 0 : -ENOENT;
}

long vfsim_mkdir_p(struct vfsim_task *t, int dfd, const char *path, mode_t mode)
{
	char buf[PATH_MAX];
	struct statx stx;
	char *p;
	long err = VFSIM_SYSCALL(t, copy_path(buf, path));

	if (err)
		return err;
	p = buf;
	for (;;) {
		char *end, c;

		while (*p == '/')
			p++;
		if (!*p)
			break;
		for (end = p; *end && *end != '/'; end++)
			;
		c = *end;
		*end = 0;
		err = vfsim_mkdirat(t, dfd, buf, mode);
		*end = c;
		if (err && err != -EEXIST)
			return err;
		p = end;
	}
	if (err != -EEXIST)
		return err;
	/* It was there: fine if it is a directory (or a link to one). */
	err = vfsim_statx(t, dfd, buf, 0, STATX_TYPE, &stx);
	if (err)
		return err;
	return S_ISDIR(stx.stx_mode) ? 0 : -EEXIST;
}

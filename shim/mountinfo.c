// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * /proc/self/mountinfo of the model (docs/shim.md, "mountinfo"): with
 * VFSIM_SHIM_MOUNTINFO=model, a read-only open of the process's own
 * mountinfo file gives a host memfd holding vfsim_mountinfo() of the
 * model's init task, taken at the open, as the kernel's is a snapshot
 * per read.  Being a host fd, it reads, seeks and fdopen()s as usual;
 * fopen() and fopen64() are interposed for it, since libc's fopen() makes
 * its open() where the shim cannot see it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"

static bool wanted(void)
{
	const char *s = getenv("VFSIM_SHIM_MOUNTINFO");

	return s && strcmp(s, "model") == 0;
}

/* /proc/self/mountinfo, /proc/thread-self/mountinfo, /proc/PID/mountinfo
 * with our own PID. */
static bool is_own_mountinfo(const char *path)
{
	char own[64];

	if (strcmp(path, "/proc/self/mountinfo") == 0 ||
	    strcmp(path, "/proc/thread-self/mountinfo") == 0)
		return true;
	snprintf(own, sizeof(own), "/proc/%d/mountinfo", (int)getpid());
	return strcmp(path, own) == 0;
}

/* The text into a new memfd, at offset 0; the fd or -errno. */
static long snapshot(struct vfsim_task *t)
{
	long len, ret;
	char *text;
	int fd;

	len = vfsim_mountinfo(t, NULL, 0);
	if (len < 0)
		return len;
	text = malloc((size_t)len + 1);
	if (!text)
		return -ENOMEM;
	ret = vfsim_mountinfo(t, text, (size_t)len + 1);
	fd = memfd_create("vfsim-mountinfo", MFD_CLOEXEC);
	if (ret >= 0 && fd < 0)
		ret = -errno;
	if (ret >= 0 && write(fd, text, (size_t)len) != len)
		ret = -EIO;
	if (ret >= 0 && lseek(fd, 0, SEEK_SET) != 0)
		ret = -errno;
	free(text);
	if (ret < 0) {
		if (fd >= 0)
			close(fd);
		return ret;
	}
	return fd;
}

bool shim_mountinfo_open(const char *path, int flags, int *fd)
{
	struct vfsim_task *t;
	long ret;

	if (shim_passthrough() || !path || (flags & O_ACCMODE) != O_RDONLY ||
	    !wanted() || !is_own_mountinfo(path))
		return false;
	shim_enter();
	t = shim_task();
	ret = t ? snapshot(t) : -ENOSYS;
	shim_leave();
	*fd = (int)shim_ret(ret);
	return true;
}

/* "r" or "re" (no '+', 'w' or 'a'): a read-only fopen(). */
static bool read_only_mode(const char *mode)
{
	return mode && mode[0] == 'r' && !strchr(mode, '+');
}

static FILE *mountinfo_fopen(const char *path, const char *mode, bool *done)
{
	FILE *f;
	int fd;

	*done = read_only_mode(mode) && shim_mountinfo_open(path, O_RDONLY, &fd);
	if (!*done || fd < 0)
		return NULL;
	f = fdopen(fd, "r");
	if (!f) {
		int err = errno;

		close(fd);
		errno = err;
	}
	return f;
}

SHIM_EXPORT FILE *fopen(const char *path, const char *mode)
{
	static FILE *(*next)(const char *, const char *);
	bool done;
	FILE *f = mountinfo_fopen(path, mode, &done);

	if (done)
		return f;
	if (!__atomic_load_n(&next, __ATOMIC_ACQUIRE))
		__atomic_store_n(&next, shim_next("fopen"), __ATOMIC_RELEASE);
	return next(path, mode);
}

SHIM_EXPORT FILE *fopen64(const char *path, const char *mode)
{
	static FILE *(*next)(const char *, const char *);
	bool done;
	FILE *f = mountinfo_fopen(path, mode, &done);

	if (done)
		return f;
	if (!__atomic_load_n(&next, __ATOMIC_ACQUIRE))
		__atomic_store_n(&next, shim_next("fopen64"), __ATOMIC_RELEASE);
	return next(path, mode);
}

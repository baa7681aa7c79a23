/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Errno names for the public API: vfsim_errno_name() and
 * vfsim_errno_from_name().  Plain C, no kernel code.
 *
 * The values are Linux's (asm-generic/errno-base.h, asm-generic/errno.h and
 * the kernel-internal include/linux/errno.h), written out as numbers so the
 * table does not depend on the host's <errno.h>; on Linux the static
 * assertions below check that the two agree.  Where Linux has two names for
 * one value the first is the one printed, the other is accepted by
 * vfsim_errno_from_name() only.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include <vfsim/vfsim.h>

struct errno_entry {
	int value;
	const char *name;
};

/* Sorted by value; one entry per value: the name vfsim_errno_name() gives. */
static const struct errno_entry errno_names[] = {
	{ 1, "EPERM" },
	{ 2, "ENOENT" },
	{ 3, "ESRCH" },
	{ 4, "EINTR" },
	{ 5, "EIO" },
	{ 6, "ENXIO" },
	{ 7, "E2BIG" },
	{ 8, "ENOEXEC" },
	{ 9, "EBADF" },
	{ 10, "ECHILD" },
	{ 11, "EAGAIN" },
	{ 12, "ENOMEM" },
	{ 13, "EACCES" },
	{ 14, "EFAULT" },
	{ 15, "ENOTBLK" },
	{ 16, "EBUSY" },
	{ 17, "EEXIST" },
	{ 18, "EXDEV" },
	{ 19, "ENODEV" },
	{ 20, "ENOTDIR" },
	{ 21, "EISDIR" },
	{ 22, "EINVAL" },
	{ 23, "ENFILE" },
	{ 24, "EMFILE" },
	{ 25, "ENOTTY" },
	{ 26, "ETXTBSY" },
	{ 27, "EFBIG" },
	{ 28, "ENOSPC" },
	{ 29, "ESPIPE" },
	{ 30, "EROFS" },
	{ 31, "EMLINK" },
	{ 32, "EPIPE" },
	{ 33, "EDOM" },
	{ 34, "ERANGE" },
	{ 35, "EDEADLK" },
	{ 36, "ENAMETOOLONG" },
	{ 37, "ENOLCK" },
	{ 38, "ENOSYS" },
	{ 39, "ENOTEMPTY" },
	{ 40, "ELOOP" },
	/* 41 is unused (EWOULDBLOCK is EAGAIN) */
	{ 42, "ENOMSG" },
	{ 43, "EIDRM" },
	{ 44, "ECHRNG" },
	{ 45, "EL2NSYNC" },
	{ 46, "EL3HLT" },
	{ 47, "EL3RST" },
	{ 48, "ELNRNG" },
	{ 49, "EUNATCH" },
	{ 50, "ENOCSI" },
	{ 51, "EL2HLT" },
	{ 52, "EBADE" },
	{ 53, "EBADR" },
	{ 54, "EXFULL" },
	{ 55, "ENOANO" },
	{ 56, "EBADRQC" },
	{ 57, "EBADSLT" },
	/* 58 is unused (EDEADLOCK is EDEADLK) */
	{ 59, "EBFONT" },
	{ 60, "ENOSTR" },
	{ 61, "ENODATA" },
	{ 62, "ETIME" },
	{ 63, "ENOSR" },
	{ 64, "ENONET" },
	{ 65, "ENOPKG" },
	{ 66, "EREMOTE" },
	{ 67, "ENOLINK" },
	{ 68, "EADV" },
	{ 69, "ESRMNT" },
	{ 70, "ECOMM" },
	{ 71, "EPROTO" },
	{ 72, "EMULTIHOP" },
	{ 73, "EDOTDOT" },
	{ 74, "EBADMSG" },
	{ 75, "EOVERFLOW" },
	{ 76, "ENOTUNIQ" },
	{ 77, "EBADFD" },
	{ 78, "EREMCHG" },
	{ 79, "ELIBACC" },
	{ 80, "ELIBBAD" },
	{ 81, "ELIBSCN" },
	{ 82, "ELIBMAX" },
	{ 83, "ELIBEXEC" },
	{ 84, "EILSEQ" },
	{ 85, "ERESTART" },
	{ 86, "ESTRPIPE" },
	{ 87, "EUSERS" },
	{ 88, "ENOTSOCK" },
	{ 89, "EDESTADDRREQ" },
	{ 90, "EMSGSIZE" },
	{ 91, "EPROTOTYPE" },
	{ 92, "ENOPROTOOPT" },
	{ 93, "EPROTONOSUPPORT" },
	{ 94, "ESOCKTNOSUPPORT" },
	{ 95, "EOPNOTSUPP" },
	{ 96, "EPFNOSUPPORT" },
	{ 97, "EAFNOSUPPORT" },
	{ 98, "EADDRINUSE" },
	{ 99, "EADDRNOTAVAIL" },
	{ 100, "ENETDOWN" },
	{ 101, "ENETUNREACH" },
	{ 102, "ENETRESET" },
	{ 103, "ECONNABORTED" },
	{ 104, "ECONNRESET" },
	{ 105, "ENOBUFS" },
	{ 106, "EISCONN" },
	{ 107, "ENOTCONN" },
	{ 108, "ESHUTDOWN" },
	{ 109, "ETOOMANYREFS" },
	{ 110, "ETIMEDOUT" },
	{ 111, "ECONNREFUSED" },
	{ 112, "EHOSTDOWN" },
	{ 113, "EHOSTUNREACH" },
	{ 114, "EALREADY" },
	{ 115, "EINPROGRESS" },
	{ 116, "ESTALE" },
	{ 117, "EUCLEAN" },
	{ 118, "ENOTNAM" },
	{ 119, "ENAVAIL" },
	{ 120, "EISNAM" },
	{ 121, "EREMOTEIO" },
	{ 122, "EDQUOT" },
	{ 123, "ENOMEDIUM" },
	{ 124, "EMEDIUMTYPE" },
	{ 125, "ECANCELED" },
	{ 126, "ENOKEY" },
	{ 127, "EKEYEXPIRED" },
	{ 128, "EKEYREVOKED" },
	{ 129, "EKEYREJECTED" },
	{ 130, "EOWNERDEAD" },
	{ 131, "ENOTRECOVERABLE" },
	{ 132, "ERFKILL" },
	{ 133, "EHWPOISON" },
	/* Kernel-internal values (include/linux/errno.h): never seen by a real
	 * process, but the model returns some of them (fsinfo's resize loop
	 * gives -ERESTARTSYS when a signal is pending). */
	{ 512, "ERESTARTSYS" },
	{ 513, "ERESTARTNOINTR" },
	{ 514, "ERESTARTNOHAND" },
	{ 515, "ENOIOCTLCMD" },
	{ 516, "ERESTART_RESTARTBLOCK" },
	{ 517, "EPROBE_DEFER" },
	{ 518, "EOPENSTALE" },
	{ 519, "ENOPARAM" },
	/* 520 is unused */
	{ 521, "EBADHANDLE" },
	{ 522, "ENOTSYNC" },
	{ 523, "EBADCOOKIE" },
	{ 524, "ENOTSUPP" },
	{ 525, "ETOOSMALL" },
	{ 526, "ESERVERFAULT" },
	{ 527, "EBADTYPE" },
	{ 528, "EJUKEBOX" },
	{ 529, "EIOCBQUEUED" },
	{ 530, "ERECALLCONFLICT" },
	{ 531, "ENOGRACE" },
};

/* Second names of a value, accepted by vfsim_errno_from_name() only. */
static const struct errno_entry errno_aliases[] = {
	{ 11, "EWOULDBLOCK" },
	{ 35, "EDEADLOCK" },
	{ 95, "ENOTSUP" },
};

#ifdef __linux__
/* The host's libc uses the same numbers: check a spread of them. */
_Static_assert(EPERM == 1 && ENOENT == 2 && EAGAIN == 11, "errno base");
_Static_assert(EBUSY == 16 && EINVAL == 22 && EROFS == 30, "errno base");
_Static_assert(EDEADLK == 35 && ELOOP == 40 && EBADSLT == 57, "errno");
_Static_assert(ENODATA == 61 && EOPNOTSUPP == 95 && EUCLEAN == 117, "errno");
_Static_assert(EHWPOISON == 133, "errno: last generic value");
_Static_assert(EWOULDBLOCK == EAGAIN && EDEADLOCK == EDEADLK &&
	       ENOTSUP == EOPNOTSUPP, "errno aliases");
#endif

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

const char *vfsim_errno_name(int err)
{
	size_t lo = 0, hi = ARRAY_LEN(errno_names);

	if (err == INT_MIN)
		return NULL;
	if (err < 0)
		err = -err;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (errno_names[mid].value == err)
			return errno_names[mid].name;
		if (errno_names[mid].value < err)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int vfsim_errno_from_name(const char *name)
{
	size_t i;

	if (!name)
		return 0;
	for (i = 0; i < ARRAY_LEN(errno_names); i++)
		if (strcmp(errno_names[i].name, name) == 0)
			return errno_names[i].value;
	for (i = 0; i < ARRAY_LEN(errno_aliases); i++)
		if (strcmp(errno_aliases[i].name, name) == 0)
			return errno_aliases[i].value;
	return 0;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_fsinfo_by_mount_id(): fsinfo() of a mount named by its numeric ID,
 * for a harness that holds IDs as numbers.  The syscall takes the ID as a
 * decimal string (patch 09, FSINFO_FLAGS_QUERY_MOUNT); this writes that
 * string itself, as a libc wrapper would, and makes the call, so that
 * everything the syscall does with it (the range check, quirk B11, the
 * reachability rule) stays the syscall's.
 */
#include <fsinfo/internal.h>
#include <api/api.h>
#include <linux/uaccess.h>

/* Mount IDs are at most 10 decimal digits (UINT_MAX). */
#define MNT_ID_DIGITS 11

static long fsinfo_by_mount_id(unsigned int mnt_id,
			       const struct fsinfo_params __user *params,
			       void __user *buffer, size_t buf_size)
{
	struct fsinfo_params p = { 0 };
	char id[MNT_ID_DIGITS];

	if (params && copy_from_user(&p, params, sizeof(p)))
		return -EFAULT;
	switch (p.flags & FSINFO_FLAGS_QUERY_MASK) {
	case FSINFO_FLAGS_QUERY_PATH:	/* 0: a zeroed struct */
	case FSINFO_FLAGS_QUERY_MOUNT:
		break;
	default:			/* an fd query names no mount ID */
		return -EINVAL;
	}
	p.flags = (p.flags & ~FSINFO_FLAGS_QUERY_MASK) | FSINFO_FLAGS_QUERY_MOUNT;
	snprintf(id, sizeof(id), "%u", mnt_id);
	return ksys_fsinfo(AT_FDCWD, id, &p, buffer, buf_size);
}

long vfsim_fsinfo_by_mount_id(struct vfsim_task *t, unsigned int mnt_id,
			      const struct fsinfo_params *params, void *buffer,
			      size_t buf_size)
{
	return VFSIM_SYSCALL(t, fsinfo_by_mount_id(mnt_id, params, buffer,
						   buf_size));
}

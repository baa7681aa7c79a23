// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sys_fsinfo() (patch 07, with patch 09's query by mount ID): the
 * parameter block, the choice of object, and the copy of the value out.
 */
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <fsinfo/internal.h>

/*
 * ksys_fsinfo - fsinfo(dfd, pathname, params, buffer, buf_size).
 *
 * Copies min(value size, buf_size) bytes of the value to @user_buffer
 * and returns the value's full size.  The rest of the buffer is zeroed
 * for a vstruct only, so that a caller built against a shorter version
 * of the struct reads zeros, not stale bytes, in the fields it did not
 * get; a string, list or opaque value leaves it as it was (semantics
 * note S6; strings come without a NUL).
 */
long ksys_fsinfo(int dfd, const char __user *pathname,
		 const struct fsinfo_params __user *params,
		 void __user *user_buffer, size_t user_buf_size)
{
	struct fsinfo_context ctx;
	struct fsinfo_params user_params;
	unsigned int at_flags = 0;
	size_t result_size;
	int ret;

	if (!user_buffer && user_buf_size)
		return -EINVAL;
	if (user_buffer && !user_buf_size)
		return -EINVAL;
	if (user_buf_size > UINT_MAX)
		return -EOVERFLOW;

	memset(&ctx, 0, sizeof(ctx));
	ctx.requested_attr = FSINFO_ATTR_STATFS;
	if (user_buf_size == 0)
		ctx.want_size_only = true;

	if (params) {
		if (copy_from_user(&user_params, params, sizeof(user_params)))
			return -EFAULT;
		if (user_params.__reserved32[0] ||
		    user_params.__reserved[0] ||
		    user_params.__reserved[1] ||
		    user_params.__reserved[2] ||
		    (user_params.flags & ~FSINFO_FLAGS_QUERY_MASK))
			return -EINVAL;
		at_flags = user_params.at_flags;
		ctx.flags = user_params.flags;
		ctx.requested_attr = user_params.request;
		ctx.Nth = user_params.Nth;
		ctx.Mth = user_params.Mth;
	}

	switch (ctx.flags & FSINFO_FLAGS_QUERY_MASK) {
	case FSINFO_FLAGS_QUERY_PATH:
		ret = vfs_fsinfo_path(dfd, pathname, at_flags, &ctx);
		break;
	case FSINFO_FLAGS_QUERY_FD:
		if (pathname)
			return -EINVAL;
		ret = vfs_fsinfo_fd((unsigned int)dfd, &ctx);
		break;
	case FSINFO_FLAGS_QUERY_MOUNT:
		ret = vfs_fsinfo_mount(dfd, pathname, &ctx);
		break;
	default:
		return -EINVAL;
	}
	if (ret < 0)
		goto error;

	result_size = min_t(size_t, (size_t)ret, user_buf_size);
	if (result_size > 0 &&
	    copy_to_user(user_buffer, ctx.buffer, result_size) != 0) {
		ret = -EFAULT;
		goto error;
	}
	if (ctx.clear_tail && user_buf_size > result_size &&
	    clear_user((char __user *)user_buffer + result_size,
		       user_buf_size - result_size) != 0)
		ret = -EFAULT;

error:
	kvfree(ctx.buffer);
	return ret;
}

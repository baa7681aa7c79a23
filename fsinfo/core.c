// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfs_fsinfo() (patch 07): the LSM gate, the sizing pass, the kernel
 * buffer, the fetch pass and the loop that grows the buffer until the
 * value fits.
 */
#include <linux/slab.h>
#include <fsinfo/internal.h>
#include <vfs/security.h>

/* The filesystem's table first, then the common one. */
static int fsinfo_call(struct path *path, struct fsinfo_context *ctx)
{
	const struct super_operations *sop = path->dentry->d_sb->s_op;
	int ret;

	if (sop && sop->fsinfo) {
		ret = sop->fsinfo(path, ctx);
		if (ret != -EOPNOTSUPP)
			return ret;
	}
	ret = fsinfo_get_attribute(path, ctx, fsinfo_common_attributes);
	if (ret != -EOPNOTSUPP)
		return ret;

	/* The meta attributes went through every table. */
	switch (ctx->requested_attr) {
	case FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO:
		return -ENODATA;
	case FSINFO_ATTR_FSINFO_ATTRIBUTES:
		return (int)ctx->usage;
	default:
		return -EOPNOTSUPP;
	}
}

/*
 * vfs_fsinfo - the value of ctx->requested_attr (Nth, Mth) at @path.
 *
 * Returns the value's size, with the value in ctx->buffer (which the
 * caller kvfree()s), or -errno: -EOPNOTSUPP for an attribute the object
 * does not have, -ENODATA for a value (Nth, Mth) it does not have,
 * -EMSGSIZE for a value beyond INT_MAX, -ERESTARTSYS if a signal came
 * while the buffer had to grow, -ENOMEM, or the LSM's refusal.
 *
 * With ctx->want_size_only v17 answers from the sizing pass alone, which
 * for strings, lists and opaque values is the 4096-byte guess rather than
 * their size (erratum B6): the model fetches those values to measure them,
 * unless the instance has the B6 quirk.  A vstruct's size is exact either
 * way.
 */
int vfs_fsinfo(struct path *path, struct fsinfo_context *ctx)
{
	int ret;

	ret = security_sb_statfs(path->dentry);
	if (ret)
		return ret;

	ctx->buf_size = 0;
	ret = fsinfo_call(path, ctx);
	if (ret < 0)
		return ret;
	if (ctx->want_size_only &&
	    (ctx->clear_tail || vfsim_quirk(current_kernel(), 6)))
		return ret;
	if (ret == 0)
		return 0;	/* nothing to fetch */
	ctx->buf_size = (unsigned int)ret;

	do {
		if (ctx->buf_size > INT_MAX)
			return -EMSGSIZE;
		ctx->buffer = kvzalloc(ctx->buf_size, GFP_KERNEL);
		if (!ctx->buffer)
			return -ENOMEM;

		ctx->usage = 0;
		ret = fsinfo_call(path, ctx);
		if (ret < 0)
			return ret;
		if ((unsigned int)ret <= ctx->buf_size)
			return ret;	/* it fitted */

		ctx->buf_size = round_up((unsigned int)ret, PAGE_SIZE);
		kvfree(ctx->buffer);
		ctx->buffer = NULL;
	} while (!signal_pending(current));

	return -ERESTARTSYS;
}

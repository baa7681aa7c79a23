// SPDX-License-Identifier: LGPL-2.1-or-later
/* vfsim_fsinfo(): fsinfo(2) through the public API. */
#include <fsinfo/internal.h>
#include <api/api.h>

long vfsim_fsinfo(struct vfsim_task *t, int dfd, const char *pathname,
		  const struct fsinfo_params *params, void *buffer,
		  size_t buf_size)
{
	return VFSIM_SYSCALL(t, ksys_fsinfo(dfd, pathname, params, buffer, buf_size));
}

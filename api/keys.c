// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public calls of keys: add_key(2), request_key(2), keyctl(2). */
#include <api/api.h>
#include <vfs/key.h>

long vfsim_add_key(struct vfsim_task *t, const char *type, const char *description,
		   const void *payload, size_t plen, int32_t ringid)
{
	return VFSIM_SYSCALL(t, ksys_add_key(type, description, payload, plen, ringid));
}

long vfsim_request_key(struct vfsim_task *t, const char *type, const char *description,
		       const char *callout_info, int32_t destringid)
{
	return VFSIM_SYSCALL(t, ksys_request_key(type, description, callout_info,
						 destringid));
}

long vfsim_keyctl(struct vfsim_task *t, int cmd, unsigned long arg2, unsigned long arg3,
		  unsigned long arg4, unsigned long arg5)
{
	return VFSIM_SYSCALL(t, ksys_keyctl(cmd, arg2, arg3, arg4, arg5));
}

long vfsim_key_gc(struct vfsim_task *t)
{
	return VFSIM_SYSCALL(t, key_gc_revoked());
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the rest of the kernel sees of keys (include/linux/key.h's role):
 * a task's keyrings come and go with the task, an instance's keys with the
 * instance.  The key model itself is security/keys/.
 */
#ifndef _VFSIM_VFS_KEY_H
#define _VFSIM_VFS_KEY_H

#include <linux/kdefs.h>

struct key;
struct task_struct;

/* fork: the child shares the parent's session keyring (copy_creds()). */
void key_fork(struct task_struct *child, const struct task_struct *parent);
/* exit: the task's thread, process and session keyrings are put. */
void exit_keys(struct task_struct *t);
/* The instance's key state is a subsystem (vfs/pernet.h): key_net_ops,
 * security/keys/key.c. */

/* The system calls (security/keys/keyctl.c); -errno on failure. */
long ksys_add_key(const char __user *_type, const char __user *_description,
		  const void __user *_payload, size_t plen, int ringid);
long ksys_request_key(const char __user *_type, const char __user *_description,
		      const char __user *_callout_info, int destringid);
long ksys_keyctl(int option, unsigned long arg2, unsigned long arg3,
		 unsigned long arg4, unsigned long arg5);
/* The garbage collector's pass over revoked keys, as if key_gc_delay had
 * passed: they leave every keyring, and go when nothing holds them. */
long key_gc_revoked(void);

#endif

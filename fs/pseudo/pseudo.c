// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The pseudo filesystems a container mounts, registered per instance
 * (vfs/pernet.h) in the order Linux's initcalls register them: sysfs
 * (fs_initcall-level mnt_init()), devpts, cgroup2, mqueue.  binfmt_misc,
 * debugfs and tracefs are not registered: mounting them is -ENODEV, as
 * on a kernel built without them (docs/filesystems.md).
 */
#include "internal.h"

static struct file_system_type *const pseudo_types[] = {
	&sysfs_fs_type, &devpts_fs_type, &cgroup2_fs_type, &mqueue_fs_type,
};

const struct pernet_operations pseudo_net_ops = {
	.name = "pseudo",
	.id = PERNET_PSEUDO,
	.fs_types = pseudo_types,
	.nr_fs_types = ARRAY_SIZE(pseudo_types),
};

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What the kernel is built with: its subsystems, in the order they are
 * set up (vfs/pernet.h).  Linux links each in and runs its initcall, whose
 * level and link order fix the order; the model has no module loading and
 * no initcalls, so the order is this table's: init() top to bottom,
 * pre_exit() and exit() bottom to top.  The notification core comes
 * first and the filesystems last, so that at teardown every filesystem is
 * gone before what they post through; the filesystem types register in
 * the order they always have: rootfs, tmpfs, ramfs, proc, ext4, nfs,
 * nfs4, afs, then the pseudo filesystems (sysfs, devpts, cgroup2, mqueue).
 *
 * The table lives here, above vfs/ and beside the filesystems it names, so
 * that vfs/ never calls up into a filesystem, the key model or the API to
 * make an instance: api/instance.c hands it to kernel_init().
 */
#include <linux/kdefs.h>
#include <vfs/pernet.h>

extern const struct pernet_operations watch_queue_net_ops, fsnotify_net_ops,
	key_net_ops, ramfs_net_ops, proc_net_ops, ext4_net_ops, nfs_net_ops,
	afs_net_ops, pseudo_net_ops;

const struct pernet_operations *const builtin_pernet_ops[] = {
	&watch_queue_net_ops,	/* watch_queue/test_source.c */
	&fsnotify_net_ops,	/* vfs/fanotify.c */
	&key_net_ops,		/* security/keys/key.c */
	&ramfs_net_ops,		/* fs/ramfs: rootfs, tmpfs, ramfs */
	&proc_net_ops,		/* fs/proc */
	&ext4_net_ops,		/* fs/ext4 */
	&nfs_net_ops,		/* fs/nfs: nfs, nfs4 */
	&afs_net_ops,		/* fs/afs */
	&pseudo_net_ops,	/* fs/pseudo: sysfs, devpts, cgroup2, mqueue */
};

const size_t nr_builtin_pernet_ops = ARRAY_SIZE(builtin_pernet_ops);

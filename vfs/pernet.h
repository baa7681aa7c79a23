/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Subsystems of an instance (Linux's include/net/net_namespace.h and
 * include/net/netns/generic.h: register_pernet_subsys(), net_generic()).
 *
 * A subsystem that keeps state per instance (a filesystem's client list,
 * the key model, fanotify's marks, the notification core's test objects)
 * describes itself with a struct pernet_operations.  The kernel is built
 * with one ordered table of them (fs/builtin.c; there is no module
 * loading, so the table is the order of the initcalls): kernel_init()
 * allocates each one's state (@size bytes, zeroed, on the instance's
 * heap), calls its init() and registers its filesystem types, in table
 * order; kernel_teardown() calls pre_exit() and then unregisters the
 * types and calls exit() in the reverse order, and frees the state.
 * An init() that fails unwinds the ones before it, as ops_init() does in
 * setup_net().  A subsystem reaches its state through its own accessor,
 * a typed wrapper of net_generic() (nfs_net(), afs_net(), key_net(), ...).
 *
 * Nothing but the table names the subsystems: vfs/ never calls a
 * filesystem, the key model or the notification core to set up or take
 * down an instance (docs/internals.md, "Subsystems").
 */
#ifndef _VFSIM_VFS_PERNET_H
#define _VFSIM_VFS_PERNET_H

#include <linux/kdefs.h>

struct file_system_type;
struct vfsim;

/*
 * The slot of each subsystem's state in struct vfsim.  Linux hands the
 * IDs out at registration; the model's registration is static, so they
 * are constants, and a table that names one twice is refused (-EINVAL).
 */
enum pernet_id {
	PERNET_WATCH_QUEUE,	/* watch_queue/test_source.c: struct watch_queue_net */
	PERNET_FSNOTIFY,	/* vfs/fanotify.c: struct fsnotify_net */
	PERNET_KEYS,		/* security/keys/: struct key_net */
	PERNET_RAMFS,		/* fs/ramfs: rootfs, tmpfs, ramfs (no state) */
	PERNET_PROC,		/* fs/proc (no state) */
	PERNET_EXT4,		/* fs/ext4 (no state) */
	PERNET_NFS,		/* fs/nfs: struct nfs_net */
	PERNET_AFS,		/* fs/afs: struct afs_net */
	PERNET_PSEUDO,		/* fs/pseudo: sysfs, devpts, cgroup2, mqueue (no state) */
	PERNET_MAX
};
_Static_assert(PERNET_MAX <= 32, "struct vfsim's pernet_ids has a bit per ID");

struct pernet_operations {
	const char *name;
	enum pernet_id id;
	size_t size;			/* of the state; 0: none */
	/*
	 * The filesystem types it brings (Linux's register_filesystem() from
	 * a module's init): registered after init(), taken away before
	 * exit(), so that no mount can reach a subsystem not yet set up.
	 */
	struct file_system_type *const *fs_types;
	size_t nr_fs_types;
	/* After the state is allocated; -errno undoes the instance. */
	int (*init)(struct vfsim *v);
	/*
	 * Before the mount tree goes (the tasks are gone already): drop what
	 * holds the tree, its pipes or its superblocks.  Then the tree is
	 * taken down and exit() runs, before the state is freed.
	 */
	void (*pre_exit)(struct vfsim *v);
	void (*exit)(struct vfsim *v);
};

/* The table the kernel is built with, in initcall order (fs/builtin.c). */
extern const struct pernet_operations *const builtin_pernet_ops[];
extern const size_t nr_builtin_pernet_ops;

/*
 * Set up every subsystem of @ops (kernel_init() does, entered in @v);
 * tear them all down in reverse.  vfs/pernet.c.
 */
int pernet_init(struct vfsim *v, const struct pernet_operations *const *ops, size_t nr);
void pernet_pre_exit(struct vfsim *v);
void pernet_exit(struct vfsim *v);

#endif

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Booting an instance: mount the root and, for the default tree, build the
 * layout described in docs/default-tree.md (the filesystem types were
 * registered when the instance was made: fs/builtin.c).
 * The tree is built through the same syscalls a harness uses, as the init
 * task, so it is made exactly as a user could make it.
 */
#include <sys/mount.h>
#include <sys/stat.h>

#include <linux/bug.h>
#include <vfs/syscalls.h>
#include <vfsim/vfsim.h>

struct boot_step {
	enum { MKDIR, MOUNT, SWITCH_ROOT, MKNOD } op;
	const char *path;
	const char *fstype;
	const char *source;
	unsigned long flags;
	const char *data;
	mode_t mode;
};

/* MKNOD's device number, in @flags as mknod(2) takes it (new_encode_dev()
 * of a minor below 256). */
#define NODE_DEV(major, minor) ((unsigned long)(major) << 8 | (minor))

/*
 * The default tree (docs/default-tree.md).
 */
static const struct boot_step default_tree[] = {
	/* The root filesystem over rootfs, as every real system has it: "/"
	 * then has a parent mount and a mountpoint, as fsinfo's MOUNT_POINT
	 * and test-fsinfo expect. */
	{ MOUNT, "/", "ext4", "/dev/vda1", 0,
	  "label=root,uuid=2a4b6c8d-0e1f-4a2b-8c3d-4e5f60718293", 0 },
	{ SWITCH_ROOT, "/", NULL, NULL, 0, NULL, 0 },
	/* /dev as a container runtime fills it (its own nodes, no devtmpfs):
	 * the character devices of vfs/char_dev.c and the simulated disks
	 * the tree is mounted from (vfs/block_dev.c). */
	{ MKDIR, "/dev", .mode = 0755 },
	{ MKNOD, "/dev/null", .mode = S_IFCHR | 0666, .flags = NODE_DEV(1, 3) },
	{ MKNOD, "/dev/zero", .mode = S_IFCHR | 0666, .flags = NODE_DEV(1, 5) },
	{ MKNOD, "/dev/full", .mode = S_IFCHR | 0666, .flags = NODE_DEV(1, 7) },
	{ MKNOD, "/dev/random", .mode = S_IFCHR | 0666, .flags = NODE_DEV(1, 8) },
	{ MKNOD, "/dev/urandom", .mode = S_IFCHR | 0666, .flags = NODE_DEV(1, 9) },
	{ MKNOD, "/dev/tty", .mode = S_IFCHR | 0666, .flags = NODE_DEV(5, 0) },
	{ MKNOD, "/dev/vda", .mode = S_IFBLK | 0660, .flags = NODE_DEV(254, 0) },
	{ MKNOD, "/dev/vda1", .mode = S_IFBLK | 0660, .flags = NODE_DEV(254, 1) },
	{ MKNOD, "/dev/vda2", .mode = S_IFBLK | 0660, .flags = NODE_DEV(254, 2) },
	{ MKDIR, "/proc", .mode = 0555 },
	{ MKDIR, "/tmp", .mode = 01777 },
	{ MKDIR, "/home", .mode = 0755 },
	{ MKDIR, "/mnt", .mode = 0755 },
	{ MKDIR, "/net", .mode = 0755 },
	{ MKDIR, "/net/fileserver", .mode = 0755 },
	{ MKDIR, "/afs", .mode = 0755 },
	{ MOUNT, "/proc", "proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL, 0 },
	{ MOUNT, "/tmp", "tmpfs", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777", 0 },
	{ MOUNT, "/home", "ext4", "/dev/vda2", MS_NODEV,
	  "label=home,uuid=3b5c7d9e-1f20-4b3c-9d4e-5f6071829304", 0 },
	{ MOUNT, "/net/fileserver", "nfs4", "fileserver.example:/", 0,
	  "vers=4.2,addr=192.0.2.10", 0 },
	/* The AFS dynamic root with one cell of three fileservers, whose root
	 * volume holds "doc": the cover letter's fsinfo() examples on
	 * /afs/grand.central.org/doc work as written. */
	{ MOUNT, "/afs", "afs", "none", 0,
	  "dyn,cell=grand.central.org,"
	  "server=a8f3e1b2-5c7d-4e90-8f12-3456789abc01@192.0.2.11+[2001:db8::11],"
	  "server=a8f3e1b2-5c7d-4e90-8f12-3456789abc02@192.0.2.12+[2001:db8::12],"
	  "server=a8f3e1b2-5c7d-4e90-8f12-3456789abc03@198.51.100.13+192.0.2.13+[2001:db8::13],"
	  "volume=root.cell,dir=doc", 0 },
};

/*
 * What switch_root does after moving the new root over "/": the init task
 * (and every task made from it later) gets the mount now on top of its
 * root as its root and working directory.
 */
static int switch_root(void)
{
	struct vfsmount *top;
	struct path root;

	get_fs_root(current->fs, &root);
	top = lookup_mnt(&root);
	path_put(&root);
	if (!top)
		return -EINVAL;
	root.mnt = top;
	root.dentry = top->mnt_root;
	set_fs_root(current->fs, &root);
	set_fs_pwd(current->fs, &root);
	mntput(top);
	return 0;
}

static int run_steps(const struct boot_step *steps, size_t n)
{
	size_t i;
	long err = 0;

	for (i = 0; i < n && !err; i++) {
		const struct boot_step *s = &steps[i];

		if (s->op == MKDIR)
			err = do_mkdirat(AT_FDCWD, s->path, (umode_t)s->mode);
		else if (s->op == SWITCH_ROOT)
			err = switch_root();
		else if (s->op == MKNOD)
			err = do_mknodat(AT_FDCWD, s->path, (umode_t)s->mode,
					 (unsigned int)s->flags);
		else
			err = ksys_mount(s->source, s->path, s->fstype, s->flags, s->data);
	}
	return (int)err;
}

int vfsim_boot(struct vfsim *v, const char *tree)
{
	struct vfsim_entry e;
	bool dflt;
	int err;

	if (!v || !tree)
		return -EINVAL;
	if (!strcmp(tree, "default"))
		dflt = true;
	else if (!strcmp(tree, "empty"))
		dflt = false;
	else
		return -EINVAL;
	if (v->booted)
		return -EBUSY;

	vfsim_enter(&e, v->init_task);
	err = init_mount_tree(v, "rootfs", "rootfs", NULL);
	if (!err) {
		v->booted = true;
		if (dflt)
			err = run_steps(default_tree, ARRAY_SIZE(default_tree));
	}
	vfsim_leave(&e);
	return err;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * devpts (fs/devpts/inode.c, 5.8): a new instance on every mount (since
 * 4.7 "newinstance" is accepted and changes nothing), a root of mode 0755
 * holding the ptmx node (5:2, ptmxmode=, root-owned).  Options, parsed
 * as 5.8's legacy parse_mount_options() does: uid=, gid= (decimal),
 * mode=, ptmxmode= (octal, masked to 07777), max= (0..NR_UNIX98_PTY_MAX),
 * newinstance; anything else is -EINVAL ("called with bogus options"),
 * the superblock-flag words too (devpts is not on the new mount API in
 * 5.8).  show_options: uid= and gid= when given, mode=, ptmxmode=, max=
 * when below the maximum.
 *
 * Opening ptmx (this node, or a /dev/ptmx 5:2 beside a "pts" mount of
 * it: vfs/char_dev.c) allocates the lowest free pty index below max=
 * (-ENOSPC past it) and holds the instance until the file's last close;
 * TIOCGPTN tells the index.  Not modelled: the pts/N slave node, the
 * terminal itself (read and write are -EINVAL), and the system-wide
 * kernel.pty.max limit shared by all instances.
 */
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>

#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "internal.h"

#define DEVPTS_SUPER_MAGIC	0x1cd1
#define NR_UNIX98_PTY_MAX	(1 << 20)	/* include/linux/tty.h */
#define DEVPTS_DEFAULT_MODE	0600
#define DEVPTS_DEFAULT_PTMX_MODE 0000
#define PTMX_MINOR		2
#define TTYAUX_MAJOR		5

struct pts_mount_opts {
	bool setuid, setgid;
	kuid_t uid;
	kgid_t gid;
	umode_t mode, ptmxmode;
	unsigned int max;
};

struct pts_fs_info {
	struct ida allocated_ptys;
	struct pts_mount_opts mount_opts;
	struct dentry *ptmx_dentry;
};

static inline struct pts_fs_info *DEVPTS_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

static void devpts_default_opts(struct pts_mount_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->mode = DEVPTS_DEFAULT_MODE;
	o->ptmxmode = DEVPTS_DEFAULT_PTMX_MODE;
	o->max = NR_UNIX98_PTY_MAX;
}

static int devpts_parse_one(void *ctx, const char *key, const char *val)
{
	struct pts_mount_opts *o = ctx;
	unsigned int n;

	if (!strcmp(key, "newinstance") && !val)
		return 0;
	if (!strcmp(key, "uid") || !strcmp(key, "gid")) {
		/* match_int(), then make_kuid(): -1 is no id */
		if (pseudo_parse_uint(val, 10, &n) || n > INT32_MAX)
			return -EINVAL;
		if (key[0] == 'u') {
			o->uid = n;
			o->setuid = true;
		} else {
			o->gid = n;
			o->setgid = true;
		}
		return 0;
	}
	if (!strcmp(key, "mode") || !strcmp(key, "ptmxmode")) {
		if (pseudo_parse_uint(val, 8, &n) || n > INT32_MAX)
			return -EINVAL;
		if (key[0] == 'm')
			o->mode = (umode_t)(n & 07777);
		else
			o->ptmxmode = (umode_t)(n & 07777);
		return 0;
	}
	if (!strcmp(key, "max")) {
		if (pseudo_parse_uint(val, 10, &n) || n > NR_UNIX98_PTY_MAX)
			return -EINVAL;
		o->max = n;
		return 0;
	}
	return -EINVAL;
}

static int devpts_parse(const char *data, struct pts_mount_opts *o)
{
	return pseudo_parse_options(data, NULL, devpts_parse_one, o);
}

/* ---- ptmx ---------------------------------------------------------------- */

struct ptmx_file {
	struct super_block *sb;
	unsigned int index;
};

/* ptmx_open(): devpts_acquire() and devpts_new_index() */
static int ptmx_open(struct inode *inode, struct file *f)
{
	struct super_block *sb = inode->i_sb;
	struct pts_fs_info *fsi = DEVPTS_SB(sb);
	struct ptmx_file *pf;
	int index;

	pf = kmalloc(sizeof(*pf), GFP_KERNEL);
	if (!pf)
		return -ENOMEM;
	index = ida_alloc(&fsi->allocated_ptys);
	if (index >= 0 && (unsigned int)index >= READ_ONCE(fsi->mount_opts.max)) {
		ida_free(&fsi->allocated_ptys, (unsigned int)index);
		index = -ENOSPC;
	}
	if (index < 0) {
		kfree(pf);
		return index;
	}
	/* devpts_acquire(): the instance stays until the release */
	atomic_inc(&sb->s_pins);
	atomic_inc(&sb->s_active);
	pf->sb = sb;
	pf->index = (unsigned int)index;
	f->private_data = pf;
	return 0;
}

static int ptmx_release(struct file *f)
{
	struct ptmx_file *pf = f->private_data;

	ida_free(&DEVPTS_SB(pf->sb)->allocated_ptys, pf->index);
	atomic_dec(&pf->sb->s_pins);
	deactivate_super(pf->sb);
	kfree(pf);
	return 0;
}

static long ptmx_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct ptmx_file *pf = f->private_data;

	if (cmd != TIOCGPTN)
		return -ENOIOCTLCMD;
	return put_user(pf->index, (unsigned int __user *)arg);
}

static const struct file_operations ptmx_fops = {
	.open = ptmx_open,
	.release = ptmx_release,
	.unlocked_ioctl = ptmx_ioctl,
};

/* ---- the superblock ----------------------------------------------------- */

/* The root: nothing can be made in it (no ->mkdir, ->create, ->mknod). */
static const struct inode_operations devpts_root_iops;

static int devpts_show_options(struct seq_file *seq, struct dentry *root)
{
	const struct pts_mount_opts *o = &DEVPTS_SB(root->d_sb)->mount_opts;

	if (o->setuid)
		seq_printf(seq, ",uid=%u", (unsigned int)o->uid);
	if (o->setgid)
		seq_printf(seq, ",gid=%u", (unsigned int)o->gid);
	seq_printf(seq, ",mode=%03o", (unsigned int)o->mode);
	seq_printf(seq, ",ptmxmode=%03o", (unsigned int)o->ptmxmode);
	if (o->max < NR_UNIX98_PTY_MAX)
		seq_printf(seq, ",max=%u", o->max);
	return 0;
}

static void devpts_put_super(struct super_block *sb)
{
	struct pts_fs_info *fsi = DEVPTS_SB(sb);

	ida_destroy(&fsi->allocated_ptys);
	kfree(fsi);
	sb->s_fs_info = NULL;
}

static const struct super_operations devpts_sops = {
	.statfs = simple_statfs,
	.show_options = devpts_show_options,
	.put_super = devpts_put_super,
};

/* mknod_ptmx(): the node, owned by root, mode ptmxmode */
static int mknod_ptmx(struct super_block *sb, struct pts_fs_info *fsi)
{
	struct dentry *d;

	d = simple_make_child(sb->s_root, "ptmx",
			      S_IFCHR | fsi->mount_opts.ptmxmode, NULL);
	if (IS_ERR(d))
		return -ENOMEM;	/* new_inode(): only memory can fail here */
	d->d_inode->i_uid = 0;
	d->d_inode->i_gid = 0;
	d->d_inode->i_rdev = makedev(TTYAUX_MAJOR, PTMX_MINOR);
	d->d_inode->i_fop = &ptmx_fops;
	fsi->ptmx_dentry = d;
	dput(d);	/* the tree's reference keeps it */
	return 0;
}

static int devpts_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct pts_fs_info *fsi;
	struct inode *root;
	int err;

	fsi = kzalloc(sizeof(*fsi), GFP_KERNEL);
	if (!fsi)
		return -ENOMEM;
	ida_init(&fsi->allocated_ptys, 0);
	devpts_default_opts(&fsi->mount_opts);
	err = devpts_parse(fc->data, &fsi->mount_opts);
	if (err) {
		ida_destroy(&fsi->allocated_ptys);
		kfree(fsi);
		return err;
	}
	sb->s_fs_info = fsi;
	sb->s_op = &devpts_sops;	/* ->put_super frees fsi from here on */
	sb->s_magic = DEVPTS_SUPER_MAGIC;
	sb->s_iflags |= SB_I_NOEXEC;
	root = pseudo_dir_inode(sb, 0755, &devpts_root_iops);
	if (!root)
		return -ENOMEM;
	sb->s_root = d_make_root(root);
	if (!sb->s_root)
		return -ENOMEM;
	return mknod_ptmx(sb, fsi);
}

static int devpts_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, devpts_fill_super);
}

/* devpts_remount(): the options again; ptmxmode= changes the node */
static int devpts_reconfigure(struct fs_context *fc)
{
	struct super_block *sb = fc->root->d_sb;
	struct pts_fs_info *fsi = DEVPTS_SB(sb);
	struct pts_mount_opts o;
	struct inode *ptmx;
	int err;

	devpts_default_opts(&o);
	err = devpts_parse(fc->data, &o);
	if (err)
		return err;
	fsi->mount_opts = o;
	ptmx = fsi->ptmx_dentry->d_inode;
	ptmx->i_mode = (umode_t)(S_IFCHR | o.ptmxmode);
	return 0;
}

struct file_system_type devpts_fs_type = {
	.name = "devpts",
	.fs_flags = FS_USERNS_MOUNT,
	.get_tree = devpts_get_tree,
	.reconfigure = devpts_reconfigure,
	.kill_sb = kill_litter_super,
};

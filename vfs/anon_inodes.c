// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * anon_inodefs (fs/anon_inodes.c): where the files of fsopen() and fspick()
 * live.  The kernel shares one inode among all of them; in the model an
 * inode belongs to one dentry, so each file has its own, with the same
 * mode (0600 and no file type).  Like pipefs, it is kern_mount()ed on first
 * use, so instances that never use it keep the mount IDs they had.
 */
#include <fcntl.h>
#include <string.h>

#include <linux/slab.h>
#include <vfs/anon_inodes.h>

#define ANON_INODE_FS_MAGIC 0x09041934

static const struct super_operations anon_inodefs_ops = {
	.statfs = simple_statfs,
};

static int anon_inodefs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	(void)fc;
	sb->s_magic = ANON_INODE_FS_MAGIC;
	sb->s_op = &anon_inodefs_ops;
	sb->s_flags |= SB_NOUSER;
	return simple_fill_root(sb, 0700);
}

static int anon_inodefs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, anon_inodefs_fill_super);
}

/* Not registered: nobody can mount it, only the kernel. */
static struct file_system_type anon_inode_fs_type = {
	.name = "anon_inodefs",
	.get_tree = anon_inodefs_get_tree,
	.kill_sb = kill_anon_super,
};

static struct vfsmount *get_anon_inode_mnt(struct vfsim *v)
{
	struct vfsmount *mnt;

	mutex_lock(&v->anon_inode_mnt_lock);
	mnt = v->anon_inode_mnt;
	if (!mnt) {
		mnt = vfs_kern_mount(&anon_inode_fs_type, SB_KERNMOUNT,
				     "anon_inodefs", NULL);
		if (!IS_ERR(mnt))
			v->anon_inode_mnt = mnt;
	}
	mutex_unlock(&v->anon_inode_mnt_lock);
	return mnt;
}

void anon_inode_kern_unmount(struct vfsim *v)
{
	struct vfsmount *mnt = v->anon_inode_mnt;

	v->anon_inode_mnt = NULL;
	mntput(mnt);
}

struct file *anon_inode_getfile(const char *name, const struct file_operations *fops,
				void *priv, int flags)
{
	struct vfsmount *mnt = get_anon_inode_mnt(current_kernel());
	struct qstr q = { .name = name, .len = (unsigned int)strlen(name) };
	struct inode *inode;
	struct path path;
	struct file *f;

	if (IS_ERR(mnt))
		return ERR_CAST(mnt);
	inode = new_inode(mnt->mnt_sb);
	if (!inode)
		return ERR_PTR(-ENOMEM);
	inode->i_mode = 0600;
	inode->i_uid = current_cred()->fsuid;
	inode->i_gid = current_cred()->fsgid;
	path.dentry = d_alloc_pseudo(mnt->mnt_sb, &q);
	if (!path.dentry) {
		iput_final(inode);
		return ERR_PTR(-ENOMEM);
	}
	d_instantiate(path.dentry, inode);
	path.mnt = mnt;
	f = alloc_file_path(&path, (unsigned int)(flags & O_ACCMODE), fops);
	dput(path.dentry);
	if (!IS_ERR(f))
		f->private_data = priv;
	return f;
}

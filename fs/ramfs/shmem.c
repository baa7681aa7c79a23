// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * tmpfs (mm/shmem.c of Linux 5.8, without swap): its own superblock info
 * with the size= and nr_inodes= limits, enforced (-ENOSPC) and reported
 * by statfs; its options as 5.8's shmem_parse_one() takes them and
 * shmem_show_options() prints them; shmem_reconfigure()'s checks; files
 * whose pages are charged to the block limit, holes for SEEK_DATA and
 * SEEK_HOLE, fallocate as shmem_fallocate() allows it.
 *
 * The model's machine has 8 GiB of RAM (SHMEM_TOTALRAM_PAGES): the
 * defaults are half of it, in pages, for both limits, as
 * shmem_default_max_blocks() and shmem_default_max_inodes() compute
 * them on a machine without highmem.  The struct file_system_type stays
 * in ramfs.c with the other two.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <vfs/fs_context.h>
#include <vfs/kernel.h>

#include "internal.h"

#define TMPFS_MAGIC		0x01021994
#define BOGO_DIRENT_SIZE	20	/* a directory's size grows by this per entry */
#define SHORT_SYMLINK_LEN	128	/* longer symlink bodies take a page */
#define SHMEM_TOTALRAM_PAGES	(8UL << (30 - PAGE_SHIFT))

#define SHMEM_SEEN_BLOCKS	1
#define SHMEM_SEEN_INODES	2
#define SHMEM_SEEN_HUGE		4

/* huge= (SHMEM_HUGE_*): parsed, kept and shown; the model has no huge pages */
static const char *const shmem_huge_names[] = { "never", "always", "within_size", "advise" };

struct shmem_sb_info {
	unsigned long max_blocks;	/* 0: no limit */
	unsigned long used_blocks;
	unsigned long max_inodes;	/* 0: no limit */
	unsigned long free_inodes;
	spinlock_t stat_lock;		/* the four counts above */
	umode_t mode;
	kuid_t uid;
	kgid_t gid;
	int huge;
};

struct shmem_options {
	unsigned long long blocks;
	unsigned long long inodes;
	kuid_t uid;
	kgid_t gid;
	umode_t mode;
	int huge;
	int seen;
};

static inline struct shmem_sb_info *SHMEM_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

static unsigned long shmem_default_max_blocks(void)
{
	return SHMEM_TOTALRAM_PAGES / 2;
}

static unsigned long shmem_default_max_inodes(void)
{
	return SHMEM_TOTALRAM_PAGES / 2;
}

/* ---- accounting ------------------------------------------------------- */

/* shmem_reserve_inode(): every new inode, the root's too, takes one. */
static int shmem_reserve_inode(struct super_block *sb)
{
	struct shmem_sb_info *sbinfo = SHMEM_SB(sb);

	if (sbinfo->max_inodes) {
		spin_lock(&sbinfo->stat_lock);
		if (!sbinfo->free_inodes) {
			spin_unlock(&sbinfo->stat_lock);
			return -ENOSPC;
		}
		sbinfo->free_inodes--;
		spin_unlock(&sbinfo->stat_lock);
	}
	return 0;
}

static void shmem_free_inode(struct super_block *sb)
{
	struct shmem_sb_info *sbinfo = SHMEM_SB(sb);

	if (sbinfo->max_inodes) {
		spin_lock(&sbinfo->stat_lock);
		sbinfo->free_inodes++;
		spin_unlock(&sbinfo->stat_lock);
	}
}

/* shmem_inode_acct_block() */
static int shmem_acct_blocks(struct inode *inode, long pages)
{
	struct shmem_sb_info *sbinfo = SHMEM_SB(inode->i_sb);
	int err = 0;

	spin_lock(&sbinfo->stat_lock);
	if (sbinfo->max_blocks &&
	    sbinfo->used_blocks + (unsigned long)pages > sbinfo->max_blocks)
		err = -ENOSPC;
	else
		sbinfo->used_blocks += (unsigned long)pages;
	spin_unlock(&sbinfo->stat_lock);
	return err;
}

static void shmem_unacct_blocks(struct inode *inode, long pages)
{
	struct shmem_sb_info *sbinfo = SHMEM_SB(inode->i_sb);

	spin_lock(&sbinfo->stat_lock);
	sbinfo->used_blocks -= (unsigned long)pages;
	spin_unlock(&sbinfo->stat_lock);
}

static const struct address_space_operations shmem_aops = {
	.acct_blocks = shmem_acct_blocks,
	.unacct_blocks = shmem_unacct_blocks,
};

/* shmem_evict_inode(): the inode's own count (its pages go with the
 * mapping, through shmem_unacct_blocks()), and a long symlink's page. */
static void shmem_evict_inode(struct inode *inode)
{
	if (S_ISLNK(inode->i_mode) && inode->i_blocks)
		shmem_unacct_blocks(inode, 1);
	shmem_free_inode(inode->i_sb);
}

/* ---- files ------------------------------------------------------------ */

/* shmem_file_llseek(): SEEK_DATA and SEEK_HOLE page by page, the rest as
 * any file.  Caller holds i_rwsem. */
static loff_t shmem_file_llseek(struct file *file, loff_t offset, int whence)
{
	struct inode *inode = file->f_path.dentry->d_inode;
	pgoff_t start, end;
	loff_t new_offset;

	if (whence != SEEK_DATA && whence != SEEK_HOLE)
		return generic_file_llseek(file, offset, whence);
	if (offset < 0 || offset >= inode->i_size)
		return -ENXIO;
	start = (pgoff_t)(offset >> PAGE_SHIFT);
	end = (pgoff_t)((inode->i_size + (loff_t)PAGE_SIZE - 1) >> PAGE_SHIFT);
	new_offset = (loff_t)mapping_seek_hole_data(inode, start, end, whence) << PAGE_SHIFT;
	if (new_offset > offset) {
		if (new_offset < inode->i_size)
			offset = new_offset;
		else if (whence == SEEK_DATA)
			return -ENXIO;
		else
			offset = inode->i_size;
	}
	return vfs_setpos(file, offset, inode->i_sb->s_maxbytes);
}

/*
 * shmem_fallocate(): allocate (mode 0, or FALLOC_FL_KEEP_SIZE) or punch a
 * hole (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE); anything else is
 * -EOPNOTSUPP.  A range the free blocks cannot hold is -ENOSPC before
 * anything is allocated.  5.8 gives back the pages a failed call made and
 * nothing wrote; the model keeps them (they are counted, and reading them
 * gives zeros), so only an allocation failure can leave some behind.
 * Caller holds i_rwsem.
 */
static long shmem_fallocate(struct file *file, int mode, loff_t offset, loff_t len)
{
	struct inode *inode = file->f_path.dentry->d_inode;
	struct shmem_sb_info *sbinfo = SHMEM_SB(inode->i_sb);
	pgoff_t start, end, index;
	int err = 0;

	if (mode & ~(FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE))
		return -EOPNOTSUPP;
	if (mode & FALLOC_FL_PUNCH_HOLE) {
		truncate_inode_pages_range(inode, offset, offset + len - 1);
		inode->i_mtime = inode->i_ctime = current_time_v(inode->i_sb->s_kernel);
		return 0;
	}
	start = (pgoff_t)(offset >> PAGE_SHIFT);
	end = (pgoff_t)((offset + len + (loff_t)PAGE_SIZE - 1) >> PAGE_SHIFT);
	if (sbinfo->max_blocks &&
	    end - start > sbinfo->max_blocks - READ_ONCE(sbinfo->used_blocks))
		return -ENOSPC;
	for (index = start; index < end; index++)
		if (!find_or_create_page(inode, index, &err))
			return err;
	if (!(mode & FALLOC_FL_KEEP_SIZE) && offset + len > inode->i_size)
		inode->i_size = offset + len;
	inode->i_ctime = current_time_v(inode->i_sb->s_kernel);
	return 0;
}

static const struct file_operations shmem_file_operations = {
	.read_iter = generic_file_read_iter,
	.write_iter = generic_file_write_iter,
	.llseek = shmem_file_llseek,
	.fsync = noop_fsync,
	.fallocate = shmem_fallocate,
};

/* ---- inodes and directories -------------------------------------------- */

static const struct inode_operations shmem_dir_inode_operations;

/* shmem_get_inode(): reserve the inode first; -ENOSPC past nr_inodes. */
static struct inode *shmem_get_inode(struct super_block *sb, umode_t mode, int *err)
{
	struct inode *inode;

	*err = shmem_reserve_inode(sb);
	if (*err)
		return NULL;
	inode = simple_new_inode(sb, mode);
	if (!inode) {
		shmem_free_inode(sb);
		*err = -ENOSPC;
		return NULL;
	}
	/* from here on, iput_final() gives the inode back (shmem_evict_inode()) */
	if (S_ISDIR(mode)) {
		inode->i_op = &shmem_dir_inode_operations;
		inode->i_size = 2 * BOGO_DIRENT_SIZE;
	} else if (S_ISREG(mode)) {
		inode->i_fop = &shmem_file_operations;
		inode->i_mapping->a_ops = &shmem_aops;
	}
	return inode;
}

static int shmem_mknod_dev(struct inode *dir, struct dentry *dentry, umode_t mode,
			   const char *target, dev_t rdev)
{
	int err = simple_mknod_with(dir, dentry, mode, target, rdev, shmem_get_inode);

	if (!err)
		dir->i_size += BOGO_DIRENT_SIZE;
	return err;
}

static int shmem_mknod(struct inode *dir, struct dentry *dentry, umode_t mode,
		       const char *target)
{
	return shmem_mknod_dev(dir, dentry, mode, target, 0);
}

/* ->mknod: a device node, FIFO or socket (shmem_mknod() with a dev_t) */
static int shmem_mknod_special(struct inode *dir, struct dentry *dentry,
			       umode_t mode, dev_t rdev)
{
	return shmem_mknod_dev(dir, dentry, mode, NULL, rdev);
}

static int shmem_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return shmem_mknod(dir, dentry, S_IFDIR | (mode & 07777), NULL);
}

static int shmem_create(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return shmem_mknod(dir, dentry, S_IFREG | (mode & 07777), NULL);
}

/* shmem_symlink(): a body of a page or more is -ENAMETOOLONG; one of
 * SHORT_SYMLINK_LEN or more lives in a page, which the size limit counts
 * (charged before the name is made, so a full filesystem refuses it). */
static int shmem_symlink(struct inode *dir, struct dentry *dentry, const char *target)
{
	size_t len = strlen(target) + 1;
	bool page = len >= SHORT_SYMLINK_LEN;
	int err;

	if (len > PAGE_SIZE)
		return -ENAMETOOLONG;
	if (page) {
		err = shmem_acct_blocks(dir, 1);
		if (err)
			return err;
	}
	err = shmem_mknod(dir, dentry, S_IFLNK | 0777, target);
	if (err && page)
		shmem_unacct_blocks(dir, 1);
	else if (page)
		dentry->d_inode->i_blocks = BLOCKS_PER_PAGE;
	return err;
}

/* shmem_link(): in 5.8 every extra name of an inode takes an inode of
 * nr_inodes= (shmem_reserve_inode()), given back by its unlink. */
static int shmem_link(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = old_dentry->d_inode;
	int err;

	if (inode->i_nlink) {
		err = shmem_reserve_inode(inode->i_sb);
		if (err)
			return err;
	}
	dir->i_size += BOGO_DIRENT_SIZE;
	return simple_link(old_dentry, dir, dentry);
}

static int shmem_unlink(struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = dentry->d_inode;

	if (inode->i_nlink > 1 && !S_ISDIR(inode->i_mode))
		shmem_free_inode(inode->i_sb);
	dir->i_size -= BOGO_DIRENT_SIZE;
	return simple_unlink(dir, dentry);
}

static int shmem_rmdir(struct inode *dir, struct dentry *dentry)
{
	if (!simple_empty(dentry))
		return -ENOTEMPTY;
	drop_nlink(dentry->d_inode);
	drop_nlink(dir);
	return shmem_unlink(dir, dentry);
}

/*
 * shmem_whiteout(): a character device 0:0 where the old name was, for
 * overlayfs.  It is hashed beside the old dentry until the rename moves
 * that one (d_lookup() finds the whiteout, the newer).
 */
static int shmem_whiteout(struct inode *old_dir, struct dentry *old_dentry)
{
	struct dentry *whiteout;
	int err;

	whiteout = d_alloc(old_dentry->d_parent, &old_dentry->d_name);
	if (!whiteout)
		return -ENOMEM;
	err = shmem_mknod(old_dir, whiteout, S_IFCHR, NULL);
	dput(whiteout);
	return err;
}

/* shmem_rename2(): tmpfs takes all three flags in 5.8. */
static int shmem_rename2(struct inode *old_dir, struct dentry *old_dentry,
			 struct inode *new_dir, struct dentry *new_dentry,
			 unsigned int flags)
{
	struct inode *inode = old_dentry->d_inode;
	bool they_are_dirs = S_ISDIR(inode->i_mode);
	int err;

	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE | RENAME_WHITEOUT))
		return -EINVAL;
	if (flags & RENAME_EXCHANGE)
		return simple_rename_exchange(old_dir, old_dentry, new_dir, new_dentry);
	if (new_dentry->d_inode && !simple_empty(new_dentry))
		return -ENOTEMPTY;
	if (flags & RENAME_WHITEOUT) {
		err = shmem_whiteout(old_dir, old_dentry);
		if (err)
			return err;
	}
	if (new_dentry->d_inode) {
		struct inode *target = new_dentry->d_inode;

		shmem_unlink(new_dir, new_dentry);
		if (they_are_dirs) {
			drop_nlink(target);
			drop_nlink(old_dir);
		}
	} else if (they_are_dirs) {
		drop_nlink(old_dir);
		new_dir->i_nlink++;
	}
	old_dir->i_size -= BOGO_DIRENT_SIZE;
	new_dir->i_size += BOGO_DIRENT_SIZE;
	old_dir->i_ctime = old_dir->i_mtime = new_dir->i_ctime = new_dir->i_mtime =
		inode->i_ctime = current_time_v(old_dir->i_sb->s_kernel);
	return 0;
}

static const struct inode_operations shmem_dir_inode_operations = {
	.mkdir = shmem_mkdir,
	.symlink = shmem_symlink,
	.create = shmem_create,
	.link = shmem_link,
	.unlink = shmem_unlink,
	.rmdir = shmem_rmdir,
	.rename = shmem_rename2,
	.mknod = shmem_mknod_special,
};

/* ---- options ---------------------------------------------------------- */

/* lib/cmdline.c memparse(): a number with an optional K, M, G, T, P or E. */
static unsigned long long memparse(const char *ptr, char **retptr)
{
	unsigned long long ret = strtoull(ptr, retptr, 0);

	switch (**retptr) {
	case 'E': case 'e':
		ret <<= 10;
		/* fall through */
	case 'P': case 'p':
		ret <<= 10;
		/* fall through */
	case 'T': case 't':
		ret <<= 10;
		/* fall through */
	case 'G': case 'g':
		ret <<= 10;
		/* fall through */
	case 'M': case 'm':
		ret <<= 10;
		/* fall through */
	case 'K': case 'k':
		ret <<= 10;
		(*retptr)++;
		/* fall through */
	default:
		break;
	}
	return ret;
}

static int parse_u32(const char *val, int base, unsigned long *out)
{
	char *end;

	if (!val || !*val || *val == '-' || *val == '+' || *val == ' ')
		return -EINVAL;
	errno = 0;
	*out = strtoul(val, &end, base);
	if (errno || *end || *out > UINT32_MAX)
		return -EINVAL;
	return 0;
}

/*
 * shmem_parse_one(): one key=value.  -ENOPARAM for a key tmpfs does not
 * know (the caller's "Unknown parameter"), -EINVAL for a bad value.
 * mpol= is not modelled (no NUMA): unknown here.
 */
static int shmem_parse_one(struct shmem_options *ctx, const char *key, const char *val)
{
	unsigned long long size;
	unsigned long n;
	char *rest;
	size_t i;

	if (!strcmp(key, "size")) {
		if (!val || !*val)
			return -EINVAL;
		size = memparse(val, &rest);
		if (*rest == '%') {
			size <<= PAGE_SHIFT;
			size *= SHMEM_TOTALRAM_PAGES;
			size /= 100;
			rest++;
		}
		if (*rest)
			return -EINVAL;
		ctx->blocks = (size + PAGE_SIZE - 1) / PAGE_SIZE;
		ctx->seen |= SHMEM_SEEN_BLOCKS;
	} else if (!strcmp(key, "nr_blocks") || !strcmp(key, "nr_inodes")) {
		if (!val || !*val)
			return -EINVAL;
		size = memparse(val, &rest);
		if (*rest)
			return -EINVAL;
		if (key[3] == 'b') {
			ctx->blocks = size;
			ctx->seen |= SHMEM_SEEN_BLOCKS;
		} else {
			ctx->inodes = size;
			ctx->seen |= SHMEM_SEEN_INODES;
		}
	} else if (!strcmp(key, "mode")) {
		if (parse_u32(val, 8, &n))
			return -EINVAL;
		ctx->mode = (umode_t)(n & 07777);
	} else if (!strcmp(key, "uid") || !strcmp(key, "gid")) {
		/* make_kuid(): (u32)-1 is no id */
		if (parse_u32(val, 10, &n) || n == UINT32_MAX)
			return -EINVAL;
		if (key[0] == 'u')
			ctx->uid = (kuid_t)n;
		else
			ctx->gid = (kgid_t)n;
	} else if (!strcmp(key, "huge")) {
		for (i = 0; i < ARRAY_SIZE(shmem_huge_names); i++)
			if (val && !strcmp(val, shmem_huge_names[i]))
				break;
		if (i == ARRAY_SIZE(shmem_huge_names))
			return -EINVAL;
		ctx->huge = (int)i;
		ctx->seen |= SHMEM_SEEN_HUGE;
	} else {
		return -ENOPARAM;
	}
	return 0;
}

/* shmem_parse_options(): the legacy data string (at most a page, as
 * mount(2) copies it), one option at a time; it allocates nothing, as the
 * kernel's reconfigure allocates nothing once fsconfig() has the values. */
static int shmem_parse_options(struct fs_context *fc, struct shmem_options *ctx)
{
	char buf[PAGE_SIZE], *opt, *save = NULL;
	int err = 0;

	if (!fc->data || !*fc->data)
		return 0;
	if (strlen(fc->data) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, fc->data);
	for (opt = strtok_r(buf, ",", &save); opt && !err;
	     opt = strtok_r(NULL, ",", &save)) {
		char *val = strchr(opt, '=');

		if (val)
			*val++ = 0;
		err = shmem_parse_one(ctx, opt, val);
		if (err == -ENOPARAM)
			err = invalf(fc, "%s: Unknown parameter '%s'", fc->fs_type->name, opt);
		else if (err)
			err = invalf(fc, "%s: Bad value for '%s'", fc->fs_type->name, opt);
	}
	return err;
}

static void shmem_init_options(struct shmem_options *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->mode = 0777 | S_ISVTX;
}

/*
 * ->parse_param for fsconfig(): validated here, kept in fc->data for
 * get_tree or reconfigure (the model's fs_context carries one data
 * string).  An unknown key is -ENOPARAM, the VFS's "Unknown parameter".
 */
int tmpfs_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	struct shmem_options ctx;
	int err;

	shmem_init_options(&ctx);
	err = shmem_parse_one(&ctx, param->key,
			      param->type == fs_value_is_string ? param->string : NULL);
	if (err == -ENOPARAM)
		return err;
	/* a comma would split the option in the data string it joins */
	if (err || param->type != fs_value_is_string || strchr(param->string, ','))
		return fs_param_bad_value(fc, param);
	return fc_append_option(fc, param->key, param->string);
}

/* shmem_show_options(): what differs from the defaults. */
static int shmem_show_options(struct seq_file *seq, struct dentry *root)
{
	struct shmem_sb_info *sbinfo = SHMEM_SB(root->d_sb);

	if (sbinfo->max_blocks != shmem_default_max_blocks())
		seq_printf(seq, ",size=%luk", sbinfo->max_blocks << (PAGE_SHIFT - 10));
	if (sbinfo->max_inodes != shmem_default_max_inodes())
		seq_printf(seq, ",nr_inodes=%lu", sbinfo->max_inodes);
	if (sbinfo->mode != (0777 | S_ISVTX))
		seq_printf(seq, ",mode=%03o", (unsigned int)sbinfo->mode);
	if (sbinfo->uid != 0)
		seq_printf(seq, ",uid=%u", (unsigned int)sbinfo->uid);
	if (sbinfo->gid != 0)
		seq_printf(seq, ",gid=%u", (unsigned int)sbinfo->gid);
	if (sbinfo->huge)
		seq_printf(seq, ",huge=%s", shmem_huge_names[sbinfo->huge]);
	return 0;
}

/* shmem_statfs(): a limit of 0 (none) reports 0 blocks or files. */
static int shmem_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	struct shmem_sb_info *sbinfo = SHMEM_SB(dentry->d_sb);

	simple_statfs(dentry, buf);
	spin_lock(&sbinfo->stat_lock);
	if (sbinfo->max_blocks) {
		buf->f_blocks = sbinfo->max_blocks;
		buf->f_bavail = buf->f_bfree = sbinfo->max_blocks - sbinfo->used_blocks;
	}
	if (sbinfo->max_inodes) {
		buf->f_files = sbinfo->max_inodes;
		buf->f_ffree = sbinfo->free_inodes;
	}
	spin_unlock(&sbinfo->stat_lock);
	return 0;
}

/* shmem_put_super() */
static void shmem_put_super(struct super_block *sb)
{
	kfree(sb->s_fs_info);
	sb->s_fs_info = NULL;
}

static const struct super_operations shmem_ops = {
	.put_super = shmem_put_super,
	.statfs = shmem_statfs,
	.fsinfo = ramfs_fsinfo,
	.show_options = shmem_show_options,
	.evict_inode = shmem_evict_inode,
};

/* shmem_fill_super() */
static int shmem_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct shmem_sb_info *sbinfo;
	struct shmem_options ctx;
	struct inode *inode;
	int err;

	shmem_init_options(&ctx);
	err = shmem_parse_options(fc, &ctx);
	if (err)
		return err;
	if (!(sb->s_flags & SB_KERNMOUNT)) {
		if (!(ctx.seen & SHMEM_SEEN_BLOCKS))
			ctx.blocks = shmem_default_max_blocks();
		if (!(ctx.seen & SHMEM_SEEN_INODES))
			ctx.inodes = shmem_default_max_inodes();
	}
	sbinfo = kzalloc(sizeof(*sbinfo), GFP_KERNEL);
	if (!sbinfo)
		return -ENOMEM;
	spin_lock_init(&sbinfo->stat_lock);
	sbinfo->max_blocks = (unsigned long)ctx.blocks;
	sbinfo->free_inodes = sbinfo->max_inodes = (unsigned long)ctx.inodes;
	sbinfo->mode = ctx.mode;
	sbinfo->uid = ctx.uid;
	sbinfo->gid = ctx.gid;
	sbinfo->huge = ctx.huge;
	sb->s_fs_info = sbinfo;
	sb->s_op = &shmem_ops;
	sb->s_magic = TMPFS_MAGIC;
	sb->s_maxbytes = INT64_MAX;	/* MAX_LFS_FILESIZE */

	/* the root's reservation cannot fail (nr_inodes= is 0 or more
	 * than 0); an inode that cannot be allocated is -ENOMEM here, where
	 * shmem_mknod() says -ENOSPC */
	inode = shmem_get_inode(sb, S_IFDIR | sbinfo->mode, &err);
	if (!inode)
		return -ENOMEM;
	inode->i_uid = sbinfo->uid;
	inode->i_gid = sbinfo->gid;
	sb->s_root = d_make_root(inode);
	return sb->s_root ? 0 : -ENOMEM;
}

int tmpfs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, shmem_fill_super);
}

/* shmem_reconfigure(): limits may not be set below what is in use, nor
 * set where there were none; mode=, uid= and gid= are taken and ignored. */
int tmpfs_reconfigure(struct fs_context *fc)
{
	struct super_block *sb = fc->root->d_sb;
	struct shmem_sb_info *sbinfo = SHMEM_SB(sb);
	struct shmem_options ctx;
	unsigned long inodes;
	const char *msg = NULL;
	int err;

	shmem_init_options(&ctx);
	err = shmem_parse_options(fc, &ctx);
	if (err)
		return err;
	spin_lock(&sbinfo->stat_lock);
	inodes = sbinfo->max_inodes - sbinfo->free_inodes;
	if ((ctx.seen & SHMEM_SEEN_BLOCKS) && ctx.blocks) {
		if (!sbinfo->max_blocks)
			msg = "Cannot retroactively limit size";
		else if (sbinfo->used_blocks > ctx.blocks)
			msg = "Too small a size for current use";
	}
	if (!msg && (ctx.seen & SHMEM_SEEN_INODES) && ctx.inodes) {
		if (!sbinfo->max_inodes)
			msg = "Cannot retroactively limit inodes";
		else if (ctx.inodes < inodes)
			msg = "Too few inodes for current use";
	}
	if (!msg) {
		if (ctx.seen & SHMEM_SEEN_HUGE)
			sbinfo->huge = ctx.huge;
		if (ctx.seen & SHMEM_SEEN_BLOCKS)
			sbinfo->max_blocks = (unsigned long)ctx.blocks;
		if (ctx.seen & SHMEM_SEEN_INODES) {
			sbinfo->max_inodes = (unsigned long)ctx.inodes;
			sbinfo->free_inodes = (unsigned long)ctx.inodes - inodes;
		}
	}
	spin_unlock(&sbinfo->stat_lock);
	return msg ? invalfc(fc, "%s", msg) : 0;
}

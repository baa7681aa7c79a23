// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The simulated ext4 (fs/ext4/super.c as the VFS sees it): a block
 * filesystem in all but the block device.  The mount's source names the
 * "device"; mounting the same source again finds the same superblock, as
 * mount_bdev() does, and the mount data of that second mount describes
 * nothing (the disk has already been read).  The superblock sits on an
 * anonymous device number.  Everything the disk would say comes from the
 * mount data of the first mount (options.c).
 */
#include <stdio.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

#include "ext4.h"

/* ext4_max_size() for 4 KiB blocks with huge_file: 2^32 - 1 blocks. */
#define EXT4_SIM_MAXBYTES	(((1LL << 32) - 1) << 12)

time64_t ext4_now(struct super_block *sb)
{
	return current_time_v(sb->s_kernel).tv_sec;
}

/*
 * ext4_commit_super(): writing the superblock out stamps the write time,
 * except on a read-only filesystem (so that mounting a root read-only to
 * replay its journal does not set the time e2fsck checks).
 */
void ext4_commit_super(struct super_block *sb)
{
	if (!sb_rdonly(sb))
		ext4_set_tstamp(EXT4_SB(sb)->s_es, s_wtime, ext4_now(sb));
}

static u64 get_le64(const u8 *p)
{
	u64 v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* ext4_statfs(): the fixed geometry, and the fsid folded from the UUID. */
static int ext4_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	struct super_block *sb = dentry->d_sb;
	const u8 *uuid = EXT4_SB(sb)->s_es->s_uuid;
	u64 fsid = get_le64(uuid) ^ get_le64(uuid + 8);

	buf->f_type = EXT4_SUPER_MAGIC;
	buf->f_bsize = (long)sb->s_blocksize;
	buf->f_blocks = EXT4_SIM_BLOCKS - EXT4_SIM_OVERHEAD;
	buf->f_bfree = buf->f_blocks;
	buf->f_bavail = buf->f_bfree - EXT4_SIM_R_BLOCKS;
	buf->f_files = EXT4_SIM_INODES;
	buf->f_ffree = EXT4_SIM_INODES - READ_ONCE(sb->s_next_ino);
	buf->f_namelen = EXT4_NAME_LEN;
	buf->f_frsize = (long)sb->s_blocksize;
	buf->f_fsid.val[0] = (int)(u32)fsid;
	buf->f_fsid.val[1] = (int)(u32)(fsid >> 32);
	return 0;
}

/*
 * The info goes under sb_lock: sget_fc() runs ext4_test_super() under it
 * on every superblock still on the list, and a dying one stays there
 * until after its ->put_super.
 */
static void ext4_put_super(struct super_block *sb)
{
	struct vfsim *v = sb->s_kernel;
	struct ext4_sb_info *sbi;

	spin_lock(&v->sb_lock);
	sbi = sb->s_fs_info;
	sb->s_fs_info = NULL;
	spin_unlock(&v->sb_lock);
	if (sbi)
		kfree(sbi->s_source);
	kfree(sbi);
}

static const struct super_operations ext4_sops = {
	.put_super = ext4_put_super,
	.statfs = ext4_statfs,
	.fsinfo = ext4_fsinfo,
	.report_error = ext4_report_error,
};

/* The "disk" as the first mount's data describes it. */
static void ext4_setup_es(struct super_block *sb, const struct ext4_mount_options *o)
{
	struct ext4_super_block *es = EXT4_SB(sb)->s_es;
	time64_t now = ext4_now(sb);

#define OPT(v, dflt) ((v) >= 0 ? (v) : (dflt))
	memcpy(es->s_volume_name, o->label, sizeof(es->s_volume_name));
	memcpy(es->s_uuid, o->uuid.b, sizeof(es->s_uuid));
	ext4_set_tstamp(es, s_mkfs_time, OPT(o->mkfs_time, 0));
	ext4_set_tstamp(es, s_lastcheck, OPT(o->lastcheck, 0));
	ext4_set_tstamp(es, s_first_error_time, OPT(o->first_error_time, 0));
	ext4_set_tstamp(es, s_last_error_time, OPT(o->last_error_time, 0));
	/* ext4_setup_super() stamps the mount time, and the commit after it
	 * the write time, on a read-write mount; the model stamps the mount
	 * time either way, since it has no earlier one.  mount_time= and
	 * write_time= give the values as they are after the mount. */
	ext4_set_tstamp(es, s_mtime, OPT(o->mount_time, now));
	ext4_set_tstamp(es, s_wtime, OPT(o->write_time, sb_rdonly(sb) ? 0 : now));
#undef OPT
}

static int ext4_fill_super(struct super_block *sb, struct fs_context *fc,
			   const struct ext4_mount_options *o)
{
	struct ext4_sb_info *sbi;
	struct dentry *lost_found;
	const char *name;

	sbi = kzalloc(sizeof(*sbi), GFP_KERNEL);
	if (!sbi)
		return -ENOMEM;
	sbi->s_source = kstrdup(fc->source, GFP_KERNEL);
	if (!sbi->s_source) {
		kfree(sbi);
		return -ENOMEM;
	}
	sbi->s_es = &sbi->s_es_buf;
	sbi->s_errors = o->errors ? o->errors : EXT4_ERRORS_DEFAULT;
	sb->s_fs_info = sbi;
	sb->s_op = &ext4_sops;		/* ->put_super frees sbi from here on */

	sb->s_magic = EXT4_SUPER_MAGIC;
	sb->s_maxbytes = EXT4_SIM_MAXBYTES;
	sb->s_max_links = EXT4_LINK_MAX;
	sb->s_time_gran = 1;
	sb->s_time_min = EXT4_TIMESTAMP_MIN;
	sb->s_time_max = EXT4_EXTRA_TIMESTAMP_MAX;
	sb->s_quota_types = QTYPE_MASK_USR | QTYPE_MASK_GRP | QTYPE_MASK_PRJ;
	/* s_id is the block device's name: the source's last component. */
	name = strrchr(fc->source, '/');
	name = name && name[1] ? name + 1 : fc->source;
	snprintf(sb->s_id, sizeof(sb->s_id), "%s", name);

	ext4_setup_es(sb, o);
	memcpy(&sb->s_uuid, sbi->s_es->s_uuid, sizeof(sb->s_uuid));

	if (fc->data && *fc->data) {
		sb->s_options = kstrdup(fc->data, GFP_KERNEL);
		if (!sb->s_options)
			return -ENOMEM;
	}

	/* The root is inode 2 and lost+found inode 11, as mke2fs makes them. */
	sb->s_next_ino = EXT4_ROOT_INO - 1;
	if (simple_fill_root(sb, 0755))
		return -ENOMEM;
	sb->s_next_ino = EXT4_GOOD_OLD_FIRST_INO - 1;
	lost_found = simple_make_child(sb->s_root, "lost+found", S_IFDIR | 0700, NULL);
	if (IS_ERR(lost_found))
		return -ENOMEM;	/* mke2fs made it: here only memory can fail */
	lost_found->d_inode->i_uid = 0;
	lost_found->d_inode->i_gid = 0;
	dput(lost_found);
	return 0;
}

/* Under sb_lock (sget_fc()); a dying superblock has no info left. */
static int ext4_test_super(struct super_block *sb, struct fs_context *fc)
{
	const struct ext4_sb_info *sbi = sb->s_fs_info;

	return sbi && !strcmp(sbi->s_source, fc->source);
}

/* mount_bdev() with ext4_fill_super(), on the model's "device". */
static int ext4_get_tree(struct fs_context *fc)
{
	struct ext4_mount_options o;
	struct super_block *sb;
	int err;

	if (!fc->source || !*fc->source)
		return -EINVAL;		/* "No source specified" */
	err = ext4_parse_options(fc->data, &o);
	if (err)
		return err;
	if (o.ro == 1)
		fc->sb_flags |= SB_RDONLY;
	else if (o.ro == 0)
		fc->sb_flags &= ~SB_RDONLY;

	sb = sget_fc(fc, ext4_test_super, set_anon_super);
	if (IS_ERR(sb))
		return (int)PTR_ERR(sb);
	if (sb->s_root) {
		/* Don't summarily change the RO/RW state. */
		if ((fc->sb_flags ^ sb->s_flags) & SB_RDONLY) {
			deactivate_locked_super(sb);
			return -EBUSY;
		}
	} else {
		err = ext4_fill_super(sb, fc, &o);
		if (err) {
			deactivate_locked_super(sb);
			return err;
		}
		sb->s_flags |= SB_ACTIVE | SB_BORN;
	}
	fc->root = dget(sb->s_root);
	return 0;
}

/*
 * ext4_remount() for what the model has: errors= may change; the disk's
 * options are checked and ignored (the disk was read at mount); "ro" and
 * "rw" belong in the remount's flags (reconfigure_super() has decided
 * whether this is a switch to read-only before the filesystem sees its
 * data).  A filesystem aborted by an error cannot change its read-only
 * state: -EROFS.
 */
static int ext4_reconfigure(struct fs_context *fc)
{
	struct super_block *sb = fc->root->d_sb;
	struct ext4_sb_info *sbi = EXT4_SB(sb);
	struct ext4_mount_options o;
	bool ro_change;
	int err;

	err = ext4_parse_options(fc->data, &o);
	if (err)
		return err;
	if (o.ro >= 0)
		return -EINVAL;

	ro_change = (fc->sb_flags_mask & SB_RDONLY) &&
		    !(fc->sb_flags & SB_RDONLY) != !sb_rdonly(sb);
	if (ro_change && (sbi->s_mount_flags & EXT4_MF_FS_ABORTED))
		return -EROFS;

	if (o.errors)
		sbi->s_errors = o.errors;
	if (ro_change && !sb_rdonly(sb)) {
		/* The last commit while still writable. */
		ext4_commit_super(sb);
	} else if (ro_change) {
		/* ext4_setup_super() once writable again. */
		time64_t now = ext4_now(sb);

		ext4_set_tstamp(sbi->s_es, s_mtime, now);
		ext4_set_tstamp(sbi->s_es, s_wtime, now);
	}
	return 0;
}

struct file_system_type ext4_fs_type = {
	.name = "ext4",
	.fs_flags = FS_REQUIRES_DEV,
	.get_tree = ext4_get_tree,
	.reconfigure = ext4_reconfigure,
	.kill_sb = kill_anon_super,
};

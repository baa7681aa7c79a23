// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The simulated ext4 (fs/ext4/super.c as the VFS sees it): a block
 * filesystem in all but the block device.  The mount's source names the
 * "device"; mounting the same source again finds the same superblock, as
 * mount_bdev() does, and the mount data of that second mount describes
 * nothing (the disk has already been read).  The superblock sits on an
 * anonymous device number.  Everything the disk would say comes from the
 * mount data of the first mount (ext4_parse_options()).
 *
 * As in the kernel's fs/ext4/super.c, this file also holds the error
 * handling (save_error_info(), ext4_handle_error()), the mount options and
 * patch 16's fsinfo attributes.
 */
#include <stdio.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfs/notify.h>
#include <fsinfo/fsinfo.h>

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

/*
 * Errors.  An error on the simulated ext4 (vfsim_sb_error()) is handled
 * the way __ext4_error() of the v17 base handles one: save the error in
 * the superblock, then act on errors=.
 *
 * The notifications.  v17's ext4 posts none: notify_sb_error() has no
 * caller in the series, and notify_sb() only reconfigure_super().  The
 * model posts what a watcher of the superblock was promised (seed 003:
 * I/O errors, and switches between read-write and read-only): the ERROR
 * record, and, when errors=remount-ro takes the filesystem read-only,
 * READONLY with IS_NOW_RO.  ext4_handle_error() sets SB_RDONLY itself; it
 * does not go through reconfigure_super() (no fs_context, no ->remount_fs,
 * no s_umount of its own: it runs wherever the error was found), so the
 * model does the same and posts READONLY beside it.  Mounts are not told:
 * no mount's MNT_READONLY changes, and mount notifications come only from
 * the namespace code.
 */

/*
 * __save_error_info() and the commit of save_error_info(): the last error
 * time, the first one if there was none, then the superblock goes out
 * (which stamps the write time if the filesystem is still writable).
 * Whether there was a first error is decided on the low 32 bits only, as
 * ext4 does: a first_error_time of exactly 2^32 (low word 0) is taken for
 * "none" and overwritten.
 */
static void save_error_info(struct super_block *sb)
{
	struct ext4_super_block *es = EXT4_SB(sb)->s_es;

	ext4_set_tstamp(es, s_last_error_time, ext4_now(sb));
	if (!es->s_first_error_time) {
		WRITE_ONCE(es->s_first_error_time, es->s_last_error_time);
		WRITE_ONCE(es->s_first_error_time_hi, es->s_last_error_time_hi);
	}
	ext4_commit_super(sb);
}

/*
 * ext4_handle_error(): nothing more on a read-only filesystem or with
 * errors=continue.  errors=remount-ro aborts the filesystem (it cannot be
 * made writable again: -EROFS) and makes it read-only.  errors=panic
 * would stop the machine; the model cannot, so it reports a simulated
 * oops (the oops hook of vfsim_set_oops_hook(), or stderr) and otherwise
 * leaves the filesystem as it was: the harness decides what a dead
 * machine means for it.
 */
static void ext4_handle_error(struct super_block *sb)
{
	struct ext4_sb_info *sbi = EXT4_SB(sb);

	if (sb_rdonly(sb))
		return;
	switch (sbi->s_errors) {
	case EXT4_ERRORS_RO:
		sbi->s_mount_flags |= EXT4_MF_FS_ABORTED;
		/* "Remounting filesystem read-only" */
		WRITE_ONCE(sb->s_flags, sb->s_flags | SB_RDONLY);
		notify_sb(sb, NOTIFY_SUPERBLOCK_READONLY, NOTIFY_SUPERBLOCK_IS_NOW_RO);
		break;
	case EXT4_ERRORS_PANIC: {
		char why[80];

		snprintf(why, sizeof(why), "EXT4-fs (device %s): panic forced after error",
			 sb->s_id);
		ksim_oops("ext4_handle_error", why);
		break;
	}
	default:
		break;
	}
}

/* ->report_error, with s_umount held for writing. */
int ext4_report_error(struct super_block *sb, int error)
{
	save_error_info(sb);
	notify_sb_error(sb, error);
	ext4_handle_error(sb);
	return 0;
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

/*
 * fsinfo() for ext4 (patch 16): the volume label and the superblock's
 * times.  Everything else (the block-device features, quotas, limits,
 * nanosecond timestamps, the UUID) the common table reads from the
 * superblock, as it does for the real ext4.
 */

/*
 * The 16-byte label as it is on disk; a full label has no NUL and relies
 * on the zeroed kernel buffer (a string's buffer is never under 4096
 * bytes) for strlen() to stop.
 */
static int ext4_fsinfo_get_volume_name(struct path *path, struct fsinfo_context *ctx)
{
	const struct ext4_super_block *es = EXT4_SB(path->dentry->d_sb)->s_es;

	memcpy(ctx->buffer, es->s_volume_name, sizeof(es->s_volume_name));
	return (int)strlen(ctx->buffer);
}

/* Each time is its low word | its _hi byte << 32 (ext4_report_error()
 * changes them under s_umount, which fsinfo() does not take). */
static int ext4_fsinfo_get_timestamps(struct path *path, struct fsinfo_context *ctx)
{
	const struct ext4_super_block *es = EXT4_SB(path->dentry->d_sb)->s_es;
	struct fsinfo_ext4_timestamps *ts = ctx->buffer;

#define Z(R, S) R = READ_ONCE(S) | (((u64)READ_ONCE(S##_hi)) << 32)
	Z(ts->mkfs_time,	es->s_mkfs_time);
	Z(ts->mount_time,	es->s_mtime);
	Z(ts->write_time,	es->s_wtime);
	Z(ts->last_check_time,	es->s_lastcheck);
	Z(ts->first_error_time,	es->s_first_error_time);
	Z(ts->last_error_time,	es->s_last_error_time);
#undef Z
	return sizeof(*ts);
}

static const struct fsinfo_attribute ext4_fsinfo_attributes[] = {
	FSINFO_STRING	(FSINFO_ATTR_VOLUME_NAME,	ext4_fsinfo_get_volume_name),
	FSINFO_VSTRUCT	(FSINFO_ATTR_EXT4_TIMESTAMPS,	ext4_fsinfo_get_timestamps),
	{}
};

int ext4_fsinfo(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_get_attribute(path, ctx, ext4_fsinfo_attributes);
}

static const struct super_operations ext4_sops = {
	.put_super = ext4_put_super,
	.statfs = ext4_statfs,
	.fsinfo = ext4_fsinfo,
	.report_error = ext4_report_error,
};

/*
 * The mount data.  A real ext4 reads its label, UUID and times from the
 * disk; the model has no disk, so the mount data says what the disk holds
 * (docs/filesystems.md, "ext4"):
 *
 *   label=TEXT          s_volume_name, 0..16 bytes
 *   uuid=UUID           s_uuid, 8-4-4-4-12 hex digits
 *   mkfs_time=S, mount_time=S, write_time=S, lastcheck=S,
 *   first_error_time=S, last_error_time=S
 *                       superblock times, decimal seconds 0..2^40-1 (what
 *                       a 32-bit word and an 8-bit _hi byte can hold)
 *   errors=continue|remount-ro|panic
 *   ro, rw              the generic read-only flag
 *
 * Strict: an unknown option, a missing or malformed value, or a value out
 * of range is -EINVAL.  Empty options ("a,,b") are skipped, as the VFS's
 * monolithic parser skips them; a later option wins over an earlier one.
 */

/* Decimal seconds that fit the superblock's 40 bits. */
static int parse_tstamp(const char *s, size_t len, time64_t *out)
{
	u64 v = 0;
	size_t i;

	if (!len)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -EINVAL;
		v = v * 10 + (u64)(s[i] - '0');
		if (v > EXT4_SB_TSTAMP_MAX)
			return -EINVAL;
	}
	*out = (time64_t)v;
	return 0;
}

static bool key_is(const char *key, size_t klen, const char *name)
{
	return strlen(name) == klen && !memcmp(key, name, klen);
}

struct ext4_tstamp_option {
	const char *name;
	size_t offset;
};

#define TS(name, field) { name, offsetof(struct ext4_mount_options, field) }
static const struct ext4_tstamp_option ext4_tstamp_options[] = {
	TS("mkfs_time", mkfs_time),
	TS("mount_time", mount_time),
	TS("write_time", write_time),
	TS("lastcheck", lastcheck),
	TS("first_error_time", first_error_time),
	TS("last_error_time", last_error_time),
};
#undef TS

/* One "key[=value]" option. */
static int ext4_parse_one(const char *opt, size_t len, struct ext4_mount_options *o)
{
	const char *eq = memchr(opt, '=', len);
	size_t klen = eq ? (size_t)(eq - opt) : len;
	const char *val = eq ? eq + 1 : NULL;
	size_t vlen = eq ? len - klen - 1 : 0;
	size_t i;

	if (key_is(opt, klen, "ro") || key_is(opt, klen, "rw")) {
		if (val)
			return -EINVAL;
		o->ro = opt[1] == 'o';
		return 0;
	}
	if (!val)
		return -EINVAL;

	if (key_is(opt, klen, "label")) {
		if (vlen > EXT4_LABEL_MAX || memchr(val, 0, vlen))
			return -EINVAL;
		memset(o->label, 0, sizeof(o->label));
		memcpy(o->label, val, vlen);
		o->has_label = true;
		return 0;
	}
	if (key_is(opt, klen, "uuid")) {
		/* The value ends at the next comma, not at a NUL: the length
		 * says where, and uuid_parse() reads no further than 36. */
		if (vlen != UUID_STRING_LEN || uuid_parse(val, &o->uuid))
			return -EINVAL;
		o->has_uuid = true;
		return 0;
	}
	if (key_is(opt, klen, "errors")) {
		if (key_is(val, vlen, "continue"))
			o->errors = EXT4_ERRORS_CONTINUE;
		else if (key_is(val, vlen, "remount-ro"))
			o->errors = EXT4_ERRORS_RO;
		else if (key_is(val, vlen, "panic"))
			o->errors = EXT4_ERRORS_PANIC;
		else
			return -EINVAL;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(ext4_tstamp_options); i++) {
		const struct ext4_tstamp_option *t = &ext4_tstamp_options[i];

		if (key_is(opt, klen, t->name))
			return parse_tstamp(val, vlen, (time64_t *)((char *)o + t->offset));
	}
	return -EINVAL;
}

/* Fill @o from @data (may be NULL); 0 or -EINVAL. */
int ext4_parse_options(const char *data, struct ext4_mount_options *o)
{
	const char *p = data;
	size_t i;

	memset(o, 0, sizeof(*o));
	o->ro = -1;
	for (i = 0; i < ARRAY_SIZE(ext4_tstamp_options); i++)
		*(time64_t *)((char *)o + ext4_tstamp_options[i].offset) = -1;

	while (p && *p) {
		const char *end = strchrnul(p, ',');
		int err;

		if (end != p) {
			err = ext4_parse_one(p, (size_t)(end - p), o);
			if (err)
				return err;
		}
		p = *end ? end + 1 : end;
	}
	return 0;
}

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
			   const struct ext4_mount_options *o, dev_t bdev)
{
	struct ext4_sb_info *sbi;
	struct dentry *lost_found;

	sbi = kzalloc(sizeof(*sbi), GFP_KERNEL);
	if (!sbi)
		return -ENOMEM;
	sbi->s_source = kstrdup(fc->source, GFP_KERNEL);
	if (!sbi->s_source) {
		kfree(sbi);
		return -ENOMEM;
	}
	sbi->s_bdev = bdev;
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
	/* s_id is the block device's name (bdevname()), not the source's */
	sim_disk_name(bdev, sb->s_id, sizeof(sb->s_id));

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

	return sbi && sbi->s_bdev == *(const dev_t *)fc->fs_private;
}

/* mount_bdev() with ext4_fill_super(), on the model's "device". */
static int ext4_get_tree(struct fs_context *fc)
{
	struct ext4_mount_options o;
	struct super_block *sb;
	dev_t bdev;
	int err;

	if (!fc->source)
		return -EINVAL;		/* "No source specified" */
	/* get_tree_bdev(): the device first, the options in fill_super */
	err = lookup_bdev(fc->source, &bdev);
	if (err)
		return err;
	err = ext4_parse_options(fc->data, &o);
	if (err)
		return err;
	if (o.ro == 1)
		fc->sb_flags |= SB_RDONLY;
	else if (o.ro == 0)
		fc->sb_flags &= ~SB_RDONLY;

	fc->fs_private = &bdev;		/* what ext4_test_super() looks for */
	sb = sget_fc(fc, ext4_test_super, set_anon_super);
	fc->fs_private = NULL;
	if (IS_ERR(sb))
		return (int)PTR_ERR(sb);
	if (sb->s_root) {
		/* Don't summarily change the RO/RW state. */
		if ((fc->sb_flags ^ sb->s_flags) & SB_RDONLY) {
			deactivate_locked_super(sb);
			return -EBUSY;
		}
	} else {
		err = ext4_fill_super(sb, fc, &o, bdev);
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

static struct file_system_type ext4_fs_type = {
	.name = "ext4",
	.fs_flags = FS_REQUIRES_DEV,
	.get_tree = ext4_get_tree,
	.reconfigure = ext4_reconfigure,
	.kill_sb = kill_anon_super,
};

/* What Linux's ext4_init_fs() registers, per instance (vfs/pernet.h). */
static struct file_system_type *const ext4_types[] = { &ext4_fs_type };

const struct pernet_operations ext4_net_ops = {
	.name = "ext4",
	.id = PERNET_EXT4,
	.fs_types = ext4_types,
	.nr_fs_types = ARRAY_SIZE(ext4_types),
};

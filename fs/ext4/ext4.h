/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The simulated ext4: what fs/ext4/ext4.h says about the on-disk superblock
 * and the in-memory superblock info, as far as fsinfo() (patch 16) and the
 * error path can see them.  There is no disk: the "on-disk" superblock is
 * built from the mount data (ext4_parse_options()) and lives as long as the
 * superblock, so its fields are kept in host order.
 */
#ifndef _VFSIM_FS_EXT4_EXT4_H
#define _VFSIM_FS_EXT4_EXT4_H

#include <vfs/mount.h>

#define EXT4_SUPER_MAGIC	0xEF53
#define EXT4_LABEL_MAX		16
#define EXT4_LINK_MAX		65000
#define EXT4_NAME_LEN		255
#define EXT4_ROOT_INO		2
#define EXT4_GOOD_OLD_FIRST_INO	11	/* lost+found */

/*
 * Timestamps of 256-byte inodes (extra isize): 34-bit seconds from S32_MIN.
 * Superblock timestamps are unsigned: a 32-bit word plus an 8-bit _hi byte.
 */
#define EXT4_TIMESTAMP_MIN	((time64_t)INT32_MIN)
#define EXT4_EXTRA_TIMESTAMP_MAX (((1LL << 34) - 1) + INT32_MIN)
#define EXT4_SB_TSTAMP_MAX	((1ULL << 40) - 1)

/* The geometry every instance has: 1 GiB of 4 KiB blocks, 64Ki inodes. */
#define EXT4_SIM_BLOCKS		262144ULL
#define EXT4_SIM_OVERHEAD	8192ULL		/* metadata and the journal */
#define EXT4_SIM_R_BLOCKS	13107ULL	/* 5% reserved for root */
#define EXT4_SIM_INODES		65536ULL

/* errors= (and the superblock's s_errors) */
enum ext4_errors {
	EXT4_ERRORS_CONTINUE = 1,
	EXT4_ERRORS_RO = 2,
	EXT4_ERRORS_PANIC = 3,
};
#define EXT4_ERRORS_DEFAULT EXT4_ERRORS_CONTINUE

/*
 * The fields of struct ext4_super_block the model has.  The label and UUID
 * are set at mount and never change; the times change under s_umount
 * (mount, remount, an error) and are read without it by fsinfo(), hence
 * READ_ONCE/WRITE_ONCE on each word (a reader may see a time's low word
 * and _hi byte from two different updates, as on ext4).
 */
struct ext4_super_block {
	u32 s_mtime;			/* mount time */
	u32 s_wtime;			/* write time */
	u32 s_lastcheck;		/* time of last check */
	u32 s_mkfs_time;		/* when the filesystem was created */
	u32 s_first_error_time;
	u32 s_last_error_time;
	u8 s_uuid[16];
	char s_volume_name[EXT4_LABEL_MAX];	/* not NUL-terminated when full */
	u8 s_wtime_hi;
	u8 s_mtime_hi;
	u8 s_mkfs_time_hi;
	u8 s_lastcheck_hi;
	u8 s_first_error_time_hi;
	u8 s_last_error_time_hi;
};

/* s_mount_flags */
#define EXT4_MF_FS_ABORTED	0x0002

struct ext4_sb_info {
	struct ext4_super_block *s_es;
	struct ext4_super_block s_es_buf;	/* what s_es points to */
	enum ext4_errors s_errors;		/* errors=, under s_umount */
	unsigned int s_mount_flags;		/* EXT4_MF_*, under s_umount */
	char *s_source;				/* the "device"; set at mount */
	dev_t s_bdev;				/* the disk (lookup_bdev()); set at mount */
};

static inline struct ext4_sb_info *EXT4_SB(const struct super_block *sb)
{
	return sb->s_fs_info;
}

/* ext4.h's __ext4_{get,update}_tstamp: 40 bits, clamped. */
static inline time64_t __ext4_get_tstamp(const u32 *lo, const u8 *hi)
{
	return ((time64_t)READ_ONCE(*hi) << 32) + READ_ONCE(*lo);
}

static inline void __ext4_update_tstamp(u32 *lo, u8 *hi, time64_t now)
{
	if (now < 0)
		now = 0;
	if ((u64)now > EXT4_SB_TSTAMP_MAX)
		now = (time64_t)EXT4_SB_TSTAMP_MAX;
	WRITE_ONCE(*lo, (u32)now);
	WRITE_ONCE(*hi, (u8)((u64)now >> 32));
}

#define ext4_get_tstamp(es, tstamp) \
	__ext4_get_tstamp(&(es)->tstamp, &(es)->tstamp ## _hi)
#define ext4_set_tstamp(es, tstamp, t) \
	__ext4_update_tstamp(&(es)->tstamp, &(es)->tstamp ## _hi, (t))

/*
 * What the mount data says (ext4_parse_options()).  A timestamp of -1 was
 * not given; errors 0 was not given.
 */
struct ext4_mount_options {
	bool has_label, has_uuid;
	char label[EXT4_LABEL_MAX + 1];
	uuid_t uuid;
	time64_t mkfs_time, mount_time, write_time, lastcheck;
	time64_t first_error_time, last_error_time;
	enum ext4_errors errors;
	int ro;				/* 1 "ro", 0 "rw", -1 neither */
};

/* super.c */
time64_t ext4_now(struct super_block *sb);
void ext4_commit_super(struct super_block *sb);
/* the error path */
int ext4_report_error(struct super_block *sb, int error);
/* fsinfo (patch 16) */
struct fsinfo_context;
int ext4_fsinfo(struct path *path, struct fsinfo_context *ctx);
/* the mount options */
int ext4_parse_options(const char *data, struct ext4_mount_options *o);

#endif

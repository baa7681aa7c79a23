// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * An error on the simulated ext4 (vfsim_sb_error()), the way __ext4_error()
 * of the v17 base handles one: save the error in the superblock, then act
 * on errors=.
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
#include <stdio.h>

#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfs/notify.h>

#include "ext4.h"

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

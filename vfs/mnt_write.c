// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Write access to a mount (5.8's fs/namespace.c): every change made
 * through a mount, and every file open for writing, counts as a writer of
 * it (mnt_want_write() ... mnt_drop_write(); the file's FMODE_WRITER
 * until its last fput()).  Making a mount read-only, or its superblock,
 * sets MNT_WRITE_HOLD under mount_lock, so that a new writer waits, and
 * fails with -EBUSY if there are writers; a writer that waited sees the
 * read-only state and gets -EROFS.  The kernel counts writers per CPU;
 * one atomic counter per mount stands for the sum.
 */
#include <sched.h>

#include <vfs/kernel.h>
#include <vfs/mount_api.h>

/* mnt_is_readonly(): a remount read-only under way counts already. */
static bool mnt_is_readonly(struct vfsmount *m)
{
	if (READ_ONCE(m->mnt_flags) & MNT_READONLY)
		return true;
	if (!READ_ONCE(m->mnt_sb->s_readonly_remount))
		return __mnt_is_readonly(m);
	smp_rmb();
	return true;
}

int __mnt_want_write(struct vfsmount *m)
{
	struct mount *mnt = real_mount(m);

	atomic_inc(&mnt->mnt_writers);
	smp_mb();
	/* mnt_make_readonly() or sb_prepare_remount_readonly() is deciding:
	 * wait for it (it holds mount_lock, and takes nothing we hold) */
	while (READ_ONCE(m->mnt_flags) & MNT_WRITE_HOLD)
		sched_yield();
	smp_rmb();
	if (mnt_is_readonly(m)) {
		atomic_dec(&mnt->mnt_writers);
		return -EROFS;
	}
	return 0;
}

/* No frozen superblocks in the model: sb_start_write() has nothing to do. */
int mnt_want_write(struct vfsmount *m)
{
	return __mnt_want_write(m);
}

void __mnt_drop_write(struct vfsmount *m)
{
	atomic_dec(&real_mount(m)->mnt_writers);
}

void mnt_drop_write(struct vfsmount *m)
{
	__mnt_drop_write(m);
}

int mnt_hold_writers(struct mount *mnt)
{
	WRITE_ONCE(mnt->mnt.mnt_flags, mnt->mnt.mnt_flags | MNT_WRITE_HOLD);
	smp_mb();
	return atomic_read(&mnt->mnt_writers) > 0 ? -EBUSY : 0;
}

void mnt_unhold_writers(struct mount *mnt)
{
	smp_wmb();
	WRITE_ONCE(mnt->mnt.mnt_flags, mnt->mnt.mnt_flags & ~MNT_WRITE_HOLD);
}

int sb_prepare_remount_readonly(struct super_block *sb)
{
	struct vfsim *v = sb->s_kernel;
	struct mount *mnt;
	int err = 0;

	/* Racy optimization.  Recheck the counter under MNT_WRITE_HOLD
	 * (5.8's comment): an unlinked inode still in use would be written
	 * when it is evicted */
	if (atomic_long_read(&sb->s_remove_count))
		return -EBUSY;
	lock_mount_hash(v);
	list_for_each_entry(mnt, &sb->s_mounts, mnt_instance) {
		if (!(mnt->mnt.mnt_flags & MNT_READONLY)) {
			err = mnt_hold_writers(mnt);
			if (err)
				break;
		}
	}
	if (!err && atomic_long_read(&sb->s_remove_count))
		err = -EBUSY;
	if (!err) {
		WRITE_ONCE(sb->s_readonly_remount, 1);
		smp_wmb();
	}
	list_for_each_entry(mnt, &sb->s_mounts, mnt_instance)
		if (mnt->mnt.mnt_flags & MNT_WRITE_HOLD)
			mnt_unhold_writers(mnt);
	unlock_mount_hash(v);
	return err;
}

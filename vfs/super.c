// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Superblocks (fs/super.c): allocation with the patch set's unique ID,
 * sget, the anonymous-device helpers, activation and teardown, and
 * reconfigure_super(), where seed 003 posts NOTIFY_SUPERBLOCK_READONLY.
 */
#include <stdio.h>
#include <sys/sysmacros.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfs/notify.h>
#include <vfs/mount.h>

/*
 * Patch 04's non-repeating ID: the monotonic clock plus a catch-up offset,
 * forced strictly above the last ID handed out.  The clock is the
 * instance's virtual one, so IDs are deterministic (S10, docs/errata.md).  The
 * posted step 2 sets the offset to last - id, which is always (u64)-1; we
 * keep that arithmetic as posted: the strict-increase check makes it
 * harmless.
 */
u64 sb_alloc_unique_id(struct vfsim *v)
{
	u64 id;

	spin_lock(&v->sb_lock);
	id = ktime_get_ns(v) + v->sb_identifier_offset;
	if (id <= v->sb_last_identifier) {
		id = v->sb_last_identifier + 1;
		v->sb_identifier_offset = v->sb_last_identifier - id;
	}
	v->sb_last_identifier = id;
	spin_unlock(&v->sb_lock);
	return id;
}

static struct super_block *alloc_super(struct fs_context *fc)
{
	struct vfsim *v = current_kernel();
	struct super_block *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return NULL;
	INIT_LIST_HEAD(&s->s_list);
	INIT_LIST_HEAD(&s->s_mounts);
	init_rwsem(&s->s_umount);
	s->s_count = 1;
	atomic_set(&s->s_active, 1);
	s->s_type = fc->fs_type;
	s->s_flags = fc->sb_flags;
	s->s_kernel = v;
	s->s_blocksize = 4096;
	s->s_blocksize_bits = 12;
	s->s_maxbytes = INT64_MAX;
	s->s_time_gran = 1;
	s->s_time_min = INT64_MIN;	/* TIME64_MIN */
	s->s_time_max = INT64_MAX;
	s->s_unique_id = sb_alloc_unique_id(v);
	return s;
}

static void destroy_super(struct super_block *s)
{
	destroy_rwsem(&s->s_umount);
	kfree(s->s_volname);
	kfree(s->s_options);
	kfree_rcu(s, rcu);
}

int set_anon_super(struct super_block *s, struct fs_context *fc)
{
	struct vfsim *v = s->s_kernel;
	int dev;

	(void)fc;
	dev = ida_alloc(&v->unnamed_dev_ida);
	if (dev < 0)
		return dev == -ENOSPC ? -EMFILE : dev;
	s->s_dev = makedev(0, (unsigned int)dev);
	return 0;
}

static void free_anon_bdev(struct vfsim *v, dev_t dev)
{
	ida_free(&v->unnamed_dev_ida, minor(dev));
}

/*
 * Find a superblock of fc->fs_type that @test accepts, taking an active
 * reference, or make one with @set.  As the kernel's: the search, @set and
 * the insertion happen under one hold of sb_lock, so two first mounts of
 * the same key cannot both make a superblock; the allocation is made
 * outside it and the search repeated.  A dying superblock (no active
 * reference left) is never taken, nor tested.
 */
struct super_block *sget_fc(struct fs_context *fc,
			    int (*test)(struct super_block *, struct fs_context *),
			    int (*set)(struct super_block *, struct fs_context *))
{
	struct vfsim *v = current_kernel();
	struct super_block *s, *fresh = NULL;
	int err;

retry:
	spin_lock(&v->sb_lock);
	if (test) {
		list_for_each_entry(s, &v->super_blocks, s_list) {
			if (s->s_type != fc->fs_type || !(s->s_flags & SB_BORN))
				continue;
			if (atomic_read(&s->s_active) == 0 || !test(s, fc))
				continue;
			if (!atomic_inc_not_zero(&s->s_active))
				continue;	/* died meanwhile */
			spin_unlock(&v->sb_lock);
			if (fresh)
				destroy_super(fresh);
			return s;
		}
	}
	if (!fresh) {
		spin_unlock(&v->sb_lock);
		fresh = alloc_super(fc);
		if (!fresh)
			return ERR_PTR(-ENOMEM);
		goto retry;
	}
	err = set(fresh, fc);
	if (err) {
		spin_unlock(&v->sb_lock);
		destroy_super(fresh);
		return ERR_PTR(err);
	}
	snprintf(fresh->s_id, sizeof(fresh->s_id), "%s", fc->fs_type->name);
	list_add_tail(&fresh->s_list, &v->super_blocks);
	spin_unlock(&v->sb_lock);
	return fresh;
}

int get_tree_nodev(struct fs_context *fc,
		   int (*fill_super)(struct super_block *sb, struct fs_context *fc))
{
	struct super_block *s;
	int err;

	s = sget_fc(fc, NULL, set_anon_super);
	if (IS_ERR(s))
		return (int)PTR_ERR(s);
	err = fill_super(s, fc);
	if (!err && fc->data && *fc->data) {
		s->s_options = kstrdup(fc->data, GFP_KERNEL);
		if (!s->s_options)
			err = -ENOMEM;
	}
	if (err) {
		deactivate_locked_super(s);
		return err;
	}
	s->s_flags |= SB_ACTIVE | SB_BORN;
	fc->root = dget(s->s_root);
	return 0;
}

void put_super(struct super_block *s)
{
	struct vfsim *v = s->s_kernel;
	bool last;

	spin_lock(&v->sb_lock);
	last = --s->s_count == 0;
	if (last)
		list_del_init(&s->s_list);
	spin_unlock(&v->sb_lock);
	if (last)
		destroy_super(s);
}

static void generic_shutdown_super(struct super_block *s)
{
	if (s->s_root) {
		d_delete_subtree(s->s_root);
		s->s_root = NULL;
	}
	if (s->s_op && s->s_op->put_super)
		s->s_op->put_super(s);
	s->s_flags &= ~SB_ACTIVE;
}

void kill_anon_super(struct super_block *s)
{
	dev_t dev = s->s_dev;

	generic_shutdown_super(s);
	if (dev)
		free_anon_bdev(s->s_kernel, dev);
}

void kill_litter_super(struct super_block *s)
{
	kill_anon_super(s);
}

/* Drop an active reference; the last one shuts the filesystem down. */
void deactivate_locked_super(struct super_block *s)
{
	if (atomic_dec_and_test(&s->s_active)) {
		struct vfsim *v = s->s_kernel;
		struct watch_list *wlist = s->s_watchers;

		/* Seed 003: the watchers hear of the superblock's end. */
		if (wlist) {
			rcu_assign_pointer(s->s_watchers, NULL);
			remove_watch_list(wlist, s->s_unique_id);
		}

		if (s->s_type->kill_sb && (s->s_flags & SB_BORN))
			s->s_type->kill_sb(s);
		else
			kill_anon_super(s);
		spin_lock(&v->sb_lock);
		list_del_init(&s->s_list);
		spin_unlock(&v->sb_lock);
		put_super(s);
	}
}

void deactivate_super(struct super_block *s)
{
	deactivate_locked_super(s);
}

/* Superblock flags remount may change (MS_RMT_MASK). */
#define MS_RMT_MASK (SB_RDONLY | SB_SYNCHRONOUS | SB_MANDLOCK | SB_I_VERSION | \
		     SB_LAZYTIME)

/*
 * reconfigure_super - apply fc->sb_flags (under fc->sb_flags_mask) and the
 * filesystem's own options.  The caller holds s_umount for writing.
 */
int reconfigure_super(struct fs_context *fc)
{
	struct super_block *sb = fc->root->d_sb;
	int err;

	if (fc->sb_flags_mask & ~MS_RMT_MASK)
		return -EINVAL;
	bool remount_ro = false;

	if (fc->sb_flags_mask & SB_RDONLY)
		remount_ro = (fc->sb_flags & SB_RDONLY) && !sb_rdonly(sb);
	if (sb->s_type->reconfigure) {
		err = sb->s_type->reconfigure(fc);
		if (err)
			return err;
	}
	WRITE_ONCE(sb->s_flags, (sb->s_flags & ~fc->sb_flags_mask) |
				(fc->sb_flags & fc->sb_flags_mask));
	/* Seed 003: after every successful reconfigure, changed or not (S5). */
	notify_sb(sb, NOTIFY_SUPERBLOCK_READONLY,
		  remount_ro ? NOTIFY_SUPERBLOCK_IS_NOW_RO : 0);
	return 0;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Superblock notifications (seed 003, fs/super.c): watch_sb(), posting,
 * and the events a filesystem or driver raises on a superblock.
 */
#include <fcntl.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/notify.h>
#include <vfs/security.h>

void post_sb_notification(struct super_block *s, struct superblock_notification *n)
{
	post_watch_notification(READ_ONCE(s->s_watchers), &n->watch, current_cred(),
				s->s_unique_id);
}

static void sb_release_watch(struct watch *watch)
{
	put_super(watch->private);
}

long ksys_watch_sb(int dfd, const char __user *filename, unsigned int at_flags,
		   int watch_fd, int watch_id)
{
	struct vfsim *v = current_kernel();
	struct watch_queue *wqueue;
	struct super_block *s;
	struct watch_list *wlist = NULL;
	struct watch *watch = NULL;
	struct path path;
	unsigned int lookup_flags = LOOKUP_DIRECTORY | LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT;
	bool drop_s_count = false;
	long ret;

	if (watch_id < -1 || watch_id > 0xff)
		return -EINVAL;
	if ((at_flags & ~(AT_NO_AUTOMOUNT | AT_EMPTY_PATH)) != 0)
		return -EINVAL;
	if (at_flags & AT_NO_AUTOMOUNT)
		lookup_flags &= ~LOOKUP_AUTOMOUNT;
	if (at_flags & AT_EMPTY_PATH)
		lookup_flags |= LOOKUP_EMPTY;

	/* B3: v17 handed the walk at_flags where the lookup flags belong. */
	ret = user_path_at(dfd, filename, vfsim_quirk(v, 3) ? at_flags : lookup_flags, &path);
	if (ret)
		return ret;

	ret = inode_permission(path.dentry->d_inode, MAY_EXEC);
	if (ret)
		goto err_path;

	wqueue = get_watch_queue(watch_fd);
	if (IS_ERR(wqueue)) {
		ret = watch_queue_fd_error(watch_fd, PTR_ERR(wqueue), 2);
		goto err_path;
	}

	s = path.dentry->d_sb;
	if (watch_id >= 0) {
		ret = -ENOMEM;
		if (!READ_ONCE(s->s_watchers)) {
			wlist = kzalloc(sizeof(*wlist), GFP_KERNEL);
			if (!wlist)
				goto err_wqueue;
			init_watch_list(wlist, sb_release_watch);
		}

		watch = kzalloc(sizeof(*watch), GFP_KERNEL);
		if (!watch)
			goto err_wlist;

		init_watch(watch, wqueue);
		watch->id = s->s_unique_id;
		watch->private = s;
		watch->info_id = watch_info_id(v, watch_id);

		ret = security_watch_sb(watch, s);
		if (ret < 0)
			goto err_watch;

		down_write(&s->s_umount);
		ret = -EIO;
		if (atomic_read(&s->s_active)) {
			if (!s->s_watchers) {
				rcu_assign_pointer(s->s_watchers, wlist);
				wlist = NULL;
			}

			spin_lock(&v->sb_lock);
			s->s_count++;
			spin_unlock(&v->sb_lock);
			ret = add_watch_to_object(watch, s->s_watchers);
			if (ret == 0)
				watch = NULL; /* It worked */
			else
				drop_s_count = true;
		}
		up_write(&s->s_umount);
		if (drop_s_count)
			put_super(s);
	} else {
		down_write(&s->s_umount);
		if (!s->s_watchers)
			ret = watch_remove_from_null_list("remove_watch_from_object");
		else
			ret = remove_watch_from_object(s->s_watchers, wqueue,
						       s->s_unique_id, false);
		up_write(&s->s_umount);
	}

err_watch:
	kfree(watch);
err_wlist:
	kfree(wlist);
err_wqueue:
	put_watch_queue(wqueue);
err_path:
	path_put(&path);
	return ret;
}

/*
 * An event raised from below on the superblock of @pathname, as a
 * filesystem or driver would: @what is the subtype, @arg the error number
 * (ERROR) or the info flags (NETWORK).
 */
long sb_raise_event(const char __user *pathname, int what, int arg)
{
	struct super_block *s;
	struct path path;
	long ret;

	if (what == NOTIFY_SUPERBLOCK_ERROR && (arg <= 0 || arg >= 4096))
		return -EINVAL;
	if (what == NOTIFY_SUPERBLOCK_NETWORK && ((u32)arg & ~0x00ff0000U))
		return -EINVAL;
	ret = user_path_at(AT_FDCWD, pathname, LOOKUP_FOLLOW, &path);
	if (ret)
		return ret;
	s = path.dentry->d_sb;
	down_write(&s->s_umount);
	switch (what) {
	case NOTIFY_SUPERBLOCK_ERROR:
		if (s->s_op && s->s_op->report_error)
			ret = s->s_op->report_error(s, arg);
		else
			notify_sb_error(s, arg);
		break;
	case NOTIFY_SUPERBLOCK_EDQUOT:
		notify_sb_EQDUOT(s);
		break;
	case NOTIFY_SUPERBLOCK_NETWORK:
		if (s->s_op && s->s_op->network_status)
			ret = s->s_op->network_status(s, (u32)arg);
		else
			notify_sb(s, NOTIFY_SUPERBLOCK_NETWORK, (u32)arg);
		break;
	default:
		ret = -EINVAL;
	}
	up_write(&s->s_umount);
	path_put(&path);
	return ret;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fanotify mount events, as Linux 6.18 has them (6.15's FAN_REPORT_MNT,
 * FAN_MARK_MNTNS, FAN_MNT_ATTACH and FAN_MNT_DETACH), on the 5.8 model:
 * fanotify_init(), fanotify_mark() on a mount-namespace file, the group's
 * event queue with its limit and overflow event, read(), FIONREAD and the
 * last close.  The kernel splits this across fs/notify/fanotify/
 * fanotify_user.c (the calls, read), fanotify.c (making events),
 * fs/notify/notification.c (the queue), mark.c and fsnotify.c (the
 * posting); the functions keep their names.  The argument checks and
 * their order are 6.18's, including for flags the model has no use for
 * (file-handle reporting, permission classes), so that a caller gets the
 * errno the kernel gives; only mount marks exist.  Where the model
 * differs: docs/fanotify.md.
 *
 * Locks (outermost first): namespace_sem, held by the poster (called from
 * namespace_unlock()); fsnotify_mark_lock (struct fsnotify_net), every
 * mark and each namespace's mark list and count; a group's
 * notification_waitq.lock, its queue.
 */
#include <fcntl.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>

#include <linux/slab.h>
#include <linux/uaccess.h>
#include <uapi/linux/fanotify.h>
#include <vfs/anon_inodes.h>
#include <vfs/fanotify.h>
#include <vfs/namei.h>
#include <vfs/nsfs.h>
#include <vfs/sched_wait.h>

#define CAP_AUDIT_WRITE 29
/* The kernel's O_LARGEFILE: x86_64's libc headers define it as 0. */
#define KERNEL_O_LARGEFILE 0100000

/* include/linux/fanotify.h, 6.18 */
#define FANOTIFY_CLASS_BITS	(FAN_CLASS_NOTIF | FAN_CLASS_CONTENT | \
				 FAN_CLASS_PRE_CONTENT)
#define FANOTIFY_FID_BITS	(FAN_REPORT_DFID_NAME_TARGET)
#define FANOTIFY_INFO_MODES	(FANOTIFY_FID_BITS | FAN_REPORT_PIDFD | \
				 FAN_REPORT_MNT)
#define FANOTIFY_ADMIN_INIT_FLAGS (FAN_CLASS_CONTENT | FAN_CLASS_PRE_CONTENT | \
				   FAN_REPORT_TID | FAN_REPORT_PIDFD | \
				   FAN_REPORT_FD_ERROR | FAN_UNLIMITED_QUEUE | \
				   FAN_UNLIMITED_MARKS | FAN_ENABLE_AUDIT)
#define FANOTIFY_USER_INIT_FLAGS (FAN_CLASS_NOTIF | FANOTIFY_FID_BITS | \
				  FAN_REPORT_MNT | FAN_CLOEXEC | FAN_NONBLOCK)
#define FANOTIFY_INIT_FLAGS	(FANOTIFY_ADMIN_INIT_FLAGS | FANOTIFY_USER_INIT_FLAGS)
#define FANOTIFY_INIT_ALL_EVENT_F_BITS (O_ACCMODE | O_APPEND | O_NONBLOCK | \
					O_SYNC | O_DSYNC | O_CLOEXEC | \
					KERNEL_O_LARGEFILE | O_NOATIME)

#define FANOTIFY_MARK_TYPE_BITS	(FAN_MARK_INODE | FAN_MARK_MOUNT | \
				 FAN_MARK_FILESYSTEM | FAN_MARK_MNTNS)
#define FANOTIFY_MARK_CMD_BITS	(FAN_MARK_ADD | FAN_MARK_REMOVE | FAN_MARK_FLUSH)
#define FANOTIFY_MARK_IGNORE_BITS (FAN_MARK_IGNORED_MASK | FAN_MARK_IGNORE)
#define FANOTIFY_MARK_FLAGS	(FANOTIFY_MARK_TYPE_BITS | FANOTIFY_MARK_CMD_BITS | \
				 FAN_MARK_DONT_FOLLOW | FAN_MARK_ONLYDIR | \
				 FAN_MARK_IGNORED_MASK | FAN_MARK_IGNORED_SURV_MODIFY | \
				 FAN_MARK_EVICTABLE | FAN_MARK_IGNORE)
#define FANOTIFY_MOUNT_EVENTS	(FAN_MNT_ATTACH | FAN_MNT_DETACH)
#define FANOTIFY_EVENT_FLAGS	(FAN_EVENT_ON_CHILD | FAN_ONDIR)
/* Every event 6.18 knows (FANOTIFY_EVENTS, FANOTIFY_PERM_EVENTS, the
 * flags): a bit outside them is -EINVAL whatever the group. */
#define FANOTIFY_EVENTS		(FAN_ACCESS | FAN_MODIFY | FAN_CLOSE | FAN_OPEN | \
				 FAN_OPEN_EXEC | FAN_ATTRIB | FAN_MOVE | \
				 FAN_CREATE | FAN_DELETE | FAN_DELETE_SELF | \
				 FAN_MOVE_SELF | FAN_RENAME | FAN_FS_ERROR | \
				 FANOTIFY_MOUNT_EVENTS)
#define FANOTIFY_PERM_EVENTS	(FAN_OPEN_PERM | FAN_ACCESS_PERM | \
				 FAN_OPEN_EXEC_PERM | FAN_PRE_ACCESS)

/* Internal group flag: made by a caller without CAP_SYS_ADMIN. */
#define FANOTIFY_UNPRIV		0x80000000

/* fanotify_event_len() of a mount event: metadata and the mount record. */
#define FANOTIFY_MNT_INFO_LEN	sizeof(struct fanotify_event_info_mnt)

_Static_assert(sizeof(struct fanotify_event_metadata) == 24,
	       "struct fanotify_event_metadata is 24 bytes");
_Static_assert(sizeof(struct fanotify_event_info_header) == 4,
	       "struct fanotify_event_info_header is 4 bytes");
_Static_assert(sizeof(struct fanotify_event_info_mnt) == 16,
	       "struct fanotify_event_info_mnt is 16 bytes");
/* ...with a hole at bytes 4-7, which copy_event_to_user() zeroes. */
_Static_assert(offsetof(struct fanotify_event_info_mnt, mnt_id) == 8,
	       "fanotify_event_info_mnt.mnt_id at 8");

/* An event on a group's queue (struct fanotify_mnt_event). */
struct fanotify_event {
	struct list_head list;	/* on notification_list; empty: not queued */
	u32 mask;		/* FAN_MNT_*, or FAN_Q_OVERFLOW */
	int pid;
	u64 mnt_id;		/* unique mount ID */
};

/* struct fsnotify_group with struct fanotify_group_private_data. */
struct fsnotify_group {
	struct vfsim *kernel;		/* set once */
	unsigned int flags;		/* fanotify_init() flags; set once */
	unsigned int f_flags;		/* event_f_flags; set once */
	unsigned int max_events;	/* set once */
	/* The queue: under notification_waitq.lock, which readers sleep on. */
	wait_queue_head_t notification_waitq;
	struct list_head notification_list;
	unsigned int q_len;
	/* Preallocated: queued (once) when an event does not fit or cannot
	 * be allocated, so no event is lost without a record saying so. */
	struct fanotify_event *overflow_event;
	/* This group's marks, under fsnotify_mark_lock. */
	struct list_head marks_list;
};

/* A mark of a group on a mount namespace (struct fsnotify_mark). */
struct fsnotify_mark {
	struct list_head g_list;	/* on group->marks_list */
	struct list_head obj_list;	/* on ns->fsnotify_marks */
	struct fsnotify_group *group;
	struct mnt_namespace *ns;
	u32 mask;			/* events wanted */
	u32 ignore_mask;		/* events not wanted (FAN_MARK_IGNORED_MASK) */
};

#define FAN_GROUP_FLAG(group, flag) ((group)->flags & (flag))

/* ---- the queue (fs/notify/notification.c) -------------------------------- */

static void fsnotify_destroy_event(struct fsnotify_group *group,
				   struct fanotify_event *event)
{
	/* The overflow event lives as long as its group. */
	if (event != group->overflow_event)
		kfree(event);
}

/*
 * Queue @event, or the overflow event instead when the queue is full (if
 * not queued already: then @event goes).  fsnotify_insert_event().
 */
static void fsnotify_insert_event(struct fsnotify_group *group,
				  struct fanotify_event *event)
{
	wait_queue_head_t *wq = &group->notification_waitq;

	spin_lock(&wq->lock);
	if (event == group->overflow_event || group->q_len >= group->max_events) {
		if (!list_empty(&group->overflow_event->list)) {
			spin_unlock(&wq->lock);
			fsnotify_destroy_event(group, event);
			return;
		}
		fsnotify_destroy_event(group, event);
		event = group->overflow_event;
	}
	group->q_len++;
	list_add_tail(&event->list, &group->notification_list);
	wake_up_all_locked(wq);
	spin_unlock(&wq->lock);
}

/* ---- posting (fs/notify/fsnotify.c, fanotify.c) -------------------------- */

static void fanotify_handle_event(struct fsnotify_group *group, u32 mask,
				  struct vfsmount *mnt)
{
	struct fanotify_event *event = kmalloc(sizeof(*event), GFP_KERNEL);

	/* No memory: the event is lost, and the overflow event says so. */
	if (!event) {
		fsnotify_insert_event(group, group->overflow_event);
		return;
	}
	INIT_LIST_HEAD(&event->list);
	event->mask = mask;
	event->pid = current ? current->pid : 0;
	event->mnt_id = real_mount(mnt)->mnt_id_unique;
	fsnotify_insert_event(group, event);
}

void fsnotify_mnt(u32 mask, struct mnt_namespace *ns, struct vfsmount *mnt)
{
	struct fsnotify_mark *mark;
	struct vfsim *v;

	if (!ns || !READ_ONCE(ns->n_fsnotify_marks))
		return;
	v = ns->kernel;
	mutex_lock(&fsnotify_net(v)->fsnotify_mark_lock);
	list_for_each_entry(mark, &ns->fsnotify_marks, obj_list) {
		u32 m = mask & mark->mask & ~mark->ignore_mask;

		if (m)
			fanotify_handle_event(mark->group, m, mnt);
	}
	mutex_unlock(&fsnotify_net(v)->fsnotify_mark_lock);
}

/* ---- marks (fs/notify/mark.c) ------------------------------------------- */

/* Caller holds fsnotify_mark_lock. */
static void fsnotify_detach_mark(struct fsnotify_mark *mark)
{
	list_del(&mark->g_list);
	list_del(&mark->obj_list);
	WRITE_ONCE(mark->ns->n_fsnotify_marks, mark->ns->n_fsnotify_marks - 1);
	kfree(mark);
}

/* Caller holds fsnotify_mark_lock. */
static struct fsnotify_mark *fsnotify_find_mark(struct fsnotify_group *group,
						struct mnt_namespace *ns)
{
	struct fsnotify_mark *mark;

	list_for_each_entry(mark, &group->marks_list, g_list)
		if (mark->ns == ns)
			return mark;
	return NULL;
}

static void fsnotify_clear_marks_by_group(struct fsnotify_group *group)
{
	struct vfsim *v = group->kernel;
	struct fsnotify_mark *mark, *n;

	mutex_lock(&fsnotify_net(v)->fsnotify_mark_lock);
	list_for_each_entry_safe(mark, n, &group->marks_list, g_list)
		fsnotify_detach_mark(mark);
	mutex_unlock(&fsnotify_net(v)->fsnotify_mark_lock);
}

void fsnotify_mntns_delete(struct mnt_namespace *ns)
{
	struct vfsim *v = ns->kernel;
	struct fsnotify_mark *mark, *n;

	mutex_lock(&fsnotify_net(v)->fsnotify_mark_lock);
	list_for_each_entry_safe(mark, n, &ns->fsnotify_marks, obj_list)
		fsnotify_detach_mark(mark);
	mutex_unlock(&fsnotify_net(v)->fsnotify_mark_lock);
}

long fsnotify_check_marks(struct mnt_namespace *ns)
{
	struct fsnotify_mark *mark, *other;
	long n = 0;

	mutex_lock(&fsnotify_net(ns->kernel)->fsnotify_mark_lock);
	list_for_each_entry(mark, &ns->fsnotify_marks, obj_list) {
		bool on_group = false;

		list_for_each_entry(other, &mark->group->marks_list, g_list)
			on_group |= other == mark;
		if (mark->ns != ns || !on_group || (!mark->mask && !mark->ignore_mask)) {
			n = -1;
			break;
		}
		n++;
	}
	if (n >= 0 && (unsigned long)n != ns->n_fsnotify_marks)
		n = -1;
	mutex_unlock(&fsnotify_net(ns->kernel)->fsnotify_mark_lock);
	return n;
}

static int fanotify_add_mark(struct fsnotify_group *group,
			     struct mnt_namespace *ns, u32 mask,
			     unsigned int flags)
{
	struct vfsim *v = group->kernel;
	struct fsnotify_mark *mark;

	mutex_lock(&fsnotify_net(v)->fsnotify_mark_lock);
	mark = fsnotify_find_mark(group, ns);
	if (!mark) {
		mark = kzalloc(sizeof(*mark), GFP_KERNEL);
		if (!mark) {
			mutex_unlock(&fsnotify_net(v)->fsnotify_mark_lock);
			return -ENOMEM;
		}
		mark->group = group;
		mark->ns = ns;
		list_add_tail(&mark->g_list, &group->marks_list);
		list_add_tail(&mark->obj_list, &ns->fsnotify_marks);
		WRITE_ONCE(ns->n_fsnotify_marks, ns->n_fsnotify_marks + 1);
	}
	if (flags & FANOTIFY_MARK_IGNORE_BITS)
		mark->ignore_mask |= mask;
	else
		mark->mask |= mask;
	mutex_unlock(&fsnotify_net(v)->fsnotify_mark_lock);
	return 0;
}

static int fanotify_remove_mark(struct fsnotify_group *group,
				struct mnt_namespace *ns, u32 mask,
				unsigned int flags)
{
	struct vfsim *v = group->kernel;
	struct fsnotify_mark *mark;

	mutex_lock(&fsnotify_net(v)->fsnotify_mark_lock);
	mark = fsnotify_find_mark(group, ns);
	if (!mark) {
		mutex_unlock(&fsnotify_net(v)->fsnotify_mark_lock);
		return -ENOENT;
	}
	if (flags & FANOTIFY_MARK_IGNORE_BITS)
		mark->ignore_mask &= ~mask;
	else
		mark->mask &= ~mask;
	/* A mark that wants and ignores nothing goes. */
	if (!mark->mask && !mark->ignore_mask)
		fsnotify_detach_mark(mark);
	mutex_unlock(&fsnotify_net(v)->fsnotify_mark_lock);
	return 0;
}

/* ---- the group's file (fs/notify/fanotify/fanotify_user.c) --------------- */

static size_t fanotify_event_len(const struct fanotify_event *event)
{
	if (event->mask & FAN_Q_OVERFLOW)
		return FAN_EVENT_METADATA_LEN;
	return FAN_EVENT_METADATA_LEN + FANOTIFY_MNT_INFO_LEN;
}

/*
 * Take the first event off the queue if @count holds it: NULL when the
 * queue is empty, -EINVAL when it does not fit (it stays).  Caller holds
 * notification_waitq.lock.
 */
static struct fanotify_event *get_one_event(struct fsnotify_group *group,
					    size_t count)
{
	struct fanotify_event *event;

	if (list_empty(&group->notification_list))
		return NULL;
	event = list_first_entry(&group->notification_list,
				 struct fanotify_event, list);
	if (fanotify_event_len(event) > count)
		return ERR_PTR(-EINVAL);
	list_del_init(&event->list);
	group->q_len--;
	return event;
}

/*
 * The records as 6.18 writes them.  struct fanotify_event_info_mnt has a
 * hole of 4 bytes between its header and mnt_id (which is 8-aligned), and
 * a designated initializer leaves a hole's bytes unspecified: both structs
 * are zeroed whole first, as the kernel's "= { }" does, so that no byte of
 * the model's stack reaches the reader (header pad, metadata reserved and
 * the hole are 0; tests/unit/test_fanotify_mnt.c, records_zero_padding).
 */
static long copy_event_to_user(const struct fanotify_event *event,
			       char __user *buf)
{
	struct fanotify_event_metadata metadata;
	struct fanotify_event_info_mnt info;

	memset(&metadata, 0, sizeof(metadata));
	metadata.event_len = (__u32)fanotify_event_len(event);
	metadata.vers = FANOTIFY_METADATA_VERSION;
	metadata.metadata_len = FAN_EVENT_METADATA_LEN;
	metadata.mask = event->mask;
	metadata.fd = FAN_NOFD;
	metadata.pid = event->pid;
	memset(&info, 0, sizeof(info));
	info.hdr.info_type = FAN_EVENT_INFO_TYPE_MNT;
	info.hdr.len = (__u16)FANOTIFY_MNT_INFO_LEN;
	info.mnt_id = event->mnt_id;

	if (copy_to_user(buf, &metadata, FAN_EVENT_METADATA_LEN))
		return -EFAULT;
	if (metadata.event_len == FAN_EVENT_METADATA_LEN)
		return FAN_EVENT_METADATA_LEN;
	if (copy_to_user(buf + FAN_EVENT_METADATA_LEN, &info, sizeof(info)))
		return -EFAULT;
	return metadata.event_len;
}

/* O_NONBLOCK, or an instance where no other thread can post (nosleep). */
static bool fanotify_nonblock(const struct file *file)
{
	return (file->f_flags & O_NONBLOCK) || current_kernel()->nosleep;
}

/*
 * fanotify_read(): whole events, as many as @count holds.  6.18's rules,
 * quirks included: a first event larger than @count is -EINVAL; a copy
 * that faults is -EFAULT even after events were copied (those, and the
 * one that faulted, are gone).
 */
static long fanotify_read(struct file *file, void __user *ubuf, size_t count)
{
	struct fsnotify_group *group = file->private_data;
	wait_queue_head_t *wq = &group->notification_waitq;
	char __user *buf = ubuf, *start = ubuf;
	struct fanotify_event *event;
	long ret;

	for (;;) {
		spin_lock(&wq->lock);
		event = get_one_event(group, count);
		spin_unlock(&wq->lock);
		if (IS_ERR(event)) {
			ret = PTR_ERR(event);
			break;
		}
		if (!event) {
			ret = -EAGAIN;
			if (fanotify_nonblock(file))
				break;
			ret = -ERESTARTSYS;
			if (signal_pending(current))
				break;
			if (start != buf)
				break;
			ret = wait_event_interruptible(*wq,
					!list_empty(&group->notification_list));
			if (ret)
				break;
			continue;
		}
		ret = copy_event_to_user(event, buf);
		fsnotify_destroy_event(group, event);
		if (ret < 0)
			break;
		buf += ret;
		count -= (size_t)ret;
	}
	if (start != buf && ret != -EFAULT)
		ret = buf - start;
	return ret;
}

/* A group takes no responses: it has no permission events. */
static long fanotify_write(struct file *file, const void __user *buf, size_t count)
{
	(void)file;
	(void)buf;
	(void)count;
	return -EINVAL;
}

/* FIONREAD: 6.18 counts FAN_EVENT_METADATA_LEN per queued event, not the
 * events' lengths (a mount event is 40 bytes; FIONREAD says 24). */
static long fanotify_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct fsnotify_group *group = file->private_data;
	int __user *p = (int __user *)arg;
	int send_len = 0;

	if (cmd != FIONREAD)
		return -ENOTTY;
	spin_lock(&group->notification_waitq.lock);
	send_len = (int)(group->q_len * FAN_EVENT_METADATA_LEN);
	spin_unlock(&group->notification_waitq.lock);
	return put_user(send_len, p);
}

static void fanotify_free_group(struct fsnotify_group *group)
{
	destroy_waitqueue_head(&group->notification_waitq);
	kfree(group->overflow_event);
	kfree(group);
}

/* The last close: the marks go first, so no poster reaches the queue. */
static int fanotify_release(struct file *file)
{
	struct fsnotify_group *group = file->private_data;
	struct fanotify_event *event, *n;

	fsnotify_clear_marks_by_group(group);
	list_for_each_entry_safe(event, n, &group->notification_list, list) {
		list_del_init(&event->list);
		fsnotify_destroy_event(group, event);
	}
	file->private_data = NULL;
	fanotify_free_group(group);
	return 0;
}

static const struct file_operations fanotify_fops = {
	.read = fanotify_read,
	.write = fanotify_write,
	.unlocked_ioctl = fanotify_ioctl,
	.release = fanotify_release,
};

/* ---- the calls ---------------------------------------------------------- */

long ksys_fanotify_init(unsigned int flags, unsigned int event_f_flags)
{
	unsigned int class = flags & FANOTIFY_CLASS_BITS;
	unsigned int fid_mode = flags & FANOTIFY_FID_BITS;
	unsigned int internal_flags = 0, f_flags;
	struct fsnotify_group *group;
	struct file *file;
	long fd;

	if (!capable(CAP_SYS_ADMIN)) {
		/* Unprivileged: notification events with file handles or
		 * mount IDs, no unlimited queue or marks. */
		if ((flags & FANOTIFY_ADMIN_INIT_FLAGS) ||
		    !(flags & (FANOTIFY_FID_BITS | FAN_REPORT_MNT)))
			return -EPERM;
		internal_flags |= FANOTIFY_UNPRIV;
	}
	if (flags & ~FANOTIFY_INIT_FLAGS)
		return -EINVAL;
	/* A pidfd is of a thread-group leader. */
	if ((flags & FAN_REPORT_PIDFD) && (flags & FAN_REPORT_TID))
		return -EINVAL;
	if (event_f_flags & ~FANOTIFY_INIT_ALL_EVENT_F_BITS)
		return -EINVAL;
	if ((event_f_flags & O_ACCMODE) == O_ACCMODE)
		return -EINVAL;
	if (class == FANOTIFY_CLASS_BITS)
		return -EINVAL;
	if (fid_mode && class != FAN_CLASS_NOTIF)
		return -EINVAL;
	/* A child's name comes with its parent's fid. */
	if ((fid_mode & FAN_REPORT_NAME) && !(fid_mode & FAN_REPORT_DIR_FID))
		return -EINVAL;
	if ((fid_mode & FAN_REPORT_TARGET_FID) &&
	    (!(fid_mode & FAN_REPORT_NAME) || !(fid_mode & FAN_REPORT_FID)))
		return -EINVAL;
	/* Mount events go with no other kind of event or report. */
	if (flags & FAN_REPORT_MNT) {
		if (class != FAN_CLASS_NOTIF)
			return -EINVAL;
		if (flags & (FANOTIFY_FID_BITS | FAN_REPORT_FD_ERROR))
			return -EINVAL;
	}
	/* The model has no pidfds to report (docs/fanotify.md). */
	if (flags & FAN_REPORT_PIDFD)
		return -EINVAL;

	f_flags = O_RDWR;
	if (flags & FAN_CLOEXEC)
		f_flags |= O_CLOEXEC;
	if (flags & FAN_NONBLOCK)
		f_flags |= O_NONBLOCK;

	group = kzalloc(sizeof(*group), GFP_KERNEL);
	if (!group)
		return -ENOMEM;
	group->kernel = current_kernel();
	group->flags = flags | internal_flags;
	group->f_flags = event_f_flags;
	init_waitqueue_head(&group->notification_waitq);
	INIT_LIST_HEAD(&group->notification_list);
	INIT_LIST_HEAD(&group->marks_list);
	group->overflow_event = kzalloc(sizeof(*group->overflow_event), GFP_KERNEL);
	if (!group->overflow_event) {
		fd = -ENOMEM;
		goto out_destroy_group;
	}
	INIT_LIST_HEAD(&group->overflow_event->list);
	group->overflow_event->mask = FAN_Q_OVERFLOW;
	group->max_events = flags & FAN_UNLIMITED_QUEUE ?
		UINT_MAX : FANOTIFY_DEFAULT_MAX_EVENTS;
	if (flags & FAN_ENABLE_AUDIT) {
		fd = -EPERM;
		if (!capable(CAP_AUDIT_WRITE))
			goto out_destroy_group;
	}

	file = anon_inode_getfile("[fanotify]", &fanotify_fops, group, O_RDWR);
	if (IS_ERR(file)) {
		fd = PTR_ERR(file);
		goto out_destroy_group;
	}
	file->f_flags = f_flags;
	fd = fd_install_new(file, f_flags & O_CLOEXEC);
	if (fd < 0)
		fput(file);
	return fd;

out_destroy_group:
	fanotify_free_group(group);
	return fd;
}

/* The path a mark names: @dfd itself when @pathname is NULL. */
static int fanotify_find_path(int dfd, const char __user *pathname,
			      struct path *path, unsigned int flags)
{
	int ret;

	if (!pathname) {
		struct file *f = fget_raw((unsigned int)dfd);

		if (!f)
			return -EBADF;
		if ((flags & FAN_MARK_ONLYDIR) &&
		    !S_ISDIR(f->f_path.dentry->d_inode->i_mode)) {
			fput(f);
			return -ENOTDIR;
		}
		*path = f->f_path;
		path_get(path);
		fput(f);
	} else {
		unsigned int lookup_flags = 0;

		if (!(flags & FAN_MARK_DONT_FOLLOW))
			lookup_flags |= LOOKUP_FOLLOW;
		if (flags & FAN_MARK_ONLYDIR)
			lookup_flags |= LOOKUP_DIRECTORY;
		ret = user_path_at(dfd, pathname, lookup_flags, path);
		if (ret)
			return ret;
	}
	/* Only what one may read can be watched. */
	ret = inode_permission(path->dentry->d_inode, MAY_READ);
	if (ret)
		path_put(path);
	return ret;
}

long ksys_fanotify_mark(int fanotify_fd, unsigned int flags, u64 mask,
			int dfd, const char __user *pathname)
{
	unsigned int mark_type = flags & FANOTIFY_MARK_TYPE_BITS;
	unsigned int mark_cmd = flags & FANOTIFY_MARK_CMD_BITS;
	unsigned int ignore = flags & FANOTIFY_MARK_IGNORE_BITS;
	u64 valid_mask = FANOTIFY_EVENTS | FANOTIFY_EVENT_FLAGS | FANOTIFY_PERM_EVENTS;
	struct fsnotify_group *group;
	struct mnt_namespace *mntns;
	struct path path;
	struct file *f;
	long ret;

	if (flags & ~FANOTIFY_MARK_FLAGS)
		return -EINVAL;
	switch (mark_type) {
	case FAN_MARK_INODE:
	case FAN_MARK_MOUNT:
	case FAN_MARK_FILESYSTEM:
	case FAN_MARK_MNTNS:
		break;
	default:
		return -EINVAL;
	}
	switch (mark_cmd) {
	case FAN_MARK_ADD:
	case FAN_MARK_REMOVE:
		if (!mask)
			return -EINVAL;
		break;
	case FAN_MARK_FLUSH:
		if (flags & ~(FANOTIFY_MARK_TYPE_BITS | FAN_MARK_FLUSH))
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	if (mask & ~valid_mask)
		return -EINVAL;
	/* Not both ways of saying "ignore". */
	if (ignore == FANOTIFY_MARK_IGNORE_BITS)
		return -EINVAL;
	/* The new way, on anything but an inode, must survive modification. */
	if (ignore == FAN_MARK_IGNORE && mark_type != FAN_MARK_INODE &&
	    !(flags & FAN_MARK_IGNORED_SURV_MODIFY))
		return -EINVAL;
	if (ignore == FAN_MARK_IGNORED_MASK)
		mask &= ~(u64)FANOTIFY_EVENT_FLAGS;

	f = fget((unsigned int)fanotify_fd);
	if (!f)
		return -EBADF;
	ret = -EINVAL;
	if (f->f_op != &fanotify_fops)
		goto out_fput;
	group = f->private_data;

	/* A mount-event group has mount-namespace marks and nothing else. */
	if (FAN_GROUP_FLAG(group, FAN_REPORT_MNT)) {
		if (mask & ~(u64)FANOTIFY_MOUNT_EVENTS || mark_type != FAN_MARK_MNTNS)
			goto out_fput;
	} else {
		if (mask & FANOTIFY_MOUNT_EVENTS || mark_type == FAN_MARK_MNTNS)
			goto out_fput;
	}
	ret = -EPERM;
	if ((!capable(CAP_SYS_ADMIN) || FAN_GROUP_FLAG(group, FANOTIFY_UNPRIV)) &&
	    mark_type != FAN_MARK_INODE)
		goto out_fput;
	ret = -EINVAL;
	if ((flags & FAN_MARK_EVICTABLE) && mark_type != FAN_MARK_INODE)
		goto out_fput;
	/* The model has mount events only: a plain group's marks (on inodes,
	 * mounts, filesystems) would never see one (docs/fanotify.md). */
	ret = -EOPNOTSUPP;
	if (mark_type != FAN_MARK_MNTNS)
		goto out_fput;

	if (mark_cmd == FAN_MARK_FLUSH) {
		fsnotify_clear_marks_by_group(group);
		ret = 0;
		goto out_fput;
	}

	ret = fanotify_find_path(dfd, pathname, &path, flags);
	if (ret)
		goto out_fput;
	mntns = mnt_ns_from_dentry(path.dentry);
	ret = -EINVAL;
	if (!mntns)
		goto out_path;
	/* CAP_SYS_ADMIN over the namespace's user namespace: the model has
	 * one user namespace, checked above. */
	if (mark_cmd == FAN_MARK_ADD)
		ret = fanotify_add_mark(group, mntns, (u32)mask, flags);
	else
		ret = fanotify_remove_mark(group, mntns, (u32)mask, flags);
out_path:
	path_put(&path);
out_fput:
	fput(f);
	return ret;
}

/* ---- the subsystem (vfs/pernet.h) --------------------------------------- */

static int fsnotify_net_init(struct vfsim *v)
{
	mutex_init(&fsnotify_net(v)->fsnotify_mark_lock);
	return 0;
}

/* The namespaces' end took their marks (fsnotify_mntns_delete()), the
 * groups' last close the rest. */
static void fsnotify_net_exit(struct vfsim *v)
{
	mutex_destroy(&fsnotify_net(v)->fsnotify_mark_lock);
}

const struct pernet_operations fsnotify_net_ops = {
	.name = "fsnotify",
	.id = PERNET_FSNOTIFY,
	.size = sizeof(struct fsnotify_net),
	.init = fsnotify_net_init,
	.exit = fsnotify_net_exit,
};

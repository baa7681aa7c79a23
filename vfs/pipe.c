// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Pipes (fs/pipe.c as of 5.8), enough for pipe2(), read(), write(),
 * FIONREAD and the watch queue ioctls.  Plain pipes carry bytes in pages,
 * merging small writes and honouring O_DIRECT packets; notification pipes
 * carry whole records that only post_one_notification() puts in.
 *
 * Locking as in 5.8: pipe->mutex serialises readers and writers; head and
 * tail change under rd_wait.lock, which is also the lock posters of
 * notifications take, so a reader never needs the mutex of a poster.
 */
#include <fcntl.h>
#include <sys/ioctl.h>

#include <poll.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/pipe.h>
#include <vfs/sched_wait.h>
#include <vfs/syscalls.h>
#include <vfs/watch_queue.h>

#define PIPEFS_MAGIC	0x50495045
#define MAX_RW_COUNT	(0x7ffff000L)	/* INT_MAX & PAGE_MASK */

/* ---- pipefs ------------------------------------------------------------- */

static const struct super_operations pipefs_ops = {
	.statfs = simple_statfs,
};

static int pipefs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	(void)fc;
	sb->s_magic = PIPEFS_MAGIC;
	sb->s_op = &pipefs_ops;
	sb->s_flags |= SB_NOUSER;
	return simple_fill_root(sb, 0700);
}

static int pipefs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, pipefs_fill_super);
}

/* Not registered: as in Linux, nobody can mount pipefs, only the kernel. */
static struct file_system_type pipefs_fs_type = {
	.name = "pipefs",
	.get_tree = pipefs_get_tree,
	.kill_sb = kill_anon_super,
};

/*
 * Linux mounts pipefs at boot; the model does it on the first pipe2(), so
 * that instances which never make a pipe keep the mount IDs they always
 * had.  Like any kern_mount() it takes the smallest free mount ID then.
 */
static struct vfsmount *get_pipe_mnt(struct vfsim *v)
{
	struct vfsmount *mnt;

	mutex_lock(&v->pipe_mnt_lock);
	mnt = v->pipe_mnt;
	if (!mnt) {
		mnt = vfs_kern_mount(&pipefs_fs_type, SB_KERNMOUNT, "pipe:", NULL);
		if (!IS_ERR(mnt))
			v->pipe_mnt = mnt;
	}
	mutex_unlock(&v->pipe_mnt_lock);
	return mnt;
}

void pipefs_kern_unmount(struct vfsim *v)
{
	struct vfsmount *mnt = v->pipe_mnt;

	v->pipe_mnt = NULL;
	mntput(mnt);
}

/* ---- buffers ------------------------------------------------------------ */

static void anon_pipe_buf_release(struct pipe_inode_info *pipe, struct pipe_buffer *buf)
{
	(void)pipe;
	kfree(buf->page);
	buf->page = NULL;
}

static const struct pipe_buf_operations anon_pipe_buf_ops = {
	.release = anon_pipe_buf_release,
};

static struct pipe_inode_info *alloc_pipe_info(void)
{
	struct pipe_inode_info *pipe = kzalloc(sizeof(*pipe), GFP_KERNEL_ACCOUNT);

	if (!pipe)
		return NULL;
	pipe->bufs = kcalloc(PIPE_DEF_BUFFERS, sizeof(struct pipe_buffer), GFP_KERNEL_ACCOUNT);
	if (!pipe->bufs) {
		kfree(pipe);
		return NULL;
	}
	init_waitqueue_head(&pipe->rd_wait);
	init_waitqueue_head(&pipe->wr_wait);
	mutex_init(&pipe->mutex);
	pipe->ring_size = PIPE_DEF_BUFFERS;
	pipe->max_usage = PIPE_DEF_BUFFERS;
	pipe->readers = pipe->writers = 1;
	pipe->files = 2;
	return pipe;
}

/*
 * Unread buffers are released before the queue is let go: their release
 * frees notes in the queue's bitmap (5.8 did it the other way round, a use
 * after free that 5.17 fixed).
 */
static void free_pipe_info(struct pipe_inode_info *pipe)
{
	struct watch_queue *wqueue = pipe->watch_queue;
	unsigned int i;

	if (wqueue)
		watch_queue_clear(wqueue);
	for (i = 0; i < pipe->ring_size; i++) {
		struct pipe_buffer *buf = pipe->bufs + i;

		if (buf->ops)
			pipe_buf_release(pipe, buf);
	}
	if (wqueue)
		put_watch_queue(wqueue);
	kfree(pipe->bufs);
	mutex_destroy(&pipe->mutex);
	destroy_waitqueue_head(&pipe->rd_wait);
	destroy_waitqueue_head(&pipe->wr_wait);
	kfree(pipe);
}

int pipe_resize_ring(struct pipe_inode_info *pipe, unsigned int nr_slots)
{
	struct pipe_buffer *bufs;
	unsigned int head, tail, mask, n;

	bufs = kcalloc(nr_slots, sizeof(*bufs), GFP_KERNEL_ACCOUNT);
	if (unlikely(!bufs))
		return -ENOMEM;

	spin_lock_irq(&pipe->rd_wait.lock);
	mask = pipe->ring_size - 1;
	head = pipe->head;
	tail = pipe->tail;
	n = pipe_occupancy(head, tail);
	if (nr_slots < n) {
		spin_unlock_irq(&pipe->rd_wait.lock);
		kfree(bufs);
		return -EBUSY;
	}
	for (unsigned int i = 0; i < n; i++)
		bufs[i] = pipe->bufs[(tail + i) & mask];
	kfree(pipe->bufs);
	pipe->bufs = bufs;
	pipe->ring_size = nr_slots;
	if (pipe->max_usage > nr_slots)
		WRITE_ONCE(pipe->max_usage, nr_slots);
	smp_store_release(&pipe->tail, 0);
	smp_store_release(&pipe->head, n);
	spin_unlock_irq(&pipe->rd_wait.lock);
	wake_up_interruptible_all(&pipe->wr_wait);
	return 0;
}

/*
 * Whether a read or write that would sleep gives -EAGAIN instead: for an
 * O_NONBLOCK file, and for every pipe of an instance made with the nosleep
 * option, where a sleep that only another thread could end must not hang
 * a harness that has no other thread (vfsim_options.nosleep says why
 * -EAGAIN).
 */
static bool pipe_nonblock(const struct file *filp)
{
	return (filp->f_flags & O_NONBLOCK) || current_kernel()->nosleep;
}

/* ---- read --------------------------------------------------------------- */

/* What a sleeping reader waits for (tested under rd_wait.lock). */
static bool pipe_readable(const struct pipe_inode_info *pipe)
{
	return !pipe_empty(READ_ONCE(pipe->head), READ_ONCE(pipe->tail)) ||
	       !READ_ONCE(pipe->writers) || READ_ONCE(pipe->note_loss);
}

static const struct watch_notification loss_record = {
	.type = WATCH_TYPE_META,
	.subtype = WATCH_META_LOSS_NOTIFICATION,
	.info = watch_sizeof(struct watch_notification),
};

/*
 * The reader releases the buffers it emptied and moves the tail once per
 * batch rather than once per buffer (5.8 takes rd_wait.lock for every
 * buffer it empties, and its release frees a note in the queue's bitmap;
 * with a poster taking that lock and that bitmap word for every record, the
 * two threads spend their time handing cache lines over).  Until the tail
 * moves, posters see the emptied buffers as still queued, and their notes
 * as still taken: they may find the ring full sooner, never overwrite a
 * slot or a note the reader is in.
 *
 * A loss is marked on the buffer at head - 1, so an emptied buffer's
 * PIPE_BUF_FLAG_LOSS is final once a newer buffer exists and the reader has
 * seen it (the head it loaded with acquire orders it after the mark):
 * checked then, without the lock, the LOSS record still comes right after
 * that buffer's record.  The newest buffer's flag is checked under the
 * lock, as the tail is published.
 */
static void pipe_check_loss(struct pipe_inode_info *pipe, unsigned int slot)
{
	struct pipe_buffer *buf = &pipe->bufs[slot & (pipe->ring_size - 1)];

	if (READ_ONCE(buf->flags) & PIPE_BUF_FLAG_LOSS)
		WRITE_ONCE(pipe->note_loss, true);
}

static void pipe_publish_tail(struct pipe_inode_info *pipe, unsigned int tail,
			      bool check_newest)
{
	unsigned int mask = pipe->ring_size - 1;

	for (unsigned int t = pipe->tail; t != tail; t++)
		pipe_buf_release(pipe, &pipe->bufs[t & mask]);
	spin_lock_irq(&pipe->rd_wait.lock);
	if (check_newest)
		pipe_check_loss(pipe, tail - 1);
	smp_store_release(&pipe->tail, tail);
	spin_unlock_irq(&pipe->rd_wait.lock);
}

static long pipe_read(struct file *filp, void __user *to, size_t total_len)
{
	struct pipe_inode_info *pipe = filp->private_data;
	char __user *dst = to;
	bool was_full = false, unchecked = false;
	unsigned int tail;
	long ret = 0;

	if (unlikely(total_len == 0))
		return 0;
	if (total_len > MAX_RW_COUNT)
		total_len = MAX_RW_COUNT;

	mutex_lock(&pipe->mutex);
	tail = pipe->tail;	/* only a reader, under pipe->mutex, moves it */
	for (;;) {
		unsigned int head = smp_load_acquire(&pipe->head);
		unsigned int mask = pipe->ring_size - 1;

		/* The buffer emptied last: its flag is final if one follows. */
		if (unchecked && !pipe_empty(head, tail)) {
			pipe_check_loss(pipe, tail - 1);
			unchecked = false;
		}

		if (READ_ONCE(pipe->note_loss)) {
			if (total_len < sizeof(loss_record)) {
				if (ret == 0)
					ret = -ENOBUFS;
				break;
			}
			if (copy_to_user(dst, &loss_record, sizeof(loss_record))) {
				if (ret == 0)
					ret = -EFAULT;
				break;
			}
			dst += sizeof(loss_record);
			ret += sizeof(loss_record);
			total_len -= sizeof(loss_record);
			WRITE_ONCE(pipe->note_loss, false);
		}

		if (!pipe_empty(head, tail)) {
			struct pipe_buffer *buf = &pipe->bufs[tail & mask];
			unsigned int flags = READ_ONCE(buf->flags);
			size_t chars = buf->len;

			if (!was_full)
				was_full = pipe_full(head, tail, pipe->max_usage);
			if (chars > total_len) {
				if (flags & PIPE_BUF_FLAG_WHOLE) {
					if (ret == 0)
						ret = -ENOBUFS;
					break;
				}
				chars = total_len;
			}
			if (copy_to_user(dst, (char *)buf->page + buf->offset, chars)) {
				if (ret == 0)
					ret = -EFAULT;
				break;
			}
			dst += chars;
			ret += (long)chars;
			buf->offset += (unsigned int)chars;
			buf->len -= (unsigned int)chars;

			/* Was it a packet buffer? Clean up and exit */
			if (flags & PIPE_BUF_FLAG_PACKET) {
				total_len = chars;
				buf->len = 0;
			}

			if (!buf->len) {
				tail++;		/* released as the tail moves */
				unchecked = true;
			}
			total_len -= chars;
			if (!total_len)
				break;	/* common path: read succeeded */
			if (!pipe_empty(head, tail))	/* More to do? */
				continue;
		}

		/*
		 * Past the head this pass saw: the tail catches up.  A loss
		 * marked on the newest record is reported by the next read(),
		 * as in 5.8.
		 */
		if (tail != pipe->tail) {
			pipe_publish_tail(pipe, tail, unchecked);
			unchecked = false;
		}
		if (!READ_ONCE(pipe->writers))
			break;
		if (ret)
			break;
		if (pipe_nonblock(filp)) {
			ret = -EAGAIN;
			break;
		}
		mutex_unlock(&pipe->mutex);
		if (wait_event_interruptible(pipe->rd_wait, pipe_readable(pipe)) < 0)
			return -ERESTARTSYS;
		mutex_lock(&pipe->mutex);
	}
	if (tail != pipe->tail)
		pipe_publish_tail(pipe, tail, unchecked);
	mutex_unlock(&pipe->mutex);

	if (was_full && ret > 0)
		wake_up_interruptible_all(&pipe->wr_wait);
	return ret;
}

/* ---- write -------------------------------------------------------------- */

static bool pipe_writable(const struct pipe_inode_info *pipe)
{
	return !pipe_full(READ_ONCE(pipe->head), READ_ONCE(pipe->tail),
			  READ_ONCE(pipe->max_usage)) ||
	       !READ_ONCE(pipe->readers);
}

static bool is_packetized(const struct file *file)
{
	return (file->f_flags & O_DIRECT) != 0;
}

static long pipe_write(struct file *filp, const void __user *from, size_t total_len)
{
	struct pipe_inode_info *pipe = filp->private_data;
	const char __user *src = from;
	unsigned int head;
	size_t chars;
	long ret = 0;
	bool was_empty = false;

	if (unlikely(total_len == 0))
		return 0;
	if (total_len > MAX_RW_COUNT)
		total_len = MAX_RW_COUNT;

	mutex_lock(&pipe->mutex);
	if (!READ_ONCE(pipe->readers)) {
		ret = -EPIPE;	/* and SIGPIPE, which the model does not send */
		goto out;
	}
	if (pipe->watch_queue) {
		ret = -EXDEV;
		goto out;
	}

	/* Merge a short tail write into the last buffer if it has room. */
	head = pipe->head;
	was_empty = pipe_empty(head, pipe->tail);
	chars = total_len & (PIPE_PAGE_SIZE - 1);
	if (chars && !was_empty) {
		struct pipe_buffer *buf = &pipe->bufs[(head - 1) & (pipe->ring_size - 1)];
		unsigned int offset = buf->offset + buf->len;

		if ((buf->flags & PIPE_BUF_FLAG_CAN_MERGE) && offset + chars <= PIPE_PAGE_SIZE) {
			if (copy_from_user((char *)buf->page + offset, src, chars)) {
				ret = -EFAULT;
				goto out;
			}
			buf->len += (unsigned int)chars;
			src += chars;
			ret = (long)chars;
			total_len -= chars;
			if (!total_len)
				goto out;
		}
	}

	for (;;) {
		if (!READ_ONCE(pipe->readers)) {
			if (!ret)
				ret = -EPIPE;
			break;
		}

		head = pipe->head;
		if (!pipe_full(head, pipe->tail, pipe->max_usage)) {
			unsigned int mask = pipe->ring_size - 1;
			struct pipe_buffer *buf;
			void *page = kmalloc(PIPE_PAGE_SIZE, GFP_HIGHUSER);
			size_t n = min_t(size_t, total_len, PIPE_PAGE_SIZE);

			if (unlikely(!page)) {
				ret = ret ? : -ENOMEM;
				break;
			}
			if (copy_from_user(page, src, n)) {
				kfree(page);
				if (!ret)
					ret = -EFAULT;
				break;
			}
			spin_lock_irq(&pipe->rd_wait.lock);
			buf = &pipe->bufs[head & mask];
			buf->page = page;
			buf->ops = &anon_pipe_buf_ops;
			buf->offset = 0;
			buf->len = (unsigned int)n;
			WRITE_ONCE(buf->flags, is_packetized(filp) ? PIPE_BUF_FLAG_PACKET :
							      PIPE_BUF_FLAG_CAN_MERGE);
			smp_store_release(&pipe->head, head + 1);
			wake_up_all_locked(&pipe->rd_wait);
			spin_unlock_irq(&pipe->rd_wait.lock);

			src += n;
			ret += (long)n;
			total_len -= n;
			if (!total_len)
				break;
			continue;
		}

		/* Wait for buffer space to become available. */
		if (pipe_nonblock(filp)) {
			if (!ret)
				ret = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			if (!ret)
				ret = -ERESTARTSYS;
			break;
		}
		mutex_unlock(&pipe->mutex);
		if (wait_event_interruptible(pipe->wr_wait, pipe_writable(pipe)) < 0) {
			mutex_lock(&pipe->mutex);
			if (!ret)
				ret = -ERESTARTSYS;
			break;
		}
		mutex_lock(&pipe->mutex);
	}
out:
	mutex_unlock(&pipe->mutex);
	if (ret > 0)
		wake_up_interruptible_all(&pipe->rd_wait);
	return ret;
}

/* ---- ioctl and release -------------------------------------------------- */

static long pipe_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct pipe_inode_info *pipe = filp->private_data;
	unsigned int count, head, tail, mask;
	long ret;

	switch (cmd) {
	case FIONREAD:
		mutex_lock(&pipe->mutex);
		count = 0;
		head = smp_load_acquire(&pipe->head);
		tail = pipe->tail;
		mask = pipe->ring_size - 1;
		while (tail != head) {
			count += pipe->bufs[tail & mask].len;
			tail++;
		}
		mutex_unlock(&pipe->mutex);
		return put_user((int)count, (int __user *)arg);

	case IOC_WATCH_QUEUE_SET_SIZE:
		mutex_lock(&pipe->mutex);
		ret = watch_queue_set_size(pipe, (unsigned int)arg);	/* truncated, as 5.8 */
		mutex_unlock(&pipe->mutex);
		return ret;

	case IOC_WATCH_QUEUE_SET_FILTER:
		return watch_queue_set_filter(pipe, (void __user *)arg);

	default:
		return -ENOIOCTLCMD;
	}
}

static int pipe_release(struct file *file)
{
	struct pipe_inode_info *pipe = file->private_data;
	bool last;

	mutex_lock(&pipe->mutex);
	if (file->f_mode & FMODE_READ)
		WRITE_ONCE(pipe->readers, pipe->readers - 1);
	if (file->f_mode & FMODE_WRITE)
		WRITE_ONCE(pipe->writers, pipe->writers - 1);
	/* Was that the last reader or writer, but not the other side? */
	if (!pipe->readers != !pipe->writers) {
		wake_up_interruptible_all(&pipe->rd_wait);
		wake_up_interruptible_all(&pipe->wr_wait);
	}
	last = --pipe->files == 0;
	mutex_unlock(&pipe->mutex);
	if (last)
		free_pipe_info(pipe);
	return 0;
}

/*
 * pipe_poll(): readable with something queued, writable with room; a read
 * end whose writers are gone hangs up, a write end without readers errs.
 * (The model has pipes, not FIFOs: no w_counter to compare.)
 */
static __poll_t pipe_poll(struct file *filp, struct poll_table_struct *wait)
{
	struct pipe_inode_info *pipe = filp->private_data;
	unsigned int head = READ_ONCE(pipe->head), tail = READ_ONCE(pipe->tail);
	__poll_t mask = 0;

	if (filp->f_mode & FMODE_READ) {
		if (!pipe_empty(head, tail))
			mask |= POLLIN | POLLRDNORM;
		if (!READ_ONCE(pipe->writers))
			mask |= POLLHUP;
	}
	if (filp->f_mode & FMODE_WRITE) {
		if (!pipe_full(head, tail, READ_ONCE(pipe->max_usage)))
			mask |= POLLOUT | POLLWRNORM;
		if (!READ_ONCE(pipe->readers))
			mask |= POLLERR;
	}
	return mask;
}

static const struct file_operations pipefifo_fops = {
	.read = pipe_read,
	.write = pipe_write,
	.unlocked_ioctl = pipe_ioctl,
	.release = pipe_release,
	.poll = pipe_poll,
};

struct pipe_inode_info *get_pipe_info(struct file *file, bool for_splice)
{
	struct pipe_inode_info *pipe;

	if (file->f_op != &pipefifo_fops)
		return NULL;
	pipe = file->private_data;
	/* splice() does not take a notification pipe for a pipe. */
	if (for_splice && pipe->watch_queue)
		return NULL;
	return pipe;
}

/* ---- pipe2 -------------------------------------------------------------- */

static struct dentry *get_pipe_dentry(struct vfsmount *mnt)
{
	static const char name[] = "pipe:";
	struct super_block *sb = mnt->mnt_sb;
	struct qstr q = { .name = name, .len = sizeof(name) - 1 };
	struct inode *inode = new_inode(sb);
	struct dentry *d;

	if (!inode)
		return NULL;
	inode->i_mode = S_IFIFO | 0600;
	inode->i_uid = current_cred()->fsuid;
	inode->i_gid = current_cred()->fsgid;
	d = d_alloc_pseudo(sb, &q);
	if (!d) {
		iput_final(inode);
		return NULL;
	}
	d_instantiate(d, inode);
	return d;
}

static int create_pipe_files(struct file **res, int flags)
{
	struct vfsmount *mnt = get_pipe_mnt(current_kernel());
	struct pipe_inode_info *pipe;
	struct path path;
	struct file *f;
	int err = -ENOMEM;

	if (IS_ERR(mnt))
		return (int)PTR_ERR(mnt);
	path.mnt = mnt;
	path.dentry = get_pipe_dentry(mnt);
	if (!path.dentry)
		return -ENOMEM;
	pipe = alloc_pipe_info();
	if (!pipe)
		goto out_dput;
	path.dentry->d_inode->i_private = pipe;

	if (flags & O_NOTIFICATION_PIPE) {
		err = watch_queue_init(pipe);
		if (err)
			goto out_free_pipe;
	}

	f = alloc_file_path(&path, O_WRONLY | (flags & (O_NONBLOCK | O_DIRECT)), &pipefifo_fops);
	if (IS_ERR(f)) {
		err = (int)PTR_ERR(f);
		goto out_free_pipe;
	}
	f->private_data = pipe;
	res[1] = f;

	f = alloc_file_path(&path, O_RDONLY | (flags & O_NONBLOCK), &pipefifo_fops);
	if (IS_ERR(f)) {
		err = (int)PTR_ERR(f);
		/* The write end's release does not run: it never was opened. */
		res[1]->f_op = NULL;
		fput(res[1]);
		goto out_free_pipe;
	}
	f->private_data = pipe;
	res[0] = f;
	dput(path.dentry);
	return 0;

out_free_pipe:
	free_pipe_info(pipe);
out_dput:
	dput(path.dentry);
	return err;
}

long do_pipe2(int __user *fildes, int flags)
{
	struct file *files[2] = { NULL, NULL };
	int fd[2];
	int err;

	if (flags & ~(O_CLOEXEC | O_NONBLOCK | O_DIRECT | O_NOTIFICATION_PIPE))
		return -EINVAL;

	err = create_pipe_files(files, flags);
	if (err)
		return err;

	fd[0] = fd_install_new(files[0], (unsigned int)flags);
	if (fd[0] < 0) {
		err = fd[0];
		goto out_files;
	}
	fd[1] = fd_install_new(files[1], (unsigned int)flags);
	if (fd[1] < 0) {
		err = fd[1];
		close_fd((unsigned int)fd[0]);
		fput(files[1]);
		return err;
	}
	if (copy_to_user(fildes, fd, sizeof(fd))) {
		/* As the kernel: the fds were never handed out, so retract them. */
		close_fd((unsigned int)fd[0]);
		close_fd((unsigned int)fd[1]);
		return -EFAULT;
	}
	return 0;

out_files:
	fput(files[0]);
	fput(files[1]);
	return err;
}

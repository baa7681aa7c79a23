/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Pipes (include/linux/pipe_fs_i.h, fs/pipe.c as of 5.8): a ring of
 * pipe_buffers indexed by free-running head and tail counters.  A
 * notification pipe carries a watch_queue whose notes its buffers point
 * into; it cannot be written and never merges or splits records.
 */
#ifndef _VFSIM_VFS_PIPE_H
#define _VFSIM_VFS_PIPE_H

#include <linux/mutex.h>
#include <linux/wait_queue.h>
#include <vfs/task.h>

#define PIPE_DEF_BUFFERS	16
#define PIPE_PAGE_SIZE		4096

#define PIPE_BUF_FLAG_LRU	0x01	/* page is on the LRU */
#define PIPE_BUF_FLAG_ATOMIC	0x02	/* was atomically mapped */
#define PIPE_BUF_FLAG_GIFT	0x04	/* page is a gift */
#define PIPE_BUF_FLAG_PACKET	0x08	/* read() as a packet */
#define PIPE_BUF_FLAG_WHOLE	0x10	/* read() must return entire buffer or error */
#define PIPE_BUF_FLAG_LOSS	0x20	/* Message loss happened after this buffer */
/* Internal and not ABI: the v17 base told mergeable buffers by their ops,
 * 5.8 by a flag; the model keeps the flag values the v17 base had above and
 * puts this one out of their way. */
#define PIPE_BUF_FLAG_CAN_MERGE	0x80

struct pipe_inode_info;
struct pipe_buffer;

struct pipe_buf_operations {
	void (*release)(struct pipe_inode_info *pipe, struct pipe_buffer *buf);
};

struct pipe_buffer {
	void *page;			/* a PIPE_PAGE_SIZE page, or a watch queue page */
	unsigned int offset, len;
	const struct pipe_buf_operations *ops;
	unsigned int flags;
	unsigned long private;		/* watch queue: the note's index */
};

/*
 * Ordered (not as the kernel has it) so that a notification pipe's reader
 * and poster, on two CPUs, do not write to each other's cache lines: the
 * reader's mutex and tail first, the poster's rd_wait lock and head after
 * wr_wait, which a notification pipe never uses and which is more than a
 * cache line long; then, a cache line on, what both only read.
 */
struct pipe_inode_info {
	struct mutex mutex;		/* serialises readers and writers */
	unsigned int tail;
	bool note_loss;			/* read() owes a LOSS record */
	wait_queue_head_t wr_wait;
	wait_queue_head_t rd_wait;	/* its lock also guards head/tail for posters */
	unsigned int head;
	char __pad_head[64];
	unsigned int max_usage;
	unsigned int ring_size;		/* a power of two */
	unsigned int readers;
	unsigned int writers;
	unsigned int files;		/* struct files open on it (read and write end) */
	struct pipe_buffer *bufs;
	struct watch_queue *watch_queue;
};

static inline bool pipe_empty(unsigned int head, unsigned int tail)
{
	return head == tail;
}

static inline unsigned int pipe_occupancy(unsigned int head, unsigned int tail)
{
	return head - tail;
}

static inline bool pipe_full(unsigned int head, unsigned int tail, unsigned int limit)
{
	return pipe_occupancy(head, tail) >= limit;
}

static inline void pipe_buf_release(struct pipe_inode_info *pipe, struct pipe_buffer *buf)
{
	const struct pipe_buf_operations *ops = buf->ops;

	buf->ops = NULL;
	ops->release(pipe, buf);
}

/* The pipe behind @file, or NULL if it is not a pipe. */
struct pipe_inode_info *get_pipe_info(struct file *file, bool for_splice);
int pipe_resize_ring(struct pipe_inode_info *pipe, unsigned int nr_slots);
long do_pipe2(int __user *fildes, int flags);
void pipefs_kern_unmount(struct vfsim *v);

#endif

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * seq_read() and seq_lseek() (fs/seq_file.c, 5.8): the text of a file such
 * as /proc/self/mountinfo is rendered when it is read, a record at a time,
 * into a buffer that keeps what a short read left over.  A read resumes
 * where the iterator stopped (m->index, and whatever the ->start of the
 * file makes of it), so reading in small pieces gives the same bytes as
 * one read while nothing changes, and what changed in between shows as
 * the iterator finds it.  A seek to another offset than the last read
 * ended at re-renders from the start up to there (traverse()).
 *
 * Locks: m->lock is held across a read or seek, and ->start/->stop take
 * what the records need (namespace_sem for the mount files) inside it.
 */
#include <fcntl.h>
#include <string.h>

#include <linux/err.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/seq_file.h>

/* What the first read allocates (PAGE_SIZE); it doubles until a record fits. */
#define SEQ_BUF_SIZE 4096

static char *seq_buf_alloc(size_t size)
{
	return kvmalloc(size, GFP_KERNEL);
}

void *__seq_open_private(struct file *file, const struct seq_operations *op, int psize)
{
	struct seq_file *m;
	void *private;

	private = kzalloc((size_t)psize, GFP_KERNEL);
	if (!private)
		return NULL;
	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m) {
		kfree(private);
		return NULL;
	}
	mutex_init(&m->lock);
	m->op = op;
	m->private = private;
	file->private_data = m;
	return private;
}

int seq_release_private(struct file *file)
{
	struct seq_file *m = file->private_data;

	kvfree(m->buf);
	kfree(m->private);
	mutex_destroy(&m->lock);
	kfree(m);
	return 0;
}

/*
 * traverse(): render from the first record up to @offset, leaving in the
 * buffer the text that lies past it.  -EAGAIN: a record did not fit, the
 * buffer was doubled, try again.
 */
static int traverse(struct seq_file *m, loff_t offset)
{
	loff_t pos = 0;
	int error = 0;
	void *p;

	m->index = 0;
	m->count = m->from = 0;
	if (!offset)
		return 0;
	if (!m->buf) {
		m->buf = seq_buf_alloc(m->size = SEQ_BUF_SIZE);
		if (!m->buf)
			return -ENOMEM;
	}
	p = m->op->start(m, &m->index);
	while (p) {
		error = m->op->show(m, p);
		if (error < 0)
			break;
		if (error) {
			error = 0;
			m->count = 0;
		}
		if (seq_has_overflowed(m))
			goto overflow;
		p = m->op->next(m, p, &m->index);
		if (pos + (loff_t)m->count > offset) {
			m->from = (size_t)(offset - pos);
			m->count -= m->from;
			break;
		}
		pos += (loff_t)m->count;
		m->count = 0;
		if (pos == offset)
			break;
	}
	m->op->stop(m, p);
	return error;

overflow:
	m->op->stop(m, p);
	kvfree(m->buf);
	m->count = 0;
	m->buf = seq_buf_alloc(m->size <<= 1);
	return !m->buf ? -ENOMEM : -EAGAIN;
}

/* A read that asked for nothing, or failed, leaves the offsets alone. */
static long seq_read_done(struct seq_file *m, loff_t *ppos, size_t copied, long err)
{
	if (copied) {
		*ppos += (loff_t)copied;
		m->read_pos += (loff_t)copied;
	}
	mutex_unlock(&m->lock);
	return copied ? (long)copied : err;
}

long seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	size_t copied = 0, n;
	long err = 0;
	void *p;

	mutex_lock(&m->lock);
	/*
	 * 5.8 re-renders up to *ppos first when it is not where the last read
	 * ended (a pread()).  Here f_pos moves only through seq_read() and
	 * seq_lseek(), which keep read_pos with it: the model's seq_files
	 * have no pread (ESPIPE, docs/filesystems.md).
	 */
	if (!m->buf) {
		m->buf = seq_buf_alloc(m->size = SEQ_BUF_SIZE);
		if (!m->buf)
			return seq_read_done(m, ppos, 0, -ENOMEM);
	}
	/* What the last read left over goes first. */
	if (m->count) {
		n = m->count < size ? m->count : size;
		if (copy_to_user(buf, m->buf + m->from, n))
			return seq_read_done(m, ppos, 0, -EFAULT);
		m->count -= n;
		m->from += n;
		size -= n;
		buf += n;
		copied += n;
		if (!size)
			return seq_read_done(m, ppos, copied, 0);
	}
	/* At least one record in the buffer, doubling it until one fits. */
	m->from = 0;
	p = m->op->start(m, &m->index);
	for (;;) {
		if (!p)
			break;
		err = m->op->show(m, p);
		if (err < 0)
			break;
		if (err)
			m->count = 0;
		if (!m->count) {
			p = m->op->next(m, p, &m->index);
			continue;
		}
		if (m->count < m->size)
			goto fill;
		m->op->stop(m, p);
		kvfree(m->buf);
		m->count = 0;
		m->buf = seq_buf_alloc(m->size <<= 1);
		if (!m->buf)
			return seq_read_done(m, ppos, copied, -ENOMEM);
		p = m->op->start(m, &m->index);
	}
	m->op->stop(m, p);
	m->count = 0;
	return seq_read_done(m, ppos, copied, err);

fill:
	/* More records while they fit and the reader wants more. */
	for (;;) {
		size_t offs = m->count;

		p = m->op->next(m, p, &m->index);
		if (!p || m->count >= size)
			break;
		err = m->op->show(m, p);
		if (seq_has_overflowed(m) || err) {
			m->count = offs;
			if (err <= 0)
				break;
		}
	}
	m->op->stop(m, p);
	n = m->count < size ? m->count : size;
	if (copy_to_user(buf, m->buf, n))
		return seq_read_done(m, ppos, copied, -EFAULT);
	copied += n;
	m->count -= n;
	m->from = n;
	return seq_read_done(m, ppos, copied, 0);
}

loff_t seq_lseek(struct file *file, loff_t offset, int whence)
{
	struct seq_file *m = file->private_data;
	loff_t ret = -EINVAL;

	mutex_lock(&m->lock);
	switch (whence) {
	case SEEK_CUR:
		offset += file->f_pos;
		/* fall through */
	case SEEK_SET:
		if (offset < 0)
			break;
		ret = offset;
		if (offset != m->read_pos) {
			while ((ret = traverse(m, offset)) == -EAGAIN)
				;
			if (ret) {
				/* with extreme prejudice, as 5.8 says */
				file->f_pos = 0;
				m->read_pos = 0;
				m->index = 0;
				m->count = 0;
			} else {
				m->read_pos = offset;
				ret = file->f_pos = offset;
			}
		} else {
			file->f_pos = offset;
		}
	}
	mutex_unlock(&m->lock);
	return ret;
}

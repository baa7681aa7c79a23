// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * File data of the in-memory filesystems: the page cache as tmpfs and
 * ramfs use it (mm/filemap.c, mm/truncate.c, fs/libfs.c, fs/read_write.c's
 * generic_file_llseek()).  A file's data is its pages and nothing else:
 * there is no backing store, so no writeback, no readahead and no dirty
 * state (docs/filesystems.md).  A page is allocated when a write (or
 * tmpfs's fallocate) first touches it and charged to the filesystem
 * through a_ops->acct_blocks (tmpfs's size= limit); a page never written
 * is a hole, read as zeros.  i_blocks counts the pages, 8 sectors each, as
 * shmem_recalc_inode() does.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/kernel.h>

static const char zero_page[PAGE_SIZE];

struct address_space *mapping_alloc(const struct address_space_operations *a_ops)
{
	struct address_space *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return NULL;
	mutex_init(&m->i_rwsem);
	m->a_ops = a_ops;
	return m;
}

/* The first slot whose index is >= @index (nrpages if none). */
static unsigned long slot_search(const struct address_space *m, pgoff_t index)
{
	unsigned long lo = 0, hi = m->nrpages;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (m->slots[mid].index < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static char *find_page(const struct address_space *m, pgoff_t index)
{
	unsigned long i = slot_search(m, index);

	return i < m->nrpages && m->slots[i].index == index ? m->slots[i].data : NULL;
}

pgoff_t mapping_seek_hole_data(const struct inode *inode, pgoff_t start,
			       pgoff_t end, int whence)
{
	const struct address_space *m = inode->i_mapping;
	unsigned long i = slot_search(m, start);
	pgoff_t index;

	for (index = start; index < end; index++) {
		bool data = i < m->nrpages && m->slots[i].index == index &&
			    m->slots[i].uptodate;

		if (data == (whence == SEEK_DATA))
			return index;
		if (i < m->nrpages && m->slots[i].index == index)
			i++;
		else if (whence == SEEK_DATA)
			index = (i < m->nrpages ? m->slots[i].index : end) - 1;
	}
	return end;
}

struct page_slot *find_or_create_page(struct inode *inode, pgoff_t index, int *err)
{
	struct address_space *m = inode->i_mapping;
	unsigned long i = slot_search(m, index);
	char *page;

	if (i < m->nrpages && m->slots[i].index == index)
		return &m->slots[i];
	if (m->nrpages == m->nr_slots) {
		unsigned long n = m->nr_slots ? 2 * m->nr_slots : 4;
		struct page_slot *slots = kcalloc(n, sizeof(*slots), GFP_KERNEL);

		if (!slots) {
			*err = -ENOMEM;
			return NULL;
		}
		if (m->nrpages)
			memcpy(slots, m->slots, m->nrpages * sizeof(*slots));
		kfree(m->slots);
		m->slots = slots;
		m->nr_slots = n;
	}
	page = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!page) {
		*err = -ENOMEM;
		return NULL;
	}
	if (m->a_ops && m->a_ops->acct_blocks) {
		*err = m->a_ops->acct_blocks(inode, 1);
		if (*err) {
			kfree(page);
			return NULL;
		}
	}
	memmove(&m->slots[i + 1], &m->slots[i], (m->nrpages - i) * sizeof(*m->slots));
	m->slots[i].index = index;
	m->slots[i].data = page;
	m->slots[i].uptodate = false;
	m->nrpages++;
	inode->i_blocks += BLOCKS_PER_PAGE;
	return &m->slots[i];
}

/* Drop the slots [first, last) and give their pages back. */
static void delete_slots(struct inode *inode, unsigned long first, unsigned long last)
{
	struct address_space *m = inode->i_mapping;
	unsigned long i;

	if (first >= last)
		return;
	for (i = first; i < last; i++)
		kfree(m->slots[i].data);
	memmove(&m->slots[first], &m->slots[last], (m->nrpages - last) * sizeof(*m->slots));
	m->nrpages -= last - first;
	inode->i_blocks -= (u64)(last - first) * BLOCKS_PER_PAGE;
	if (m->a_ops && m->a_ops->unacct_blocks)
		m->a_ops->unacct_blocks(inode, (long)(last - first));
}

static void zero_page_range(struct address_space *m, pgoff_t index,
			    size_t from, size_t to)
{
	char *page = find_page(m, index);

	if (page && from < to)
		memset(page + from, 0, to - from);
}

void truncate_inode_pages_range(struct inode *inode, loff_t lstart, loff_t lend)
{
	struct address_space *m = inode->i_mapping;
	bool to_eof = lend == LLONG_MAX;
	pgoff_t first = (pgoff_t)(lstart >> PAGE_SHIFT);
	pgoff_t last = to_eof ? 0 : (pgoff_t)(lend >> PAGE_SHIFT);
	size_t pstart = (size_t)(lstart & (loff_t)(PAGE_SIZE - 1));
	/* bytes of the last page inside the range; 0: all of it */
	size_t pend = to_eof ? 0 : (size_t)((lend + 1) & (loff_t)(PAGE_SIZE - 1));
	pgoff_t start = first + (pstart != 0), end;

	if (!to_eof && first == last && (pstart || pend)) {
		zero_page_range(m, first, pstart, pend ? pend : PAGE_SIZE);
		return;
	}
	if (pstart)
		zero_page_range(m, first, pstart, PAGE_SIZE);
	if (pend)
		zero_page_range(m, last, 0, pend);
	end = to_eof ? ULONG_MAX : pend ? last : last + 1;
	if (start < end)
		delete_slots(inode, slot_search(m, start),
			     to_eof ? m->nrpages : slot_search(m, end));
}

void truncate_inode_pages(struct inode *inode, loff_t lstart)
{
	truncate_inode_pages_range(inode, lstart, LLONG_MAX);
}

void truncate_inode_pages_final(struct inode *inode)
{
	struct address_space *m = inode->i_mapping;

	if (!m)
		return;
	delete_slots(inode, 0, m->nrpages);
	kfree(m->slots);
	mutex_destroy(&m->i_rwsem);
	kfree(m);
	inode->i_mapping = NULL;
}

/* generic_file_buffered_read(): up to i_size; holes read as zeros.
 * Caller holds i_rwsem. */
ssize_t generic_file_read_iter(struct kiocb *iocb, void __user *buf, size_t len)
{
	struct inode *inode = iocb->ki_filp->f_path.dentry->d_inode;
	struct address_space *m = inode->i_mapping;
	size_t done = 0;

	while (done < len && iocb->ki_pos < inode->i_size) {
		pgoff_t index = (pgoff_t)(iocb->ki_pos >> PAGE_SHIFT);
		size_t off = (size_t)(iocb->ki_pos & (loff_t)(PAGE_SIZE - 1));
		size_t n = PAGE_SIZE - off;
		const char *page = find_page(m, index);
		size_t left;

		if (n > len - done)
			n = len - done;
		if ((loff_t)n > inode->i_size - iocb->ki_pos)
			n = (size_t)(inode->i_size - iocb->ki_pos);
		left = copy_to_user((char __user *)buf + done,
				    page ? page + off : zero_page, n);
		done += n - left;
		iocb->ki_pos += (loff_t)(n - left);
		if (left)
			return done ? (ssize_t)done : -EFAULT;
	}
	return (ssize_t)done;
}

/*
 * generic_perform_write(): page by page, each allocated (and charged)
 * before its bytes are copied in; a page that cannot be had or a copy
 * that faults ends the write, which returns what it wrote before, or the
 * error if nothing.  Caller holds i_rwsem.
 */
ssize_t generic_file_write_iter(struct kiocb *iocb, const void __user *buf, size_t len)
{
	struct inode *inode = iocb->ki_filp->f_path.dentry->d_inode;
	loff_t maxbytes = inode->i_sb->s_maxbytes;
	size_t done = 0;
	int err = 0;

	if (iocb->ki_flags & IOCB_APPEND)
		iocb->ki_pos = inode->i_size;
	if (!len)
		return 0;
	/* generic_write_check_limits() */
	if (iocb->ki_pos >= maxbytes)
		return -EFBIG;
	if ((loff_t)len > maxbytes - iocb->ki_pos)
		len = (size_t)(maxbytes - iocb->ki_pos);
	while (done < len) {
		pgoff_t index = (pgoff_t)(iocb->ki_pos >> PAGE_SHIFT);
		size_t off = (size_t)(iocb->ki_pos & (loff_t)(PAGE_SIZE - 1));
		size_t n = PAGE_SIZE - off, left;
		struct page_slot *page;

		if (n > len - done)
			n = len - done;
		page = find_or_create_page(inode, index, &err);
		if (!page)
			break;
		page->uptodate = true;
		left = copy_from_user(page->data + off, (const char __user *)buf + done, n);
		done += n - left;
		iocb->ki_pos += (loff_t)(n - left);
		if (iocb->ki_pos > inode->i_size)
			inode->i_size = iocb->ki_pos;
		if (left) {
			err = -EFAULT;
			break;
		}
	}
	if (done) {
		/* file_update_time() */
		inode->i_mtime = inode->i_ctime = current_time_v(inode->i_sb->s_kernel);
		return (ssize_t)done;
	}
	return err;
}

loff_t vfs_setpos(struct file *file, loff_t offset, loff_t maxsize)
{
	if (offset < 0 || offset > maxsize)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}

/* generic_file_llseek(): the whole of a file is data, its end the one
 * hole.  Caller holds i_rwsem. */
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence)
{
	struct inode *inode = file->f_path.dentry->d_inode;
	loff_t size = inode->i_size;

	switch (whence) {
	case SEEK_SET:
		break;
	case SEEK_CUR:
		if (offset == 0)
			return file->f_pos;
		if (__builtin_add_overflow(offset, file->f_pos, &offset))
			return -EINVAL;
		break;
	case SEEK_END:
		if (__builtin_add_overflow(offset, size, &offset))
			return -EINVAL;
		break;
	case SEEK_DATA:
		if (offset < 0 || offset >= size)
			return -ENXIO;
		break;
	case SEEK_HOLE:
		if (offset < 0 || offset >= size)
			return -ENXIO;
		offset = size;
		break;
	default:
		return -EINVAL;
	}
	return vfs_setpos(file, offset, inode->i_sb->s_maxbytes);
}

int noop_fsync(struct file *file, loff_t start, loff_t end, int datasync)
{
	(void)file, (void)start, (void)end, (void)datasync;
	return 0;
}

int simple_setsize(struct inode *inode, loff_t newsize)
{
	loff_t oldsize = inode->i_size;

	if (newsize > inode->i_sb->s_maxbytes)
		return -EFBIG;	/* inode_newsize_ok() */
	inode->i_size = newsize;
	/* shmem_setattr(): not growing frees every page past the new size,
	 * fallocate(FALLOC_FL_KEEP_SIZE)'s beyond the old one too */
	if (newsize <= oldsize)
		truncate_inode_pages(inode, newsize);
	return 0;
}

const struct file_operations ramfs_file_operations = {
	.read_iter = generic_file_read_iter,
	.write_iter = generic_file_write_iter,
	.llseek = generic_file_llseek,
	.fsync = noop_fsync,
};

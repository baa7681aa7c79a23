// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * /proc/<pid>/mountinfo, mounts and mountstats (fs/proc_namespace.c, 5.8):
 * one record per mount of the opener's namespace that its root can reach,
 * in namespace list order.  Mount points are given relative to the
 * opener's root, as a chrooted reader sees them; a mount outside the root
 * is skipped (SEQ_SKIP).
 *
 * The files are seq_files rendered when read (vfs/seq_file.c).  Between
 * two reads the file keeps its place in ns->list with a cursor, a struct
 * mount flagged MNT_CURSOR that sits before the next mount to show (5.8's
 * "proc/mounts: add cursor", 9f6c61f96f2d): a mount attached meanwhile
 * (at the list's tail) shows when the reader gets there, one unmounted
 * behind the cursor shifts nothing, and once the reader has reached the end
 * it stays there (6.8's rbtree of mounts changed that: an era difference).
 * poll() of mountinfo and mounts reports POLLERR|POLLPRI once after each
 * change of the namespace (ns->event), as libmount's monitor waits for.
 */
#include <sys/sysmacros.h>

#include <linux/bug.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <poll.h>
#include <vfs/d_path.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfs/seq_file.h>
#include <vfs/syscalls.h>

struct proc_mounts {
	struct mnt_namespace *ns;	/* a reference, from open */
	struct path root;		/* the opener's root, from open */
	int (*show)(struct seq_file *m, struct vfsmount *mnt);
	struct mount cursor;		/* in ns->list between reads */
};

struct proc_fs_opts {
	int flag;
	const char *str;
};

static void show_sb_opts(struct seq_file *m, struct super_block *sb)
{
	static const struct proc_fs_opts fs_opts[] = {
		{ SB_SYNCHRONOUS, ",sync" },
		{ SB_DIRSYNC, ",dirsync" },
		{ SB_MANDLOCK, ",mand" },
		{ SB_LAZYTIME, ",lazytime" },
		{ 0, NULL }
	};
	const struct proc_fs_opts *fs_infop;

	for (fs_infop = fs_opts; fs_infop->flag; fs_infop++)
		if (sb->s_flags & (unsigned long)fs_infop->flag)
			seq_puts(m, fs_infop->str);
}

static void show_mnt_opts(struct seq_file *m, struct vfsmount *mnt)
{
	static const struct proc_fs_opts mnt_opts[] = {
		{ MNT_NOSUID, ",nosuid" },
		{ MNT_NODEV, ",nodev" },
		{ MNT_NOEXEC, ",noexec" },
		{ MNT_NOATIME, ",noatime" },
		{ MNT_NODIRATIME, ",nodiratime" },
		{ MNT_RELATIME, ",relatime" },
		{ MNT_NOSYMFOLLOW, ",nosymfollow" },
		{ 0, NULL }
	};
	const struct proc_fs_opts *fs_infop;

	for (fs_infop = mnt_opts; fs_infop->flag; fs_infop++)
		if (mnt->mnt_flags & fs_infop->flag)
			seq_puts(m, fs_infop->str);
}

/*
 * The filesystem's own options: its ->show_options (tmpfs's
 * shmem_show_options()), or else the mount data it was given
 * (sb->s_options), where a filesystem's ->show_options would print.
 */
void show_sb_fs_options(struct seq_file *m, struct super_block *sb)
{
	if (sb->s_op && sb->s_op->show_options) {
		sb->s_op->show_options(m, sb->s_root);
	} else if (sb->s_options && *sb->s_options) {
		seq_putc(m, ',');
		seq_escape(m, sb->s_options, " \t\n\\");
	}
}

/* mangle(): a field of the mounts files, its blanks and backslash escaped */
static void mangle(struct seq_file *m, const char *s)
{
	seq_escape(m, s, " \t\n\\");
}

/* show_type(): "type", or "type.subtype" (the model has no subtypes) */
static void show_type(struct seq_file *m, struct super_block *sb)
{
	mangle(m, sb->s_type->name);
}

static void seq_dentry(struct seq_file *m, struct dentry *dentry, const char *esc)
{
	char *buf;
	size_t size = seq_get_buf(m, &buf);
	int res = -1;

	if (size) {
		char *p = dentry_path_raw(dentry, buf, (int)size);

		if (!IS_ERR(p)) {
			char *end = mangle_path(buf, p, esc);

			if (end)
				res = (int)(end - buf);
		}
	}
	seq_commit(m, res);
}

/* 0, or SEQ_SKIP for a path its reader's root cannot reach. */
static int seq_path_root(struct seq_file *m, const struct path *path,
			 const struct path *root, const char *esc)
{
	char *buf;
	size_t size = seq_get_buf(m, &buf);
	int res = -1;

	if (size) {
		char *p = __d_path(path, root, buf, (int)size);

		if (!p)
			return SEQ_SKIP;
		if (!IS_ERR(p)) {
			char *end = mangle_path(buf, p, esc);

			if (end)
				res = (int)(end - buf);
		}
	}
	seq_commit(m, res);
	return 0;
}

static int show_mountinfo(struct seq_file *m, struct vfsmount *mnt)
{
	struct proc_mounts *p = m->private;
	struct mount *r = real_mount(mnt);
	struct super_block *sb = mnt->mnt_sb;
	struct path mnt_path = { .dentry = mnt->mnt_root, .mnt = mnt };
	int err;

	seq_printf(m, "%i %i %u:%u ", r->mnt_id, r->mnt_parent->mnt_id,
		   major(sb->s_dev), minor(sb->s_dev));
	seq_dentry(m, mnt->mnt_root, " \t\n\\");
	seq_putc(m, ' ');

	/* mountpoints outside of chroot jail will give SEQ_SKIP on this */
	err = seq_path_root(m, &mnt_path, &p->root, " \t\n\\");
	if (err)
		return err;

	seq_puts(m, mnt->mnt_flags & MNT_READONLY ? " ro" : " rw");
	show_mnt_opts(m, mnt);

	/* Tagged fields ("foo:X" or "bar") */
	if (IS_MNT_SHARED(r))
		seq_printf(m, " shared:%i", r->mnt_group_id);
	if (IS_MNT_SLAVE(r)) {
		int master = r->mnt_master->mnt_group_id;
		int dom = get_dominating_id(r, &p->root);

		seq_printf(m, " master:%i", master);
		if (dom && dom != master)
			seq_printf(m, " propagate_from:%i", dom);
	}
	if (IS_MNT_UNBINDABLE(r))
		seq_puts(m, " unbindable");

	/* Filesystem specific data */
	seq_puts(m, " - ");
	seq_escape(m, sb->s_type->name, " \t\n\\");
	seq_putc(m, ' ');
	seq_escape(m, r->mnt_devname ? r->mnt_devname : "none", " \t\n\\");
	seq_puts(m, sb_rdonly(sb) ? " ro" : " rw");
	show_sb_opts(m, sb);
	show_sb_fs_options(m, sb);
	seq_putc(m, '\n');
	return 0;
}

/* show_vfsmnt(): a line of /proc/PID/mounts, as fstab has them */
static int show_vfsmnt(struct seq_file *m, struct vfsmount *mnt)
{
	struct proc_mounts *p = m->private;
	struct mount *r = real_mount(mnt);
	struct path mnt_path = { .dentry = mnt->mnt_root, .mnt = mnt };
	struct super_block *sb = mnt->mnt_sb;
	int err;

	mangle(m, r->mnt_devname ? r->mnt_devname : "none");
	seq_putc(m, ' ');
	/* mountpoints outside of chroot jail will give SEQ_SKIP on this */
	err = seq_path_root(m, &mnt_path, &p->root, " \t\n\\");
	if (err)
		return err;
	seq_putc(m, ' ');
	show_type(m, sb);
	seq_puts(m, (mnt->mnt_flags & MNT_READONLY) || sb_rdonly(sb) ? " ro" : " rw");
	show_sb_opts(m, sb);
	show_mnt_opts(m, mnt);
	show_sb_fs_options(m, sb);
	seq_puts(m, " 0 0\n");
	return 0;
}

/* show_vfsstat(): a line of /proc/PID/mountstats (no ->show_stats here) */
static int show_vfsstat(struct seq_file *m, struct vfsmount *mnt)
{
	struct proc_mounts *p = m->private;
	struct mount *r = real_mount(mnt);
	struct path mnt_path = { .dentry = mnt->mnt_root, .mnt = mnt };
	int err;

	if (r->mnt_devname) {
		seq_puts(m, "device ");
		mangle(m, r->mnt_devname);
	} else {
		seq_puts(m, "no device");
	}
	seq_puts(m, " mounted on ");
	/* mountpoints outside of chroot jail will give SEQ_SKIP on this */
	err = seq_path_root(m, &mnt_path, &p->root, " \t\n\\");
	if (err)
		return err;
	seq_puts(m, " with fstype ");
	show_type(m, mnt->mnt_sb);
	seq_putc(m, '\n');
	return 0;
}

/* mnt_list_next(): the first mount after @p in ns->list, cursors skipped */
static struct mount *mnt_list_next(struct mnt_namespace *ns, struct list_head *p)
{
	struct mount *mnt, *ret = NULL;

	lock_ns_list(ns);
	for (p = p->next; p != &ns->list; p = p->next) {
		mnt = list_entry(p, struct mount, mnt_list);
		if (!mnt_is_cursor(mnt)) {
			ret = mnt;
			break;
		}
	}
	unlock_ns_list(ns);
	return ret;
}

/* m_start(): position 0 is the list's head; any other, the cursor's place */
static void *m_start(struct seq_file *m, loff_t *pos)
{
	struct proc_mounts *p = m->private;
	struct list_head *prev;

	down_read(&p->ns->kernel->namespace_sem);
	if (!*pos) {
		prev = &p->ns->list;
	} else {
		prev = &p->cursor.mnt_list;
		/* a read after the end was reached */
		if (list_empty(prev))
			return NULL;
	}
	return mnt_list_next(p->ns, prev);
}

static void *m_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct proc_mounts *p = m->private;
	struct mount *mnt = v;

	++*pos;
	return mnt_list_next(p->ns, &mnt->mnt_list);
}

/* m_stop(): the cursor goes before @v, the next mount to show, or away */
static void m_stop(struct seq_file *m, void *v)
{
	struct proc_mounts *p = m->private;
	struct mount *mnt = v;

	lock_ns_list(p->ns);
	if (mnt)
		list_move_tail(&p->cursor.mnt_list, &mnt->mnt_list);
	else
		list_del_init(&p->cursor.mnt_list);
	unlock_ns_list(p->ns);
	up_read(&p->ns->kernel->namespace_sem);
}

static int m_show(struct seq_file *m, void *v)
{
	struct proc_mounts *p = m->private;
	struct mount *r = v;

	return p->show(m, &r->mnt);
}

static const struct seq_operations mounts_op = {
	.start	= m_start,
	.next	= m_next,
	.stop	= m_stop,
	.show	= m_show,
};

/*
 * mounts_open_common(): the file renders the namespace and root its opener
 * has now (the model's /proc/self is the opener), whoever reads it later.
 */
static int mounts_open_common(struct file *file,
			      int (*show)(struct seq_file *, struct vfsmount *))
{
	struct mnt_namespace *ns = current->nsproxy_mnt_ns;	/* a live task's */
	struct proc_mounts *p;
	struct seq_file *m;

	p = __seq_open_private(file, &mounts_op, sizeof(*p));
	if (!p)
		return -ENOMEM;
	m = file->private_data;
	atomic_inc(&ns->count);		/* get_mnt_ns() */
	m->poll_event = READ_ONCE(ns->event);
	p->ns = ns;
	get_fs_root(current->fs, &p->root);
	p->show = show;
	INIT_LIST_HEAD(&p->cursor.mnt_list);
	p->cursor.mnt.mnt_flags = MNT_CURSOR;
	return 0;
}

static int mountinfo_open(struct inode *inode, struct file *file)
{
	return mounts_open_common(file, show_mountinfo);
}

static int mounts_open(struct inode *inode, struct file *file)
{
	return mounts_open_common(file, show_vfsmnt);
}

static int mountstats_open(struct inode *inode, struct file *file)
{
	return mounts_open_common(file, show_vfsstat);
}

/* mnt_cursor_del(): out of the list, so the namespace can go */
static void mnt_cursor_del(struct mnt_namespace *ns, struct mount *cursor)
{
	down_read(&ns->kernel->namespace_sem);
	lock_ns_list(ns);
	list_del(&cursor->mnt_list);
	unlock_ns_list(ns);
	up_read(&ns->kernel->namespace_sem);
}

static int mounts_release(struct file *file)
{
	struct seq_file *m = file->private_data;
	struct proc_mounts *p = m->private;

	path_put(&p->root);
	mnt_cursor_del(p->ns, &p->cursor);
	put_mnt_ns(p->ns);
	return seq_release_private(file);
}

/* mounts_poll(): always readable; ERR|PRI once after each change */
static __poll_t mounts_poll(struct file *file, struct poll_table_struct *wait)
{
	struct seq_file *m = file->private_data;
	struct proc_mounts *p = m->private;
	__poll_t res = POLLIN | POLLRDNORM;
	u64 event = READ_ONCE(p->ns->event);

	if (m->poll_event != event) {
		m->poll_event = event;
		res |= POLLERR | POLLPRI;
	}
	return res;
}

static long mounts_read(struct file *file, void __user *buf, size_t len)
{
	return seq_read(file, buf, len, &file->f_pos);
}

const struct file_operations proc_mountinfo_operations = {
	.open		= mountinfo_open,
	.read		= mounts_read,
	.llseek		= seq_lseek,
	.release	= mounts_release,
	.poll		= mounts_poll,
};

const struct file_operations proc_mounts_operations = {
	.open		= mounts_open,
	.read		= mounts_read,
	.llseek		= seq_lseek,
	.release	= mounts_release,
	.poll		= mounts_poll,
};

/* no ->poll: mountstats is always ready, as 5.8's has none */
const struct file_operations proc_mountstats_operations = {
	.open		= mountstats_open,
	.read		= mounts_read,
	.llseek		= seq_lseek,
	.release	= mounts_release,
};

struct vfsmount *proc_mounts_root(struct file *f)
{
	struct seq_file *m = f->private_data;

	if (f->f_op != &proc_mountinfo_operations && f->f_op != &proc_mounts_operations &&
	    f->f_op != &proc_mountstats_operations)
		return NULL;
	return ((struct proc_mounts *)m->private)->root.mnt;
}

/* The namespace a /proc mounts file holds (its opener's), or NULL. */
struct mnt_namespace *proc_mounts_ns(struct file *f)
{
	struct seq_file *m = f->private_data;

	if (!proc_mounts_root(f))
		return NULL;
	return ((struct proc_mounts *)m->private)->ns;
}

/*
 * One pass over the namespace for vfsim_mountinfo(), the whole text at
 * once: a line that was skipped leaves nothing behind.  Caller holds
 * namespace_sem for reading.
 */
static void show_all(struct seq_file *m)
{
	struct proc_mounts *p = m->private;
	struct mount *r;

	lock_ns_list(p->ns);
	list_for_each_entry(r, &p->ns->list, mnt_list) {
		size_t start = m->count;

		if (mnt_is_cursor(r))
			continue;

		if (show_mountinfo(m, &r->mnt) == SEQ_SKIP && !seq_has_overflowed(m))
			m->count = start;
		if (seq_has_overflowed(m))
			break;
	}
	unlock_ns_list(p->ns);
}

/*
 * Render the current task's mountinfo into @ubuf (at most @size bytes, the
 * last of them a NUL when @size > 0); returns the length of the whole text.
 */
long do_mountinfo(char __user *ubuf, size_t size)
{
	struct vfsim *v = current_kernel();
	struct proc_mounts p = { .ns = current->nsproxy_mnt_ns };
	struct seq_file m = { .private = &p };
	size_t bufsize = 4096;
	long ret;

	get_fs_root(current->fs, &p.root);
	for (;;) {
		m.buf = kvmalloc(bufsize, GFP_KERNEL);
		ret = -ENOMEM;
		if (!m.buf)
			goto out;
		m.size = bufsize;
		m.count = 0;
		down_read(&v->namespace_sem);
		show_all(&m);
		up_read(&v->namespace_sem);
		if (!seq_has_overflowed(&m))
			break;
		kvfree(m.buf);
		bufsize <<= 1;
	}
	ret = (long)m.count;
	if (size) {
		size_t n = m.count < size - 1 ? m.count : size - 1;

		m.buf[n] = '\0';
		if (copy_to_user(ubuf, m.buf, n + 1))
			ret = -EFAULT;
	}
	kvfree(m.buf);
out:
	path_put(&p.root);
	return ret;
}

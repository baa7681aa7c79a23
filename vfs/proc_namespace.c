// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * /proc/<pid>/mountinfo (fs/proc_namespace.c, 5.8): one line per mount of
 * the reader's namespace that its root can reach, in namespace list order.
 * Mount points are given relative to the reader's root, as a chrooted
 * reader sees them; a mount outside the root is skipped (SEQ_SKIP).
 */
#include <sys/sysmacros.h>

#include <linux/bug.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/d_path.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfs/syscalls.h>

struct proc_mounts {
	struct mnt_namespace *ns;
	struct path root;
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

/*
 * One pass over the namespace, as seq_read() makes with m_start/m_next:
 * a line that was skipped leaves nothing behind.  Caller holds
 * namespace_sem for reading.
 */
static void show_all(struct seq_file *m)
{
	struct proc_mounts *p = m->private;
	struct mount *r;

	list_for_each_entry(r, &p->ns->list, mnt_list) {
		size_t start = m->count;

		if (show_mountinfo(m, &r->mnt) == SEQ_SKIP && !seq_has_overflowed(m))
			m->count = start;
		if (seq_has_overflowed(m))
			return;
	}
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

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * statmount(2) and listmount(2) as Linux 6.18 has them (fs/namespace.c:
 * copy_mnt_id_req(), grab_requested_mnt_ns(), do_statmount(),
 * statmount_string(), copy_statmount_to_user(), do_listmount()), on the
 * 5.8 model's mounts.  Mounts are named by their 64-bit unique ID
 * (mount.h, mnt_id_unique); results are what 6.18 gives for a mount of
 * the same shape.  What the model's data has no counterpart for is
 * answered as 6.18 answers for a filesystem without it:
 *   STATMOUNT_FS_SUBTYPE	no filesystem of the model has a subtype;
 *   STATMOUNT_OPT_SEC_ARRAY	no LSM of the model shows mount options;
 *   STATMOUNT_MNT_UIDMAP/GIDMAP no mount is idmapped (5.12's idmapped
 *				mounts are not in the model);
 * so their bit stays clear in the result mask, as on 6.18.
 *
 * Where the model differs from 6.18 in how, not what: 6.18 keeps each
 * namespace's mounts in an rbtree by unique ID (ns->mounts); the model
 * has its 5.8 list in attachment order, so listmount() selects the
 * page it returns with a bounded heap over that list (O(n log count),
 * no allocation beyond the result array).
 *
 * Locking: both calls hold namespace_sem for reading while they look at
 * the tree (6.18's scoped_guard(namespace_shared)); a mount found in the
 * caller's namespace cannot leave it meanwhile.  The namespace itself is
 * the caller's, which its task holds.
 */
#include <string.h>
#include <sys/sysmacros.h>

#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <uapi/linux/mount.h>
#include <vfs/d_path.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfs/nsfs.h>
#include <vfs/security.h>
#include <vfs/statmount.h>
#include <vfs/task.h>

#define STATMOUNT_STRING_REQ (STATMOUNT_MNT_ROOT | STATMOUNT_MNT_POINT | \
			      STATMOUNT_FS_TYPE | STATMOUNT_MNT_OPTS | \
			      STATMOUNT_FS_SUBTYPE | STATMOUNT_SB_SOURCE | \
			      STATMOUNT_OPT_ARRAY | STATMOUNT_OPT_SEC_ARRAY | \
			      STATMOUNT_MNT_UIDMAP | STATMOUNT_MNT_GIDMAP)

#define STATMOUNT_SUPPORTED (STATMOUNT_SB_BASIC | STATMOUNT_MNT_BASIC | \
			     STATMOUNT_PROPAGATE_FROM | STATMOUNT_MNT_ROOT | \
			     STATMOUNT_MNT_POINT | STATMOUNT_FS_TYPE | \
			     STATMOUNT_MNT_NS_ID | STATMOUNT_MNT_OPTS | \
			     STATMOUNT_FS_SUBTYPE | STATMOUNT_SB_SOURCE | \
			     STATMOUNT_OPT_ARRAY | STATMOUNT_OPT_SEC_ARRAY | \
			     STATMOUNT_SUPPORTED_MASK | STATMOUNT_MNT_UIDMAP | \
			     STATMOUNT_MNT_GIDMAP)

#define MNT_ID_REQ_MAX_SIZE	4096	/* PAGE_SIZE */
#define LISTMOUNT_MAX_COUNT	1000000
#define STATMOUNT_MAX_SEQ	0x7ffff000UL	/* MAX_RW_COUNT */

struct kstatmount {
	struct statmount __user *buf;
	size_t bufsize;
	struct vfsmount *mnt;
	u64 mask;
	struct path root;
	struct seq_file seq;
	struct statmount sm;
};

/* lib/usercopy.c: 1 if the @size bytes at @from are all zero, 0 if not. */
static int check_zeroed_user(const void __user *from, size_t size)
{
	unsigned char chunk[64];

	while (size) {
		size_t n = min_t(size_t, size, sizeof(chunk));
		size_t i;

		if (copy_from_user(chunk, from, n))
			return -EFAULT;
		for (i = 0; i < n; i++)
			if (chunk[i])
				return 0;
		from = (const char __user *)from + n;
		size -= n;
	}
	return 1;
}

/* include/linux/uaccess.h: an extensible struct, older or newer. */
static int copy_struct_from_user(void *dst, size_t ksize, const void __user *src,
				 size_t usize)
{
	size_t size = min(ksize, usize);

	if (usize < ksize) {
		memset((char *)dst + size, 0, ksize - size);
	} else if (usize > ksize) {
		int ret = check_zeroed_user((const char __user *)src + size, usize - size);

		if (ret <= 0)
			return ret ? ret : -E2BIG;
	}
	if (copy_from_user(dst, src, size))
		return -EFAULT;
	return 0;
}

static int copy_mnt_id_req(const struct mnt_id_req __user *req,
			   struct mnt_id_req *kreq)
{
	u32 usize;
	int ret;

	/* req->size, at offset 0: not &req->size, a member access UBSan
	 * refuses on a NULL user pointer. */
	if (copy_from_user(&usize, (const void __user *)req, sizeof(usize)))
		return -EFAULT;
	if (usize > MNT_ID_REQ_MAX_SIZE)
		return -E2BIG;
	if (usize < MNT_ID_REQ_SIZE_VER0)
		return -EINVAL;
	memset(kreq, 0, sizeof(*kreq));
	ret = copy_struct_from_user(kreq, sizeof(*kreq), req, usize);
	if (ret)
		return ret;
	/* The first valid unique mount ID is MNT_UNIQUE_ID_OFFSET + 1. */
	if (kreq->mnt_id <= MNT_UNIQUE_ID_OFFSET)
		return -EINVAL;
	return 0;
}

/*
 * The namespace a request names, with a reference: by ID (any numbered
 * namespace of the instance, 6.18's lookup_mnt_ns(); -ENOENT if none, or
 * if it is not the caller's and the caller lacks CAP_SYS_ADMIN, as
 * 6.18's statmount and listmount answer then), by a namespace fd (one of
 * vfsim_open_mntns(); 6.18 refuses any other file with -EINVAL), or the
 * caller's.  The caller puts it with put_mnt_ns().
 */
static struct mnt_namespace *grab_requested_mnt_ns(const struct mnt_id_req *kreq)
{
	struct mnt_namespace *ns = current->nsproxy_mnt_ns;
	struct file *f;

	if (kreq->mnt_ns_id && kreq->mnt_ns_fd)
		return ERR_PTR(-EINVAL);
	if (kreq->mnt_ns_id) {
		ns = lookup_mnt_ns(current_kernel(), kreq->mnt_ns_id);
		if (!ns)
			return ERR_PTR(-ENOENT);
		if (ns != current->nsproxy_mnt_ns && !ns_capable_sys_admin()) {
			put_mnt_ns(ns);
			return ERR_PTR(-ENOENT);
		}
		return ns;
	}
	if (kreq->mnt_ns_fd) {
		f = fget(kreq->mnt_ns_fd);
		if (!f)
			return ERR_PTR(-EBADF);
		ns = proc_ns_file(f) ? mnt_ns_from_dentry(f->f_path.dentry) : NULL;
		if (ns)
			atomic_inc(&ns->count);
		fput(f);
		return ns ? ns : ERR_PTR(-EINVAL);
	}
	atomic_inc(&ns->count);
	return ns;
}

/*
 * The root a request's paths are relative to and its reachability is
 * checked against (6.18's grab_requested_root()): the caller's root in
 * its own namespace; in another, that namespace's root.  (6.18 takes the
 * first mount on the namespace's root, the real root over rootfs; the
 * model's namespaces have no rootfs beneath: the root is theirs.)
 */
static void grab_requested_root(struct mnt_namespace *ns, struct path *root)
{
	if (ns == current->nsproxy_mnt_ns) {
		get_fs_root(current->fs, root);
		return;
	}
	root->mnt = &ns->root->mnt;
	root->dentry = ns->root->mnt.mnt_root;
	path_get(root);
}

/* The mount of @ns whose unique ID is @id (6.18's lookup_mnt_in_ns()). */
static struct mount *lookup_mnt_in_ns(u64 id, struct mnt_namespace *ns)
{
	struct mount *m;

	rcu_read_lock();
	m = mnt_find_by_id_unique(ns->kernel, id);
	if (m && m->mnt_ns != ns)
		m = NULL;
	rcu_read_unlock();
	return m;
}

static u64 mnt_to_attr_flags(struct vfsmount *mnt)
{
	unsigned int mnt_flags = (unsigned int)READ_ONCE(mnt->mnt_flags);
	u64 attr_flags = 0;

	if (mnt_flags & MNT_READONLY)
		attr_flags |= MOUNT_ATTR_RDONLY;
	if (mnt_flags & MNT_NOSUID)
		attr_flags |= MOUNT_ATTR_NOSUID;
	if (mnt_flags & MNT_NODEV)
		attr_flags |= MOUNT_ATTR_NODEV;
	if (mnt_flags & MNT_NOEXEC)
		attr_flags |= MOUNT_ATTR_NOEXEC;
	if (mnt_flags & MNT_NOATIME)
		attr_flags |= MOUNT_ATTR_NOATIME;
	else if (!(mnt_flags & MNT_RELATIME))
		attr_flags |= MOUNT_ATTR_STRICTATIME;
	if (mnt_flags & MNT_NODIRATIME)
		attr_flags |= MOUNT_ATTR_NODIRATIME;
	if (mnt_flags & MNT_NOSYMFOLLOW)
		attr_flags |= MOUNT_ATTR_NOSYMFOLLOW;
	/* MOUNT_ATTR_IDMAP (5.12): the model has no user namespaces, so no
	 * mount is idmapped (mount_setattr() refuses every userns fd). */
	return attr_flags;
}

static u64 mnt_to_propagation_flags(struct mount *m)
{
	u64 propagation = 0;

	if (IS_MNT_SHARED(m))
		propagation |= MS_SHARED;
	if (IS_MNT_SLAVE(m))
		propagation |= MS_SLAVE;
	if (IS_MNT_UNBINDABLE(m))
		propagation |= MS_UNBINDABLE;
	if (!propagation)
		propagation |= MS_PRIVATE;
	return propagation;
}

static void statmount_sb_basic(struct kstatmount *s)
{
	struct super_block *sb = s->mnt->mnt_sb;

	s->sm.mask |= STATMOUNT_SB_BASIC;
	s->sm.sb_dev_major = major(sb->s_dev);
	s->sm.sb_dev_minor = minor(sb->s_dev);
	s->sm.sb_magic = sb->s_magic;
	s->sm.sb_flags = (u32)(READ_ONCE(sb->s_flags) &
			       (SB_RDONLY | SB_SYNCHRONOUS | SB_DIRSYNC | SB_LAZYTIME));
}

static void statmount_mnt_basic(struct kstatmount *s)
{
	struct mount *m = real_mount(s->mnt);

	s->sm.mask |= STATMOUNT_MNT_BASIC;
	s->sm.mnt_id = m->mnt_id_unique;
	s->sm.mnt_parent_id = m->mnt_parent->mnt_id_unique;
	s->sm.mnt_id_old = (u32)m->mnt_id;
	s->sm.mnt_parent_id_old = (u32)m->mnt_parent->mnt_id;
	s->sm.mnt_attr = mnt_to_attr_flags(&m->mnt);
	s->sm.mnt_propagation = mnt_to_propagation_flags(m);
	s->sm.mnt_peer_group = IS_MNT_SHARED(m) ? (u64)m->mnt_group_id : 0;
	s->sm.mnt_master = IS_MNT_SLAVE(m) ? (u64)m->mnt_master->mnt_group_id : 0;
}

static void statmount_propagate_from(struct kstatmount *s)
{
	struct mount *m = real_mount(s->mnt);

	s->sm.mask |= STATMOUNT_PROPAGATE_FROM;
	if (IS_MNT_SLAVE(m))
		s->sm.propagate_from = (u64)get_dominating_id(m, &s->root);
}

static void statmount_mnt_ns_id(struct kstatmount *s, struct mnt_namespace *ns)
{
	s->sm.mask |= STATMOUNT_MNT_NS_ID;
	s->sm.mnt_ns_id = ns->ns_id;
}

static int statmount_fs_type(struct kstatmount *s, struct seq_file *seq)
{
	seq_puts(seq, s->mnt->mnt_sb->s_type->name);
	return 0;
}

/* A path rendered at the end of the room left, moved to its start. */
static void seq_commit_path(struct seq_file *seq, char *buf, const char *p)
{
	size_t len;

	if (IS_ERR_OR_NULL(p)) {
		seq_commit(seq, -1);
		return;
	}
	len = strlen(p);
	memmove(buf, p, len);
	seq_commit(seq, (int)len);
}

/*
 * The mount's root within its filesystem.  6.18 shows it escaped and then
 * unescapes it in place: the raw dentry path.
 */
static int statmount_mnt_root(struct kstatmount *s, struct seq_file *seq)
{
	char *buf;
	size_t size = seq_get_buf(seq, &buf);

	seq_commit_path(seq, buf,
			size ? dentry_path_raw(s->mnt->mnt_root, buf, (int)size) : NULL);
	return seq_has_overflowed(seq) ? -EAGAIN : 0;
}

/* The mountpoint as the caller's root sees it; nothing if it cannot. */
static int statmount_mnt_point(struct kstatmount *s, struct seq_file *seq)
{
	struct path mnt_path = { .mnt = s->mnt, .dentry = s->mnt->mnt_root };
	char *buf;
	size_t size = seq_get_buf(seq, &buf);
	char *p;

	if (!size) {
		seq_commit(seq, -1);
		return 0;
	}
	p = __d_path(&mnt_path, &s->root, buf, (int)size);
	if (!p)
		return 0;	/* SEQ_SKIP */
	seq_commit_path(seq, buf, p);
	return 0;
}

/*
 * The filesystem's options, as /proc/self/mountinfo shows them
 * (proc_namespace.c: the filesystem's ->show_options, or the data it was
 * mounted with), without the leading comma.  No LSM of the
 * model adds options of its own (security_sb_show_options()).
 */
static void show_fs_options(struct seq_file *seq, struct super_block *sb)
{
	show_sb_fs_options(seq, sb);
}

static int statmount_mnt_opts(struct kstatmount *s, struct seq_file *seq)
{
	size_t start = seq->count;

	show_fs_options(seq, s->mnt->mnt_sb);
	if (seq_has_overflowed(seq))
		return -EAGAIN;
	if (seq->count == start)
		return 0;
	/* skip leading comma */
	memmove(seq->buf + start, seq->buf + start + 1, seq->count - start - 1);
	seq->count--;
	return 0;
}

/* lib/string_helpers.c, UNESCAPE_OCTAL: "\ooo" becomes the byte. */
static size_t string_unescape_octal(const char *src, char *dst)
{
	char *out = dst;

	while (*src) {
		if (src[0] == '\\' && src[1] >= '0' && src[1] <= '7') {
			unsigned int num = 0;
			int i;

			src++;
			for (i = 0; i < 3 && *src >= '0' && *src <= '7'; i++)
				num = (num << 3) | (unsigned int)(*src++ - '0');
			*out++ = (char)num;
		} else {
			*out++ = *src++;
		}
	}
	*out = '\0';
	return (size_t)(out - dst);
}

/*
 * The ",a,b" the options were shown as, from @start, turned into
 * "a\0b": each option unescaped and NUL-terminated.  The count of
 * options, or -EAGAIN when the text did not fit.
 */
static int statmount_opt_process(struct seq_file *seq, size_t start)
{
	char *buf_end, *opt_end, *src, *dst;
	int count = 0;

	if (seq_has_overflowed(seq))
		return -EAGAIN;

	buf_end = seq->buf + seq->count;
	dst = seq->buf + start;
	src = dst + 1;	/* skip initial comma */

	if (src >= buf_end) {
		seq->count = start;
		return 0;
	}

	*buf_end = '\0';
	for (; src < buf_end; src = opt_end + 1) {
		opt_end = strchrnul(src, ',');
		*opt_end = '\0';
		dst += string_unescape_octal(src, dst) + 1;
		count++;
	}
	seq->count = (size_t)(dst - 1 - seq->buf);
	return count;
}

static int statmount_opt_array(struct kstatmount *s, struct seq_file *seq)
{
	size_t start = seq->count;
	int err;

	show_fs_options(seq, s->mnt->mnt_sb);
	err = statmount_opt_process(seq, start);
	if (err < 0)
		return err;
	s->sm.opt_num = (u32)err;
	return 0;
}

/* The mount's source: the device name it was mounted with. */
static int statmount_sb_source(struct kstatmount *s, struct seq_file *seq)
{
	struct mount *r = real_mount(s->mnt);

	if (r->mnt_devname)
		seq_puts(seq, r->mnt_devname);
	return 0;
}

/*
 * One string of the string area: 6.18 reserves an empty string at its
 * start (offset 0, where every unset offset points), appends each string
 * NUL-terminated and sets its bit only if something was written.
 */
static int statmount_string(struct kstatmount *s, u64 flag)
{
	struct seq_file *seq = &s->seq;
	struct statmount *sm = &s->sm;
	u32 start, *offp;
	int ret = 0;

	if (!seq->count)
		seq_putc(seq, 0);
	start = (u32)seq->count;

	switch (flag) {
	case STATMOUNT_FS_TYPE:
		offp = &sm->fs_type;
		ret = statmount_fs_type(s, seq);
		break;
	case STATMOUNT_MNT_ROOT:
		offp = &sm->mnt_root;
		ret = statmount_mnt_root(s, seq);
		break;
	case STATMOUNT_MNT_POINT:
		offp = &sm->mnt_point;
		ret = statmount_mnt_point(s, seq);
		break;
	case STATMOUNT_MNT_OPTS:
		offp = &sm->mnt_opts;
		ret = statmount_mnt_opts(s, seq);
		break;
	case STATMOUNT_OPT_ARRAY:
		offp = &sm->opt_array;
		ret = statmount_opt_array(s, seq);
		break;
	case STATMOUNT_SB_SOURCE:
		offp = &sm->sb_source;
		ret = statmount_sb_source(s, seq);
		break;
	default:
		/*
		 * FS_SUBTYPE, OPT_SEC_ARRAY, MNT_UIDMAP, MNT_GIDMAP: nothing
		 * in the model to show (the file's comment), so nothing is
		 * emitted, as 6.18 emits nothing for a filesystem without a
		 * subtype, an LSM without options, a mount without an idmap.
		 */
		return 0;
	}

	/* Nothing emitted: no flag, no terminating NUL. */
	if (seq->count == start)
		return ret;
	if (sizeof(*sm) + seq->count >= s->bufsize)
		return -EOVERFLOW;
	/* signal a retry */
	if (seq_has_overflowed(seq))
		return -EAGAIN;
	if (ret)
		return ret;

	seq->buf[seq->count++] = '\0';
	sm->mask |= flag;
	*offp = start;
	return 0;
}

static int do_statmount(struct kstatmount *s, u64 mnt_id, struct mnt_namespace *ns)
{
	struct mount *m;
	int err;

	m = lookup_mnt_in_ns(mnt_id, ns);
	if (!m)
		return -ENOENT;
	s->mnt = &m->mnt;
	grab_requested_root(ns, &s->root);

	/* A mount outside the caller's root takes CAP_SYS_ADMIN. */
	if (!is_path_reachable(m, m->mnt.mnt_root, &s->root) &&
	    !ns_capable_sys_admin())
		return -EPERM;

	err = security_sb_statfs(s->mnt->mnt_root);
	if (err)
		return err;

	if (s->mask & STATMOUNT_MNT_BASIC)
		statmount_mnt_basic(s);
	if (s->mask & STATMOUNT_SB_BASIC)
		statmount_sb_basic(s);
	if (s->mask & STATMOUNT_PROPAGATE_FROM)
		statmount_propagate_from(s);
	if (s->mask & STATMOUNT_FS_TYPE)
		err = statmount_string(s, STATMOUNT_FS_TYPE);
	if (!err && s->mask & STATMOUNT_MNT_ROOT)
		err = statmount_string(s, STATMOUNT_MNT_ROOT);
	if (!err && s->mask & STATMOUNT_MNT_POINT)
		err = statmount_string(s, STATMOUNT_MNT_POINT);
	if (!err && s->mask & STATMOUNT_MNT_OPTS)
		err = statmount_string(s, STATMOUNT_MNT_OPTS);
	if (!err && s->mask & STATMOUNT_OPT_ARRAY)
		err = statmount_string(s, STATMOUNT_OPT_ARRAY);
	if (!err && s->mask & STATMOUNT_OPT_SEC_ARRAY)
		err = statmount_string(s, STATMOUNT_OPT_SEC_ARRAY);
	if (!err && s->mask & STATMOUNT_FS_SUBTYPE)
		err = statmount_string(s, STATMOUNT_FS_SUBTYPE);
	if (!err && s->mask & STATMOUNT_SB_SOURCE)
		err = statmount_string(s, STATMOUNT_SB_SOURCE);
	if (!err && s->mask & STATMOUNT_MNT_UIDMAP)
		err = statmount_string(s, STATMOUNT_MNT_UIDMAP);
	if (!err && s->mask & STATMOUNT_MNT_GIDMAP)
		err = statmount_string(s, STATMOUNT_MNT_GIDMAP);
	if (!err && s->mask & STATMOUNT_MNT_NS_ID)
		statmount_mnt_ns_id(s, ns);
	if (!err && s->mask & STATMOUNT_SUPPORTED_MASK) {
		s->sm.mask |= STATMOUNT_SUPPORTED_MASK;
		s->sm.supported_mask = STATMOUNT_SUPPORTED;
	}
	return err;
}

static int prepare_kstatmount(struct kstatmount *ks, struct mnt_id_req *kreq,
			      struct statmount __user *buf, size_t bufsize,
			      size_t seq_size)
{
	memset(ks, 0, sizeof(*ks));
	ks->mask = kreq->param;
	ks->buf = buf;
	ks->bufsize = bufsize;

	if (ks->mask & STATMOUNT_STRING_REQ) {
		if (bufsize == sizeof(ks->sm))
			return -EOVERFLOW;
		ks->seq.buf = kvmalloc(seq_size, GFP_KERNEL);
		if (!ks->seq.buf)
			return -ENOMEM;
		ks->seq.size = seq_size;
	}
	return 0;
}

/*
 * The fixed part, cut to the caller's buffer, and the string area after
 * the whole fixed part.  As 6.18 does, the strings go to offset
 * sizeof(struct statmount) whatever the buffer's size: a caller whose
 * buffer is smaller than that and asks for a string that comes out
 * empty still gets the reserved NUL written there (statmount_string()
 * refuses a string that would not fit, never this one byte).
 */
static int copy_statmount_to_user(struct kstatmount *s)
{
	struct statmount *sm = &s->sm;
	struct seq_file *seq = &s->seq;
	char __user *str = (char __user *)s->buf + sizeof(*sm);
	size_t copysize = min_t(size_t, s->bufsize, sizeof(*sm));

	if (seq->count && copy_to_user(str, seq->buf, seq->count))
		return -EFAULT;

	/* Return the number of bytes copied to the buffer */
	sm->size = (u32)(copysize + seq->count);
	if (copy_to_user(s->buf, sm, copysize))
		return -EFAULT;
	return 0;
}

static bool retry_statmount(long ret, size_t *seq_size)
{
	if (ret != -EAGAIN)
		return false;
	*seq_size *= 2;
	return *seq_size <= STATMOUNT_MAX_SEQ;
}

long ksys_statmount(const struct mnt_id_req __user *req,
		    struct statmount __user *buf, size_t bufsize,
		    unsigned int flags)
{
	struct vfsim *v = current_kernel();
	struct mnt_namespace *ns;
	struct kstatmount *ks;
	struct mnt_id_req kreq;
	/* 6.18 starts with room for three paths. */
	size_t seq_size = 3 * PATH_MAX;
	int ret;

	if (flags)
		return -EINVAL;
	ret = copy_mnt_id_req(req, &kreq);
	if (ret)
		return ret;
	ns = grab_requested_mnt_ns(&kreq);
	if (IS_ERR(ns))
		return PTR_ERR(ns);

	ks = kmalloc(sizeof(*ks), GFP_KERNEL);
	if (!ks) {
		put_mnt_ns(ns);
		return -ENOMEM;
	}
retry:
	ret = prepare_kstatmount(ks, &kreq, buf, bufsize, seq_size);
	if (!ret) {
		down_read(&v->namespace_sem);
		ret = do_statmount(ks, kreq.mnt_id, ns);
		up_read(&v->namespace_sem);
		if (!ret)
			ret = copy_statmount_to_user(ks);
	}
	kvfree(ks->seq.buf);
	if (ks->root.mnt)
		path_put(&ks->root);
	if (retry_statmount(ret, &seq_size))
		goto retry;
	kfree(ks);
	put_mnt_ns(ns);
	return ret;
}

/* ---- listmount ---------------------------------------------------------- */

/* @a is listed before @b. */
static bool listmnt_before(u64 a, u64 b, bool reverse)
{
	return reverse ? a > b : a < b;
}

/*
 * ids[0..n) is a heap whose top is the ID listed last: the page keeps the
 * @cap IDs listed first.
 */
static void listmnt_sift_down(u64 *ids, size_t n, size_t i, bool reverse)
{
	for (;;) {
		size_t l = 2 * i + 1, top = i;
		u64 tmp;

		if (l < n && listmnt_before(ids[top], ids[l], reverse))
			top = l;
		if (l + 1 < n && listmnt_before(ids[top], ids[l + 1], reverse))
			top = l + 1;
		if (top == i)
			return;
		tmp = ids[i];
		ids[i] = ids[top];
		ids[top] = tmp;
		i = top;
	}
}

static void listmnt_add(u64 *ids, size_t *n, size_t cap, u64 id, bool reverse)
{
	size_t i;

	if (*n == cap) {
		if (!listmnt_before(id, ids[0], reverse))
			return;
		ids[0] = id;
		listmnt_sift_down(ids, *n, 0, reverse);
		return;
	}
	i = (*n)++;
	ids[i] = id;
	while (i && listmnt_before(ids[(i - 1) / 2], id, reverse)) {
		ids[i] = ids[(i - 1) / 2];
		i = (i - 1) / 2;
		ids[i] = id;
	}
}

/* The heap, in listing order. */
static void listmnt_sort(u64 *ids, size_t n, bool reverse)
{
	while (n > 1) {
		u64 tmp = ids[0];

		ids[0] = ids[--n];
		ids[n] = tmp;
		listmnt_sift_down(ids, n, 0, reverse);
	}
}

static long do_listmount(struct mnt_namespace *ns, u64 mnt_parent_id,
			 u64 last_mnt_id, u64 *mnt_ids, size_t nr_mnt_ids,
			 bool reverse)
{
	struct path root, orig;
	struct mount *r;
	size_t n = 0;
	long ret;

	grab_requested_root(ns, &root);
	if (mnt_parent_id == LSMT_ROOT) {
		orig = root;
	} else {
		r = lookup_mnt_in_ns(mnt_parent_id, ns);
		ret = -ENOENT;
		if (!r)
			goto out;
		orig.mnt = &r->mnt;
		orig.dentry = r->mnt.mnt_root;
	}

	ret = -EPERM;
	if (!is_path_reachable(real_mount(orig.mnt), orig.dentry, &root) &&
	    !ns_capable_sys_admin())
		goto out;
	ret = security_sb_statfs(orig.dentry);
	if (ret)
		goto out;

	lock_ns_list(ns);	/* a /proc mounts file's cursor may move */
	list_for_each_entry(r, &ns->list, mnt_list) {
		u64 id = r->mnt_id_unique;

		if (mnt_is_cursor(r))
			continue;
		if (last_mnt_id && !listmnt_before(last_mnt_id, id, reverse))
			continue;
		if (id == mnt_parent_id)
			continue;
		if (!is_path_reachable(r, r->mnt.mnt_root, &orig))
			continue;
		if (nr_mnt_ids)
			listmnt_add(mnt_ids, &n, nr_mnt_ids, id, reverse);
	}
	unlock_ns_list(ns);
	listmnt_sort(mnt_ids, n, reverse);
	ret = (long)n;
out:
	path_put(&root);
	return ret;
}

long ksys_listmount(const struct mnt_id_req __user *req,
		    u64 __user *mnt_ids, size_t nr_mnt_ids, unsigned int flags)
{
	struct vfsim *v = current_kernel();
	struct mnt_namespace *ns;
	struct mnt_id_req kreq;
	u64 *kmnt_ids = NULL;
	long ret;

	if (flags & ~LISTMOUNT_REVERSE)
		return -EINVAL;
	/*
	 * If the mount namespace really has more than 1 million mounts the
	 * caller must iterate over the mount namespace (6.18's words).
	 */
	if (nr_mnt_ids > LISTMOUNT_MAX_COUNT)
		return -EOVERFLOW;
	ret = copy_mnt_id_req(req, &kreq);
	if (ret)
		return ret;
	/* The first valid unique mount ID is MNT_UNIQUE_ID_OFFSET + 1. */
	if (kreq.param && kreq.param <= MNT_UNIQUE_ID_OFFSET)
		return -EINVAL;
	if (nr_mnt_ids) {
		kmnt_ids = kvmalloc(nr_mnt_ids * sizeof(*kmnt_ids), GFP_KERNEL);
		if (!kmnt_ids)
			return -ENOMEM;
	}
	ns = grab_requested_mnt_ns(&kreq);
	if (IS_ERR(ns)) {
		ret = PTR_ERR(ns);
		goto out;
	}

	down_read(&v->namespace_sem);
	ret = do_listmount(ns, kreq.mnt_id, kreq.param, kmnt_ids, nr_mnt_ids,
			   flags & LISTMOUNT_REVERSE);
	up_read(&v->namespace_sem);
	put_mnt_ns(ns);
	if (ret > 0 && copy_to_user(mnt_ids, kmnt_ids, (size_t)ret * sizeof(*kmnt_ids)))
		ret = -EFAULT;
out:
	kvfree(kmnt_ids);
	return ret;
}

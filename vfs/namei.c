// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The path walk and object creation (fs/namei.c).
 *
 * The walk is in ref-walk form only: every step holds references on its
 * (mount, dentry).  Mount crossing takes namespace_sem for reading around
 * each hash lookup; automount points call the dentry's d_automount and
 * graft the result with finish_automount(), as follow_automount() does;
 * ".." goes up across mount roots and back down any mount stacked on the
 * result.  Symlinks are followed by walking their bodies recursively, with
 * the kernel's limit of 40 links per lookup.
 *
 * Creation: filename_create, do_mkdirat, do_symlinkat and the create of
 * open(O_CREAT).  Then the model's automount points (model-only):
 * directories whose d_automount mounts a given filesystem as a submount,
 * the way autofs or AFS cell directories behave, so harnesses can exercise
 * automount and expiry.
 */
#include <fcntl.h>
#include <sys/sysmacros.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

struct nameidata {
	struct path path;
	struct path root;
	unsigned int flags;
	int total_link_count;
	/*
	 * What decides whether the kernel's walk ends by putting its paths
	 * with path_put() (a use of the mounts: mntput() clears their expiry
	 * marks) or with nothing at all (RCU mode took no references):
	 * @root_set, the kernel's set_root() happened (an absolute path, a
	 * "..", an absolute symlink); @ref_walk, the kernel would have left
	 * RCU mode (unlazy_walk() before lookup_slow(): a name not in the
	 * dcache, which for tmpfs and ramfs, whose negative dentries are not
	 * kept, is every name that does not exist).
	 */
	bool root_set;
	bool ref_walk;
};

/* ---- getname ------------------------------------------------------------ */

struct filename *getname_flags(const char __user *filename, int flags, int *empty)
{
	struct filename *result;
	long len;

	result = kmalloc(sizeof(*result) + PATH_MAX, GFP_KERNEL);
	if (!result)
		return ERR_PTR(-ENOMEM);
	len = strncpy_from_user(result->iname, filename, PATH_MAX);
	if (len < 0) {
		kfree(result);
		return ERR_PTR(len);
	}
	if (unlikely(!len)) {
		if (empty)
			*empty = 1;
		if (!(flags & LOOKUP_EMPTY)) {
			kfree(result);
			return ERR_PTR(-ENOENT);
		}
	}
	if (unlikely(len == PATH_MAX)) {
		kfree(result);
		return ERR_PTR(-ENAMETOOLONG);
	}
	result->name = result->iname;
	result->refcnt = 1;
	return result;
}

void putname(struct filename *name)
{
	if (!IS_ERR_OR_NULL(name))
		kfree(name);
}

/* ---- walking ------------------------------------------------------------ */

/*
 * Drop a reference the walk took for itself.  The kernel walks in RCU mode
 * and takes no reference on the mounts it only passes through, so passing
 * through a mount is no use of it: its expiry mark stays.  Only the path a
 * lookup returns is a use, when its caller puts it (path_put()) -- unless
 * the walk left RCU mode (nd->ref_walk): from then on every reference it
 * drops is a real mntput(), so nd_path_put() below.
 */
static void walk_path_put(const struct path *path)
{
	dput(path->dentry);
	mntput_no_expire(real_mount(path->mnt));
}

/* The walk's own reference on nd->path (or nd->root) dropped, as 5.8's
 * terminate_walk() drops it: a use of the mount only in ref-walk mode. */
static void nd_path_put(const struct nameidata *nd, const struct path *path)
{
	if (nd->ref_walk)
		path_put(path);
	else
		walk_path_put(path);
}

static int may_lookup(struct nameidata *nd)
{
	return inode_permission(nd->path.dentry->d_inode, MAY_EXEC);
}

static bool follow_up(struct path *path, bool ref_walk)
{
	struct vfsim *v = current_kernel();
	struct mount *mnt = real_mount(path->mnt);
	struct mount *parent;
	struct dentry *mountpoint;

	down_read(&v->namespace_sem);
	parent = mnt->mnt_parent;
	if (parent == mnt) {
		up_read(&v->namespace_sem);
		return false;
	}
	mntget(&parent->mnt);
	mountpoint = dget(mnt->mnt_mountpoint);
	up_read(&v->namespace_sem);
	dput(path->dentry);
	path->dentry = mountpoint;
	/* ref-walk's follow_up() puts the child: a use of it */
	if (ref_walk)
		mntput(path->mnt);
	else
		mntput_no_expire(real_mount(path->mnt));
	path->mnt = &parent->mnt;
	return true;
}

static struct dentry *dget_parent(struct dentry *d)
{
	struct vfsim *v = d->d_sb->s_kernel;
	struct dentry *parent;

	spin_lock(&v->dcache_lock);
	parent = dget(d->d_parent);
	spin_unlock(&v->dcache_lock);
	return parent;
}

/* Caller holds refs on @path; on a mount crossing they move to the new one. */
static int follow_automount(struct path *path, struct nameidata *nd)
{
	struct vfsmount *mnt;
	int err;

	if (!path->dentry->d_op || !path->dentry->d_op->d_automount)
		return -EREMOTE;
	if (nd->total_link_count++ >= MAXSYMLINKS)
		return -ELOOP;

	mnt = path->dentry->d_op->d_automount(path);
	if (IS_ERR(mnt))
		return (int)PTR_ERR(mnt);
	if (!mnt)	/* mount collision */
		return 0;

	err = finish_automount(mnt, path);
	switch (err) {
	case -EBUSY:
		/* Someone else made a mount here whilst we were busy */
		return 0;
	case 0:
		nd_path_put(nd, path);
		path->mnt = mnt;
		path->dentry = dget(mnt->mnt_root);
		return 0;
	default:
		return err;
	}
}

/*
 * Cross every mount stacked on @path in one go, as 5.8's RCU walk does
 * (__follow_mount_rcu(): a hash lookup per level, no reference until the
 * walk is done), here under one hold of namespace_sem, the model's lock
 * for ref-walk's mount crossings.  lookup_mnt() per level took the lock
 * and a reference on each mount and root crossed, only to drop them at
 * the next level: on a stack of N mounts every walk paid that N times.
 * False if nothing is mounted on @path (any more).
 */
static bool follow_mount_stack(struct path *path, bool ref_walk)
{
	struct vfsim *v = path->mnt->mnt_sb->s_kernel;
	struct vfsmount *mnt = path->mnt;
	struct dentry *dentry = path->dentry;
	struct mount *mounted;

	down_read(&v->namespace_sem);
	while (d_mountpoint(dentry) && (mounted = __lookup_mnt_in(v, mnt, dentry))) {
		/* ref-walk takes and puts each level (lookup_mnt(), then
		 * mntput()): a use of every mount the stack is crossed on */
		if (ref_walk)
			mnt_clear_expiry_mark(real_mount(mnt));
		mnt = &mounted->mnt;
		dentry = mnt->mnt_root;
	}
	if (mnt != path->mnt)
		mntget(mnt);
	up_read(&v->namespace_sem);
	if (mnt == path->mnt)
		return false;
	dput(path->dentry);
	mntput_no_expire(real_mount(path->mnt));
	path->mnt = mnt;
	path->dentry = dget(dentry);
	return true;
}

/*
 * Cross whatever is mounted on @path; trigger an automount if allowed.
 * Returns 0 or -errno; @path always holds valid references.
 */
static int follow_managed(struct path *path, struct nameidata *nd, bool automount)
{
	for (;;) {
		unsigned int flags = READ_ONCE(path->dentry->d_flags);

		if ((flags & DCACHE_MOUNTED) &&
		    follow_mount_stack(path, nd && nd->ref_walk))
			continue;
		/* __follow_mount_rcu() gives up on an automount point */
		if ((flags & DCACHE_NEED_AUTOMOUNT) && nd)
			nd->ref_walk = true;
		if ((flags & DCACHE_NEED_AUTOMOUNT) && automount) {
			int err = follow_automount(path, nd);

			if (err)
				return err;
			if (READ_ONCE(path->dentry->d_flags) & DCACHE_MOUNTED)
				continue;
			/* Still an automount point: someone else's mount went away. */
			if (READ_ONCE(path->dentry->d_flags) & DCACHE_NEED_AUTOMOUNT)
				return 0;
			continue;
		}
		return 0;
	}
}

static void follow_dotdot(struct nameidata *nd)
{
	nd->root_set = true;	/* set_root() */
	for (;;) {
		if (nd->path.dentry == nd->root.dentry && nd->path.mnt == nd->root.mnt)
			break;
		if (nd->path.dentry != nd->path.mnt->mnt_root) {
			struct dentry *parent = dget_parent(nd->path.dentry);

			dput(nd->path.dentry);
			nd->path.dentry = parent;
			break;
		}
		if (!follow_up(&nd->path, nd->ref_walk))
			break;
	}
	follow_managed(&nd->path, nd, false);
}

static int last_type(const char *name, unsigned int len)
{
	if (name[0] == '.') {
		if (len == 1)
			return LAST_DOT;
		if (len == 2 && name[1] == '.')
			return LAST_DOTDOT;
	}
	return LAST_NORM;
}

static int walk_body(struct nameidata *nd, const char *name, bool stop_at_last,
		     struct qstr *last, int *type, bool outer_last, bool outer_slash);

/*
 * One step from nd->path along @comp.  @is_last: no more components
 * follow; @slash: the component was followed by a slash.
 */
static int walk_component(struct nameidata *nd, const char *comp, unsigned int len,
			  bool is_last, bool slash)
{
	struct qstr q = { .name = comp, .len = len };
	struct path next;
	struct dentry *child;
	bool want_automount;
	int type = last_type(comp, len);
	int err;

	if (type == LAST_DOT)
		return 0;
	if (type == LAST_DOTDOT) {
		follow_dotdot(nd);
		return 0;
	}

	q.hash = full_name_hash(nd->path.dentry, comp, len);
	child = d_lookup(nd->path.dentry, &q);
	if (!child) {
		nd->ref_walk = true;	/* lookup_slow() */
		return -ENOENT;
	}
	next.mnt = mntget(nd->path.mnt);
	next.dentry = child;

	want_automount = !is_last || slash ||
		(nd->flags & (LOOKUP_DIRECTORY | LOOKUP_OPEN | LOOKUP_CREATE |
			      LOOKUP_AUTOMOUNT));
	err = follow_managed(&next, nd, want_automount);
	if (err) {
		nd_path_put(nd, &next);
		return err;
	}

	if (d_is_symlink(next.dentry) &&
	    (!is_last || slash || (nd->flags & LOOKUP_FOLLOW))) {
		const char *body = next.dentry->d_inode->i_link;

		/* pick_link() of 5.10: a nosymfollow mount follows none. */
		if (++nd->total_link_count > MAXSYMLINKS ||
		    (READ_ONCE(next.mnt->mnt_flags) & MNT_NOSYMFOLLOW)) {
			nd_path_put(nd, &next);
			return -ELOOP;
		}
		/* pick_link(): an atime to update leaves RCU mode first */
		if (nd->ref_walk)
			touch_atime(&next);
		else if (atime_needs_update(&next, next.dentry->d_inode)) {
			nd->ref_walk = true;
			touch_atime(&next);
		}
		if (!body || !*body) {
			nd_path_put(nd, &next);
			return -ENOENT;
		}
		/* Keep the body alive while we walk it: the dentry pins it. */
		if (body[0] == '/') {
			nd->root_set = true;
			nd_path_put(nd, &nd->path);
			nd->path = nd->root;
			path_get(&nd->path);
		}
		/* The body's last component stands where the link stood. */
		err = walk_body(nd, body, false, NULL, NULL, is_last, slash);
		nd_path_put(nd, &next);
		return err;
	}

	nd_path_put(nd, &nd->path);
	nd->path = next;
	return 0;
}

/*
 * Walk @name from nd->path.  With @stop_at_last the final component is not
 * walked but returned in @last/@type (parent lookups).
 */
static int walk_body(struct nameidata *nd, const char *name, bool stop_at_last,
		     struct qstr *last, int *type, bool outer_last, bool outer_slash)
{
	if (*name == '/') {
		while (*name == '/')
			name++;
		if (!*name && stop_at_last) {
			last->name = name;
			last->len = 0;
			*type = LAST_ROOT;
			return 0;
		}
	}

	while (*name) {
		const char *comp = name;
		unsigned int len = 0;
		bool slash, is_last;
		int err;

		/* link_path_walk() leaves RCU mode before its -ENOTDIR */
		if (!d_is_dir(nd->path.dentry)) {
			nd->ref_walk = true;
			return -ENOTDIR;
		}
		err = may_lookup(nd);
		if (err)
			return err;

		while (comp[len] && comp[len] != '/')
			len++;
		/* The filesystem's ->lookup() says so, after lookup_slow()
		 * left RCU mode: no dentry has such a name. */
		if (len > NAME_MAX) {
			nd->ref_walk = true;
			return -ENAMETOOLONG;
		}
		name = comp + len;
		slash = *name == '/';
		while (*name == '/')
			name++;
		is_last = !*name;

		if (is_last && stop_at_last) {
			last->name = comp;
			last->len = len;
			*type = last_type(comp, len);
			return 0;
		}
		if (is_last)
			slash = slash || outer_slash;
		is_last = is_last && outer_last;
		err = walk_component(nd, comp, len, is_last, slash);
		if (err)
			return err;
		/* LOOKUP_DIRECTORY's test comes after complete_walk() */
		if (is_last && slash && !d_is_dir(nd->path.dentry)) {
			nd->ref_walk = true;
			return -ENOTDIR;
		}
	}
	return 0;
}

static int path_init(struct nameidata *nd, int dfd, const char *name,
		     unsigned int flags)
{
	struct task_struct *t = current;

	nd->flags = flags;
	nd->total_link_count = 0;
	nd->root_set = false;
	nd->ref_walk = false;
	get_fs_root(t->fs, &nd->root);
	if (*name == '/') {
		nd->root_set = true;
		nd->path = nd->root;
		path_get(&nd->path);
		return 0;
	}
	if (dfd == AT_FDCWD) {
		get_fs_pwd(t->fs, &nd->path);
		return 0;
	}
	{
		struct file *f = fget_raw((unsigned int)dfd);

		if (!f || dfd < 0) {
			if (f)
				fput(f);
			walk_path_put(&nd->root);
			return -EBADF;
		}
		if (*name && !d_is_dir(f->f_path.dentry)) {
			fput(f);
			walk_path_put(&nd->root);
			return -ENOTDIR;
		}
		nd->path = f->f_path;
		path_get(&nd->path);
		fput(f);
	}
	return 0;
}

static void terminate_walk(struct nameidata *nd)
{
	/* LOOKUP_ROOT_GRABBED: unlazy_walk() took a reference on a root
	 * that set_root() had set; complete_walk() does not. */
	if (nd->ref_walk && nd->root_set)
		path_put(&nd->root);
	else
		walk_path_put(&nd->root);
}

int filename_lookup(int dfd, struct filename *name, unsigned int flags,
		    struct path *path)
{
	struct nameidata nd;
	int err;

	if (IS_ERR(name))
		return (int)PTR_ERR(name);
	err = path_init(&nd, dfd, name->name, flags);
	if (err)
		return err;
	err = walk_body(&nd, name->name, false, NULL, NULL, true, false);
	/*
	 * path_lookupat()'s handle_lookup_down() for LOOKUP_MOUNTPOINT (5.7):
	 * umount's target is the top of what is mounted where the walk ends,
	 * even when the walk ends without a step that crosses mounts ("." or
	 * "/" with something mounted on the cwd or the root).
	 */
	if (!err && (flags & LOOKUP_MOUNTPOINT))
		err = follow_managed(&nd.path, &nd, false);
	/* path_lookupat() tests LOOKUP_DIRECTORY after complete_walk() */
	if (!err && (flags & LOOKUP_DIRECTORY) && !d_is_dir(nd.path.dentry)) {
		nd.ref_walk = true;
		err = -ENOTDIR;
	}
	if (!err && !*name->name && !(flags & LOOKUP_EMPTY))
		err = -ENOENT;
	if (err)
		nd_path_put(&nd, &nd.path);
	else
		*path = nd.path;
	terminate_walk(&nd);
	return err;
}

int filename_parentat(int dfd, struct filename *name, unsigned int flags,
		      struct path *parent, struct qstr *last, int *type)
{
	struct nameidata nd;
	int err;

	if (IS_ERR(name))
		return (int)PTR_ERR(name);
	err = path_init(&nd, dfd, name->name, flags);
	if (err)
		return err;
	*type = LAST_ROOT;
	last->name = "";
	last->len = 0;
	err = walk_body(&nd, name->name, true, last, type, true, false);
	if (!err && *type == LAST_NORM && !d_is_dir(nd.path.dentry)) {
		nd.ref_walk = true;	/* as in walk_body() */
		err = -ENOTDIR;
	}
	if (!err && *type == LAST_NORM) {
		err = may_lookup(&nd);
		if (!err)
			last->hash = full_name_hash(nd.path.dentry, last->name, last->len);
	}
	if (err)
		nd_path_put(&nd, &nd.path);
	else
		*parent = nd.path;
	terminate_walk(&nd);
	return err;
}

int user_path_at(int dfd, const char __user *name, unsigned int flags,
		 struct path *path)
{
	struct filename *fn = getname_flags(name, (int)flags, NULL);
	int err;

	if (IS_ERR(fn))
		return (int)PTR_ERR(fn);
	err = filename_lookup(dfd, fn, flags, path);
	putname(fn);
	return err;
}

/* A lookup of a kernel string, relative to the task's cwd. */
int kern_path(const char *name, unsigned int flags, struct path *path)
{
	struct filename *fn;
	size_t len = strlen(name);
	int err;

	if (len >= PATH_MAX)
		return -ENAMETOOLONG;
	if (!len)
		return -ENOENT;
	fn = kmalloc(sizeof(*fn) + len + 1, GFP_KERNEL);
	if (!fn)
		return -ENOMEM;
	memcpy(fn->iname, name, len + 1);
	fn->name = fn->iname;
	fn->refcnt = 1;
	err = filename_lookup(AT_FDCWD, fn, flags, path);
	kfree(fn);
	return err;
}

int at_flags_to_lookup_flags(unsigned int at_flags, unsigned int allowed,
			     unsigned int *lookup_flags)
{
	unsigned int lf = 0;

	if (at_flags & ~allowed)
		return -EINVAL;
	if (!(at_flags & AT_SYMLINK_NOFOLLOW))
		lf |= LOOKUP_FOLLOW;
	if (!(at_flags & AT_NO_AUTOMOUNT))
		lf |= LOOKUP_AUTOMOUNT;
	if (at_flags & AT_EMPTY_PATH)
		lf |= LOOKUP_EMPTY;
	*lookup_flags = lf;
	return 0;
}

/* ---- creation ----------------------------------------------------------- */

static int may_create(struct inode *dir)
{
	return inode_permission(dir, MAY_WRITE | MAY_EXEC);
}

/*
 * filename_create - look up the parent of @name, make sure the last
 * component does not exist, and return a new unhashed dentry for it.
 */
static struct dentry *filename_create(int dfd, struct filename *name,
				      struct path *path, unsigned int lookup_flags)
{
	struct qstr last;
	struct dentry *dentry;
	int type, err, err2;

	err = filename_parentat(dfd, name, lookup_flags & ~LOOKUP_FOLLOW, path,
				&last, &type);
	if (err)
		return ERR_PTR(err);
	/* Yucky last component or no last component at all? */
	if (unlikely(type != LAST_NORM)) {
		path_put(path);
		return ERR_PTR(-EEXIST);
	}
	if (last.len > NAME_MAX) {
		path_put(path);
		return ERR_PTR(-ENAMETOOLONG);
	}
	/* write access first, its error after EEXIST, as 5.8 orders them;
	 * on success the caller drops it (done_path_create()), and the
	 * directories' lock (inode_lock_nested() in 5.8) */
	err2 = mnt_want_write(path->mnt);
	mutex_lock(&current_kernel()->dir_mutex);
	dentry = lookup_one_locked(&last, path->dentry);
	if (IS_ERR(dentry)) {
		err = (int)PTR_ERR(dentry);
		goto fail;
	}
	if (dentry->d_inode) {
		dput(dentry);
		err = -EEXIST;
		goto fail;
	}
	/* A trailing slash is fine only for directories: after EEXIST, as
	 * 5.8 answers "foo/" for a name that is not there */
	if (!(lookup_flags & LOOKUP_DIRECTORY) && last.name[last.len]) {
		dput(dentry);
		err = -ENOENT;
		goto fail;
	}
	if (!err2)
		return dentry;
	dput(dentry);
	err = err2;
fail:
	mutex_unlock(&current_kernel()->dir_mutex);
	if (!err2)
		mnt_drop_write(path->mnt);
	path_put(path);
	return ERR_PTR(err);
}

/* done_path_create() */
static void done_path_create(struct path *path, struct dentry *dentry)
{
	dput(dentry);
	mutex_unlock(&current_kernel()->dir_mutex);
	mnt_drop_write(path->mnt);
	path_put(path);
}

/* user_path_create() for link(): filename_create() of a user name. */
struct dentry *user_path_create(int dfd, const char __user *pathname,
				struct path *path, unsigned int lookup_flags)
{
	struct filename *name = getname(pathname);
	struct dentry *dentry;

	if (IS_ERR(name))
		return ERR_CAST(name);
	dentry = filename_create(dfd, name, path, lookup_flags);
	putname(name);
	return dentry;
}

void user_done_path_create(struct path *path, struct dentry *dentry)
{
	done_path_create(path, dentry);
}

/*
 * __lookup_hash(): @base's child @last, with a reference: the dentry in
 * the tree, or a new negative one (unhashed: the in-memory filesystems
 * keep no negative dentries).  A removed directory has no children to
 * make (-ENOENT).  Caller holds dir_mutex.
 */
struct dentry *lookup_one_locked(const struct qstr *last, struct dentry *base)
{
	struct dentry *dentry = d_lookup(base, last);

	if (dentry)
		return dentry;
	if (IS_DEADDIR(base->d_inode))
		return ERR_PTR(-ENOENT);
	dentry = d_alloc(base, last);
	if (!dentry)
		return ERR_PTR(-ENOMEM);
	/* simple_lookup() */
	if (last->len > NAME_MAX) {
		dput(dentry);
		return ERR_PTR(-ENAMETOOLONG);
	}
	return dentry;
}

static long create_common(int dfd, const char __user *pathname, umode_t mode,
			  const char *target, struct dentry **made)
{
	struct filename *name;
	struct dentry *dentry;
	struct inode *dir;
	struct path path;
	long err;

	name = getname(pathname);
	if (IS_ERR(name))
		return PTR_ERR(name);
	dentry = filename_create(dfd, name, &path,
				 S_ISDIR(mode) ? LOOKUP_DIRECTORY : 0);
	putname(name);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);

	dir = path.dentry->d_inode;
	err = may_create(dir);
	if (!err) {
		if (S_ISDIR(mode))
			err = dir->i_op && dir->i_op->mkdir ?
				dir->i_op->mkdir(dir, dentry, mode & ~current_umask()) : -EPERM;
		else if (S_ISLNK(mode))
			err = dir->i_op && dir->i_op->symlink ?
				dir->i_op->symlink(dir, dentry, target) : -EPERM;
		else
			err = dir->i_op && dir->i_op->create ?
				dir->i_op->create(dir, dentry, mode & ~current_umask()) : -EACCES;
	}
	if (!err && made)
		*made = dget(dentry);
	/* On success the tree holds its own reference and this one is the
	 * caller's; on failure this drops the never-hashed dentry. */
	done_path_create(&path, dentry);
	return err;
}

/* Create the regular file @name (open with O_CREAT). */
long do_mkfile(int dfd, struct filename *name, umode_t mode)
{
	struct dentry *dentry;
	struct inode *dir;
	struct path path;
	long err;

	dentry = filename_create(dfd, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	dir = path.dentry->d_inode;
	err = may_create(dir);
	if (!err)
		err = dir->i_op && dir->i_op->create ?
			dir->i_op->create(dir, dentry, mode & ~current_umask()) : -EACCES;
	done_path_create(&path, dentry);
	return err;
}

long do_mkdirat(int dfd, const char __user *pathname, umode_t mode)
{
	return create_common(dfd, pathname, S_IFDIR | (mode & 07777), NULL, NULL);
}

long do_symlinkat(const char __user *oldname, int newdfd, const char __user *newname)
{
	struct filename *from = getname(oldname);
	long err;

	if (IS_ERR(from))
		return PTR_ERR(from);
	err = create_common(newdfd, newname, S_IFLNK | 0777, from->name, NULL);
	putname(from);
	return err;
}

/*
 * may_mknod(): what mknod(2) may make, before any lookup: a regular file
 * (type 0 too), a device, a FIFO or a socket; a directory is -EPERM
 * (mkdir's job), anything else -EINVAL.
 */
static int may_mknod(umode_t mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG:
	case S_IFCHR:
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
	case 0:
		return 0;
	case S_IFDIR:
		return -EPERM;
	default:
		return -EINVAL;
	}
}

/* new_decode_dev(): mknod(2)'s 32-bit device number, 12-bit major and
 * 20-bit minor split as the kernel packs them. */
static dev_t new_decode_dev(unsigned int dev)
{
	unsigned int major = (dev & 0xfff00) >> 8;
	unsigned int minor = (dev & 0xff) | ((dev >> 12) & 0xfff00);

	return makedev(major, minor);
}

/*
 * vfs_mknod(): a device needs CAP_MKNOD (the whiteout, a character device
 * 0:0, does not), and the directory a ->mknod.  The permission to write
 * the directory comes first, as may_create() is the first check.
 */
static int vfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev)
{
	bool is_whiteout = S_ISCHR(mode) && dev == makedev(0, 0);
	int err = may_create(dir);

	if (err)
		return err;
	if ((S_ISCHR(mode) || S_ISBLK(mode)) && !is_whiteout && !capable(CAP_MKNOD))
		return -EPERM;
	if (!dir->i_op || !dir->i_op->mknod)
		return -EPERM;
	return dir->i_op->mknod(dir, dentry, mode, dev);
}

long do_mknodat(int dfd, const char __user *filename, umode_t mode, unsigned int dev)
{
	struct filename *name;
	struct dentry *dentry;
	struct inode *dir;
	struct path path;
	long err;

	err = may_mknod(mode);
	if (err)
		return err;
	name = getname(filename);
	if (IS_ERR(name))
		return PTR_ERR(name);
	dentry = filename_create(dfd, name, &path, 0);
	putname(name);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	mode &= (umode_t)~current_umask();
	dir = path.dentry->d_inode;
	switch (mode & S_IFMT) {
	case 0:
	case S_IFREG:
		/* vfs_create(): a regular file, as open(O_CREAT) makes it */
		err = may_create(dir);
		if (!err)
			err = dir->i_op && dir->i_op->create ?
				dir->i_op->create(dir, dentry, mode & 07777) : -EACCES;
		break;
	case S_IFCHR:
	case S_IFBLK:
		err = vfs_mknod(dir, dentry, mode, new_decode_dev(dev));
		break;
	default:	/* S_IFIFO, S_IFSOCK: no device number */
		err = vfs_mknod(dir, dentry, mode, 0);
		break;
	}
	done_path_create(&path, dentry);
	return err;
}

/* ---- automount points --------------------------------------------------- */

struct automount_spec {
	struct file_system_type *type;
	char *source;
	char *data;
};

static struct vfsmount *spec_d_automount(struct path *path)
{
	struct automount_spec *spec = path->dentry->d_fsdata;
	struct vfsim *v = current_kernel();
	struct vfsmount *mnt;

	mnt = vfs_kern_mount(spec->type, SB_SUBMOUNT, spec->source, spec->data);
	if (IS_ERR(mnt))
		return mnt;
	mntget(mnt);		/* prevent immediate expiration */
	mnt_set_expiry(mnt, &v->expiry_list);
	return mnt;
}

static void spec_d_release(struct dentry *dentry)
{
	struct automount_spec *spec = dentry->d_fsdata;

	if (spec) {
		kfree(spec->source);
		kfree(spec->data);
		kfree(spec);
	}
}

static const struct dentry_operations automount_dentry_operations = {
	.d_automount = spec_d_automount,
	.d_release = spec_d_release,
};

long do_mkautomount(const char __user *pathname, const char *fstype,
		    const char *source, const char *data)
{
	struct vfsim *v = current_kernel();
	struct automount_spec *spec;
	struct dentry *d = NULL;
	long err;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	spec = kzalloc(sizeof(*spec), GFP_KERNEL);
	if (!spec)
		return -ENOMEM;
	spec->type = fstype ? get_fs_type(v, fstype) : NULL;
	err = -ENODEV;
	if (!spec->type)
		goto out_free;
	err = -ENOMEM;
	spec->source = kstrdup(source ? source : "none", GFP_KERNEL);
	if (!spec->source)
		goto out_free;
	if (data) {
		spec->data = kstrdup(data, GFP_KERNEL);
		if (!spec->data)
			goto out_free;
	}
	err = create_common(AT_FDCWD, pathname, S_IFDIR | 0755, NULL, &d);
	if (err)
		goto out_free;
	spin_lock(&d->d_lock);
	d->d_fsdata = spec;
	d->d_op = &automount_dentry_operations;
	WRITE_ONCE(d->d_flags, d->d_flags | DCACHE_NEED_AUTOMOUNT);
	spin_unlock(&d->d_lock);
	dput(d);
	return 0;

out_free:
	kfree(spec->source);
	kfree(spec->data);
	kfree(spec);
	return err;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The dentry cache, reduced to what an in-memory tree needs: every dentry
 * of a superblock is pinned while it is in the tree (one reference), looked
 * up through the instance's hash by (parent, name) under dcache_lock, and
 * freed after an RCU grace period once the last reference goes, because the
 * mount-notification walk follows ->d_parent under rcu_read_lock().
 * A child holds a reference on its parent, as in Linux, from d_alloc() to
 * its freeing: an unlinked file still open, or a cursor, keeps the
 * directories above it (and so their names, for d_path()) alive.
 * unlink, rmdir and rename take dentries out of the tree or move them
 * (d_delete(), d_move(), d_exchange()); a removed name is not kept as a
 * negative dentry (ramfs's always_delete_dentry()).
 */
#include <stdio.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/fs.h>
#include <vfs/kernel.h>

unsigned int full_name_hash(const void *salt, const char *name, unsigned int len)
{
	u64 h = 0xcbf29ce484222325ULL ^ (u64)(uintptr_t)salt;
	unsigned int i;

	for (i = 0; i < len; i++) {
		h ^= (u8)name[i];
		h *= 0x100000001b3ULL;
	}
	return (unsigned int)(h ^ (h >> 32));
}

static u64 d_hash_key(const struct dentry *parent, unsigned int hash)
{
	return (hash + ((uintptr_t)parent >> 4) * 0x9e3779b97f4a7c15ULL) *
		0x9e3779b97f4a7c15ULL;
}

static struct hlist_head *d_hash(struct vfsim *v, const struct dentry *parent,
				 unsigned int hash)
{
	return hlist_table_bucket(v->dentry_hashtable, d_hash_key(parent, hash));
}

static u64 d_hash_node(const struct hlist_node *node)
{
	const struct dentry *d = hlist_entry(node, struct dentry, d_hash);

	return d_hash_key(d->d_parent, d->d_name.hash);
}

struct dentry *dget(struct dentry *d)
{
	if (d)
		atomic_inc(&d->d_count);
	return d;
}

static struct dentry *__d_alloc(struct super_block *sb, const struct qstr *name)
{
	struct dentry *d = kzalloc(sizeof(*d), GFP_KERNEL);
	char *dname;

	if (!d)
		return NULL;
	if (name->len >= DNAME_INLINE_LEN) {
		dname = kmalloc(name->len + 1, GFP_KERNEL);
		if (!dname) {
			kfree(d);
			return NULL;
		}
	} else {
		dname = d->d_iname;
	}
	memcpy(dname, name->name, name->len);
	dname[name->len] = 0;
	d->d_name.name = dname;
	d->d_name.len = name->len;
	d->d_name.hash = name->hash;
	d->d_sb = sb;
	d->d_parent = d;
	atomic_set(&d->d_count, 1);
	spin_lock_init(&d->d_lock);
	INIT_HLIST_NODE(&d->d_hash);
	INIT_LIST_HEAD(&d->d_child);
	INIT_LIST_HEAD(&d->d_subdirs);
	return d;
}

/* A new, unhashed child of @parent, which it pins; the caller instantiates
 * it with d_add(), or drops it with dput() (a negative lookup). */
struct dentry *d_alloc(struct dentry *parent, const struct qstr *name)
{
	struct dentry *d = __d_alloc(parent->d_sb, name);

	if (d)
		d->d_parent = dget(parent);
	return d;
}

/*
 * d_alloc_cursor(): a readdir cursor of @parent (a directory's open file,
 * vfs/readdir.c).  It has no name and no inode, is never hashed, and sits
 * on @parent's d_subdirs after the last entry read, marked
 * DCACHE_DENTRY_CURSOR so that the list's other walkers skip it.
 */
struct dentry *d_alloc_cursor(struct dentry *parent)
{
	static const struct qstr empty = { .name = "", .len = 0 };
	struct dentry *d = d_alloc(parent, &empty);

	if (d)
		d->d_flags |= DCACHE_DENTRY_CURSOR;
	return d;
}

struct dentry *d_alloc_pseudo(struct super_block *sb, const struct qstr *name)
{
	struct dentry *d = __d_alloc(sb, name);

	if (d)
		d->d_flags |= DCACHE_DISCONNECTED;
	return d;
}

struct dentry *d_make_root(struct inode *inode)
{
	static const struct qstr root_name = { .name = "/", .len = 1 };
	struct dentry *d;

	if (!inode)
		return NULL;
	d = __d_alloc(inode->i_sb, &root_name);
	if (!d) {
		iput_final(inode);
		return NULL;
	}
	d->d_inode = inode;
	return d;
}

void d_instantiate(struct dentry *d, struct inode *inode)
{
	d->d_inode = inode;
}

/* Instantiate and put into the tree: the tree's reference is the one
 * d_alloc() gave. */
void d_add(struct dentry *d, struct inode *inode)
{
	struct vfsim *v = d->d_sb->s_kernel;

	d->d_inode = inode;
	spin_lock(&v->dcache_lock);
	hlist_add_head_rcu(&d->d_hash, d_hash(v, d->d_parent, d->d_name.hash));
	/* At the head, as 5.8's d_alloc() puts it: dcache_readdir() lists a
	 * directory newest first. */
	list_add(&d->d_child, &d->d_parent->d_subdirs);
	/*
	 * The kernel sizes the dentry hash at boot; the model doubles it
	 * when its dentries outnumber its buckets (hlist_table.h).  No
	 * sleeping under dcache_lock, and a failure keeps the old table.
	 */
	if (hlist_table_full(v->dentry_hashtable, ++v->nr_hashed_dentries))
		hlist_table_grow(&v->dentry_hashtable, d_hash_node, GFP_ATOMIC);
	spin_unlock(&v->dcache_lock);
}

struct dentry *d_lookup(const struct dentry *parent, const struct qstr *name)
{
	struct vfsim *v = parent->d_sb->s_kernel;
	struct dentry *d, *found = NULL;

	spin_lock(&v->dcache_lock);
	hlist_for_each_entry(d, d_hash(v, parent, name->hash), d_hash) {
		if (d->d_parent == parent && d->d_name.hash == name->hash &&
		    d->d_name.len == name->len &&
		    !memcmp(d->d_name.name, name->name, name->len)) {
			found = dget(d);
			break;
		}
	}
	spin_unlock(&v->dcache_lock);
	return found;
}

static void dentry_free(struct dentry *d)
{
	if (d->d_op && d->d_op->d_release)
		d->d_op->d_release(d);
	if (d->d_inode)
		iput(d->d_inode);
	if (d->d_name.name != d->d_iname)
		kfree_rcu((char *)d->d_name.name, rcu);
	kfree_rcu(d, rcu);
}

/* Unhashing @d rewrites its neighbours' d_hash too: see struct dentry. */
static void d_unhash_locked(struct vfsim *v, struct dentry *d)
{
	if (!d_unhashed(d)) {
		hlist_del_init_rcu(&d->d_hash);
		v->nr_hashed_dentries--;
		testing_point(v, TESTING_D_UNHASHED, d);
	}
	list_del_init(&d->d_child);
}

/* The last reference to a child drops the one it held on its parent: up
 * the tree in a loop, not by recursion (dput()'s dentry_kill() chain). */
void dput(struct dentry *d)
{
	while (d && atomic_dec_and_test(&d->d_count)) {
		struct vfsim *v = d->d_sb->s_kernel;
		struct dentry *parent = IS_ROOT(d) ? NULL : d->d_parent;

		WARN_ON(!list_empty(&d->d_subdirs));
		spin_lock(&v->dcache_lock);
		d_unhash_locked(v, d);
		spin_unlock(&v->dcache_lock);
		dentry_free(d);
		d = parent;
	}
}

/*
 * d_delete() for the in-memory filesystems, whose names are not kept
 * negative: take @d out of the hash and off its parent's list.  The tree's
 * reference is the caller's to drop (simple_unlink()'s dput()).
 */
void d_delete(struct dentry *d)
{
	struct vfsim *v = d->d_sb->s_kernel;

	spin_lock(&v->dcache_lock);
	d_unhash_locked(v, d);
	spin_unlock(&v->dcache_lock);
}

/*
 * d_ancestor - the child of @p1 on the way up from @p2 to @p1, when @p1 is
 * an ancestor of @p2 (@p2 itself if it is a child of @p1), else NULL.
 * Caller holds the directories' lock (dir_mutex), so nothing moves.
 */
struct dentry *d_ancestor(struct dentry *p1, struct dentry *p2)
{
	struct dentry *p;

	for (p = p2; !IS_ROOT(p); p = p->d_parent)
		if (p->d_parent == p1)
			return p;
	return NULL;
}

/*
 * Swap the names of @a and @b (5.8's swap_names()): an inline name is
 * copied into the other dentry's d_iname, an external one moves by its
 * pointer, so nothing is allocated and a rename cannot fail here.
 */
static void swap_names(struct dentry *a, struct dentry *b)
{
	bool a_inline = a->d_name.name == a->d_iname;
	bool b_inline = b->d_name.name == b->d_iname;
	struct qstr tmp = a->d_name;
	char buf[DNAME_INLINE_LEN];

	a->d_name = b->d_name;
	b->d_name = tmp;
	if (a_inline && b_inline) {
		memcpy(buf, a->d_iname, DNAME_INLINE_LEN);
		memcpy(a->d_iname, b->d_iname, DNAME_INLINE_LEN);
		memcpy(b->d_iname, buf, DNAME_INLINE_LEN);
		a->d_name.name = a->d_iname;
		b->d_name.name = b->d_iname;
	} else if (a_inline) {
		memcpy(b->d_iname, a->d_iname, DNAME_INLINE_LEN);
		b->d_name.name = b->d_iname;
	} else if (b_inline) {
		memcpy(a->d_iname, b->d_iname, DNAME_INLINE_LEN);
		a->d_name.name = a->d_iname;
	}
}

/*
 * __d_move(): @dentry takes @target's place (parent and name) in the tree.
 * Without @exchange, @target (positive: the file renamed over; negative:
 * the name looked up) leaves the hash with @dentry's old name; with it,
 * @target takes @dentry's old place.  Names change under rename_lock's
 * write side, for the lockless readers of d_parent and d_name (dentry
 * paths, the notification walk); the hash and the lists under
 * dcache_lock.  The moved dentries go to the head of their new parent's
 * list, so they read as the newest there.  Caller holds dir_mutex.
 */
static void __d_move(struct dentry *dentry, struct dentry *target, bool exchange)
{
	struct vfsim *v = dentry->d_sb->s_kernel;
	struct dentry *old_parent = dentry->d_parent;
	struct dentry *new_parent = target->d_parent;

	write_seqlock(&v->rename_lock);
	spin_lock(&v->dcache_lock);
	if (!d_unhashed(dentry)) {
		hlist_del_init_rcu(&dentry->d_hash);
		v->nr_hashed_dentries--;
	}
	if (!d_unhashed(target)) {
		hlist_del_init_rcu(&target->d_hash);
		v->nr_hashed_dentries--;
	}
	swap_names(dentry, target);
	WRITE_ONCE(dentry->d_parent, new_parent);
	list_del_init(&target->d_child);
	if (exchange) {
		WRITE_ONCE(target->d_parent, old_parent);
		list_move(&target->d_child, &old_parent->d_subdirs);
		hlist_add_head_rcu(&target->d_hash,
				   d_hash(v, old_parent, target->d_name.hash));
		v->nr_hashed_dentries++;
	}
	list_move(&dentry->d_child, &new_parent->d_subdirs);
	hlist_add_head_rcu(&dentry->d_hash, d_hash(v, new_parent, dentry->d_name.hash));
	v->nr_hashed_dentries++;
	spin_unlock(&v->dcache_lock);
	write_sequnlock(&v->rename_lock);
	/* The child's pin moves with it (an exchange swaps one for one). */
	if (!exchange && old_parent != new_parent) {
		dget(new_parent);
		dput(old_parent);
	}
}

void d_move(struct dentry *dentry, struct dentry *target)
{
	__d_move(dentry, target, false);
}

void d_exchange(struct dentry *dentry1, struct dentry *dentry2)
{
	__d_move(dentry1, dentry2, true);
}

/*
 * Drop the tree's reference on every dentry below and including @root,
 * leaves first (generic_shutdown_super's shrink_dcache_for_umount).  A
 * child's freeing drops its pin on the parent, so each directory is back
 * to its tree reference when its turn comes.
 */
void d_delete_subtree(struct dentry *root)
{
	struct vfsim *v = root->d_sb->s_kernel;
	struct dentry *d = root;

	while (d) {
		struct dentry *parent;

		spin_lock(&v->dcache_lock);
		if (!list_empty(&d->d_subdirs)) {
			d = list_first_entry(&d->d_subdirs, struct dentry, d_child);
			spin_unlock(&v->dcache_lock);
			continue;
		}
		parent = d == root ? NULL : d->d_parent;
		d_unhash_locked(v, d);
		spin_unlock(&v->dcache_lock);
		WARN_ON(atomic_read(&d->d_count) != 1);
		dput(d);
		d = parent;
	}
}

/*
 * d_set_mounted - mark @dentry a mountpoint, unless it has left the dentry
 * hash (-ENOENT) or is one already (-EBUSY).  5.8 tests d_unlinked() under
 * rename_lock and the dentries' d_lock, which its __d_drop() holds; the
 * model unhashes under dcache_lock, so the test holds that, and d_lock for
 * the flag.  Even a dentry nobody can unhash needs it: the unhash of the
 * dentry in front of it on its hash chain, of any superblock, rewrites its
 * d_hash.  5.8 also tests every directory above @dentry, for d_invalidate()
 * drops a directory before its children; d_delete_subtree() unhashes the
 * children first, so here an unhashed directory has no hashed dentry below.
 */
int d_set_mounted(struct dentry *dentry)
{
	struct vfsim *v = dentry->d_sb->s_kernel;
	int ret = -ENOENT;

	testing_point(v, TESTING_D_SET_MOUNTED, dentry);
	spin_lock(&v->dcache_lock);
	if (!d_unlinked(dentry)) {
		ret = -EBUSY;
		spin_lock(&dentry->d_lock);
		if (!d_mountpoint(dentry)) {
			WRITE_ONCE(dentry->d_flags, dentry->d_flags | DCACHE_MOUNTED);
			ret = 0;
		}
		spin_unlock(&dentry->d_lock);
	}
	spin_unlock(&v->dcache_lock);
	return ret;
}

char *dentry_path_raw(const struct dentry *d, char *buf, int buflen)
{
	char *end = buf + buflen;
	char *p = end;
	struct vfsim *v = d->d_sb->s_kernel;
	unsigned int seq = 0;

	rcu_read_lock();
restart:
	p = end;
	*--p = 0;
	read_seqbegin_or_lock(&v->rename_lock, &seq);
	{
		const struct dentry *cur = d;

		while (!IS_ROOT(cur)) {
			unsigned int len = cur->d_name.len;

			if (p - buf < (long)len + 1) {
				p = NULL;
				break;
			}
			p -= len;
			memcpy(p, cur->d_name.name, len);
			*--p = '/';
			cur = cur->d_parent;
		}
	}
	if (need_seqretry(&v->rename_lock, seq)) {
		seq = 1;
		goto restart;
	}
	done_seqretry(&v->rename_lock, seq);
	rcu_read_unlock();
	if (!p)
		return ERR_PTR(-ENAMETOOLONG);
	if (!*p) {
		if (p == buf)
			return ERR_PTR(-ENAMETOOLONG);
		*--p = '/';
	}
	return p;
}

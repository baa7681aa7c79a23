/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inodes, dentries, superblocks and filesystem types: the parts of the
 * kernel's include/linux/fs.h and include/linux/dcache.h the model needs.
 *
 * Each field of struct dentry and struct super_block says what protects
 * it; how the locks nest is in docs/internals.md, "Locks".  "Set once"
 * fields are written before the object is published (a dentry hashed by
 * d_add(), a superblock on the super_blocks list or born) and never
 * change after.
 *
 * Lifetimes (the reference-ownership table is in docs/internals.md):
 *  - an inode is held by each dentry it is instantiated in (i_count: one
 *    per hard link still open or named) and dies with the last one;
 *  - a dentry holds one reference for being in the tree (as on ramfs, where
 *    dentries are pinned) plus one per user and one per child (a child
 *    pins its parent); it is freed after an RCU grace period because the
 *    mount-notification walk follows ->d_parent locklessly;
 *  - a superblock lives while it has active references (mounts) or passive
 *    ones (s_count).
 */
#ifndef _VFSIM_VFS_FS_H
#define _VFSIM_VFS_FS_H

#include <sys/stat.h>

#include <linux/atomic.h>
#include <linux/err.h>
#include <linux/kdefs.h>
#include <linux/kuuid.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>

struct vfsim;
struct path;
struct fs_context;
struct watch_list;
struct vfsmount;
struct fsinfo_context;
struct fs_parameter;
struct fc_log;

typedef unsigned int kuid_t;
typedef unsigned int kgid_t;
typedef unsigned short umode_t;

struct timespec64 {
	time64_t tv_sec;
	long tv_nsec;
};

static inline int timespec64_compare(const struct timespec64 *a,
				     const struct timespec64 *b)
{
	if (a->tv_sec != b->tv_sec)
		return a->tv_sec < b->tv_sec ? -1 : 1;
	if (a->tv_nsec != b->tv_nsec)
		return a->tv_nsec < b->tv_nsec ? -1 : 1;
	return 0;
}

static inline bool timespec64_equal(const struct timespec64 *a,
				    const struct timespec64 *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

#define NAME_MAX 255
#define PATH_MAX 4096
#define MAXSYMLINKS 40

/* Superblock flags (include/linux/fs.h, 5.6). */
#define SB_RDONLY	 1
#define SB_NOSUID	 2
#define SB_NODEV	 4
#define SB_NOEXEC	 8
#define SB_SYNCHRONOUS	16
#define SB_MANDLOCK	64
#define SB_DIRSYNC	128
#define SB_NOATIME	1024
#define SB_NODIRATIME	2048
#define SB_SILENT	32768
#define SB_POSIXACL	(1 << 16)
#define SB_KERNMOUNT	(1 << 22)
#define SB_I_VERSION	(1 << 23)
/* sb->s_iflags (include/linux/fs.h) */
#define SB_I_NOEXEC	0x00000002
#define SB_I_NODEV	0x00000004
#define SB_LAZYTIME	(1 << 25)
#define SB_SUBMOUNT	(1 << 26)
#define SB_BORN		(1 << 29)
#define SB_ACTIVE	(1 << 30)
#define SB_NOUSER	(1U << 31)

/* Filesystem type flags. */
#define FS_REQUIRES_DEV		1
#define FS_BINARY_MOUNTDATA	2
#define FS_HAS_SUBTYPE		4
#define FS_USERNS_MOUNT		8

/* Permission masks. */
#define MAY_EXEC	0x00000001
#define MAY_WRITE	0x00000002
#define MAY_READ	0x00000004
#define MAY_ACCESS	0x00000010

struct qstr {
	const char *name;
	unsigned int len;
	unsigned int hash;
};

struct inode;
struct dentry;
struct file_operations;
struct seq_file;
struct address_space;

struct inode_operations {
	int (*mkdir)(struct inode *dir, struct dentry *dentry, umode_t mode);
	int (*symlink)(struct inode *dir, struct dentry *dentry, const char *target);
	int (*create)(struct inode *dir, struct dentry *dentry, umode_t mode);
	/* Directory changes (vfs/unlink.c, vfs/rename.c, vfs/link.c), called
	 * with the directories' lock (dir_mutex) held; NULL: -EPERM. */
	int (*link)(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry);
	int (*unlink)(struct inode *dir, struct dentry *dentry);
	int (*rmdir)(struct inode *dir, struct dentry *dentry);
	int (*rename)(struct inode *old_dir, struct dentry *old_dentry,
		      struct inode *new_dir, struct dentry *new_dentry,
		      unsigned int flags);
	/* A device node, FIFO or socket (vfs_mknod()); NULL: -EPERM. */
	int (*mknod)(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t rdev);
};

/* renameat2() flags (include/uapi/linux/fs.h) */
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE	(1 << 0)
#define RENAME_EXCHANGE		(1 << 1)
#define RENAME_WHITEOUT		(1 << 2)
#endif

/* The 4-byte fields together, so the inode has no holes (112 bytes, not
 * 120): there is one per tmpfs mount and one per directory. */
struct inode {
	umode_t i_mode;
	kuid_t i_uid;
	kgid_t i_gid;
	unsigned int i_nlink;		/* under dir_mutex */
	/* The device a character or block node stands for (makedev(), as
	 * s_dev is); 0 otherwise.  Set once, by ->mknod. */
	dev_t i_rdev;
	unsigned long i_ino;
	loff_t i_size;
	/* 512-byte units the file's pages take (vfs/filemap.c), under the
	 * mapping's lock; 0 for inodes without data. */
	u64 i_blocks;
	struct super_block *i_sb;
	const struct inode_operations *i_op;
	/* What open() gives a file of this inode (NULL: no data), and its
	 * pages: set once, by the filesystem, before the inode is published.
	 * The mapping is owned (freed by iput_final()). */
	const struct file_operations *i_fop;
	struct address_space *i_mapping;
	const char *i_link;		/* symlink body (owned) */
	/* The dentries holding the inode (one per hard link) and other
	 * users: atomic; the last iput() evicts. */
	atomic_t i_count;
	struct timespec64 i_atime, i_mtime, i_ctime;
	void *i_private;
};

static inline bool S_ISDIR_INODE(const struct inode *i) { return S_ISDIR(i->i_mode); }

/* d_flags (include/linux/dcache.h, 5.6, plus DCACHE_MOUNT_WATCH of patch 02). */
#define DCACHE_MOUNTED		0x00010000 /* is a mountpoint */
#define DCACHE_NEED_AUTOMOUNT	0x00020000 /* handle automount on this dir */
#define DCACHE_MANAGE_TRANSIT	0x00040000
#define DCACHE_MANAGED_DENTRY	(DCACHE_MOUNTED | DCACHE_NEED_AUTOMOUNT | DCACHE_MANAGE_TRANSIT)
#define DCACHE_DISCONNECTED	0x00000020
#define DCACHE_DENTRY_CURSOR	0x20000000 /* a readdir cursor (vfs/readdir.c) */
#define DCACHE_MOUNT_WATCH	0x80000000 /* there's a mount watch here */

#define DNAME_INLINE_LEN 32

struct dentry_operations {
	/* Make the submount an automount point leads to (or ERR_PTR). */
	struct vfsmount *(*d_automount)(struct path *path);
	/* The dentry is being freed: release d_fsdata. */
	void (*d_release)(struct dentry *dentry);
};

struct dentry {
	/* DCACHE_*: changed under d_lock (WRITE_ONCE), read without it
	 * (READ_ONCE), as the kernel's path walk does. */
	unsigned int d_flags;
	/* Mount watches placed on this dentry, under d_lock: the last one
	 * going clears DCACHE_MOUNT_WATCH (erratum B10).  (Beside d_flags,
	 * in what was padding.) */
	unsigned int d_mount_watches;
	/*
	 * What d_lookup() reads of each dentry on a hash chain comes first,
	 * in the kernel's order (d_hash, d_parent, d_name, d_inode, d_iname):
	 * a chain walk then touches one or two cache lines per dentry, not
	 * four; with 100,000 dentries those lines are misses.
	 *
	 * d_hash is under the instance's dcache_lock, for reading too, even
	 * on a dentry nothing can unhash: unhashing the dentry in front of
	 * it on its chain rewrites its d_hash.prev (the chains mix every
	 * superblock: a tmpfs shut down by one thread rewrote the mountpoint
	 * another thread was testing, d_set_mounted()).  d_parent and d_name:
	 * set before d_add() hashes the dentry, changed only by a rename
	 * (d_move(), d_exchange()) under dir_mutex, rename_lock's write side
	 * and dcache_lock; lockless readers follow the kernel's rule (RCU
	 * plus rename_lock's sequence: the notification walk,
	 * dentry_path_raw(), __d_path()).
	 */
	struct hlist_node d_hash;	/* in the instance's dentry hash, by (parent, name) */
	struct dentry *d_parent;
	struct qstr d_name;
	struct inode *d_inode;		/* set once (d_instantiate(), d_add()) */
	char d_iname[DNAME_INLINE_LEN];	/* with d_name */
	struct super_block *d_sb;	/* set once */
	atomic_t d_count;		/* atomic: 1 for being in the tree + users */
	/* One word, as the kernel's is (a mutex is 40 bytes, and there is a
	 * dentry per directory and per tmpfs mount): nothing sleeps on it,
	 * and its sections are a few stores (linux/spinlock.h). */
	word_spinlock_t d_lock;
	/* d_child, d_subdirs: under the instance's dcache_lock. */
	struct list_head d_child;	/* on the parent's d_subdirs */
	struct list_head d_subdirs;	/* children, newest first, and cursors */
	/* d_op, d_fsdata: set once, before publication or (an automount
	 * point) under d_lock in the same hold that sets
	 * DCACHE_NEED_AUTOMOUNT; read without a lock. */
	const struct dentry_operations *d_op;
	void *d_fsdata;
};

static inline bool d_mountpoint(const struct dentry *d)
{
	return READ_ONCE(d->d_flags) & DCACHE_MOUNTED;
}
static inline bool d_is_dir(const struct dentry *d) { return S_ISDIR(d->d_inode->i_mode); }
/* A device, fifo or socket: opening it for writing writes no filesystem. */
static inline bool special_file(umode_t mode)
{
	return S_ISCHR(mode) || S_ISBLK(mode) || S_ISFIFO(mode) || S_ISSOCK(mode);
}
static inline bool d_is_reg(const struct dentry *d) { return S_ISREG(d->d_inode->i_mode); }
static inline bool d_is_symlink(const struct dentry *d) { return S_ISLNK(d->d_inode->i_mode); }
/* d_unhashed(), d_unlinked(): under dcache_lock, which d_hash is under (a
 * neighbour's unhash rewrites this dentry's d_hash too). */
static inline bool d_unhashed(const struct dentry *d) { return hlist_unhashed(&d->d_hash); }
static inline bool IS_ROOT(const struct dentry *d) { return d == d->d_parent; }
static inline bool d_unlinked(const struct dentry *d) { return d_unhashed(d) && !IS_ROOT(d); }

struct dentry *dget(struct dentry *d);
void dput(struct dentry *d);
struct dentry *d_alloc(struct dentry *parent, const struct qstr *name);
struct dentry *d_make_root(struct inode *inode);
/* A dentry in no tree (pipes and other pseudo files); dput() frees it. */
struct dentry *d_alloc_pseudo(struct super_block *sb, const struct qstr *name);
void d_instantiate(struct dentry *d, struct inode *inode);
void d_add(struct dentry *d, struct inode *inode);
struct dentry *d_lookup(const struct dentry *parent, const struct qstr *name);
void d_delete_subtree(struct dentry *root);
struct dentry *d_alloc_cursor(struct dentry *parent);
void d_delete(struct dentry *d);
void d_move(struct dentry *dentry, struct dentry *target);
void d_exchange(struct dentry *dentry1, struct dentry *dentry2);
struct dentry *d_ancestor(struct dentry *p1, struct dentry *p2);
/* simple_positive(): in the tree with an inode; cursors are not. */
static inline bool simple_positive(const struct dentry *d)
{
	return d->d_inode && !(READ_ONCE(d->d_flags) & DCACHE_DENTRY_CURSOR) && !d_unhashed(d);
}
/* IS_DEADDIR(): a directory rmdir or a rename over it removed. */
static inline bool IS_DEADDIR(const struct inode *inode)
{
	return S_ISDIR(inode->i_mode) && !inode->i_nlink;
}
int d_set_mounted(struct dentry *dentry);
/* Path of @d from the root of its filesystem, into @buf (end-aligned). */
char *dentry_path_raw(const struct dentry *d, char *buf, int buflen);
unsigned int full_name_hash(const void *salt, const char *name, unsigned int len);

struct inode *new_inode(struct super_block *sb);
void iput_final(struct inode *inode);
void ihold(struct inode *inode);
void iput(struct inode *inode);
/* drop_nlink(): the last link going counts the inode in s_remove_count
 * until it is evicted.  Caller holds dir_mutex. */
void drop_nlink(struct inode *inode);
int inode_permission(struct inode *inode, int mask);
/* Access times of symlinks the walk follows (fs/inode.c). */
struct path;
bool atime_needs_update(const struct path *path, struct inode *inode);
void touch_atime(const struct path *path);

struct kstatfs {
	long f_type;
	long f_bsize;
	u64 f_blocks, f_bfree, f_bavail, f_files, f_ffree;
	__kernel_fsid_t f_fsid;
	long f_namelen, f_frsize, f_flags;
};

/* statfs.c: -ENOSYS if the filesystem has no ->statfs */
int statfs_by_dentry(struct dentry *dentry, struct kstatfs *buf);
int vfs_statfs(const struct path *path, struct kstatfs *buf);

struct super_operations {
	void (*put_super)(struct super_block *sb);
	int (*statfs)(struct dentry *dentry, struct kstatfs *buf);
	/* The fs's own mount options (",opt=val...") for mountinfo and
	 * statmount; NULL: the data string it was mounted with (s_options). */
	int (*show_options)(struct seq_file *m, struct dentry *root);
	/* The inode is being freed (its last dentry went): give back what
	 * the filesystem counted for it. */
	void (*evict_inode)(struct inode *inode);
	/* fsinfo() attributes of this filesystem, looked up before the
	 * common table (patch 07); -EOPNOTSUPP passes the query on. */
	int (*fsinfo)(struct path *path, struct fsinfo_context *ctx);
	/*
	 * Events raised from below (vfsim_sb_error(), vfsim_sb_network()), for
	 * a filesystem that reacts to them as a real one would (ext4's
	 * errors= behaviour, a network filesystem's view of its servers).
	 * Called with s_umount held for writing; NULL means just post the
	 * notification (notify_sb_error(), notify_sb(NETWORK)).
	 */
	int (*report_error)(struct super_block *sb, int error);
	int (*network_status)(struct super_block *sb, unsigned int info_flags);
};

/* sb->s_quota_types (include/linux/quota.h) */
#define QTYPE_MASK_USR	(1 << 0)
#define QTYPE_MASK_GRP	(1 << 1)
#define QTYPE_MASK_PRJ	(1 << 2)

struct super_block {
	struct list_head s_list;	/* on the instance's super_blocks, under sb_lock */
	/* s_dev .. s_type, s_op, s_magic, s_id, s_uuid, s_volname and the
	 * limits below: set once, by sget_fc() (its set() under sb_lock)
	 * and fill_super, before the superblock is born (SB_BORN). */
	dev_t s_dev;
	unsigned long s_blocksize;
	unsigned char s_blocksize_bits;
	loff_t s_maxbytes;
	struct file_system_type *s_type;
	/* The user namespace that made it, with a reference; set once. */
	struct user_namespace *s_user_ns;
	const struct super_operations *s_op;
	/*
	 * SB_*: changed by reconfigure_super() under s_umount held for
	 * writing (WRITE_ONCE; read with READ_ONCE, sb_rdonly()).  SB_BORN
	 * and SB_ACTIVE are set by get_tree once fill_super is done, and
	 * SB_ACTIVE cleared by the last deactivation, without a lock: the
	 * kernel holds s_umount there, the model's sget_fc() hands out no
	 * locked superblock and skips (under sb_lock) one not yet born.
	 */
	unsigned long s_flags;
	unsigned long s_iflags;		/* set once (none is set yet) */
	unsigned long s_magic;
	/* Set once by fill_super; cleared by the last deactivation. */
	struct dentry *s_root;
	struct rw_semaphore s_umount;
	int s_count;			/* passive refs, under sb_lock */
	atomic_t s_active;		/* atomic: active refs, one per mount */
	/* Of s_active, those a driver's open files hold (a devpts pty:
	 * devpts_acquire()), for the invariant checker's count. */
	atomic_t s_pins;
	struct list_head s_mounts;	/* mounts of this sb, under mount_lock */
	char s_id[32];			/* informational name */
	uuid_t s_uuid;
	char *s_volname;		/* volume label, may be NULL */
	/* Set by fill_super, read by fsinfo()'s LIMITS, SUPPORTS, FEATURES. */
	const struct dentry_operations *s_d_op;	/* default dentry ops */
	unsigned int s_max_links;	/* 0: no limit stated */
	unsigned int s_quota_types;	/* QTYPE_MASK_* */
	u32 s_time_gran;
	atomic_t s_notify_counter;	/* patch 05: atomic (here: no padding hole) */
	time64_t s_time_min, s_time_max;
	/* Patch 04: set once by alloc_super() (the counter under sb_lock);
	 * never reused in an instance. */
	u64 s_unique_id;
	/*
	 * Patch 05.  Set once, from NULL, under s_umount held for writing
	 * (rcu_assign_pointer()), with s_active checked under it; cleared by
	 * the last deactivation, which frees the list after an RCU grace
	 * period.  A poster reads it with READ_ONCE, holding an active
	 * reference (its path) or under RCU (NFS's posts to a client's
	 * other superblocks).
	 */
	struct watch_list *s_watchers;
	void *s_fs_info;		/* set once by fill_super */
	/* The last inode number handed out: atomic increment in
	 * new_inode(); ->statfs reads it without a lock. */
	unsigned long s_next_ino;
	/* Set by sb_prepare_remount_readonly() (under mount_lock) while a
	 * remount read-only is under way, so that new writers see the
	 * superblock read-only already; cleared by reconfigure_super(). */
	int s_readonly_remount;
	struct vfsim *s_kernel;		/* set once: the owning instance */
	/* The fs data string it was mounted with: set once by get_tree or
	 * fill_super. */
	char *s_options;
	/* Inodes whose last link went and that are still in use (an open
	 * unlinked file, a removed working directory): atomic; a remount
	 * read-only is EBUSY while there are any, as in 5.8. */
	atomic_long_t s_remove_count;
};

/* ---- file data (vfs/filemap.c) ------------------------------------------ */

typedef unsigned long pgoff_t;

#define PAGE_SHIFT	12
#define PAGE_SIZE 4096	/* 1 << PAGE_SHIFT; as vfs/fsopen.c and others spell it */
#define BLOCKS_PER_PAGE	(PAGE_SIZE / 512)

/* What the filesystem counts of a mapping's pages (tmpfs's block limit):
 * NULL for ramfs, which counts nothing. */
struct address_space_operations {
	/* Charge @pages new pages to @inode's filesystem: 0 or -ENOSPC. */
	int (*acct_blocks)(struct inode *inode, long pages);
	void (*unacct_blocks)(struct inode *inode, long pages);
};

/* One page of data at page index @index. */
struct page_slot {
	pgoff_t index;
	char *data;			/* PAGE_SIZE bytes (kmalloc) */
	/* Written: a page tmpfs's fallocate made and nothing wrote yet is
	 * still a hole to SEEK_DATA (PageUptodate()). */
	bool uptodate;
};

/*
 * A regular file's pages, the page cache of an in-memory filesystem (the
 * kernel's i_pages xarray): slots sorted by index, a missing index a hole
 * (reads as zeros).  i_rwsem: the kernel's inode lock, taken for the data,
 * the size and each open file's f_pos (held across read, write, lseek,
 * truncate and fallocate, as the kernel's f_pos_lock and i_rwsem are).
 */
struct address_space {
	struct mutex i_rwsem;
	struct page_slot *slots;	/* nrpages used, nr_slots allocated */
	unsigned long nrpages, nr_slots;
	const struct address_space_operations *a_ops;
};

/* A read or write at a position (include/linux/fs.h's kiocb). */
#define IOCB_APPEND	(1 << 1)
struct kiocb {
	struct file *ki_filp;
	loff_t ki_pos;
	int ki_flags;
};

struct address_space *mapping_alloc(const struct address_space_operations *a_ops);
/* iput_final(): drop every page, then the mapping. */
void truncate_inode_pages_final(struct inode *inode);
/* Drop the pages wholly at or past @lstart, zero the tail of the one it
 * falls in; caller holds i_rwsem. */
void truncate_inode_pages(struct inode *inode, loff_t lstart);
/* Drop the pages wholly inside [lstart, lend] and zero the parts of the
 * two it cuts (tmpfs's hole punch); caller holds i_rwsem. */
void truncate_inode_pages_range(struct inode *inode, loff_t lstart, loff_t lend);
/* The page at @index, allocated (and charged) if missing: NULL and
 * *err set on failure.  Caller holds i_rwsem. */
struct page_slot *find_or_create_page(struct inode *inode, pgoff_t index, int *err);
/* The first index in [start, end) that is data (written) or, for
 * SEEK_HOLE, not; @end if none (shmem_seek_hole_data()). */
pgoff_t mapping_seek_hole_data(const struct inode *inode, pgoff_t start,
			       pgoff_t end, int whence);
int simple_mknod_with(struct inode *dir, struct dentry *dentry, umode_t mode,
		      const char *target, dev_t rdev,
		      struct inode *(*get_inode)(struct super_block *sb, umode_t mode, int *err));
ssize_t generic_file_read_iter(struct kiocb *iocb, void __user *buf, size_t len);
ssize_t generic_file_write_iter(struct kiocb *iocb, const void __user *buf, size_t len);
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence);
loff_t vfs_setpos(struct file *file, loff_t offset, loff_t maxsize);
int noop_fsync(struct file *file, loff_t start, loff_t end, int datasync);
/* simple_setattr()'s size change: truncate or extend; caller holds i_rwsem. */
int simple_setsize(struct inode *inode, loff_t newsize);
/* ramfs's regular files (fs/ramfs/file-mmu.c) */
extern const struct file_operations ramfs_file_operations;

/* proc_namespace.c: /proc/PID/mountinfo, mounts, mountstats (seq_files) */
extern const struct file_operations proc_mountinfo_operations;
extern const struct file_operations proc_mounts_operations;
extern const struct file_operations proc_mountstats_operations;
/* The root a /proc mounts file renders from (it holds a reference), or
 * NULL for any other file: for the invariant checker's count. */
struct vfsmount *proc_mounts_root(struct file *f);
struct mnt_namespace *proc_mounts_ns(struct file *f);

/* proc_namespace.c: ->show_options, or the mount data (mountinfo, statmount) */
void show_sb_fs_options(struct seq_file *m, struct super_block *sb);

static inline bool sb_rdonly(const struct super_block *sb)
{
	return READ_ONCE(sb->s_flags) & SB_RDONLY;
}

struct file_system_type {
	const char *name;
	int fs_flags;
	/* Build or find the superblock for @fc and set fc->root (a ref). */
	int (*get_tree)(struct fs_context *fc);
	/* Apply fc->data and fc->sb_flags to fc->root's sb (optional). */
	int (*reconfigure)(struct fs_context *fc);
	void (*kill_sb)(struct super_block *sb);
	/*
	 * The new mount API (vfs/fs_context.c): take one fsconfig()
	 * parameter, or -ENOPARAM to leave it to the VFS.  NULL: the
	 * filesystem takes its options as one data string, which fsconfig()
	 * builds as the kernel's legacy_fs_context does.
	 */
	int (*parse_param)(struct fs_context *fc, struct fs_parameter *param);
	struct list_head fs_list;	/* in the instance's registry */
};

enum fs_context_purpose {
	FS_CONTEXT_FOR_MOUNT,
	FS_CONTEXT_FOR_SUBMOUNT,
	FS_CONTEXT_FOR_RECONFIGURE,
};

/* A small fs_context: what mount(2) and remount hand a filesystem. */
struct fs_context {
	struct file_system_type *fs_type;
	struct dentry *root;		/* the root (get_tree) or the sb's root (reconfigure) */
	const char *source;
	const char *data;		/* comma-separated options, may be NULL */
	unsigned int sb_flags;
	unsigned int sb_flags_mask;
	enum fs_context_purpose purpose;
	void *fs_private;
	/*
	 * Contexts of the new mount API only (fsopen(), fspick();
	 * vfs/fs_context.c), zero in mount(2)'s on-stack ones.  Under the
	 * context's uapi_mutex, which vfs/fsopen.c keeps beside it.
	 */
	struct fc_log *log;		/* the messages read() returns */
	char *fc_data;			/* owned: the options gathered so far */
	size_t fc_data_size;
	char *fc_source;		/* owned: what fc->source points to */
	unsigned int phase;		/* enum fs_context_phase */
	bool exclusive;			/* FSCONFIG_CMD_CREATE_EXCL */
};

int register_filesystem(struct vfsim *v, struct file_system_type *tmpl);
void unregister_filesystem(struct vfsim *v, const struct file_system_type *tmpl);
int register_filesystems(struct vfsim *v, struct file_system_type *const *types, size_t nr);
void unregister_filesystems(struct vfsim *v, struct file_system_type *const *types, size_t nr);
void filesystems_release(struct vfsim *v);
struct file_system_type *get_fs_type(struct vfsim *v, const char *name);

/* super.c */
struct super_block *sget_fc(struct fs_context *fc,
			    int (*test)(struct super_block *, struct fs_context *),
			    int (*set)(struct super_block *, struct fs_context *));
int get_tree_nodev(struct fs_context *fc,
		   int (*fill_super)(struct super_block *sb, struct fs_context *fc));
void deactivate_super(struct super_block *sb);
void deactivate_locked_super(struct super_block *sb);
void put_super(struct super_block *sb);
int reconfigure_super(struct fs_context *fc);
void kill_anon_super(struct super_block *sb);
void kill_litter_super(struct super_block *sb);
u64 sb_alloc_unique_id(struct vfsim *v);

/*
 * Special files (vfs/inode.c, char_dev.c, block_dev.c, fifo.c): what an
 * inode of each type opens with, and a block device's disk.  The disks
 * the model simulates are listed in block_dev.c.
 */
void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev);
extern const struct file_operations def_chr_fops, def_blk_fops, def_fifo_fops,
	bad_sock_fops;
/* lookup_bdev(): the disk @pathname names (-ENOENT, -ENOTBLK, -EACCES,
 * -ENXIO...), into *@dev. */
int lookup_bdev(const char *pathname, dev_t *dev);
/* may_open_dev(): devices may be opened on @path's mount (not nodev). */
bool may_open_dev(const struct path *path);
/* The simulated disk called @name ("vdb1"), 0 if there is none. */
dev_t sim_disk_by_name(const char *name);
/* Its name, as the kernel's bdevname() gives it, into @buf (32 bytes). */
void sim_disk_name(dev_t dev, char *buf, size_t len);

/* simple helpers for in-memory filesystems (vfs/libfs.c) */
extern const struct inode_operations simple_dir_inode_operations;
extern const struct inode_operations simple_ro_dir_inode_operations;
struct inode *simple_new_inode(struct super_block *sb, umode_t mode);
int simple_fill_root(struct super_block *sb, umode_t mode);
int simple_statfs(struct dentry *dentry, struct kstatfs *buf);
/* fs/libfs.c's directory operations, for ramfs and tmpfs (vfs/libfs.c) */
bool simple_empty(struct dentry *dentry);
int simple_link(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry);
int simple_unlink(struct inode *dir, struct dentry *dentry);
int simple_rmdir(struct inode *dir, struct dentry *dentry);
int simple_rename(struct inode *old_dir, struct dentry *old_dentry,
		  struct inode *new_dir, struct dentry *new_dentry, unsigned int flags);
int simple_rename_exchange(struct inode *old_dir, struct dentry *old_dentry,
			   struct inode *new_dir, struct dentry *new_dentry);
/* Make a child of @parent: a directory, file or symlink (@target). */
struct dentry *simple_make_child(struct dentry *parent, const char *name,
				 umode_t mode, const char *target);
int set_anon_super(struct super_block *sb, struct fs_context *fc);

#endif

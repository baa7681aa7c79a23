/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tasks, credentials, fs_struct and file tables: the smallest shape of
 * include/linux/sched.h, cred.h, fs_struct.h and fdtable.h that the
 * syscalls need.  A task is single-threaded from the model's point of view:
 * its fd table and fs_struct are protected by its own lock anyway, because a
 * harness may share a task between threads.
 */
#ifndef _VFSIM_VFS_TASK_H
#define _VFSIM_VFS_TASK_H

#include <linux/current.h>
#include <linux/wait_queue.h>
#include <vfs/mount.h>
#include <vfs/user_namespace.h>

/* Capabilities (include/uapi/linux/capability.h) */
#define CAP_CHOWN		0
#define CAP_DAC_OVERRIDE	1
#define CAP_DAC_READ_SEARCH	2
#define CAP_FOWNER		3
#define CAP_SETGID		6
#define CAP_SETUID		7
#define CAP_SYS_CHROOT		18
#define CAP_SYS_PTRACE		19
#define CAP_SYS_ADMIN		21
#define CAP_MKNOD		27

struct cred {
	kuid_t uid, euid, fsuid;
	kgid_t gid, egid, fsgid;
	u64 cap_effective;
	/* Its user namespace, whose reference the task holds (copies of a
	 * cred by value, as a watch's, hold none and never follow it). */
	struct user_namespace *user_ns;
};

/*
 * CLONE_FS shares one fs_struct between tasks: users counts them (5.8's
 * fs->users), under lock, and the last to leave frees it (free_fs_struct()).
 */
struct fs_struct {
	int users;
	spinlock_t lock;
	umode_t umask;
	struct path root, pwd;
};

struct file;

typedef unsigned int __poll_t;
/* The model's poll() never sleeps: ->poll gets no table to wait on (NULL). */
struct poll_table_struct;

struct file_operations {
	/* do_dentry_open(): the file's own setup, after the model's; on an
	 * error the file goes without ->release. */
	int (*open)(struct inode *inode, struct file *f);
	long (*read)(struct file *f, void __user *buf, size_t len);
	long (*write)(struct file *f, const void __user *buf, size_t len);
	long (*unlocked_ioctl)(struct file *f, unsigned int cmd, unsigned long arg);
	int (*release)(struct file *f);
	/* Files with data (vfs/filemap.c): at iocb->ki_pos, which they move. */
	ssize_t (*read_iter)(struct kiocb *iocb, void __user *buf, size_t len);
	ssize_t (*write_iter)(struct kiocb *iocb, const void __user *buf, size_t len);
	loff_t (*llseek)(struct file *f, loff_t offset, int whence);
	int (*fsync)(struct file *f, loff_t start, loff_t end, int datasync);
	long (*fallocate)(struct file *f, int mode, loff_t offset, loff_t len);
	/* What poll() reports now (no ->poll: DEFAULT_POLLMASK). */
	__poll_t (*poll)(struct file *f, struct poll_table_struct *wait);
};

struct file {
	atomic_t f_count;
	struct path f_path;
	unsigned int f_flags;
	unsigned int f_mode;
	/* The file position, under the inode's i_rwsem (files with data). */
	loff_t f_pos;
	const struct file_operations *f_op;
	void *private_data;
};

#define FMODE_READ	0x1
#define FMODE_WRITE	0x2
#define FMODE_PATH	0x4000
/* The file holds write access to its mount (__mnt_want_write() at open,
 * __mnt_drop_write() at its last fput()). */
#define FMODE_WRITER	0x20000
/* The file holds a detached tree (fsmount(), open_tree(OPEN_TREE_CLONE)):
 * its last fput() dissolves it (dissolve_on_fput(), vfs/namespace.c). */
#define FMODE_NEED_UNMOUNT	0x10000000
void dissolve_on_fput(struct vfsmount *mnt);

/* CLONE_FILES shares one table: count is 5.8's files->count, the tasks
 * using it; the last put_files_struct() closes its files. */
struct files_struct {
	atomic_t count;
	spinlock_t file_lock;
	unsigned int max_fds;
	struct file **fd;
	unsigned long *close_on_exec;
};

#define VFSIM_FIRST_FD 3	/* 0-2: the stdio a process is born with */

struct task_struct {
	struct list_head tasks;		/* on v->tasks */
	struct vfsim *kernel;
	struct cred cred;
	/* Never NULL while the task lives; shared as CLONE_FS/CLONE_FILES
	 * say (vfs/fork.c), changed only by the task itself (unshare). */
	struct fs_struct *fs;
	struct files_struct *files;
	/*
	 * 5.8 reaches the namespace through task->nsproxy, shared by
	 * the tasks whose namespaces are all the same; the model has one kind
	 * of namespace, so the task holds its reference itself.  Changed by
	 * the task itself only (unshare, setns), read by others under
	 * v->tasks_lock (the namespace file of another task).
	 */
	struct mnt_namespace *nsproxy_mnt_ns;
	bool sigpending;
	/* The wait queue an interruptible sleep is on, so that making a signal
	 * pending can wake it (signal_wake_up()); under sig_lock. */
	spinlock_t sig_lock;
	wait_queue_head_t *sleeping_on;
	int pid;
	/*
	 * The keyrings 5.8 keeps in struct cred (security/keys/): installed
	 * on demand, under the instance's key_lock, each holding a reference.
	 * Here rather than in cred because struct cred is copied by value
	 * (a watch captures its watcher's).
	 */
	struct key *thread_keyring;
	struct key *process_keyring;
	struct key *session_keyring;
};

/* Kernel context without a task (instance teardown) acts as the kernel. */
extern const struct cred init_cred;
static inline const struct cred *current_cred(void)
{
	return current ? &current->cred : &init_cred;
}
static inline umode_t current_umask(void) { return current->fs->umask; }
bool capable(int cap);
bool current_chrooted(void);
static inline bool ns_capable_sys_admin(void) { return capable(CAP_SYS_ADMIN); }
static inline bool signal_pending(struct task_struct *t) { return READ_ONCE(t->sigpending); }
void set_signal_pending(struct task_struct *t, bool pending);

/* fdtable.c */
struct file *fget(unsigned int fd);
struct file *fget_raw(unsigned int fd);
void fput(struct file *file);
int fd_install_new(struct file *file, unsigned int flags);
int close_fd(unsigned int fd);
struct file *alloc_file_path(const struct path *path, unsigned int flags,
			     const struct file_operations *fop);
struct files_struct *dup_fd(struct files_struct *oldf, int *errorp);
void put_files_struct(struct files_struct *files);

/* task.c */
struct task_struct *task_alloc(struct vfsim *v, const struct task_struct *parent,
			       kuid_t uid, kgid_t gid);
void task_free(struct task_struct *t);
struct task_struct *__task_alloc(struct vfsim *v, const struct task_struct *parent,
				 kuid_t uid, kgid_t gid);
void task_publish(struct vfsim *v, struct task_struct *t);
struct fs_struct *copy_fs_struct(struct fs_struct *old);
void free_fs_struct(struct fs_struct *fs);
void exit_fs(struct task_struct *t);
void exit_files(struct task_struct *t);

/* fork.c: clone and unshare of what the model has (kernel/fork.c, kernel/nsproxy.c) */
int task_fork(struct task_struct *parent, unsigned long clone_flags,
	      struct task_struct **childp);
void task_exit(struct task_struct *t);
long ksys_unshare(unsigned long unshare_flags);
long ksys_setns(int fd, int nstype);
void get_fs_root(struct fs_struct *fs, struct path *root);
void get_fs_pwd(struct fs_struct *fs, struct path *pwd);
void set_fs_root(struct fs_struct *fs, const struct path *path);
void set_fs_pwd(struct fs_struct *fs, const struct path *path);
/* fs_struct.c */
void chroot_fs_refs(const struct path *old_root, const struct path *new_root);

#endif

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the files of the syscall shim share (docs/shim.md): libc's own
 * functions behind the interposed ones, the model instance, and the
 * translation of fds and return values between the program and the model.
 */
#ifndef VFSIM_SHIM_INTERNAL_H
#define VFSIM_SHIM_INTERNAL_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include <vfsim/shim.h>
#include <vfsim/vfsim.h>

/* Only the interposed functions and vfsim_shim_* leave the library. */
#define SHIM_EXPORT __attribute__((visibility("default")))

/* libc's functions, found with dlsym(RTLD_NEXT) by shim_real(). */
struct shim_real {
	long (*syscall)(long nr, ...);
	int (*pipe2)(int fds[2], int flags);
	ssize_t (*read)(int fd, void *buf, size_t len);
	ssize_t (*read_chk)(int fd, void *buf, size_t len, size_t buflen);
	ssize_t (*write)(int fd, const void *buf, size_t len);
	int (*close)(int fd);
	int (*ioctl)(int fd, unsigned long cmd, ...);
	int (*open)(const char *path, int flags, ...);
	int (*open64)(const char *path, int flags, ...);
	int (*open_2)(const char *path, int flags);
	int (*open64_2)(const char *path, int flags);
	int (*openat)(int dfd, const char *path, int flags, ...);
	int (*openat64)(int dfd, const char *path, int flags, ...);
	int (*openat_2)(int dfd, const char *path, int flags);
	int (*openat64_2)(int dfd, const char *path, int flags);
};

/* VFSIM_SHIM_OPEN: which opens go to the model (open.c). */
enum shim_open_rule {
	SHIM_OPEN_DIRS,		/* O_PATH or O_DIRECTORY (the default) */
	SHIM_OPEN_ALL,		/* every open not relative to a host fd */
	SHIM_OPEN_NONE,		/* only those relative to a model fd */
};

/* libc's functions and the settings read from the environment; resolved
 * once, thread-safely, without touching the model. */
const struct shim_real *shim_real(void);
enum shim_open_rule shim_open_rule(void);

/* The model's init task, set up on first use; NULL if that failed. */
struct vfsim_task *shim_task(void);

/*
 * Non-zero while this thread is inside the model (setting it up or in a
 * routed call).  Whatever the model's own libraries (jemalloc, liburcu,
 * libc's callers) call through the interposed functions meanwhile is the
 * host's: routing it would re-enter the model, or its pthread_once, and
 * deadlock.  Initial-exec TLS: the shim is linked into the program, not
 * dlopen()ed, and the access must not allocate.
 */
extern __thread unsigned int shim_in_model
	__attribute__((tls_model("initial-exec")));

/*
 * Set by the shim's constructor, cleared by its destructor (real.c).
 * Before, the libraries the shim depends on are still initialising
 * (jemalloc opens /proc files through syscall() with its init lock held);
 * after, they are finishing; either way everything is the host's.
 */
extern bool shim_started;

void shim_exit_wait(void);

/*
 * After the destructor, a call of the program's other threads would go to
 * the host while the driver's `exit` is ending the process (a notification
 * pipe, watch_mount() by number, a model path): shim_exit_wait() parks such
 * a thread instead, as it parks one that comes to a model fd.
 */
static inline bool shim_passthrough(void)
{
	if (shim_in_model != 0)
		return true;
	if (__builtin_expect(__atomic_load_n(&shim_started, __ATOMIC_ACQUIRE), 1))
		return false;
	shim_exit_wait();
	return true;
}

static inline void shim_enter(void)
{
	shim_in_model++;
}

static inline void shim_leave(void)
{
	shim_in_model--;
}

/* Parks the calling thread for good while another ends the process on
 * the driver's `exit` (driver.c); declared above shim_passthrough(). */

/* A model fd, and not a call the model itself made. */
static inline bool shim_is_model_fd(int fd)
{
	if (fd < VFSIM_SHIM_FD_BASE)
		return false;
	shim_exit_wait();
	return !shim_passthrough();
}

/* A dirfd for the model: AT_FDCWD (the model task's cwd) stays, a model fd
 * is translated, and a host fd becomes -1, which the model treats like the
 * kernel treats a closed fd: EBADF wherever the fd is looked at. */
static inline int shim_model_dfd(int dfd)
{
	if (dfd == AT_FDCWD)
		return AT_FDCWD;
	return dfd >= VFSIM_SHIM_FD_BASE ? dfd - VFSIM_SHIM_FD_BASE : -1;
}

/* An fd for the model: a host fd is no model fd (EBADF). */
static inline int shim_model_fd(int fd)
{
	return fd >= VFSIM_SHIM_FD_BASE ? fd - VFSIM_SHIM_FD_BASE : -1;
}

/*
 * A model return value as libc gives it: -1 with errno.  The kernel never
 * lets its restart codes (ERESTARTSYS .. ERESTART_RESTARTBLOCK, 512..516)
 * out: a program sees EINTR.
 */
static inline long shim_ret(long ret)
{
	if (ret >= 0)
		return ret;
	errno = (ret <= -512 && ret >= -516) ? EINTR : (int)-ret;
	return -1;
}

/* The routed calls, shared by the interposed functions and syscall(). */
/* directories and names (dirs.c): the rules, then the routed calls */
bool shim_name_is_model(int dfd, const char *path);
bool shim_unlink_is_model(int dfd, const char *path, int flags);
long shim_model_unlinkat(int dfd, const char *path, int flags);
long shim_model_renameat2(int odfd, const char *old, int ndfd, const char *new,
			  unsigned int flags);
long shim_model_linkat(int odfd, const char *old, int ndfd, const char *new, int flags);
long shim_model_readlinkat(int dfd, const char *path, char *buf, size_t size);
long shim_model_faccessat2(int dfd, const char *path, int mode, int flags);
struct timespec;
long shim_model_utimensat(int dfd, const char *path, const struct timespec times[2],
			  int flags);
long shim_model_getdents64(int fd, void *buf, size_t len);
long shim_fsinfo(int dfd, const char *path, const void *params, void *buf,
		 size_t size);
long shim_watch(bool sb, int dfd, const char *path, unsigned int at_flags,
		int watch_fd, int watch_id);
long shim_model_pipe2(int fds[2], int flags);
long shim_model_read(int fd, void *buf, size_t len);
long shim_model_write(int fd, const void *buf, size_t len);
long shim_model_close(int fd);
long shim_model_ioctl(int fd, unsigned long cmd, unsigned long arg);
/* open/openat by the rule; *@routed says whether the model took it. */
long shim_model_openat(int dfd, const char *path, int flags, mode_t mode,
		       bool *routed);

/* Mounts and paths (mounts.c, paths.c, statfs.c; docs/shim.md). */
struct statfs;
long shim_model_mount(const char *source, const char *target, const char *fstype,
		      unsigned long flags, const void *data);
long shim_model_umount2(const char *target, int flags);
long shim_model_pivot_root(const char *new_root, const char *put_old);
long shim_model_chdir(const char *path);
long shim_model_fchdir(int fd);
long shim_model_chroot(const char *path);
long shim_model_mkdirat(int dfd, const char *path, mode_t mode);
long shim_model_symlinkat(const char *target, int dfd, const char *path);
long shim_model_mknodat(int dfd, const char *path, mode_t mode, dev_t dev);
long shim_model_statfs(int dfd, const char *path, struct statfs *buf);

/* The successors' calls (route.c, successors.c; docs/shim.md). */
#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U	/* Linux 6.8; Debian 12's headers lack it */
#endif
struct mount_attr;
struct mnt_id_req;
struct statmount;
struct statx;
long shim_model_fsopen(const char *fs_name, unsigned int flags);
long shim_model_fsconfig(int fd, unsigned int cmd, const char *key,
			 const void *value, int aux);
long shim_model_fsmount(int fs_fd, unsigned int flags, unsigned int attr_flags);
long shim_model_fspick(int dfd, const char *path, unsigned int flags);
long shim_model_open_tree(int dfd, const char *path, unsigned int flags);
long shim_model_move_mount(int from_dfd, const char *from_path, int to_dfd,
			   const char *to_path, unsigned int flags);
long shim_model_mount_setattr(int dfd, const char *path, unsigned int flags,
			      struct mount_attr *attr, size_t size);
long shim_model_statmount(const struct mnt_id_req *req, struct statmount *buf,
			  size_t size, unsigned int flags);
long shim_model_listmount(const struct mnt_id_req *req, uint64_t *ids, size_t nr,
			  unsigned int flags);
long shim_model_statx(int dfd, const char *path, int flags, unsigned int mask,
		      struct statx *buf);

/* The path rule: @path (relative to @dfd) is the model's; or, with a NULL
 * @path, @dfd is a model fd.  False for the model's own calls. */
bool shim_path_is_model(int dfd, const char *path);
/* @path is under one of the host prefixes (VFSIM_SHIM_HOST_PATHS). */
bool shim_path_is_host(const char *path);
/* Relative paths are the model's from now on (a routed chdir/fchdir), or
 * the host's again (chdir/fchdir on the host). */
void shim_set_cwd_model(bool model);

/* libc's function @name after the shim (dlsym(RTLD_NEXT)); aborts if
 * there is none. */
void *shim_next(const char *name);

/*
 * VFSIM_SHIM_MOUNTINFO=model: an open of /proc/self/mountinfo (also
 * /proc/thread-self/ and /proc/PID/ of this process) for reading gives a
 * host memfd holding the model's mountinfo (vfsim_mountinfo()).  Returns
 * true if @path is such an open, with the fd or -1/errno in *@fd.
 */
bool shim_mountinfo_open(const char *path, int flags, int *fd);

/*
 * fanotify (fanotify.c): an open of /proc/self/ns/mnt (thread-self, this
 * PID) gives the model's mount-namespace file, always: true with the fd or
 * -1/errno in *@fd.  fanotify_init() and fanotify_mark() are the model's.
 */
bool shim_mntns_open(const char *path, int flags, int *fd);
long shim_model_fanotify_init(unsigned int flags, unsigned int event_f_flags);
long shim_model_fanotify_mark(int fd, unsigned int flags, uint64_t mask, int dfd,
			      const char *path);

/* Drivers: VFSIM_SHIM_SCRIPT and the control channel (driver.c,
 * control.c). */
struct vfsim_scenario_host;
extern const struct vfsim_scenario_host shim_scenario_host;
void shim_driver_attach(void);
void shim_driver_detach(void);
/* A watch the program set (+1) or removed (-1). */
void shim_driver_watch(int delta);
/* Before a program's read() of model fd @fd: wait at the gate. */
void shim_read_gate(int fd);
/* End the program with @status (exit()); does not return. */
void shim_driver_exit(int status) __attribute__((noreturn));
void shim_script_start(void);
/* keyctl/add_key/request_key through syscall() (keys.c): true if the
 * model took @nr, its result (libc's: -1/errno) in *@ret. */
bool shim_key_syscall(long nr, const long a[6], long *ret);
void shim_control_start(void);

#endif /* VFSIM_SHIM_INTERNAL_H */

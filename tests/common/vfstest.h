/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers for the VFS unit tests (plain C, no Criterion): boot an instance,
 * mkdir -p, render the mount tree as a string for exact comparisons, and
 * the end-of-test check (invariants, warnings, leaks).
 *
 * Everything here is test-side and wears the vt_ prefix; none of it has a
 * kernel counterpart.
 */
#ifndef VFSIM_TESTS_COMMON_VFSTEST_H
#define VFSIM_TESTS_COMMON_VFSTEST_H

#include <stdbool.h>
#include <stddef.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

/* Print "@what: ERRNAME (@err)" and abort the (test) process: for a step
 * a test cannot go on without. */
void vt_die(const char *what, long err) __attribute__((noreturn));

/*
 * vt_boot - vfsim_create() with default options and vfsim_boot(@tree).
 * Aborts the (test) process with a message on failure: a test cannot go on
 * without an instance.
 */
struct vfsim *vt_boot(const char *tree);

/* vt_boot() with @opts (NULL: the defaults), for a test of an option. */
struct vfsim *vt_boot_with(const struct vfsim_options *opts, const char *tree);

/* mkdir -p @path (mode @mode for every component made) as task @t:
 * 0 or the first -errno other than EEXIST. */
long vt_mkdir_p(struct vfsim_task *t, const char *path, mode_t mode);

/* open(@path, @flags, @mode) as task @t and close the fd again: 0 or the
 * -errno of the open (or of the close). */
long vt_open_close(struct vfsim_task *t, const char *path, int flags, mode_t mode);

/* A task with @uid/@gid (capabilities: all for uid 0, none otherwise);
 * aborts on failure. */
struct vfsim_task *vt_task(struct vfsim *v, uid_t uid, gid_t gid);

/* What vt_tree() prints for each mount, besides "ID PARENT MOUNTPOINT
 * FSTYPE SOURCE[ROOT]" (ROOT only when it is not "/"). */
enum {
	VT_ATTR = 1 << 0,	/* " ro|rw[,nosuid][,nodev][,noexec][,noatime|,strictatime]" */
	VT_PROP = 1 << 1,	/* " private" or " shared:N", " master:N", " unbindable" */
	VT_SB   = 1 << 2,	/* " sb=ro|rw" */
	VT_NOID = 1 << 3,	/* leave out ID and PARENT */
	VT_STATE = 1 << 4,	/* " depth=N opts=SB_OPTIONS sbf=FLAGS exp=0|1" */
	/* Everything but what legitimately moves on a failed operation
	 * (superblock unique IDs, change counters): the fault sweeps' snapshot. */
	VT_ALL = VT_ATTR | VT_PROP | VT_SB | VT_STATE,
};

/*
 * vt_tree - the mount tree of @t's namespace, one line per mount in
 * vfsim_for_each_mount() order, each line ended by '\n'.  Returns a
 * malloc()ed string (free() it), or NULL on error.
 */
char *vt_tree(struct vfsim_task *t, unsigned int what);

/* vt_tree(@t, @what) is exactly @want; prints both to stderr if not.  For
 * cr_assert(vt_tree_is(...)). */
bool vt_tree_is(struct vfsim_task *t, unsigned int what, const char *want);

/* A copy of one vfsim_mount_desc with its strings. */
struct vt_mount {
	struct vfsim_mount_desc d;
	char mountpoint[4096];
	char root[4096];
	char fstype[64];
	char source[256];
	char sb_options[512];
};

/* The mount @path resolves to (vfsim_path_mnt_id, then vfsim_mount_by_id):
 * 0 or -errno. */
int vt_mount_at(struct vfsim_task *t, const char *path, struct vt_mount *out);
/* Mount @id: 0 or -errno (-ENOENT when it is not in @t's namespace). */
int vt_mount_id(struct vfsim_task *t, unsigned int id, struct vt_mount *out);
/* The numbers of mount @id (its vfsim_mount_desc with the strings NULL:
 * for fields like expiry_marked or change_counter); aborts the (test)
 * process if @t's namespace has no such mount. */
struct vfsim_mount_desc vt_desc(struct vfsim_task *t, unsigned int id);
/* Number of mounts in @t's namespace. */
unsigned int vt_count_mounts(struct vfsim_task *t);

/*
 * vt_check - vfsim_check_invariants() == 0 and vfsim_warn_count() == 0;
 * prints what is wrong to stderr.  Returns 0 when clean.
 */
int vt_check(struct vfsim *v);

/*
 * vt_finish - the end-of-test check: vt_check(), then
 * vfsim_destroy_check(v, stderr) == 0 (no leak, no teardown warning).
 * @v is destroyed either way.  Returns 0 when everything was clean.
 */
int vt_finish(struct vfsim *v);

/* What the instance's oops hook was told (vfsim_set_oops_hook(v,
 * vt_oops_hook, &log)): how many oopses, and the last one's function and
 * reason. */
struct vt_oops_log {
	unsigned int calls;
	char function[64];
	char reason[256];
};

void vt_oops_hook(void *log, const char *function, const char *reason);

/* Internal knob for tests: the instance's fs.mount-max. */
void vt_set_mount_max(struct vfsim *v, unsigned int max);

#endif

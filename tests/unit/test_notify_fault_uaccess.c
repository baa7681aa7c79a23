/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * User-copy fault sweeps (as test_vfs_fault_uaccess.c) over watch_mount()
 * and watch_sb(), adding and removing, and over mount and umount with
 * watchers in place.  For each path argument: NULL (-EFAULT, also with
 * AT_EMPTY_PATH: getname() faults before the flag is looked at), a
 * pointer into the NULL page, the string wholly unmapped, its tail
 * unmapped; then a countdown over all the call's user copies, faulting at
 * once and after 3 bytes, until the countdown no longer fires (then the
 * call must succeed).  After every fault:
 *   - the call returned -EFAULT;
 *   - the mount tree is as before, the invariants hold (no
 *     DCACHE_MOUNT_WATCH without its watch, counts right), no WARN_ON;
 *   - no watch was added or lost, and no record was posted;
 *   - the instance tears down without a leak.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>
#include <criterion/logging.h>

#include "common/notifytest.h"
#include "common/check.h"

#define MAXARGS 2

struct env {
	struct vfsim *v;
	struct vfsim_task *t;
	int p[2], q[2];
	unsigned long long sb_a;
	unsigned int a;
};

struct ua_case {
	const char *name;
	void (*setup)(struct env *e);
	long (*op)(struct env *e, const char *const a[MAXARGS]);
	unsigned int nargs;
	const char *args[MAXARGS];
	unsigned int copies;	/* user copies the call makes */
	/* the state after a fault (the watches as they were) and after a
	 * success (the records the call posts) */
	void (*unchanged)(struct env *e);
	void (*done)(struct env *e);
	/* bit i: a NULL args[i] is no fault (mount's source: copy_mount_string()
	 * gives NULL for it, and tmpfs needs none) */
	unsigned int null_ok;
};

/* ---- setups ------------------------------------------------------------------ */

/*
 *   /                rootfs            <- p (ID 1) if watched
 *   `-/mnt/a         tmpfs "a"         <- p (ID 2) on its root and (ID 3) its sb
 *       `-d
 *   /mnt/b           a directory
 */
static void setup_plain(struct env *e)
{
	struct vfsim_task *t = e->t;

	nt_mkdirs(t, "/mnt/a");
	nt_mkdirs(t, "/mnt/b");
	OK(vfsim_mount(t, "a", "/mnt/a", "tmpfs", 0, NULL));
	nt_mkdirs(t, "/mnt/a/d");
	nt_pipe(t, 32, e->p);
	nt_pipe(t, 32, e->q);
	e->a = nt_mnt_id(t, "/mnt/a");
	e->sb_a = (unsigned long long)nt_sb_id(t, "/mnt/a");
}

static void setup_watched(struct env *e)
{
	setup_plain(e);
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/", 0, e->p[0], 1), 0);
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a", 0, e->p[0], 2), 0);
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a", 0, e->p[0], 3), 0);
}

/* ---- the calls, and the states they leave --------------------------------------- */

static long op_watch_mount(struct env *e, const char *const a[])
{
	return vfsim_watch_mount(e->t, AT_FDCWD, a[0], 0, e->q[0], 4);
}

static long op_unwatch_mount(struct env *e, const char *const a[])
{
	return vfsim_watch_mount(e->t, AT_FDCWD, a[0], 0, e->p[0], -1);
}

static long op_watch_sb(struct env *e, const char *const a[])
{
	return vfsim_watch_sb(e->t, AT_FDCWD, a[0], 0, e->q[0], 5);
}

static long op_unwatch_sb(struct env *e, const char *const a[])
{
	return vfsim_watch_sb(e->t, AT_FDCWD, a[0], 0, e->p[0], -1);
}

static long op_mount(struct env *e, const char *const a[])
{
	return vfsim_mount(e->t, a[0], a[1], "tmpfs", 0, NULL);
}

static long op_umount(struct env *e, const char *const a[])
{
	return vfsim_umount2(e->t, a[0], 0);
}

/* q has no watch on /mnt/a/d nor on a's superblock */
static void q_unwatched(struct env *e)
{
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a/d", 0, e->q[0], -1), -EBADSLT);
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a/d", 0, e->q[0], -1), -EBADSLT);
}

static void q_watches_d(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->q[0], "%s", ""));
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a/d", 0, e->q[0], -1), 0);
	cr_assert(nt_records_are(e->t, e->q[0], "meta removal id=4 object=0x2\n"));
}

static void q_watches_sb(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->q[0], "%s", ""));
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a", 0, e->q[0], -1), 0);
	cr_assert(nt_records_are(e->t, e->q[0], "meta removal id=5 object=0x%llx\n", e->sb_a));
}

/* p's three watches are all in place */
static void p_watches(struct env *e)
{
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/", 0, e->p[0], -1), 0);
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a", 0, e->p[0], -1), 0);
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a", 0, e->p[0], -1), 0);
	cr_assert(nt_records_are(e->t, e->p[0],
			         "meta removal id=1 object=0x1\n"
			         "meta removal id=2 object=0x1\n"
			         "meta removal id=3 object=0x%llx\n", e->sb_a));
}

static void p_unwatched_root(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0], "meta removal id=2 object=0x1\n"));
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a", 0, e->p[0], -1), -EBADSLT);
}

static void p_unwatched_sb(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0], "meta removal id=3 object=0x%llx\n", e->sb_a));
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a", 0, e->p[0], -1), -EBADSLT);
}

static void mounted(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0],
			         "mount new_mount id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         e->a, nt_mnt_id(e->t, "/mnt/a/d")));
	p_watches(e);
}

static void unmounted(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0], "mount unmount id=1 triggered_on=1 changed_mount=%u\n"
			         "meta removal id=2 object=0x%x\n"
			         "meta removal id=3 object=0x%llx\n", e->a, e->a, e->sb_a));
}

static const struct ua_case cases[] = {
	{ "watch_mount", setup_watched, op_watch_mount, 1, { "/mnt/a/d" }, 1,
	  q_unwatched, q_watches_d, 0 },
	/* the mount has no watch list: the first watch makes one */
	{ "watch_mount_first", setup_plain, op_watch_mount, 1, { "/mnt/a/d" }, 1,
	  q_unwatched, q_watches_d, 0 },
	{ "unwatch_mount", setup_watched, op_unwatch_mount, 1, { "/mnt/a" }, 1,
	  p_watches, p_unwatched_root, 0 },
	{ "watch_sb", setup_watched, op_watch_sb, 1, { "/mnt/a/d" }, 1,
	  q_unwatched, q_watches_sb, 0 },
	{ "watch_sb_first", setup_plain, op_watch_sb, 1, { "/mnt/a/d" }, 1,
	  q_unwatched, q_watches_sb, 0 },
	{ "unwatch_sb", setup_watched, op_unwatch_sb, 1, { "/mnt/a/d" }, 1,
	  p_watches, p_unwatched_sb, 0 },
	/* source and target; the type is a user string too */
	{ "mount_watched", setup_watched, op_mount, 2, { "xsource", "/mnt/a/d" }, 3,
	  p_watches, mounted, 1 << 0 },
	{ "umount_watched", setup_watched, op_umount, 1, { "/mnt/a" }, 1,
	  p_watches, unmounted, 0 },
};

/* ---- running one call --------------------------------------------------------- */

struct run {
	struct env e;
	char *before;
	char *bufs[MAXARGS];
	const char *args[MAXARGS];
};

static void run_begin(struct run *r, const struct ua_case *c)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
	cr_assert_eq(vfsim_create(NULL, &r->e.v), 0);
	cr_assert_eq(vfsim_boot(r->e.v, "empty"), 0);
	r->e.t = vfsim_init_task(r->e.v);
	c->setup(&r->e);
	r->before = vt_tree(r->e.t, VT_ALL);
	cr_assert_not_null(r->before);
	/* "User memory": our own copies, which the seam may mark unmapped. */
	for (i = 0; i < c->nargs; i++) {
		r->bufs[i] = strdup(c->args[i]);
		cr_assert_not_null(r->bufs[i]);
		r->args[i] = r->bufs[i];
	}
}

static void check_clean(struct run *r, const struct ua_case *c, const char *what)
{
	char why[256] = "";

	cr_assert_eq(vfsim_check_invariants(r->e.v, why, sizeof(why)), 0,
		     "%s %s: invariant: %s", c->name, what, why);
	cr_assert_eq(vfsim_warn_count(r->e.v), 0, "%s %s: WARN_ON", c->name, what);
}

static void check_result(struct run *r, const struct ua_case *c, long ret, bool fault,
			 const char *what)
{
	vfsim_uaccess_remap_all(r->e.v);
	if (!fault) {
		cr_assert_geq(ret, 0, "%s %s: %ld (%s), want success", c->name, what, ret,
			      vfsim_errno_name((int)-ret));
		check_clean(r, c, what);
		c->done(&r->e);
	} else {
		char *after = vt_tree(r->e.t, VT_ALL);

		cr_assert_eq(ret, -EFAULT, "%s %s: %ld (%s), want -EFAULT", c->name, what, ret,
			     vfsim_errno_name((int)-ret));
		cr_assert_str_eq(after, r->before, "%s %s: tree changed", c->name, what);
		free(after);
		check_clean(r, c, what);
		cr_assert(nt_records_are(r->e.t, r->e.p[0], "%s", ""));
		cr_assert(nt_records_are(r->e.t, r->e.q[0], "%s", ""));
		c->unchanged(&r->e);
	}
	check_clean(r, c, what);
}

static void run_end(struct run *r, const struct ua_case *c, const char *what)
{
	unsigned int i;

	cr_assert_eq(vfsim_destroy_check(r->e.v, stderr), 0, "%s %s: leak", c->name, what);
	for (i = 0; i < MAXARGS; i++)
		free(r->bufs[i]);
	free(r->before);
}

/* ---- the sweeps ------------------------------------------------------------------ */

static void null_and_unmapped(const struct ua_case *c)
{
	unsigned int i;

	for (i = 0; i < c->nargs; i++) {
		struct run r;

		run_begin(&r, c);
		r.args[i] = NULL;
		check_result(&r, c, c->op(&r.e, r.args), !(c->null_ok & (1U << i)), "NULL");
		run_end(&r, c, "NULL");

		run_begin(&r, c);
		r.args[i] = (const char *)(uintptr_t)16;
		check_result(&r, c, c->op(&r.e, r.args), true, "low pointer");
		run_end(&r, c, "low pointer");

		run_begin(&r, c);
		cr_assert_eq(vfsim_uaccess_unmap(r.e.v, r.bufs[i], strlen(r.bufs[i]) + 1), 0);
		check_result(&r, c, c->op(&r.e, r.args), true, "unmapped");
		run_end(&r, c, "unmapped");

		/* its tail unmapped: the copy faults after 3 bytes */
		run_begin(&r, c);
		cr_assert_eq(vfsim_uaccess_unmap(r.e.v, r.bufs[i] + 3, strlen(r.bufs[i]) - 2), 0);
		check_result(&r, c, c->op(&r.e, r.args), true, "tail unmapped");
		run_end(&r, c, "tail unmapped");
	}
}

static unsigned long countdown(const struct ua_case *c, size_t after)
{
	unsigned long n;
	char what[64];

	for (n = 1;; n++) {
		struct run r;
		bool fired;
		long ret;

		snprintf(what, sizeof(what), "countdown n=%lu after=%zu", n, after);
		run_begin(&r, c);
		vfsim_fail_nth_uaccess(r.e.v, n, after);
		ret = c->op(&r.e, r.args);
		fired = vfsim_uaccess_fault_fired(r.e.v);
		vfsim_fail_nth_uaccess(r.e.v, 0, 0);
		check_result(&r, c, ret, fired, what);
		run_end(&r, c, what);
		if (!fired)
			break;
	}
	return n - 1;
}

static void sweep(const struct ua_case *c)
{
	unsigned long n0, n3;

	null_and_unmapped(c);
	n0 = countdown(c, 0);
	n3 = countdown(c, 3);
	cr_assert_eq(n0, c->copies, "%s: %lu user copies, want %u", c->name, n0, c->copies);
	cr_assert_eq(n3, c->copies, "%s: %lu user copies, want %u", c->name, n3, c->copies);
	cr_log_info("%s: %u pointer arguments, %lu + %lu countdown fault points",
		    c->name, c->nargs, n0, n3);
}

#define UA_TEST(idx, id) Test(notify_fault_uaccess, id) { sweep(&cases[idx]); }

UA_TEST(0, watch_mount)
UA_TEST(1, watch_mount_first)
UA_TEST(2, unwatch_mount)
UA_TEST(3, watch_sb)
UA_TEST(4, watch_sb_first)
UA_TEST(5, unwatch_sb)
UA_TEST(6, mount_watched)
UA_TEST(7, umount_watched)

Test(notify_fault_uaccess, all_cases_registered)
{
	cr_assert_eq(sizeof(cases) / sizeof(cases[0]), 8);
}

/* AT_EMPTY_PATH does not make a NULL path acceptable (getname() faults
 * first), for adding or removing. */
Test(notify_fault_uaccess, null_path_with_at_empty_path)
{
	struct vfsim *v = vt_boot("empty");
	struct vfsim_task *t = vfsim_init_task(v);
	long dfd;
	int p[2];

	nt_pipe(t, 16, p);
	dfd = vfsim_openat(t, AT_FDCWD, "/", O_PATH | O_DIRECTORY, 0);
	OK(dfd);
	EXPECT(vfsim_watch_mount(t, (int)dfd, NULL, AT_EMPTY_PATH, p[0], 1), -EFAULT);
	EXPECT(vfsim_watch_sb(t, (int)dfd, NULL, AT_EMPTY_PATH, p[0], 1), -EFAULT);
	EXPECT(vfsim_watch_mount(t, (int)dfd, NULL, AT_EMPTY_PATH, p[0], -1), -EFAULT);
	EXPECT(vfsim_watch_sb(t, (int)dfd, NULL, AT_EMPTY_PATH, p[0], -1), -EFAULT);
	EXPECT(vfsim_watch_mount(t, (int)dfd, "", AT_EMPTY_PATH, p[0], -1), -EBADSLT);
	OK(vfsim_close(t, (int)dfd));
	cr_assert_eq(vt_finish(v), 0);
}

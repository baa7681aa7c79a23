// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_check_changed() (api/invariants_changed.c): the per-line check of
 * `vfsim run --check` catches what the full check catches.  Each case
 * corrupts the model as a buggy kernel change would — writing a mount
 * the kernel marks when it changes it (vfs/check_dirty.h) — and the next
 * check reports it; what no mount's neighbourhood shows is reported by
 * the full check it makes within VFSIM_CHECK_FULL_MIN calls.  The engine
 * cases corrupt the model from inside a line (a testing hook) and expect
 * `--check` to name that line.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <linux/rcupdate.h>
#include <vfs/check_dirty.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/ksim_fixture.h"

static struct vfsim *v;
static struct vfsim_task *t;
static struct mount *ma, *mb, *ms, *mp;

static struct mount *mount_at(const char *path)
{
	long id = vfsim_path_mnt_id(t, path);
	struct mount *m;

	OK(id);
	rcu_read_lock();
	m = mnt_find_by_id(v, (int)id);
	rcu_read_unlock();
	cr_assert_not_null(m, "no mount %ld at %s", id, path);
	return m;
}

static void run_text(struct vfsim *vm, const char *text)
{
	FILE *in = fmemopen((char *)text, strlen(text), "r");

	cr_assert_not_null(in);
	cr_assert_eq(vfsim_scenario_run(vm, in, stdout, NULL), 0);
	fclose(in);
}

/* test_api_invariants.c's tree, with the incremental check started. */
static void tree(struct vfsim *vm)
{
	char why[256];

	run_text(vm, "mkdir /a\nmkdir /b\nmkdir /s\nmkdir /p\n"
		     "mount tmpfs a /a shared\n"
		     "bind /a /b\n"
		     "bind /a /s\npropagation /s slave\n"
		     "mount tmpfs p /p\nmkdir /p/d\nmkdir /p/e\n"
		     "mount tmpfs q /p/d\nmount tmpfs r /p/e\n");
	/* The first call checks all and starts the marks; the next has
	 * nothing to look at. */
	EXPECT(vfsim_check_changed(vm, why, sizeof(why)), 0);
	EXPECT(vfsim_check_changed(vm, why, sizeof(why)), 0);
}

static void setup(struct vfsim *vm)
{
	tree(vm);
	ma = mount_at("/a");
	mb = mount_at("/b");
	ms = mount_at("/s");
	mp = mount_at("/p");
	/* Those lookups marked the mounts they walked: drained. */
	EXPECT(vfsim_check_changed(vm, NULL, 0), 0);
}

TestSuite(api_invariants_changed, .init = rcu_setup);

/* @m was changed (the kernel's mark), and the next check says @what. */
static void broken(struct mount *m, const char *what)
{
	char why[256];

	mnt_check_dirty(m);
	EXPECT(vfsim_check_changed(v, why, sizeof(why)), -EUCLEAN);
	cr_expect(strstr(why, what), "why: '%s', want '%s'", why, what);
}

/* Put right, and marked again: clean. */
static void clean(struct mount *m)
{
	char why[256];

	if (m)
		mnt_check_dirty(m);
	EXPECT(vfsim_check_changed(v, why, sizeof(why)), 0);
	cr_expect_str_empty(why);
}

/* Nothing marked: checks pass until the full one, which says @what
 * within VFSIM_CHECK_FULL_MIN calls. */
static void broken_within_k(const char *what)
{
	char why[256];
	unsigned int calls = 0;
	int ret;

	do {
		ret = vfsim_check_changed(v, why, sizeof(why));
		calls++;
	} while (ret == 0 && calls <= VFSIM_CHECK_FULL_MIN);
	EXPECT(ret, -EUCLEAN);
	cr_expect_leq(calls, VFSIM_CHECK_FULL_MIN);
	cr_expect(strstr(why, what), "why: '%s', want '%s'", why, what);
}

VT_TEST(api_invariants_changed, not_before_the_first_boot, "empty", NULL)
{
	char why[8] = "x";

	EXPECT(vfsim_check_changed(NULL, why, sizeof(why)), 0);
	cr_expect_str_empty(why);
	EXPECT(vfsim_check_changed(v, NULL, 0), 0);
}

VT_TEST(api_invariants_changed, mount_fields, "empty", setup)
{
	struct mnt_namespace *ns = mp->mnt_ns;

	mp->mnt_ns = NULL;
	broken(mp, "mount 5: in the tree but mnt_ns is not the namespace");
	mp->mnt_ns = ns;
	clean(mp);

	mp->mnt.mnt_flags |= MNT_DOOMED;
	broken(mp, "mount 5: in the tree but marked unmounted");
	mp->mnt.mnt_flags &= ~MNT_DOOMED;
	clean(mp);

	atomic_inc(&mp->mnt_count);
	broken(mp, "mount 5: mnt_count");
	atomic_dec(&mp->mnt_count);
	clean(mp);

	mp->mnt.mnt_flags |= MNT_MARKED;
	broken(mp, "MNT_MARKED left behind");
	mp->mnt.mnt_flags &= ~MNT_MARKED;
	clean(mp);

	list_add(&mp->mnt_umounting, &ma->mnt_umounting);
	broken(mp, "left on an umount scratch list");
	list_del_init(&mp->mnt_umounting);
	clean(mp);

	atomic_inc(&mp->mnt.mnt_sb->s_active);
	broken(mp, "s_active");
	atomic_dec(&mp->mnt.mnt_sb->s_active);
	clean(mp);

	mp->mnt_t_flags = 1;
	broken(mp, "fanotify notify state left set");
	mp->mnt_t_flags = 0;
	mp->prev_ns = NULL;
	broken(mp, "last reported in another namespace");
	mp->prev_ns = ns;
	clean(mp);
}

/* On the namespace, off its list: what the count check would see. */
VT_TEST(api_invariants_changed, off_the_namespace_list, "empty", setup)
{
	struct list_head *prev = mp->mnt_list.prev;

	list_del_init(&mp->mnt_list);
	broken(mp, "mount 5: in the namespace but not on its list");
	list_add(&mp->mnt_list, prev);
	clean(mp);
}

/* A child that names another parent, from the child's side alone. */
VT_TEST(api_invariants_changed, child_names_another_parent, "empty", setup)
{
	struct mount *child = list_first_entry(&mp->mnt_mounts, struct mount, mnt_child);

	child->mnt_parent = ma;
	broken(child, "mount 6: on the child list of another mount than its parent 2");
	child->mnt_parent = mp;
	clean(child);
}

/* The parent's view of a changed child: its mountpoint record. */
VT_TEST(api_invariants_changed, mountpoint_record, "empty", setup)
{
	struct mount *child = list_last_entry(&mp->mnt_mounts, struct mount, mnt_child);
	struct mountpoint *rec = child->mnt_mp;

	child->mnt_mp = NULL;
	broken(child, "mount 7: mountpoint record disagrees");
	child->mnt_mp = rec;
	clean(child);
}

VT_TEST(api_invariants_changed, propagation, "empty", setup)
{
	int group = mb->mnt_group_id;
	struct list_head *prev = mb->mnt_share.prev;
	struct mount *master = ms->mnt_master;

	mp->mnt_group_id = 99;
	broken(mp, "mount 5: not shared but peer group 99");
	mp->mnt_group_id = 0;
	clean(mp);

	/* A peer's group, seen from the peer it changed. */
	mb->mnt_group_id = group + 50;
	broken(mb, "peer 2 in group");
	mb->mnt_group_id = group;
	clean(mb);

	/* A ring link that does not point back: from its ring neighbour's
	 * check too (the neighbour is what check_related() adds). */
	mb->mnt_share.prev = &mb->mnt_share;
	broken(mb, "peer ring broken at");
	mb->mnt_share.prev = prev;
	clean(mb);

	list_del_init(&ms->mnt_slave);
	ms->mnt_master = mp;
	broken(ms, "mount 4: not on master 5's slave list");
	ms->mnt_master = master;
	list_add(&ms->mnt_slave, &master->mnt_slave_list);
	clean(ms);

	/* A slave list entry naming someone else, seen from the list's
	 * owner (its check walks the list). */
	ms->mnt_master = mp;
	broken(master, "slave 4 names master 5");
	ms->mnt_master = master;
	clean(ms);

	ma->mnt.mnt_flags |= MNT_UNBINDABLE;
	broken(ma, "mount 2: shared and unbindable");
	ma->mnt.mnt_flags &= ~MNT_UNBINDABLE;
	clean(ma);
}

/* The lists that must be empty between operations: every check. */
VT_TEST(api_invariants_changed, lists, "empty", setup)
{
	struct list_head stray;
	char why[256];

	list_add(&stray, &v->umount_list);
	EXPECT(vfsim_check_changed(v, why, sizeof(why)), -EUCLEAN);
	cr_expect(strstr(why, "umount list not empty"), "why: '%s'", why);
	list_del(&stray);
	list_add(&stray, &v->notify_list);
	EXPECT(vfsim_check_changed(v, why, sizeof(why)), -EUCLEAN);
	cr_expect(strstr(why, "notify list not empty"), "why: '%s'", why);
	list_del(&stray);
	clean(NULL);
}

/* What only the whole namespace shows: within K checks. */
VT_TEST(api_invariants_changed, namespace_wide, "empty", setup)
{
	struct dentry *d = mp->mnt.mnt_root;
	int group = ma->mnt_group_id;

	mp->mnt_ns->mounts++;
	broken_within_k("namespace counts 8 mounts, its list 7, the tree 7");
	mp->mnt_ns->mounts--;
	clean(NULL);

	d->d_mount_watches++;
	broken_within_k("dentry /: 1 mount watches counted, 0 on mount lists");
	d->d_mount_watches--;
	clean(NULL);

	/* A second ring under the same group ID. */
	mp->mnt.mnt_flags |= MNT_SHARED;
	mp->mnt_group_id = group;
	broken_within_k("two rings");
	mp->mnt.mnt_flags &= ~MNT_SHARED;
	mp->mnt_group_id = 0;
	clean(NULL);
}

/* The kernel marks what a call changes: the corruption is a line's own
 * (unmarked by the test), on the mount the line worked on. */
VT_TEST(api_invariants_changed, marked_by_the_kernel, "empty", setup)
{
	char why[256];

	atomic_inc(&mp->mnt_count);
	/* A path walk through /p takes and drops a reference: a mark. */
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p/f", 0755));
	EXPECT(vfsim_check_changed(v, why, sizeof(why)), -EUCLEAN);
	cr_expect(strstr(why, "mount 5: mnt_count"), "why: '%s'", why);
	atomic_dec(&mp->mnt_count);
	/* A mount on /p/f marks /p (its new child) */
	OK(vfsim_mount(t, "x", "/p/f", "tmpfs", 0, NULL));
	mp->mnt.mnt_flags |= MNT_MARKED;
	OK(vfsim_umount2(t, "/p/f", 0));
	EXPECT(vfsim_check_changed(v, why, sizeof(why)), -EUCLEAN);
	cr_expect(strstr(why, "mount 5: MNT_MARKED"), "why: '%s'", why);
	mp->mnt.mnt_flags &= ~MNT_MARKED;
	/* propagation /b private: its ring neighbour /a is marked */
	run_text(v, "propagation /b private\n");
	clean(NULL);
}

/* Once the full check clears the marks, the freed mounts leave the list:
 * an umount of a marked mount, then a check. */
VT_TEST(api_invariants_changed, freed_mounts_leave_the_list, "empty", setup)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p/g", 0755));
	OK(vfsim_mount(t, "x", "/p/g", "tmpfs", 0, NULL));
	OK(vfsim_umount2(t, "/p/g", 0));
	clean(NULL);
	OK(vfsim_check_invariants(v, NULL, 0));
	clean(NULL);
}

/* ---- through the engine: `--check` names the line ---------------------- */

static unsigned int hook_hits;

/* The first time a mount is attached on /p/h, a bug: /p's count. */
static void corrupt_hook(struct vfsim *vm, int point, const void *obj, void *arg)
{
	(void)vm; (void)obj; (void)arg;
	if (point == VFSIM_TESTING_LOCK_MOUNT && hook_hits++ == 0)
		atomic_inc(&mp->mnt_count);
}

VT_TEST(api_invariants_changed, engine_names_the_line, "empty", setup)
{
	static const char text[] =
		"mkdir /p/h\n"
		"echo before\n"
		"mount tmpfs h /p/h\n"
		"echo after\n";
	char out[1024] = "", err[1024] = "";
	FILE *in, *o, *e;
	int status;

	vfsim_testing_set_hook(v, corrupt_hook, NULL);
	in = fmemopen((char *)text, sizeof(text) - 1, "r");
	o = fmemopen(out, sizeof(out) - 1, "w");
	e = fmemopen(err, sizeof(err) - 1, "w");
	cr_assert(in && o && e);
	status = vfsim_scenario_run(v, in, o, &(const struct vfsim_scenario_opts){
		.name = "c.scn", .err = e, .check = true });
	fclose(o);
	fclose(e);
	fclose(in);
	vfsim_testing_set_hook(v, NULL, NULL);
	cr_expect_neq(status, 0);
	cr_expect_eq(hook_hits, 1);
	/* "echo after" did not run: the run stopped at line 3. */
	cr_expect_str_eq(out, "before\n");
	cr_expect(strstr(err, "c.scn:3: invariant violated after this line: mount 5: mnt_count"),
		  "err: '%s'", err);
	atomic_dec(&mp->mnt_count);
	clean(NULL);
}

/* What only the whole namespace shows, broken by the last line: the full
 * check at the end of the run reports it. */
static void count_hook(struct vfsim *vm, int point, const void *obj, void *arg)
{
	(void)vm; (void)obj; (void)arg;
	if (point == VFSIM_TESTING_LOCK_MOUNT && hook_hits++ == 0)
		mp->mnt_ns->mounts++;
}

VT_TEST(api_invariants_changed, engine_checks_all_at_the_end, "empty", setup)
{
	static const char text[] = "mkdir /p/i\nmount tmpfs i /p/i\n";
	char err[1024] = "";
	FILE *in, *e;
	int status;

	hook_hits = 0;
	vfsim_testing_set_hook(v, count_hook, NULL);
	in = fmemopen((char *)text, sizeof(text) - 1, "r");
	e = fmemopen(err, sizeof(err) - 1, "w");
	cr_assert(in && e);
	status = vfsim_scenario_run(v, in, stdout, &(const struct vfsim_scenario_opts){
		.name = "end.scn", .err = e, .check = true });
	fclose(e);
	fclose(in);
	vfsim_testing_set_hook(v, NULL, NULL);
	cr_expect_neq(status, 0);
	cr_expect(strstr(err, "end.scn: invariant violated at the end of the run: "
			 "namespace counts 9 mounts, its list 8, the tree 8"), "err: '%s'", err);
	mp->mnt_ns->mounts--;
	clean(NULL);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A mount and a superblock's shutdown in two threads: the race TSan found
 * in stress_mounts (issue 27), made every time with the testing hook.
 *
 * The dentry hash mixes every superblock's dentries on its chains, and
 * unhashing a dentry rewrites the d_hash of the one after it.  So while
 * thread M mounts on /mJ (a directory of the root filesystem, which M
 * holds and nothing can unhash), thread T's last close of a detached tmpfs
 * shuts that tmpfs down, and the unhash of its directory x, in front of
 * /mJ on their chain, writes /mJ's d_hash.  The model tested whether /mJ
 * was still hashed without the lock d_hash is under (dcache_lock), in
 * do_lock_mount(): a data race, though on a dentry that stayed hashed.
 * d_set_mounted() tests it under dcache_lock, as 5.8 tests it under the
 * lock its unhash holds.
 *
 * The interleaving: M stops in do_lock_mount() with namespace_sem held
 * (VFSIM_TESTING_LOCK_MOUNT); T runs to the moment x has left the hash,
 * dcache_lock still held (VFSIM_TESTING_D_UNHASHED), and stops; M goes
 * on.  M must now wait for T (it reaches VFSIM_TESTING_D_SET_MOUNTED, then
 * blocks on the lock); if it finishes the mount instead, it read /mJ's
 * d_hash in the middle of T's update.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include <vfs/kernel.h>
#include <vfs/namei.h>

#include "common/check.h"
#include "common/vfstest.h"

/* Directories of the root filesystem the mount may go on: enough that
 * most hash chains have one at their head. */
#define NR_MP 120
/* Names tried in the tmpfs before one lands in front of an /mJ. */
#define MAX_TRIES 400

/* The dentry @name resolves to (pinned by its tree, not by us). */
static struct dentry *dentry_of(struct vfsim_task *t, const char *name)
{
	struct vfsim_entry e;
	struct path p;
	struct dentry *d;

	vfsim_enter(&e, (struct task_struct *)t);
	cr_assert_eq(kern_path(name, LOOKUP_FOLLOW, &p), 0, "%s", name);
	d = p.dentry;
	path_put(&p);
	vfsim_leave(&e);
	return d;
}

struct race {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct vfsim_task *init, *closer;
	const struct dentry *mountpoint;	/* /mJ */
	const struct dentry *neighbour;		/* x, in front of it */
	char target[16];
	int fd;
	long mount_ret;
	bool mounter_stopped, mounter_go, mounter_at_set_mounted, mounter_done;
	bool closer_stopped, closer_go, done_before_closer_went_on;
};

static void wait_for(struct race *r, const bool *flag)
{
	while (!*flag)
		pthread_cond_wait(&r->cond, &r->lock);
}

static void hook(struct vfsim *v, int point, const void *obj, void *arg)
{
	struct race *r = arg;

	(void)v;
	pthread_mutex_lock(&r->lock);
	if (point == VFSIM_TESTING_LOCK_MOUNT && obj == r->mountpoint) {
		r->mounter_stopped = true;
		pthread_cond_broadcast(&r->cond);
		wait_for(r, &r->mounter_go);
	} else if (point == VFSIM_TESTING_D_SET_MOUNTED && obj == r->mountpoint) {
		r->mounter_at_set_mounted = true;
		pthread_cond_broadcast(&r->cond);
	} else if (point == VFSIM_TESTING_D_UNHASHED && obj == r->neighbour) {
		r->closer_stopped = true;
		pthread_cond_broadcast(&r->cond);
		wait_for(r, &r->closer_go);
		r->done_before_closer_went_on = r->mounter_done;
	}
	pthread_mutex_unlock(&r->lock);
}

static void *mounter(void *arg)
{
	struct race *r = arg;
	long ret = vfsim_mount(r->init, "none", r->target, "tmpfs", 0, NULL);

	pthread_mutex_lock(&r->lock);
	r->mount_ret = ret;
	r->mounter_done = true;
	pthread_cond_broadcast(&r->cond);
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

static void *closer(void *arg)
{
	struct race *r = arg;

	OK(vfsim_close(r->closer, r->fd));
	return NULL;
}

/*
 * /m0.. /m<NR_MP-1> in the root filesystem, a tmpfs on /a, and in it
 * directories until one, x, is right in front of some /mJ on its hash
 * chain (where it lands depends on addresses: the loop, not the run,
 * is what is fixed).  Fills in r->target, r->mountpoint, r->neighbour.
 */
static void set_up(struct race *r)
{
	struct dentry *mp[NR_MP];
	char path[32];

	for (int j = 0; j < NR_MP; j++) {
		snprintf(path, sizeof(path), "/m%d", j);
		OK(vfsim_mkdirat(r->init, AT_FDCWD, path, 0755));
		mp[j] = dentry_of(r->init, path);
	}
	OK(vfsim_mkdirat(r->init, AT_FDCWD, "/a", 0755));
	OK(vfsim_mount(r->init, "none", "/a", "tmpfs", 0, NULL));
	for (int i = 0; i < MAX_TRIES; i++) {
		struct dentry *x;

		snprintf(path, sizeof(path), "/a/x%d", i);
		OK(vfsim_mkdirat(r->init, AT_FDCWD, path, 0755));
		x = dentry_of(r->init, path);
		for (int j = 0; j < NR_MP; j++) {
			if (x->d_hash.next == &mp[j]->d_hash) {
				snprintf(r->target, sizeof(r->target), "/m%d", j);
				r->mountpoint = mp[j];
				r->neighbour = x;
				return;
			}
		}
	}
	cr_assert_fail("no directory of the tmpfs landed in front of an /mJ");
}

Test(vfs_mountpoint_race, mount_waits_for_a_neighbours_unhash)
{
	struct vfsim *v = vt_boot("empty");
	struct race r = {
		.lock = PTHREAD_MUTEX_INITIALIZER,
		.cond = PTHREAD_COND_INITIALIZER,
		.init = vfsim_init_task(v),
		.closer = vt_task(v, 0, 0),
	};
	pthread_t m, t;
	long fd;

	set_up(&r);
	/* The closer's fd becomes the tmpfs's last reference. */
	fd = vfsim_openat(r.closer, AT_FDCWD, "/a", O_PATH | O_DIRECTORY, 0);
	OK(fd);
	r.fd = (int)fd;
	OK(vfsim_umount2(r.init, "/a", MNT_DETACH));
	vfsim_testing_set_hook(v, hook, &r);

	cr_assert_eq(pthread_create(&m, NULL, mounter, &r), 0);
	pthread_mutex_lock(&r.lock);
	wait_for(&r, &r.mounter_stopped);
	pthread_mutex_unlock(&r.lock);

	cr_assert_eq(pthread_create(&t, NULL, closer, &r), 0);
	pthread_mutex_lock(&r.lock);
	wait_for(&r, &r.closer_stopped);
	r.mounter_go = true;
	pthread_cond_broadcast(&r.cond);
	while (!r.mounter_done && !r.mounter_at_set_mounted)
		pthread_cond_wait(&r.cond, &r.lock);
	cr_expect(!r.mounter_done,
		  "mount on %s finished while the unhash of the dentry in front of it "
		  "on its hash chain was rewriting its d_hash: the mountpoint was "
		  "tested without dcache_lock", r.target);
	r.closer_go = true;
	pthread_cond_broadcast(&r.cond);
	pthread_mutex_unlock(&r.lock);

	pthread_join(t, NULL);
	pthread_join(m, NULL);
	cr_expect(!r.done_before_closer_went_on,
		  "the mount did not wait for the dentry hash's lock");
	EXPECT(r.mount_ret, 0);

	vfsim_testing_set_hook(v, NULL, NULL);
	OK(vfsim_umount2(r.init, r.target, 0));
	vfsim_task_destroy(r.closer);
	cr_expect_eq(vt_finish(v), 0);
}

/* The dentry of the root filesystem's directory @name, even with
 * something mounted on it (kern_path() would cross to the mount), held. */
static struct dentry *root_child(struct vfsim_task *t, const char *name)
{
	struct qstr q = { .name = name, .len = (unsigned int)strlen(name) };
	struct vfsim_entry e;
	struct path root;
	struct dentry *d;

	vfsim_enter(&e, (struct task_struct *)t);
	OK(kern_path("/", LOOKUP_FOLLOW, &root));
	q.hash = full_name_hash(root.dentry, q.name, q.len);
	d = d_lookup(root.dentry, &q);
	path_put(&root);
	vfsim_leave(&e);
	cr_assert_not_null(d, "/%s", name);
	return d;
}

/* d_set_mounted() itself: a dentry that has left the hash (here: one that
 * never was), one that is a mountpoint already; and a hook for no
 * instance. */
Test(vfs_mountpoint_race, d_set_mounted_refuses)
{
	static const struct qstr gone = { .name = "gone", .len = 4 };
	struct vfsim *v = vt_boot("empty");
	struct vfsim_task *init = vfsim_init_task(v);
	struct vfsim_entry e;
	struct dentry *d;

	OK(vfsim_mkdirat(init, AT_FDCWD, "/d", 0755));
	OK(vfsim_mount(init, "none", "/d", "tmpfs", 0, NULL));

	vfsim_enter(&e, (struct task_struct *)init);
	d = d_alloc(dentry_of(init, "/"), &gone);
	cr_assert_not_null(d);
	EXPECT(d_set_mounted(d), -ENOENT);
	cr_expect_eq(d->d_flags & DCACHE_MOUNTED, 0);
	dput(d);
	vfsim_leave(&e);

	d = root_child(init, "d");
	vfsim_enter(&e, (struct task_struct *)init);
	EXPECT(d_set_mounted(d), -EBUSY);
	dput(d);
	vfsim_leave(&e);

	vfsim_testing_set_hook(NULL, hook, NULL);
	OK(vfsim_umount2(init, "/d", 0));
	cr_expect_eq(vt_finish(v), 0);
}

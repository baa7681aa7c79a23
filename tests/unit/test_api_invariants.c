// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_check_invariants() finds what it claims to find.  A tree with a
 * peer group (/a, /b), a slave (/s of /a) and a plain mount (/p) is
 * checked clean (and /p has two children); then one field at a time is broken by hand, the checker
 * must answer -EUCLEAN naming that violation, and the field is put back
 * (the checker passes again, and the instance tears down leak-free).
 * The suite reaches into struct mount, as only a test of the checker may.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include <linux/rcupdate.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/fanotify.h>
#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/ksim_fixture.h"

static struct vfsim *v;
static struct vfsim_task *t;
static struct mount *ma, *mb, *ms, *mp, *master;

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

/* The tree of the header on the booted instance (the file's v and t). */
static void peers_slave_plain(struct vfsim *vm)
{
	static const char text[] =
		"mkdir /a\nmkdir /b\nmkdir /s\nmkdir /p\n"
		"mount tmpfs a /a shared\n"
		"bind /a /b\n"
		"bind /a /s\npropagation /s slave\n"
		"mount tmpfs p /p\nmkdir /p/d\nmkdir /p/e\n"
		"mount tmpfs q /p/d\nmount tmpfs r /p/e\n";
	FILE *in;

	in = fmemopen((char *)text, sizeof(text) - 1, "r");
	cr_assert_not_null(in);
	cr_assert_eq(vfsim_scenario_run(vm, in, stdout, NULL), 0);
	fclose(in);
	ma = mount_at("/a");
	mb = mount_at("/b");
	ms = mount_at("/s");
	mp = mount_at("/p");
	cr_assert(ma->mnt_group_id && ma->mnt_group_id == mb->mnt_group_id);
	master = ms->mnt_master;
	cr_assert(master == ma || master == mb, "/s is a slave of the group");
}

/* Each test's instance is a VT_TEST's; the suite only registers the thread
 * with RCU (mount_at() reads under rcu_read_lock()). */
TestSuite(api_invariants, .init = rcu_setup);

/* The checker says -EUCLEAN and @what. */
static void broken(const char *what)
{
	char why[256];

	EXPECT(vfsim_check_invariants(v, why, sizeof(why)), -EUCLEAN);
	cr_expect(strstr(why, what), "why: '%s', want '%s'", why, what);
}

static void clean(void)
{
	char why[256];

	EXPECT(vfsim_check_invariants(v, why, sizeof(why)), 0);
	cr_expect_str_empty(why);
}

VT_TEST(api_invariants, clean_tree, "empty", peers_slave_plain)
{
	clean();
	/* Without room for a reason the answer is the same. */
	mp->mnt.mnt_flags |= MNT_MARKED;
	EXPECT(vfsim_check_invariants(v, NULL, 0), -EUCLEAN);
	mp->mnt.mnt_flags &= ~MNT_MARKED;
	clean();
}

VT_TEST(api_invariants, not_in_the_namespace, "empty", peers_slave_plain)
{
	struct mnt_namespace *ns = mp->mnt_ns;

	mp->mnt_ns = NULL;
	broken("mount 5: in the tree but mnt_ns is not the namespace");
	mp->mnt_ns = ns;
	clean();
}

VT_TEST(api_invariants, doomed_in_the_tree, "empty", peers_slave_plain)
{
	mp->mnt.mnt_flags |= MNT_DOOMED;
	broken("mount 5: in the tree but marked unmounted");
	mp->mnt.mnt_flags &= ~MNT_DOOMED;
	clean();
}

VT_TEST(api_invariants, child_names_another_parent, "empty", peers_slave_plain)
{
	struct mount *child = list_first_entry(&mp->mnt_mounts, struct mount, mnt_child);

	/* The first of two: the checker's walk (next_mnt()) climbs back
	 * through mnt_parent only from the last child. */
	child->mnt_parent = ma;
	broken("mount 5: child 6 names parent 2");
	child->mnt_parent = mp;
	clean();
}

VT_TEST(api_invariants, count_and_holders, "empty", peers_slave_plain)
{
	atomic_inc(&mp->mnt_count);
	broken("mount 5: mnt_count");
	atomic_dec(&mp->mnt_count);
	clean();
}

VT_TEST(api_invariants, namespace_count, "empty", peers_slave_plain)
{
	mp->mnt_ns->mounts++;
	broken("namespace counts 8 mounts, its list 7, the tree 7");
	mp->mnt_ns->mounts--;
	clean();
}

/* Many namespaces (vfs/mnt_ns.c): each listed one numbered, counted by
 * its holders, each task in a listed one, the first one listed. */
VT_TEST(api_invariants, namespaces, "empty", peers_slave_plain)
{
	struct vfsim_task *c;
	struct mnt_namespace *ns, *cns;
	struct task_struct *ct;
	u64 id;

	cr_assert_eq(vfsim_task_fork(t, CLONE_NEWNS, &c), 0);
	ct = (struct task_struct *)c;
	cns = ct->nsproxy_mnt_ns;
	ns = v->init_mnt_ns;
	clean();
	atomic_inc(&cns->count);
	broken("namespace 5: count 2, holders 1");
	atomic_set(&cns->count, 0);
	broken("namespace 5: listed with no reference");
	atomic_set(&cns->count, 1);
	id = cns->seq;
	cns->seq = 99;
	broken("namespace 5: listed but numbered 99");
	cns->seq = id;
	cns->pending_mounts = 3;
	broken("namespace 5: 3 mounts pending outside an attach");
	cns->pending_mounts = 0;
	list_del_init(&cns->mnt_ns_list);
	broken("task 2: in no listed namespace");
	list_add_tail(&cns->mnt_ns_list, &v->mnt_namespaces);
	clean();
	list_del_init(&ns->mnt_ns_list);
	broken("the first namespace is not listed");
	list_add(&ns->mnt_ns_list, &v->mnt_namespaces);
	clean();
	vfsim_task_exit(c);
	clean();
}

VT_TEST(api_invariants, superblock_and_marks, "empty", peers_slave_plain)
{
	atomic_inc(&mp->mnt.mnt_sb->s_active);
	broken("s_active");
	atomic_dec(&mp->mnt.mnt_sb->s_active);

	mp->mnt.mnt_flags |= MNT_MARKED;
	broken("MNT_MARKED left behind");
	mp->mnt.mnt_flags &= ~MNT_MARKED;

	list_add(&mp->mnt_umounting, &ma->mnt_umounting);
	broken("left on an umount scratch list");
	list_del_init(&mp->mnt_umounting);
	clean();
}

VT_TEST(api_invariants, peer_groups, "empty", peers_slave_plain)
{
	int group = mb->mnt_group_id;

	/* A group without being shared. */
	mp->mnt_group_id = 99;
	broken("mount 5: not shared but peer group 99");
	mp->mnt_group_id = 0;

	mb->mnt_group_id = group + 50;
	broken("mount 2: peer 3 in group");
	mb->mnt_group_id = group;

	/* A peer that is not shared, seen from the ring and from itself. */
	mb->mnt.mnt_flags &= ~MNT_SHARED;
	broken("mount 2: peer 3 is not shared");
	mb->mnt.mnt_flags |= MNT_SHARED;

	ma->mnt.mnt_flags &= ~MNT_SHARED;
	ma->mnt_group_id = 0;
	broken("mount 2: on a peer ring but not shared");
	ma->mnt.mnt_flags |= MNT_SHARED;
	ma->mnt_group_id = group;
	clean();
}

VT_TEST(api_invariants, slaves, "empty", peers_slave_plain)
{
	/* Off its master's list, a slave is seen from its own side. */
	list_del_init(&ms->mnt_slave);
	ms->mnt_master = mp;
	broken("mount 4: not on master 5's slave list");
	ms->mnt_master = ms;
	broken("mount 4: slave of itself");
	ms->mnt_master = NULL;
	list_add(&ms->mnt_slave, &mp->mnt_slave_list);
	broken("mount 4: no master but on a slave list");
	list_del_init(&ms->mnt_slave);

	/* On the list, a slave that names someone else. */
	list_add(&ms->mnt_slave, &master->mnt_slave_list);
	ms->mnt_master = mp;
	broken("slave 4 names master 5");
	ms->mnt_master = master;
	clean();
}

/* What propagation keeps true between groups (invariants_pnode.c). */
VT_TEST(api_invariants, propagation_guarantees, "empty", peers_slave_plain)
{
	struct super_block *sb = mb->mnt.mnt_sb, *psb = mp->mnt.mnt_sb;

	/* A peer on /p's superblock. */
	mb->mnt.mnt_sb = psb;
	broken("mount 2: peer 3 on another superblock");
	mb->mnt.mnt_sb = sb;

	/* Shared and unbindable at once. */
	ma->mnt.mnt_flags |= MNT_UNBINDABLE;
	broken("mount 2: shared and unbindable");
	ma->mnt.mnt_flags &= ~MNT_UNBINDABLE;

	/* A slave of /p, whose superblock it does not share... */
	list_del_init(&ms->mnt_slave);
	list_add(&ms->mnt_slave, &mp->mnt_slave_list);
	ms->mnt_master = mp;
	broken("mount 4: master 5 on another superblock");
	/* ... and, on the same one, still the slave of a private mount. */
	ms->mnt.mnt_sb = psb;
	broken("mount 5: has slaves but is not shared");
	ms->mnt.mnt_sb = sb;
	list_del_init(&ms->mnt_slave);
	list_add(&ms->mnt_slave, &master->mnt_slave_list);
	ms->mnt_master = master;
	clean();

	/* A peer group that is its own master: /a a slave of its peer /b. */
	list_add(&ma->mnt_slave, &mb->mnt_slave_list);
	ma->mnt_master = mb;
	broken("mount 2: a slave of its own peer group");
	list_del_init(&ma->mnt_slave);
	ma->mnt_master = NULL;
	clean();
}

VT_TEST(api_invariants, mountpoint_record, "empty", peers_slave_plain)
{
	struct mount *child = list_last_entry(&mp->mnt_mounts, struct mount, mnt_child);
	struct mountpoint *rec = child->mnt_mp;

	child->mnt_mp = NULL;
	broken("mount 7: mountpoint record disagrees");
	child->mnt_mp = rec;

	child->mnt_mountpoint->d_flags &= ~DCACHE_MOUNTED;
	broken("mount 7: mountpoint dentry not DCACHE_MOUNTED");
	child->mnt_mountpoint->d_flags |= DCACHE_MOUNTED;
	clean();
}

VT_TEST(api_invariants, umount_list, "empty", peers_slave_plain)
{
	struct list_head stray;

	list_add(&stray, &v->umount_list);
	broken("umount list not empty outside namespace_sem");
	list_del(&stray);
	clean();
}

VT_TEST(api_invariants, mount_watch_marks, "empty", peers_slave_plain)
{
	struct dentry *d = mp->mnt.mnt_root;

	/* A count with no watch behind it, and a watch-mark with none. */
	d->d_mount_watches++;
	broken("dentry /: 1 mount watches counted, 0 on mount lists");
	d->d_mount_watches--;
	d->d_flags |= DCACHE_MOUNT_WATCH;
	broken("DCACHE_MOUNT_WATCH with no watch");
	/* B10's quirk leaves marks behind: not a violation then. */
	vfsim_set_quirks(v, VFSIM_QUIRK_B10);
	clean();
	vfsim_set_quirks(v, 0);
	d->d_flags &= ~DCACHE_MOUNT_WATCH;
	clean();
}

VT_TEST(api_invariants, peer_rings, "empty", peers_slave_plain)
{
	struct list_head *prev = mb->mnt_share.prev;
	struct mnt_namespace *ns = mb->mnt_ns;
	int group = ma->mnt_group_id;

	/* A link of the ring that does not point back. */
	mb->mnt_share.prev = &mb->mnt_share;
	broken("mount 2: peer ring broken at");
	mb->mnt_share.prev = prev;

	/* A peer outside the namespace, seen from the ring. */
	mb->mnt_ns = NULL;
	broken("mount 2: peer 3 in another namespace");
	mb->mnt_ns = ns;

	/* A second ring under the same group ID. */
	mp->mnt.mnt_flags |= MNT_SHARED;
	mp->mnt_group_id = group;
	broken("two rings");
	mp->mnt.mnt_flags &= ~MNT_SHARED;
	mp->mnt_group_id = 0;
	clean();
}

VT_TEST(api_invariants, watched_dentry_without_its_mark, "empty", peers_slave_plain)
{
	struct dentry *d = mp->mnt.mnt_root;
	int fds[2];

	OK(vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE));
	OK(vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_SIZE, 4));
	OK(vfsim_watch_mount(t, AT_FDCWD, "/p", 0, fds[0], 1));
	clean();
	d->d_flags &= ~DCACHE_MOUNT_WATCH;
	broken("dentry /: watched but not DCACHE_MOUNT_WATCH");
	d->d_flags |= DCACHE_MOUNT_WATCH;
	clean();
	OK(vfsim_close(t, fds[0]));
	OK(vfsim_close(t, fds[1]));
}

/* fanotify's state (vfs/fanotify.c): nothing queued or half-ordered
 * outside namespace_sem, every mount last reported in its namespace, the
 * marks on their groups and counted. */
VT_TEST(api_invariants, fanotify_state, "empty", peers_slave_plain)
{
	struct mnt_namespace *ns = mp->mnt_ns;
	struct list_head stray;
	int nsfd, fd;

	list_add(&stray, &v->notify_list);
	broken("fanotify's notify list not empty outside namespace_sem");
	list_del(&stray);
	mp->mnt_t_flags = 1;
	broken("fanotify notify state left set");
	mp->mnt_t_flags = 0;
	mp->prev_ns = NULL;
	broken("last reported in another namespace");
	mp->prev_ns = ns;
	/* the root may never have been reported */
	ns->root->prev_ns = NULL;
	clean();
	nsfd = (int)vfsim_open_mntns(vfsim_init_task(v), 0);
	fd = (int)vfsim_fanotify_init(vfsim_init_task(v), FAN_REPORT_MNT, 0);
	OK(vfsim_fanotify_mark(vfsim_init_task(v), fd, FAN_MARK_ADD | FAN_MARK_MNTNS,
			       FAN_MNT_ATTACH, nsfd, NULL));
	clean();
	ns->n_fsnotify_marks++;
	broken("fanotify marks of the namespace inconsistent");
	ns->n_fsnotify_marks--;
	clean();
}

/*
 * A peer group of slaves (/s1, /s2, made of /a's group) stands on its
 * master's slave list as one run in ring order; moved apart, with /x
 * between them, it would be propagated to twice (5.15's do_set_group()
 * split groups so).
 */
VT_TEST(api_invariants, slave_group_split, "empty", NULL)
{
	static const char text[] =
		"mkdir /a\nmkdir /s1\nmkdir /s2\nmkdir /x\n"
		"mount tmpfs a /a shared\n"
		"bind /a /s1\npropagation /s1 slave\npropagation /s1 shared\n"
		"bind /s1 /s2\n"
		"bind /a /x\npropagation /x slave\n";
	struct mount *s1, *s2, *x;
	FILE *in;

	in = fmemopen((char *)text, sizeof(text) - 1, "r");
	cr_assert_not_null(in);
	cr_assert_eq(vfsim_scenario_run(v, in, stdout, NULL), 0);
	fclose(in);
	s1 = mount_at("/s1");
	s2 = mount_at("/s2");
	x = mount_at("/x");
	cr_assert(s1->mnt_master && s1->mnt_master == s2->mnt_master &&
		  x->mnt_master == s1->mnt_master);
	clean();

	/* s1 x s2: the group in two runs */
	list_move(&s2->mnt_slave, &s1->mnt_master->mnt_slave_list);
	list_move(&x->mnt_slave, &s1->mnt_master->mnt_slave_list);
	list_move(&s1->mnt_slave, &s1->mnt_master->mnt_slave_list);
	broken("peer group");
	broken("split on master");
	/* x s1 s2: one run again */
	list_move(&x->mnt_slave, &s1->mnt_master->mnt_slave_list);
	clean();
}

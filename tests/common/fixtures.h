/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Named fixture trees: the starting points several tests share, each built
 * by one fx_*() function on an instance booted "empty" (as its init task,
 * through the same syscalls a harness uses), and drawn below.  A builder
 * aborts the (test) process with a message when a step fails: no test can
 * go on without its tree.  Plain C, but for VT_TEST, which the Criterion
 * suites expand.
 *
 * The default tree is not here: vfsim_boot(v, "default") builds it
 * (docs/default-tree.md); FX_GCO_CELL is its AFS cell, for tests that
 * mount the cell themselves.
 */
#ifndef VFSIM_TESTS_COMMON_FIXTURES_H
#define VFSIM_TESTS_COMMON_FIXTURES_H

#include <vfsim/vfsim.h>

#include "common/vfstest.h"

/* Directories @path, ... (NULL-ended), each made with its parents (0755). */
void fx_dirs(struct vfsim_task *t, const char *path, ...) __attribute__((sentinel));

/* A tmpfs with @source mounted on @path, made with its parents (0755). */
void fx_tmpfs(struct vfsim_task *t, const char *source, const char *path);

/*
 * fx_shared_bind - a tmpfs @source on @path (made with its parents),
 * shared, and bound on @bind (made too), which then gets the propagation
 * @prop and after it @then (MS_SLAVE, MS_SHARED, ...; 0 for none):
 *   0, 0                  /bind a peer of /path
 *   MS_SLAVE, 0           /bind a slave of /path's group
 *   MS_SLAVE, MS_SHARED   /bind a slave with a peer group of its own
 */
void fx_shared_bind(struct vfsim_task *t, const char *source, const char *path,
		    const char *bind, unsigned long prop, unsigned long then);

/*
 * fx_submount - a mount with a mount inside it:
 *
 *   /              rootfs (1)
 *   `-/m           tmpfs "m" (2)
 *      `-/m/k      tmpfs "k" (3)
 */
void fx_submount(struct vfsim *v);

/*
 * fx_peers_and_slave - a shared peer group with a slave:
 *
 *   /              rootfs (1)
 *   |-/a           tmpfs "a" (2), shared:1, with directories x, y, z
 *   |-/b           bind of /a (3), shared:1: a peer
 *   `-/s           bind of /a (4), master:1: a slave
 *
 * A mount on /a/x (or /b/x) propagates to the other two; one on /s/x
 * stays there.
 */
void fx_peers_and_slave(struct vfsim *v);

/*
 * fx_rbind_source - a subtree to bind recursively, and where to:
 *
 *   /              rootfs (1)
 *   |-/src         tmpfs "src" (2)
 *   |  |-/src/x    tmpfs "x" (3)
 *   |  |  `-/src/x/y  tmpfs "y" (4)
 *   |  `-/src/z    tmpfs "z" (5)
 *   `-/dst         an empty directory
 */
void fx_rbind_source(struct vfsim *v);

/*
 * fx_automount - an automount point:
 *
 *   /              rootfs (1)
 *   `-/mnt
 *      `-/mnt/auto automount point: tmpfs "auto" (mode=700) on first walk
 *
 * A walk into /mnt/auto/ mounts it (a submount, on the expiry list).
 */
void fx_automount(struct vfsim *v);

/*
 * fx_notify_tree - what the notification tests watch:
 *
 *   /                rootfs (1); pipefs takes the next free ID at the first pipe2
 *   |-/mnt/a         tmpfs "a" (2): root ino 1
 *   |   `-d          ino 2
 *   |     `-e        ino 3
 *   |-/mnt/b         a directory of the root
 *   |-/f             a regular file
 *   `-/lnk -> /mnt/a
 */
void fx_notify_tree(struct vfsim *v);

/*
 * fx_fsinfo_tree - a built-in filesystem and the test filesystem
 * (common/fsinfo_testfs.h, registered here):
 *
 *   /              rootfs (1) (ramfs-backed, with its own FEATURES)
 *   |-/m           tmpfs "m" (2)
 *   `-/t           fsinfotest "t" (3)
 */
void fx_fsinfo_tree(struct vfsim *v);

/* The default tree's AFS cell (docs/default-tree.md) as mount data: its
 * three fileservers; a test appends its volumes ("volume=root.cell,..."). */
#define FX_GCO_S0 "a8f3e1b2-5c7d-4e90-8f12-3456789abc01"
#define FX_GCO_S1 "a8f3e1b2-5c7d-4e90-8f12-3456789abc02"
#define FX_GCO_S2 "a8f3e1b2-5c7d-4e90-8f12-3456789abc03"
#define FX_GCO_CELL							\
	"cell=grand.central.org,"					\
	"server=" FX_GCO_S0 "@192.0.2.11+[2001:db8::11],"		\
	"server=" FX_GCO_S1 "@192.0.2.12+[2001:db8::12],"		\
	"server=" FX_GCO_S2 "@198.51.100.13+192.0.2.13+[2001:db8::13],"

/* Runs a VT_TEST's @build, if any. */
static inline void vt_build(void (*build)(struct vfsim *v), struct vfsim *v)
{
	if (build)
		build(v);
}

/*
 * VT_TEST(suite, name, tree, build, criterion options...) { body } - for
 * the Criterion suites (expanded only there): a test on a fresh instance
 * booted with @tree in the file's `v` and its init task in `t`, built
 * further by @build(v) (a fixture, the file's own, or NULL), that ends
 * with vt_finish() (invariants, warnings, leaks) inside the test, where a
 * failure counts: Criterion 2.4 only prints the failed assertions of a
 * suite's .fini and passes the test.
 */
#define VT_TEST(suite, name, tree, build, ...)				\
	static void suite##__##name(void);				\
	Test(suite, name, ##__VA_ARGS__)				\
	{								\
		v = vt_boot(tree);					\
		t = vfsim_init_task(v);					\
		vt_build((build), v);					\
		suite##__##name();					\
		cr_assert_eq(vt_finish(v), 0,				\
			     "unclean instance at the end of the test");	\
	}								\
	static void suite##__##name(void)

/*
 * VT_TEST_AND_QUIRK(suite, name, tree, build, check) - an erratum's two
 * behaviours: the VT_TEST @name runs @check(false), the model's default,
 * and @name_quirk runs @check(true), which turns the erratum's quirk on.
 */
#define VT_TEST_AND_QUIRK(suite, name, tree, build, check)		\
	VT_TEST(suite, name, tree, build)				\
	{								\
		check(false);						\
	}								\
	VT_TEST(suite, name##_quirk, tree, build)			\
	{								\
		check(true);						\
	}

#endif

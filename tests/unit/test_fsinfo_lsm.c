/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The LSM gate of fsinfo(): security_sb_statfs() is asked before anything
 * is looked up in the attribute tables, for every kind of query, with the
 * superblock of the object and the calling task; a refusal is the call's
 * error.  (vfs/security.c is the model's one-callback hook table.)
 *
 *   /          rootfs
 *   `-/m       tmpfs "m"
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

struct policy {
	int calls;
	int deny;			/* errno to refuse with, or 0 */
	uint64_t deny_sb;		/* refuse only this superblock (0: all) */
	struct vfsim_cred last_who;
	uint64_t last_sb;
};

static int statfs_hook(void *arg, const struct vfsim_cred *who, uint64_t sb_id)
{
	struct policy *p = arg;

	p->calls++;
	p->last_who = *who;
	p->last_sb = sb_id;
	if (p->deny && (!p->deny_sb || p->deny_sb == sb_id))
		return p->deny;
	return 0;
}

static const struct vfsim_lsm_ops policy_ops = { .sb_statfs = statfs_hook };

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	fx_tmpfs(t, "m", "/m");
}

VT_TEST(fsinfo_lsm, hook_sees_the_superblock_and_the_task, "empty", setup)
{
	struct policy p = { 0 };
	struct fsinfo_ids ids;
	struct vt_mount m;

	vfsim_set_lsm(v, &policy_ops, &p);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_IDS, 0, 0, &ids, sizeof(ids)), sizeof(ids));
	cr_assert_geq(p.calls, 1);
	cr_assert_eq(p.last_who.uid, vfsim_task_uid(t));
	cr_assert_eq(p.last_who.caps, vfsim_task_caps(t));
	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	cr_assert_eq(p.last_sb, m.d.sb_unique_id);
	vfsim_set_lsm(v, NULL, NULL);
}

VT_TEST(fsinfo_lsm, refusal_is_the_error_for_every_query_kind, "empty", setup)
{
	struct policy p = { .deny = -EACCES };
	struct fsinfo_params fdq = { .flags = FSINFO_FLAGS_QUERY_FD };
	char buf[64];
	long fd = vfsim_openat(t, AT_FDCWD, "/m", O_PATH, 0);
	struct vt_mount m;

	cr_assert_geq(fd, 0);
	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	vfsim_set_lsm(v, &policy_ops, &p);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_STATFS, 0, 0, buf, sizeof(buf)), -EACCES);
	/* before the tables: even an unknown attribute, even size-only */
	EXPECT(vt_fsinfo(t, "/m", 0xdead, 0, 0, buf, sizeof(buf)), -EACCES);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_IDS, 0, 0, NULL, 0), -EACCES);
	EXPECT(vfsim_fsinfo(t, (int)fd, NULL, &fdq, buf, sizeof(buf)), -EACCES);
	EXPECT(vt_fsinfo_mnt(t, m.d.mnt_id, FSINFO_ATTR_MOUNT_INFO, buf, sizeof(buf)),
	       -EACCES);
	/* only the superblock the policy names */
	p.deny_sb = m.d.sb_unique_id;
	EXPECT(vt_fsinfo(t, "/", FSINFO_ATTR_VOLUME_ID, 0, 0, buf, sizeof(buf)), 6);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_ID, 0, 0, buf, sizeof(buf)), -EACCES);
	/* and no hook, no refusal */
	vfsim_set_lsm(v, NULL, NULL);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_ID, 0, 0, buf, sizeof(buf)), 5);
	EXPECT(vfsim_close(t, (int)fd), 0);
	vfsim_set_lsm(v, NULL, NULL);
}

VT_TEST(fsinfo_lsm, a_policy_that_returns_nonsense_refuses, "empty", setup)
{
	struct policy p = { .deny = 1 };
	char buf[64];

	vfsim_set_lsm(v, &policy_ops, &p);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_ID, 0, 0, buf, sizeof(buf)), -EPERM);
	cr_assert_eq(vfsim_warn_count(v), 1);
	vfsim_set_lsm(v, NULL, NULL);
	/* the warning is the policy's fault, not the kernel's: settle it here */
	cr_assert_eq(vfsim_destroy_check(v, NULL), 0);
	v = vt_boot("empty");
	vfsim_set_lsm(v, NULL, NULL);
}

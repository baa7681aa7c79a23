/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Network status changes on NFS mounts (fs/nfs/network.c): a change
 * raised with vfsim_sb_network() on any path of an NFS mount is recorded
 * on the server's nfs_client (read back with vfsim_nfs_server_status())
 * and posts NOTIFY_SUPERBLOCK_NETWORK, with the info flags as given, on
 * every superblock mounted from that server: the one raised on first,
 * then the others in mount order.  Records are compared as the lines
 * vfsim_decode_record() prints.
 *
 *   /          rootfs
 *   |-/a       nfs4 "fileserver.example:/"      4.2 192.0.2.10   \ one client
 *   |-/b       nfs4 "fileserver.example:/home"  4.2 192.0.2.10   /
 *   |-/c       nfs  "fileserver.example:/old"   v3  192.0.2.10   (another version:
 *   |                                                             another client)
 *   |-/d       nfs4 "other.example:/"           4.2 192.0.2.20
 *   `-/t       tmpfs
 * The pipe p watches the superblocks of /a, /b, /c, /d with IDs 1..4.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include <vfsim/nfs.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;
static int p[2];
static unsigned long long sa, sb, sc, sd;

static void setup(void)
{
	nt_mkdirs(t, "/a");
	nt_mkdirs(t, "/b");
	nt_mkdirs(t, "/c");
	nt_mkdirs(t, "/d");
	nt_mkdirs(t, "/t");
	OK(vfsim_mount(t, "fileserver.example:/", "/a", "nfs4", 0,
			  "vers=4.2,addr=192.0.2.10"));
	OK(vfsim_mount(t, "fileserver.example:/home", "/b", "nfs4", 0,
			  "vers=4.2,addr=192.0.2.10"));
	OK(vfsim_mount(t, "fileserver.example:/old", "/c", "nfs", 0, "addr=192.0.2.10"));
	OK(vfsim_mount(t, "other.example:/", "/d", "nfs4", 0, "vers=4.2,addr=192.0.2.20"));
	OK(vfsim_mount(t, "t", "/t", "tmpfs", 0, NULL));
	nt_mkdirs(t, "/b/dir");
	nt_pipe(t, 64, p);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/b", 0, p[0], 2), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/c", 0, p[0], 3), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/d", 0, p[0], 4), 0);
	sa = nt_sb_id(t, "/a");
	sb = nt_sb_id(t, "/b");
	sc = nt_sb_id(t, "/c");
	sd = nt_sb_id(t, "/d");
}

static void expect_status(const char *path, uint32_t flags, uint32_t changes, uint32_t sbs)
{
	struct vfsim_nfs_server_status st;

	EXPECT(vfsim_nfs_server_status(t, path, &st), 0);
	cr_assert_eq(st.info_flags, flags, "%s: flags %#x", path, st.info_flags);
	cr_assert_eq(st.changes, changes, "%s: changes %u", path, st.changes);
	cr_assert_eq(st.superblocks, sbs, "%s: superblocks %u", path, st.superblocks);
}

static uint32_t notify_counter(const char *path)
{
	struct fsinfo_sb_notifications n;

	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, &n, sizeof(n)),
	       sizeof(n));
	return n.notify_counter;
}

/* Down then up: both mounts of the server hear it, in order; others not. */
VT_TEST(fs_nfs_network, down_and_up_reach_every_mount_of_the_server, "empty", NULL)
{
	setup();
	expect_status("/a", 0, 0, 2);
	expect_status("/c", 0, 0, 1);

	OK(vfsim_sb_network(t, "/b/dir", WATCH_INFO_FLAG_0));
	cr_assert(nt_records_are(t, p[0],
			         "sb network id=2 flags=flag0 sb_id=0x%llx\n"
			         "sb network id=1 flags=flag0 sb_id=0x%llx\n", sb, sa));
	expect_status("/a", WATCH_INFO_FLAG_0, 1, 2);
	expect_status("/b", WATCH_INFO_FLAG_0, 1, 2);
	expect_status("/c", 0, 0, 1);
	expect_status("/d", 0, 0, 1);

	OK(vfsim_sb_network(t, "/a", 0));
	cr_assert(nt_records_are(t, p[0],
			         "sb network id=1 sb_id=0x%llx\n"
			         "sb network id=2 sb_id=0x%llx\n", sa, sb));
	expect_status("/b", 0, 2, 2);

	OK(vfsim_sb_network(t, "/c", WATCH_INFO_FLAG_0 | WATCH_INFO_FLAG_3));
	OK(vfsim_sb_network(t, "/d", WATCH_INFO_FLAG_7));
	cr_assert(nt_records_are(t, p[0],
			         "sb network id=3 flags=flag0,flag3 sb_id=0x%llx\n"
			         "sb network id=4 flags=flag7 sb_id=0x%llx\n", sc, sd));
	expect_status("/c", WATCH_INFO_FLAG_0 | WATCH_INFO_FLAG_3, 1, 1);
	expect_status("/d", WATCH_INFO_FLAG_7, 1, 1);
	expect_status("/a", 0, 2, 2);

	/* a report is a report: the same state again posts again */
	OK(vfsim_sb_network(t, "/d", WATCH_INFO_FLAG_7));
	cr_assert(nt_records_are(t, p[0], "sb network id=4 flags=flag7 sb_id=0x%llx\n", sd));
	expect_status("/d", WATCH_INFO_FLAG_7, 2, 1);

	/* every superblock's notification counter moved once per report */
	cr_assert_eq(notify_counter("/a"), 2);
	cr_assert_eq(notify_counter("/b"), 2);
	cr_assert_eq(notify_counter("/c"), 1);
	cr_assert_eq(notify_counter("/d"), 2);
	cr_assert_eq(notify_counter("/t"), 0);
}

/* Unwatched superblocks count the report too; a gone mount hears nothing. */
VT_TEST(fs_nfs_network, unmounted_superblocks_leave_the_client, "empty", NULL)
{
	setup();
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/b", 0, p[0], -1), 0);
	cr_assert(nt_records_are(t, p[0], "meta removal id=2 object=0x%llx\n", sb));
	OK(vfsim_sb_network(t, "/a", WATCH_INFO_FLAG_0));
	cr_assert(nt_records_are(t, p[0], "sb network id=1 flags=flag0 sb_id=0x%llx\n", sa));
	cr_assert_eq(notify_counter("/b"), 1);

	EXPECT(vfsim_umount2(t, "/b", 0), 0);
	expect_status("/a", WATCH_INFO_FLAG_0, 1, 1);
	OK(vfsim_sb_network(t, "/a", 0));
	cr_assert(nt_records_are(t, p[0], "sb network id=1 sb_id=0x%llx\n", sa));

	/* the last superblock takes the client with it: a new mount from the
	 * server starts afresh */
	EXPECT(vfsim_umount2(t, "/a", 0), 0);
	cr_assert(nt_records_are(t, p[0], "meta removal id=1 object=0x%llx\n", sa));
	OK(vfsim_mount(t, "fileserver.example:/", "/a", "nfs4", 0,
			  "vers=4.2,addr=192.0.2.10"));
	expect_status("/a", 0, 0, 1);
}

/* Mounts that differ in anything the client is keyed on do not share. */
VT_TEST(fs_nfs_network, client_keys, "empty", NULL)
{
	static const char *const data[] = {
		"vers=4.2,addr=192.0.2.10,port=2050",		/* port */
		"vers=4.1,addr=192.0.2.10",			/* minor version */
		"vers=4.2,addr=192.0.2.11",			/* address */
		"vers=4.2,addr=192.0.2.10,acceptor=nfs@fs",	/* acceptor */
		"vers=4.2,addr=192.0.2.10,server=alias.example", /* name (source "none") */
	};
	char path[16];
	size_t i;

	setup();
	for (i = 0; i < sizeof(data) / sizeof(data[0]); i++) {
		snprintf(path, sizeof(path), "/k%zu", i);
		nt_mkdirs(t, path);
		OK(vfsim_mount(t, i == 4 ? "none" : "fileserver.example:/", path, "nfs4", 0,
				  data[i]));
	}
	/* server properties (caps, fattr, ...) are per superblock: shared */
	nt_mkdirs(t, "/same");
	OK(vfsim_mount(t, "fileserver.example:/x", "/same", "nfs4", 0,
			  "vers=4.2,addr=192.0.2.10,caps=,time_delta=7"));
	OK(vfsim_sb_network(t, "/a", WATCH_INFO_FLAG_0));
	OK(nt_discard(t, p[0]));
	expect_status("/a", WATCH_INFO_FLAG_0, 1, 3);
	expect_status("/same", WATCH_INFO_FLAG_0, 1, 3);
	for (i = 0; i < sizeof(data) / sizeof(data[0]); i++) {
		snprintf(path, sizeof(path), "/k%zu", i);
		expect_status(path, 0, 0, 1);
	}
}

/* Instances do not share clients, even for the same server. */
VT_TEST(fs_nfs_network, instances_are_separate, "empty", NULL)
{
	struct vfsim *v2 = vt_boot("empty");
	struct vfsim_task *t2 = vfsim_init_task(v2);
	struct vfsim_nfs_server_status st;

	setup();
	EXPECT(vfsim_mkdirat(t2, AT_FDCWD, "/a", 0755), 0);
	EXPECT(vfsim_mount(t2, "fileserver.example:/", "/a", "nfs4", 0,
			   "vers=4.2,addr=192.0.2.10"), 0);
	OK(vfsim_sb_network(t, "/a", WATCH_INFO_FLAG_0));
	OK(nt_discard(t, p[0]));
	EXPECT(vfsim_nfs_server_status(t2, "/a", &st), 0);
	cr_assert_eq(st.info_flags, 0);
	cr_assert_eq(st.changes, 0);
	cr_assert_eq(st.superblocks, 1);
	expect_status("/a", WATCH_INFO_FLAG_0, 1, 2);
	cr_assert_eq(vt_finish(v2), 0);
}

/* What the calls refuse. */
VT_TEST(fs_nfs_network, errors, "empty", NULL)
{
	struct vfsim_nfs_server_status st;

	setup();
	/* flags outside the info flag byte: refused before the filesystem */
	EXPECT(vfsim_sb_network(t, "/a", 1), -EINVAL);
	EXPECT(vfsim_sb_network(t, "/a", WATCH_INFO_ID), -EINVAL);
	EXPECT(vfsim_sb_network(t, "/a", 0x01000000), -EINVAL);
	expect_status("/a", 0, 0, 2);
	cr_assert_eq(notify_counter("/a"), 0);

	EXPECT(vfsim_nfs_server_status(t, "/t", &st), -EOPNOTSUPP);
	EXPECT(vfsim_nfs_server_status(t, "/", &st), -EOPNOTSUPP);
	EXPECT(vfsim_nfs_server_status(t, "/nope", &st), -ENOENT);
	EXPECT(vfsim_nfs_server_status(t, "/a", NULL), -EINVAL);
	EXPECT(vfsim_nfs_server_status(NULL, "/a", &st), -EINVAL);

	/* other filesystems still get the generic post */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/t", 0, p[0], 5), 0);
	OK(vfsim_sb_network(t, "/t", WATCH_INFO_FLAG_0));
	cr_assert(nt_records_are(t, p[0], "sb network id=5 flags=flag0 sb_id=0x%llx\n",
			         nt_sb_id(t, "/t")));
	cr_assert(nt_records_are(t, p[0], "%s", ""));
}

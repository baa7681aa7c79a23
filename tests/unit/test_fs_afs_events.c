/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the simulated AFS makes happen in the mount tree and on its
 * superblocks, with the exact records a watcher reads:
 *  - walking into /afs/CELL mounts the cell's root volume as a submount:
 *    NEW_MOUNT on the dynamic root's mount with IS_SUBMOUNT; the submount
 *    is on the expiry list, so two expiry passes take it away again
 *    (EXPIRY on it, then UNMOUNT on the dynamic root's mount);
 *  - a fileserver going down or up (vfsim_afs_server_down/up) posts a
 *    NETWORK record on every superblock of a volume it serves, with the
 *    flags of <vfsim/afs.h>, and nowhere else.
 *
 *   /                   rootfs
 *   |-/afs              afs "none" -o dyn
 *   | |-grand.central.org/   -> "%grand.central.org:root.cell." (S0 S1 S2)
 *   | `-example.org/         -> "%example.org:root.cell."       (E0)
 *   `-/mnt/solo         afs "%grand.central.org:solo"          (S2 only)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include <vfsim/afs.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/notifytest.h"
#include "common/vfstest.h"

#define S0 FX_GCO_S0
#define S1 FX_GCO_S1
#define S2 FX_GCO_S2
#define E0 "0123abcd-0000-1111-2222-fedcba987654"
/* The default tree's cell (common/fixtures.h), with a volume on its third
 * server alone, and a second cell. */
#define AFS_DATA							\
	"dyn," FX_GCO_CELL						\
	"volume=root.cell,dir=doc,"					\
	"volume=solo@2,"						\
	"cell=example.org,server=" E0 "@203.0.113.7,volume=root.cell"

#define GCO "/afs/grand.central.org/"

static struct vfsim *v;
static struct vfsim_task *t;

static void mount_afs(void)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/afs", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	OK(vfsim_mount(t, "none", "/afs", "afs", 0, AFS_DATA));
}

/* ---- automount and expiry ------------------------------------------------- */

VT_TEST(fs_afs_events, automount_then_two_expiry_passes, "empty", NULL)
{
	unsigned int afs_id, cell_id;
	struct vt_mount m;
	int fds[2];

	mount_afs();
	afs_id = nt_mnt_id(t, "/afs");
	nt_pipe(t, 32, fds);
	OK(vfsim_watch_mount(t, AT_FDCWD, "/", 0, fds[0], 1));
	OK(vfsim_watch_mount(t, AT_FDCWD, "/afs", 0, fds[0], 2));

	/* the walk mounts it (the pipe's pipefs took the next ID) */
	cell_id = nt_mnt_id(t, GCO "doc");
	cr_assert_neq(cell_id, afs_id);
	cr_assert(nt_records_are(t, fds[0],
		       "mount new_mount id=2 flags=is_submount triggered_on=%u changed_mount=%u\n"
		       "mount new_mount id=1 flags=in_subtree,is_submount triggered_on=%u changed_mount=%u\n",
		       afs_id, cell_id, afs_id, cell_id));
	cr_assert_eq(vt_mount_at(t, GCO, &m), 0);
	cr_assert_eq(m.d.mnt_id, cell_id);
	cr_assert_eq(m.d.parent_id, afs_id);
	cr_assert_str_eq(m.mountpoint, "/afs/grand.central.org");
	cr_assert_str_eq(m.fstype, "afs");
	cr_assert_str_eq(m.source, "%grand.central.org:root.cell.");
	cr_assert(m.d.sb_flags & VFSIM_SB_SUBMOUNT);
	cr_assert(!m.d.expiry_marked);

	/* a second walk finds it mounted: nothing new */
	cr_assert_eq(nt_mnt_id(t, GCO "doc"), cell_id);
	cr_assert(nt_records_are(t, fds[0], "%s", ""));

	/* the first pass marks it, the second takes it away */
	EXPECT(vfsim_expire_mounts(v), 0);
	cr_assert(nt_records_are(t, fds[0], "%s", ""));
	cr_assert_eq(vt_mount_id(t, cell_id, &m), 0);
	cr_assert(m.d.expiry_marked);
	EXPECT(vfsim_expire_mounts(v), 1);
	cr_assert(nt_records_are(t, fds[0],
		       "mount expiry id=2 flags=in_subtree triggered_on=%u changed_mount=0\n"
		       "mount expiry id=1 flags=in_subtree triggered_on=%u changed_mount=0\n"
		       "mount unmount id=2 triggered_on=%u changed_mount=%u\n"
		       "mount unmount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
		       cell_id, cell_id, afs_id, cell_id, afs_id, cell_id));
	EXPECT(vt_mount_id(t, cell_id, &m), -ENOENT);

	/* walked into again: mounted again, with the freed ID */
	cr_assert_eq(nt_mnt_id(t, GCO), cell_id);
	cr_assert(nt_records_are(t, fds[0],
		       "mount new_mount id=2 flags=is_submount triggered_on=%u changed_mount=%u\n"
		       "mount new_mount id=1 flags=in_subtree,is_submount triggered_on=%u changed_mount=%u\n",
		       afs_id, cell_id, afs_id, cell_id));
	OK(vfsim_close(t, fds[0]));
	OK(vfsim_close(t, fds[1]));
}

VT_TEST(fs_afs_events, each_cell_is_its_own_submount, "empty", NULL)
{
	unsigned int afs_id, gco_id, ex_id;
	int fds[2];

	mount_afs();
	afs_id = nt_mnt_id(t, "/afs");
	nt_pipe(t, 32, fds);
	OK(vfsim_watch_mount(t, AT_FDCWD, "/afs", 0, fds[0], 7));
	gco_id = nt_mnt_id(t, GCO);
	ex_id = nt_mnt_id(t, "/afs/example.org/");
	cr_assert(nt_records_are(t, fds[0],
		       "mount new_mount id=7 flags=is_submount triggered_on=%u changed_mount=%u\n"
		       "mount new_mount id=7 flags=is_submount triggered_on=%u changed_mount=%u\n",
		       afs_id, gco_id, afs_id, ex_id));
	cr_assert(vt_tree_is(t, VT_NOID,
		             "/ rootfs rootfs\n"
		             "/afs afs none\n"
		             "/afs/grand.central.org afs %grand.central.org:root.cell.\n"
		             "/afs/example.org afs %example.org:root.cell.\n"));
	/* a use between the passes clears the mark: only example.org goes */
	EXPECT(vfsim_expire_mounts(v), 0);
	cr_assert_eq(nt_mnt_id(t, GCO "doc"), gco_id);
	EXPECT(vfsim_expire_mounts(v), 1);
	cr_assert(nt_records_are(t, fds[0],
		       "mount expiry id=7 flags=in_subtree triggered_on=%u changed_mount=0\n"
		       "mount unmount id=7 triggered_on=%u changed_mount=%u\n",
		       ex_id, afs_id, ex_id));
	EXPECT(vfsim_expire_mounts(v), 1);
	cr_assert(nt_records_are(t, fds[0],
		       "mount expiry id=7 flags=in_subtree triggered_on=%u changed_mount=0\n"
		       "mount unmount id=7 triggered_on=%u changed_mount=%u\n",
		       gco_id, afs_id, gco_id));
	OK(vfsim_close(t, fds[0]));
	OK(vfsim_close(t, fds[1]));
}

VT_TEST(fs_afs_events, busy_submount_does_not_expire, "empty", NULL)
{
	long fd;

	mount_afs();
	fd = vfsim_openat(t, AT_FDCWD, GCO "doc", O_PATH | O_DIRECTORY, 0);
	OK(fd);
	EXPECT(vfsim_expire_mounts(v), 0);
	EXPECT(vfsim_expire_mounts(v), 0);
	EXPECT(vfsim_expire_mounts(v), 0);
	cr_assert_eq(vt_count_mounts(t), 3);
	OK(vfsim_close(t, (int)fd));
	EXPECT(vfsim_expire_mounts(v), 0);	/* closing it was a use */
	EXPECT(vfsim_expire_mounts(v), 1);
	cr_assert_eq(vt_count_mounts(t), 2);
}

/*
 * The submount and a direct mount of the same volume share a superblock;
 * IS_SUBMOUNT follows the superblock's SB_SUBMOUNT, so it depends on which
 * mount made the superblock (as in Linux).
 */
VT_TEST(fs_afs_events, direct_mount_shares_the_volume_superblock, "empty", NULL)
{
	unsigned int mnt_id, afs_id, gco_id;
	int fds[2];

	mount_afs();
	nt_pipe(t, 32, fds);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/gco", 0755));
	OK(vfsim_watch_mount(t, AT_FDCWD, "/", 0, fds[0], 1));
	OK(vfsim_mount(t, "#grand.central.org:root.cell", "/mnt/gco", "afs", 0, NULL));
	mnt_id = nt_mnt_id(t, "/mnt/gco");
	afs_id = nt_mnt_id(t, "/afs");
	gco_id = nt_mnt_id(t, GCO);
	cr_assert_eq(nt_sb_id(t, "/mnt/gco"), nt_sb_id(t, GCO));
	cr_assert(nt_records_are(t, fds[0],
		       "mount new_mount id=1 triggered_on=%u changed_mount=%u\n"
		       "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
		       nt_mnt_id(t, "/"), mnt_id, afs_id, gco_id));
	OK(vfsim_close(t, fds[0]));
	OK(vfsim_close(t, fds[1]));
}

/* ---- fileservers going down and up ---------------------------------------- */

struct three_volumes {
	int fds[2];
	uint64_t gco, solo, ex;
};

/* "solo" on /mnt/solo, then root.cell of both cells automounted (by the
 * watches), each superblock watched: grand.central.org's root.cell as 1,
 * solo as 2, example.org's root.cell as 3. */
static void watch_three_volumes(struct three_volumes *w)
{
	mount_afs();
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/solo", 0755));
	OK(vfsim_mount(t, "%grand.central.org:solo", "/mnt/solo", "afs", 0, NULL));
	nt_pipe(t, 32, w->fds);
	OK(vfsim_watch_sb(t, AT_FDCWD, GCO, 0, w->fds[0], 1));
	OK(vfsim_watch_sb(t, AT_FDCWD, "/mnt/solo", 0, w->fds[0], 2));
	OK(vfsim_watch_sb(t, AT_FDCWD, "/afs/example.org/", 0, w->fds[0], 3));
	w->gco = nt_sb_id(t, GCO);
	w->solo = nt_sb_id(t, "/mnt/solo");
	w->ex = nt_sb_id(t, "/afs/example.org/");
}

VT_TEST(fs_afs_events, server_down_and_up, "empty", NULL)
{
	struct three_volumes w;

	watch_three_volumes(&w);

	/* S2 serves solo (alone) and root.cell (with S0, S1); the records
	 * come in the order the superblocks were made */
	EXPECT(vfsim_afs_server_down(v, S2), 2);
	cr_assert(nt_records_are(t, w.fds[0],
		       "sb network id=2 flags=flag0,flag1 sb_id=0x%llx\n"
		       "sb network id=1 flags=flag0 sb_id=0x%llx\n",
		       (unsigned long long)w.solo, (unsigned long long)w.gco));
	/* no change, no record */
	EXPECT(vfsim_afs_server_down(v, S2), 0);
	cr_assert(nt_records_are(t, w.fds[0], "%s", ""));

	EXPECT(vfsim_afs_server_down(v, S0), 1);
	EXPECT(vfsim_afs_server_down(v, S1), 1);
	cr_assert(nt_records_are(t, w.fds[0],
		       "sb network id=1 flags=flag0 sb_id=0x%llx\n"
		       "sb network id=1 flags=flag0,flag1 sb_id=0x%llx\n",
		       (unsigned long long)w.gco, (unsigned long long)w.gco));

	/* back up: no flag at all */
	EXPECT(vfsim_afs_server_up(v, S1), 1);
	EXPECT(vfsim_afs_server_up(v, S2), 2);
	EXPECT(vfsim_afs_server_up(v, S2), 0);
	cr_assert(nt_records_are(t, w.fds[0],
		       "sb network id=1 sb_id=0x%llx\n"
		       "sb network id=2 sb_id=0x%llx\n"
		       "sb network id=1 sb_id=0x%llx\n",
		       (unsigned long long)w.gco, (unsigned long long)w.solo,
		       (unsigned long long)w.gco));

	/* example.org's server: its volume only */
	EXPECT(vfsim_afs_server_down(v, E0), 1);
	cr_assert(nt_records_are(t, w.fds[0], "sb network id=3 flags=flag0,flag1 sb_id=0x%llx\n",
			         (unsigned long long)w.ex));
	OK(vfsim_close(t, w.fds[0]));
	OK(vfsim_close(t, w.fds[1]));
}

/* The records' bytes, and the counter fsinfo shows. */
VT_TEST(fs_afs_events, network_record_bytes_and_counter, "empty", NULL)
{
	struct superblock_notification n;
	struct fsinfo_sb_notifications c;
	struct three_volumes w;

	watch_three_volumes(&w);
	EXPECT(vt_fsinfo(t, "/mnt/solo", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, &c, sizeof(c)),
	       sizeof(c));
	cr_assert_eq(c.notify_counter, 0);
	EXPECT(vfsim_afs_server_down(v, S2), 2);

	EXPECT(vfsim_read(t, w.fds[0], &n, sizeof(n)), sizeof(n));
	cr_assert_eq(n.watch.type, WATCH_TYPE_SB_NOTIFY);
	cr_assert_eq(n.watch.subtype, NOTIFY_SUPERBLOCK_NETWORK);
	cr_assert_eq(n.watch.info, 16 | (2 << 8) | VFSIM_AFS_NETWORK_SERVER_DOWN |
		     VFSIM_AFS_NETWORK_NO_SERVER);
	cr_assert_eq(n.sb_id, w.solo);
	EXPECT(vfsim_read(t, w.fds[0], &n, sizeof(n)), sizeof(n));
	cr_assert_eq(n.watch.type, WATCH_TYPE_SB_NOTIFY);
	cr_assert_eq(n.watch.subtype, NOTIFY_SUPERBLOCK_NETWORK);
	cr_assert_eq(n.watch.info, 16 | (1 << 8) | VFSIM_AFS_NETWORK_SERVER_DOWN);
	cr_assert_eq(n.sb_id, w.gco);
	EXPECT(vfsim_read(t, w.fds[0], &n, sizeof(n)), -EAGAIN);

	EXPECT(vt_fsinfo(t, "/mnt/solo", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, &c, sizeof(c)),
	       sizeof(c));
	cr_assert_eq(c.notify_counter, 1);
	EXPECT(vt_fsinfo(t, "/afs/example.org/", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0,
			 &c, sizeof(c)), sizeof(c));
	cr_assert_eq(c.notify_counter, 0);
	/* the flags of the header are the watch_queue flags 0 and 1 */
	cr_assert_eq(VFSIM_AFS_NETWORK_SERVER_DOWN, WATCH_INFO_FLAG_0);
	cr_assert_eq(VFSIM_AFS_NETWORK_NO_SERVER, WATCH_INFO_FLAG_1);
	OK(vfsim_close(t, w.fds[0]));
	OK(vfsim_close(t, w.fds[1]));
}

/* A volume with no server up cannot be mounted anew; one already mounted
 * stays. */
VT_TEST(fs_afs_events, volume_with_every_server_down, "empty", NULL)
{
	mount_afs();
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/solo", 0755));
	EXPECT(vfsim_afs_server_down(v, S2), 0);	/* no superblock uses it yet */
	EXPECT(vfsim_mount(t, "%grand.central.org:solo", "/mnt/solo", "afs", 0, NULL),
	       -EHOSTUNREACH);
	EXPECT(vfsim_afs_server_up(v, S2), 0);
	OK(vfsim_mount(t, "%grand.central.org:solo", "/mnt/solo", "afs", 0, NULL));
	EXPECT(vfsim_afs_server_down(v, S2), 1);
	cr_assert_eq(vt_count_mounts(t), 3, "/mnt/solo stays");
	/* the automount of a cell whose root volume is unreachable fails */
	EXPECT(vfsim_afs_server_down(v, E0), 0);
	EXPECT(vfsim_path_mnt_id(t, "/afs/example.org/"), -EHOSTUNREACH);
	cr_assert_eq(vt_count_mounts(t), 3);
}

VT_TEST(fs_afs_events, server_calls_errors, "empty", NULL)
{
	/* no AFS superblock: no database */
	EXPECT(vfsim_afs_server_down(v, S0), -ENOENT);
	EXPECT(vfsim_afs_add_cells(v, "cell=x.example"), -ENOENT);
	mount_afs();
	EXPECT(vfsim_afs_server_down(v, "a8f3e1b2-5c7d-4e90-8f12-3456789abc04"), -ENOENT);
	EXPECT(vfsim_afs_server_down(v, "a8f3e1b2-5c7d-4e90-8f12-3456789abc0"), -EINVAL);
	EXPECT(vfsim_afs_server_down(v, "a8f3e1b2+5c7d-4e90-8f12-3456789abc01"), -EINVAL);
	EXPECT(vfsim_afs_server_down(v, "a8f3e1b2-5c7d-4e90-8f12-3456789abcg1"), -EINVAL);
	EXPECT(vfsim_afs_server_up(v, NULL), -EINVAL);
	EXPECT(vfsim_afs_server_up(NULL, S0), -EINVAL);
	/* upper case is the same server */
	OK(vfsim_path_mnt_id(t, GCO));
	EXPECT(vfsim_afs_server_down(v, "A8F3E1B2-5C7D-4E90-8F12-3456789ABC01"), 1);
	EXPECT(vfsim_afs_server_down(v, S0), 0);
	EXPECT(vfsim_afs_server_up(v, S0), 1);
	OK(vfsim_umount2(t, "/afs/grand.central.org", 0));
	/* the database goes with the last AFS superblock */
	OK(vfsim_umount2(t, "/afs", 0));
	EXPECT(vfsim_afs_server_down(v, S0), -ENOENT);
}

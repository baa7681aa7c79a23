/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B13, AFS's share (patch 15, fs/afs/super.c; spec/errata.md,
 * patchset.md §4.1 and §6.3 item 17).
 *
 * The bugs, as posted:
 *  1. afs_fsinfo_get_features() and afs_dyn_fsinfo_get_features() never
 *     call fsinfo_init_features(): nr_features is 0, so a caller that
 *     trusts it sees no feature at all.
 *  2. afs_fsinfo_get_server_address() does
 *     slist = afs_get_serverlist(volume->servers) and reads
 *     slist->nr_servers without looking: a volume with no server list
 *     oopses on a NULL pointer.  (afs_fsinfo_get_server_name() looks, and
 *     answers -ENODATA.)
 * How they show: FEATURES of any AFS mount; AFS_SERVER_ADDRESSES of a
 * volume with no server list (mount data "volume=NAME@none", or a cell
 * with no servers).
 * The fix (default): nr_features = FSINFO_FEAT__NR; -ENODATA.
 * VFSIM_QUIRK_B13 brings both back; the NULL dereference is reported
 * through the oops hook and the call fails with -EFAULT.
 *
 *   /afs           afs "none" -o dyn     (x.example: a volume "root.cell"
 *   /mnt/nolist    "%x.example:nolist"    on its one server, and "nolist"
 *                                          with no server list)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include <vfsim/afs.h>

#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"
#include "common/check.h"

#define DATA "dyn,cell=x.example,"					\
	"server=11111111-2222-3333-4444-555555555555@192.0.2.1,"	\
	"volume=root.cell,volume=nolist@none"

static struct vfsim *v;
static struct vfsim_task *t;

struct oops_log {
	unsigned int n;
	char function[64];
	char reason[256];
};

static void oops_hook(void *arg, const char *function, const char *reason)
{
	struct oops_log *log = arg;

	log->n++;
	snprintf(log->function, sizeof(log->function), "%s", function);
	snprintf(log->reason, sizeof(log->reason), "%s", reason);
}

static void boot(uint64_t quirks, struct oops_log *log)
{
	v = vt_boot_quirks("empty", quirks);
	t = vfsim_init_task(v);
	memset(log, 0, sizeof(*log));
	vfsim_set_oops_hook(v, oops_hook, log);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/afs", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/mnt/nolist", 0755), 0);
	EXPECT(vfsim_mount(t, "none", "/afs", "afs", 0, DATA), 0);
	EXPECT(vfsim_mount(t, "%x.example:nolist.", "/mnt/nolist", "afs", 0, NULL), 0);
}

static void finish(void)
{
	cr_assert_eq(vt_finish(v), 0);
}

static void check_features(const char *path, uint32_t want_nr, __u8 byte0)
{
	struct fsinfo_features f;

	memset(&f, 0xbd, sizeof(f));
	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert_eq(f.nr_features, want_nr, "%s: nr_features %u", path, f.nr_features);
	/* the bits are the same either way */
	cr_assert_eq(f.features[0], byte0, "%s: byte 0 %02x", path, f.features[0]);
}

/* ---- 1: nr_features ----------------------------------------------------------- */

Test(fs_afs_erratum_b13, features_fixed)
{
	struct oops_log log;

	boot(0, &log);
	check_features("/afs/x.example/", FSINFO_FEAT__NR, 0xc8);
	check_features("/mnt/nolist", FSINFO_FEAT__NR, 0xc8);
	check_features("/afs", FSINFO_FEAT__NR, 0x50);
	finish();
}

Test(fs_afs_erratum_b13, features_as_posted)
{
	struct oops_log log;

	boot(VFSIM_QUIRK_B13, &log);
	check_features("/afs/x.example/", 0, 0xc8);
	check_features("/mnt/nolist", 0, 0xc8);
	check_features("/afs", 0, 0x50);
	cr_assert_eq(log.n, 0);
	finish();
}

/* ---- 2: the NULL server list ------------------------------------------------- */

Test(fs_afs_erratum_b13, no_server_list_fixed)
{
	struct fsinfo_afs_server_address a[2];
	struct oops_log log;
	unsigned int n;

	boot(0, &log);
	for (n = 0; n < 3; n++)
		EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, n, 0,
				 a, sizeof(a)), -ENODATA);
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0, NULL, 0),
	       -ENODATA);
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_NAME, 0, 0, a, sizeof(a)),
	       -ENODATA);
	cr_assert_eq(log.n, 0);
	finish();
}

Test(fs_afs_erratum_b13, no_server_list_as_posted)
{
	struct fsinfo_afs_server_address a[2];
	struct oops_log log;

	boot(VFSIM_QUIRK_B13, &log);
	/* any Nth: the dereference comes before Nth is looked at */
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 a, sizeof(a)), -EFAULT);
	cr_assert_eq(log.n, 1);
	cr_assert_str_eq(log.function, "afs_fsinfo_get_server_address");
	cr_assert(strstr(log.reason, "NULL pointer dereference"), "%s", log.reason);
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 5, 0,
			 a, sizeof(a)), -EFAULT);
	cr_assert_eq(log.n, 2);
	/* the server-name getter looks for the list: no oops */
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_NAME, 0, 0, a, sizeof(a)),
	       -ENODATA);
	/* a volume that has a list is unaffected */
	EXPECT(vt_fsinfo(t, "/afs/x.example/", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 a, sizeof(a)), 128);
	EXPECT(vt_fsinfo(t, "/afs/x.example/", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 1, 0,
			 a, sizeof(a)), -ENODATA);
	cr_assert_eq(log.n, 2);

	/* the quirk is the instance's, and can go */
	vfsim_set_quirks(v, 0);
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 a, sizeof(a)), -ENODATA);
	check_features("/mnt/nolist", FSINFO_FEAT__NR, 0xc8);
	cr_assert_eq(log.n, 2);
	finish();
}

/* A cell with no servers at all: its volumes have no list either. */
Test(fs_afs_erratum_b13, cell_without_servers)
{
	struct fsinfo_afs_server_address a;
	struct oops_log log;

	boot(VFSIM_QUIRK_B13, &log);
	EXPECT(vfsim_afs_add_cells(v, "cell=bare.example,volume=root.cell"), 0);
	EXPECT(vt_fsinfo(t, "/afs/bare.example/", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 &a, sizeof(a)), -EFAULT);
	cr_assert_eq(log.n, 1);
	vfsim_set_quirks(v, 0);
	EXPECT(vt_fsinfo(t, "/afs/bare.example/", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 &a, sizeof(a)), -ENODATA);
	finish();
}

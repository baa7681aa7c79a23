/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B13 (docs/errata.md): the fsinfo tables of AFS (patch 15,
 * fs/afs/fsinfo.c) and NFS (patch 17, fs/nfs/fsinfo.c); docs/filesystems.md and
 * docs/errata.md (B13).
 *
 * The posted v17 code:
 *  1. afs_fsinfo_get_features(), afs_dyn_fsinfo_get_features() and
 *     nfs_fsinfo_get_features() never call fsinfo_init_features():
 *     nr_features is 0, so a caller that trusts it sees no feature at all
 *     (FEATURES of any AFS or NFS mount).
 *  2. afs_fsinfo_get_server_address() does
 *     slist = afs_get_serverlist(volume->servers) and reads
 *     slist->nr_servers without looking: a volume with no server list
 *     (mount data "volume=NAME@none", or a cell with no servers) oopses on
 *     a NULL pointer.  (afs_fsinfo_get_server_name() looks, and answers
 *     -ENODATA.)
 *  3. nfs_fsinfo_get_supports() sets STATX_TYPE|STATX_MODE when the
 *     server does NOT have NFS_CAP_MODE: the test is inverted.
 *  4. nfs_fsinfo_get_timestamp_info() computes the mantissa in an
 *     unsigned int and stores it in the __u16 gran_mantissa: a server
 *     time_delta whose significant digits exceed 65535 (65536 ns, 123457
 *     ns) comes out as the low 16 bits (0, 57921): a granularity finer
 *     than the server's, or none.
 * The model by default: nr_features = FSINFO_FEAT__NR; -ENODATA for a
 * volume without a server list; TYPE|MODE when the server has
 * NFS_CAP_MODE; a mantissa that does not fit rounded up to fewer digits
 * (exponent + 1 each), so the granularity is the finest representable one
 * that is not finer than the server's, and exact whenever it fits.
 * VFSIM_QUIRK_B13 reproduces all four; the NULL dereference is reported
 * through the instance's oops hook and the call fails with -EFAULT.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include <vfsim/afs.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* ---- AFS ----------------------------------------------------------------------- */

/*
 *   /afs           afs "none" -o dyn     (x.example: a volume "root.cell"
 *   /mnt/nolist    "%x.example:nolist"    on its one server, and "nolist"
 *                                          with no server list)
 */
#define DATA "dyn,cell=x.example,"					\
	"server=11111111-2222-3333-4444-555555555555@192.0.2.1,"	\
	"volume=root.cell,volume=nolist@none"

static struct vt_oops_log oopses;

static void afs_tree(struct vfsim *v)
{
	vfsim_set_oops_hook(v, vt_oops_hook, &oopses);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/afs", 0755));
	OK(vt_mkdir_p(t, "/mnt/nolist", 0755));
	OK(vfsim_mount(t, "none", "/afs", "afs", 0, DATA));
	OK(vfsim_mount(t, "%x.example:nolist.", "/mnt/nolist", "afs", 0, NULL));
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

/* 1: nr_features */
static void afs_features(bool quirk)
{
	uint32_t nr = quirk ? 0 : FSINFO_FEAT__NR;

	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B13 : 0);
	check_features("/afs/x.example/", nr, 0xc8);
	check_features("/mnt/nolist", nr, 0xc8);
	check_features("/afs", nr, 0x50);
	cr_assert_eq(oopses.calls, 0);
}

VT_TEST_AND_QUIRK(errata, b13_afs_features, "empty", afs_tree, afs_features)

/* 2: the NULL server list */

VT_TEST(errata, b13_afs_no_server_list_fixed, "empty", afs_tree)
{
	struct fsinfo_afs_server_address a[2];
	unsigned int n;

	for (n = 0; n < 3; n++)
		EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, n, 0,
				 a, sizeof(a)), -ENODATA);
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0, NULL, 0),
	       -ENODATA);
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_NAME, 0, 0, a, sizeof(a)),
	       -ENODATA);
	cr_assert_eq(oopses.calls, 0);
}

VT_TEST(errata, b13_afs_no_server_list_as_posted, "empty", afs_tree)
{
	struct fsinfo_afs_server_address a[2];

	vfsim_set_quirks(v, VFSIM_QUIRK_B13);
	/* any Nth: the dereference comes before Nth is looked at */
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 a, sizeof(a)), -EFAULT);
	cr_assert_eq(oopses.calls, 1);
	cr_assert_str_eq(oopses.function, "afs_fsinfo_get_server_address");
	cr_assert(strstr(oopses.reason, "NULL pointer dereference"), "%s", oopses.reason);
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 5, 0,
			 a, sizeof(a)), -EFAULT);
	cr_assert_eq(oopses.calls, 2);
	/* the server-name getter looks for the list: no oops */
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_NAME, 0, 0, a, sizeof(a)),
	       -ENODATA);
	/* a volume that has a list is unaffected */
	EXPECT(vt_fsinfo(t, "/afs/x.example/", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 a, sizeof(a)), 128);
	EXPECT(vt_fsinfo(t, "/afs/x.example/", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 1, 0,
			 a, sizeof(a)), -ENODATA);
	cr_assert_eq(oopses.calls, 2);

	/* the quirk is the instance's, and can go */
	vfsim_set_quirks(v, 0);
	EXPECT(vt_fsinfo(t, "/mnt/nolist", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 a, sizeof(a)), -ENODATA);
	check_features("/mnt/nolist", FSINFO_FEAT__NR, 0xc8);
	cr_assert_eq(oopses.calls, 2);
}

/* A cell with no servers at all: its volumes have no list either. */
VT_TEST(errata, b13_afs_cell_without_servers, "empty", afs_tree)
{
	struct fsinfo_afs_server_address a;

	vfsim_set_quirks(v, VFSIM_QUIRK_B13);
	EXPECT(vfsim_afs_add_cells(v, "cell=bare.example,volume=root.cell"), 0);
	EXPECT(vt_fsinfo(t, "/afs/bare.example/", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 &a, sizeof(a)), -EFAULT);
	cr_assert_eq(oopses.calls, 1);
	vfsim_set_quirks(v, 0);
	EXPECT(vt_fsinfo(t, "/afs/bare.example/", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 &a, sizeof(a)), -ENODATA);
}

/* ---- NFS ----------------------------------------------------------------------- */

static void mount_nfs(const char *path, const char *data)
{
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), 0);
	EXPECT(vfsim_mount(t, "srv.example:/", path, "nfs", 0, data), 0);
}

/* 1: nr_features */

static void nfs_features(bool quirk)
{
	uint32_t want_nr = quirk ? 0 : FSINFO_FEAT__NR;
	struct fsinfo_features f;
	/* v3 defaults: see test_fs_nfs_attrs.c */
	static const uint8_t bits[7] = { 0xc8, 0x0c, 0xc0, 0x00, 0x1b, 0xd0, 0x00 };

	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B13 : 0);
	mount_nfs("/n", "addr=192.0.2.1");
	EXPECT(vt_fsinfo(t, "/n", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert_eq(f.nr_features, want_nr);
	cr_assert_eq(memcmp(f.features, bits, sizeof(bits)), 0, "the bits do not change");
}

VT_TEST_AND_QUIRK(errata, b13_nfs_features, "empty", NULL, nfs_features)

/* 3: the NFS_CAP_MODE test */

#define STATX_TYPE_MODE 0x3U

static uint32_t stx_mask(const char *path)
{
	struct fsinfo_supports s;

	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_SUPPORTS, 0, 0, &s, sizeof(s)), sizeof(s));
	return s.stx_mask;
}

static void nfs_mode_capability(bool quirk)
{
	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B13 : 0);
	mount_nfs("/mode", "addr=192.0.2.1,caps=mode");
	mount_nfs("/nomode", "addr=192.0.2.1,caps=owner");
	/* the other bits are as they are either way: UID for owner */
	cr_assert_eq(stx_mask("/mode"), quirk ? 0 : STATX_TYPE_MODE);
	cr_assert_eq(stx_mask("/nomode"), 0x8U | (quirk ? STATX_TYPE_MODE : 0));
}

VT_TEST_AND_QUIRK(errata, b13_nfs_mode_capability, "empty", NULL, nfs_mode_capability)

/* FEATURES' NO_UNIX_MODE was right in v17: the quirk leaves it alone. */
Test(errata, b13_nfs_no_unix_mode_unchanged_by_quirk)
{
	struct fsinfo_features f;
	int q;

	for (q = 0; q < 2; q++) {
		v = vt_boot_quirks("empty", q ? VFSIM_QUIRK_B13 : 0);
		t = vfsim_init_task(v);
		mount_nfs("/mode", "addr=192.0.2.1,caps=mode");
		mount_nfs("/nomode", "addr=192.0.2.1,caps=");
		EXPECT(vt_fsinfo(t, "/mode", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)),
		       sizeof(f));
		cr_assert_eq(f.features[FSINFO_FEAT_NO_UNIX_MODE / 8] & (1 << (43 % 8)), 0);
		EXPECT(vt_fsinfo(t, "/nomode", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)),
		       sizeof(f));
		cr_assert_neq(f.features[FSINFO_FEAT_NO_UNIX_MODE / 8] & (1 << (43 % 8)), 0);
		cr_assert_eq(vt_finish(v), 0);
	}
}

/* 4: the granularity */

struct gran_case {
	uint64_t time_delta;		/* ns */
	uint16_t mantissa, quirk_mantissa;
	int8_t exponent, quirk_exponent;
};

/*
 * time_delta -> mantissa x 10^exponent s.  The quirk column is v17's: the
 * same as the fix while the digits fit 16 bits, else their low 16 bits.
 */
static const struct gran_case gran_cases[] = {
	{ 0,		1, 1,	0, 0 },		/* unknown: 1 s */
	{ 1,		1, 1,	-9, -9 },
	{ 1000,		1, 1,	-6, -6 },
	{ 2500,		25, 25,	-7, -7 },
	{ 1000000,	1, 1,	-3, -3 },
	{ 1500000000,	15, 15,	-1, -1 },	/* 1.5 s */
	{ 65535,	65535, 65535, -9, -9 },	/* the largest that fits */
	{ 65536,	6554, 0, -8, -9 },	/* v17: no granularity at all */
	{ 123457,	12346, 57921, -8, -9 },
	{ 999999,	1, 16959, -3, -9 },	/* rounds up to 1 ms */
	{ 1000001,	10001, 16961, -7, -9 },
	{ UINT64_MAX,	18447, 65535, 6, -9 },
};

static void check_granularity(const struct gran_case *c, bool quirk)
{
	struct fsinfo_timestamp_info ti;
	struct fsinfo_timestamp_one *one[] = { &ti.atime, &ti.mtime, &ti.ctime, &ti.btime };
	char data[96];
	size_t i;

	snprintf(data, sizeof(data), "addr=192.0.2.1,time_delta=%llu",
		 (unsigned long long)c->time_delta);
	mount_nfs("/g", data);
	EXPECT(vt_fsinfo(t, "/g", FSINFO_ATTR_TIMESTAMP_INFO, 0, 0, &ti, sizeof(ti)),
	       sizeof(ti));
	for (i = 0; i < 4; i++) {
		cr_assert_eq(one[i]->minimum, 0);
		cr_assert_eq(one[i]->maximum, UINT32_MAX);
		cr_assert_eq(one[i]->gran_mantissa, quirk ? c->quirk_mantissa : c->mantissa,
			     "time_delta %llu: mantissa %u",
			     (unsigned long long)c->time_delta, one[i]->gran_mantissa);
		cr_assert_eq(one[i]->gran_exponent, quirk ? c->quirk_exponent : c->exponent,
			     "time_delta %llu: exponent %d",
			     (unsigned long long)c->time_delta, one[i]->gran_exponent);
	}
}

/* a fresh instance for each case */
Test(errata, b13_nfs_granularity)
{
	size_t i;

	for (i = 0; i < sizeof(gran_cases) / sizeof(gran_cases[0]); i++) {
		v = vt_boot("empty");
		t = vfsim_init_task(v);
		check_granularity(&gran_cases[i], false);
		cr_assert_eq(vt_finish(v), 0);
	}
}

Test(errata, b13_nfs_granularity_quirk)
{
	size_t i;

	for (i = 0; i < sizeof(gran_cases) / sizeof(gran_cases[0]); i++) {
		v = vt_boot_quirks("empty", VFSIM_QUIRK_B13);
		t = vfsim_init_task(v);
		check_granularity(&gran_cases[i], true);
		cr_assert_eq(vt_finish(v), 0);
	}
}

/*
 * The fix's promise, over many values: the mantissa fits and has no
 * trailing zero, the granularity is not finer than the server's, and it
 * exceeds it by less than one unit of the digit it was rounded at.
 */
VT_TEST(errata, b13_nfs_granularity_never_finer_than_the_server, "empty", NULL)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	unsigned int i;

	for (i = 0; i < 64; i++) {
		struct fsinfo_timestamp_info ti;
		unsigned __int128 r, unit = 1, ns;
		char data[96], path[16];
		int k;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		ns = x >> (i % 60);		/* every magnitude */
		snprintf(path, sizeof(path), "/p%u", i);
		snprintf(data, sizeof(data), "addr=192.0.2.1,time_delta=%llu",
			 (unsigned long long)ns);
		mount_nfs(path, data);
		EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_TIMESTAMP_INFO, 0, 0, &ti, sizeof(ti)),
		       sizeof(ti));
		if (ns == 0)
			continue;
		cr_assert_neq(ti.mtime.gran_mantissa % 10, 0);
		r = ti.mtime.gran_mantissa;
		for (k = ti.mtime.gran_exponent + 9; k > 0; k--)
			r *= 10;
		cr_assert_geq(ti.mtime.gran_exponent, -9);
		cr_assert(r >= ns, "%llu ns reported finer", (unsigned long long)ns);
		/* the unit rounded to: the least power of ten that makes the
		 * rounded-up mantissa fit */
		while ((ns + unit - 1) / unit > 65535)
			unit *= 10;
		cr_assert(r - ns < unit, "time_delta %llu rounded by more than a unit",
			  (unsigned long long)ns);
	}
}

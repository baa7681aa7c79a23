/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B13, NFS's share (patch 17, fs/nfs/fsinfo.c; spec/errata.md,
 * patchset.md §4.3 and §6.3 item 17).
 *
 * The bugs, as posted:
 *  1. nfs_fsinfo_get_features() never calls fsinfo_init_features(), so
 *     nr_features is 0 and a caller that trusts it sees no feature at all.
 *  2. nfs_fsinfo_get_supports() sets STATX_TYPE|STATX_MODE when the server
 *     does NOT have NFS_CAP_MODE: the test is inverted.
 *  3. nfs_fsinfo_get_timestamp_info() computes the mantissa in an unsigned
 *     int and stores it in the __u16 gran_mantissa: a server time_delta
 *     whose significant digits exceed 65535 (65536 ns, 123457 ns) comes out
 *     as the low 16 bits (0, 57921) - a granularity finer than the server's,
 *     or none.
 * How they show: FEATURES, SUPPORTS and TIMESTAMP_INFO of any NFS mount.
 * The fix (default): nr_features = FSINFO_FEAT__NR; TYPE|MODE when the
 * server has NFS_CAP_MODE; a mantissa that does not fit is rounded up to
 * fewer digits (exponent + 1 each), so the granularity is the finest
 * representable one that is not finer than the server's, and it is exact
 * whenever it fits.  VFSIM_QUIRK_B13 brings all three back.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"
#include "common/check.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void mount_nfs(const char *path, const char *data)
{
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), 0);
	EXPECT(vfsim_mount(t, "srv.example:/", path, "nfs", 0, data), 0);
}

static void boot(uint64_t quirks)
{
	v = vt_boot_quirks("empty", quirks);
	t = vfsim_init_task(v);
}

static void finish(void)
{
	cr_assert_eq(vt_finish(v), 0);
}

/* ---- 1: nr_features ---------------------------------------------------------- */

static void check_features(uint32_t want_nr)
{
	struct fsinfo_features f;
	/* v3 defaults: see test_fs_nfs_attrs.c */
	static const uint8_t bits[7] = { 0xc8, 0x0c, 0xc0, 0x00, 0x1b, 0xd0, 0x00 };

	mount_nfs("/n", "addr=192.0.2.1");
	EXPECT(vt_fsinfo(t, "/n", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert_eq(f.nr_features, want_nr);
	cr_assert_eq(memcmp(f.features, bits, sizeof(bits)), 0, "the bits do not change");
}

Test(fs_nfs_erratum_b13, nr_features_fixed)
{
	boot(0);
	check_features(FSINFO_FEAT__NR);
	finish();
}

Test(fs_nfs_erratum_b13, nr_features_quirk)
{
	boot(VFSIM_QUIRK_B13);
	check_features(0);
	finish();
}

/* ---- 2: the NFS_CAP_MODE test ------------------------------------------------- */

#define STATX_TYPE_MODE 0x3U

static uint32_t stx_mask(const char *path)
{
	struct fsinfo_supports s;

	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_SUPPORTS, 0, 0, &s, sizeof(s)), sizeof(s));
	return s.stx_mask;
}

static void check_mode_test(bool quirk)
{
	mount_nfs("/mode", "addr=192.0.2.1,caps=mode");
	mount_nfs("/nomode", "addr=192.0.2.1,caps=owner");
	/* the other bits are as they are either way: UID for owner */
	cr_assert_eq(stx_mask("/mode"), quirk ? 0 : STATX_TYPE_MODE);
	cr_assert_eq(stx_mask("/nomode"), 0x8U | (quirk ? STATX_TYPE_MODE : 0));
}

Test(fs_nfs_erratum_b13, mode_capability_fixed)
{
	boot(0);
	check_mode_test(false);
	finish();
}

Test(fs_nfs_erratum_b13, mode_capability_quirk)
{
	boot(VFSIM_QUIRK_B13);
	check_mode_test(true);
	finish();
}

/* FEATURES' NO_UNIX_MODE was right in v17: the quirk leaves it alone. */
Test(fs_nfs_erratum_b13, no_unix_mode_unchanged_by_quirk)
{
	struct fsinfo_features f;
	int q;

	for (q = 0; q < 2; q++) {
		boot(q ? VFSIM_QUIRK_B13 : 0);
		mount_nfs("/mode", "addr=192.0.2.1,caps=mode");
		mount_nfs("/nomode", "addr=192.0.2.1,caps=");
		EXPECT(vt_fsinfo(t, "/mode", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)),
		       sizeof(f));
		cr_assert_eq(f.features[FSINFO_FEAT_NO_UNIX_MODE / 8] & (1 << (43 % 8)), 0);
		EXPECT(vt_fsinfo(t, "/nomode", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)),
		       sizeof(f));
		cr_assert_neq(f.features[FSINFO_FEAT_NO_UNIX_MODE / 8] & (1 << (43 % 8)), 0);
		finish();
	}
}

/* ---- 3: the granularity ------------------------------------------------------- */

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

Test(fs_nfs_erratum_b13, granularity_fixed)
{
	size_t i;

	for (i = 0; i < sizeof(gran_cases) / sizeof(gran_cases[0]); i++) {
		boot(0);
		check_granularity(&gran_cases[i], false);
		finish();
	}
}

Test(fs_nfs_erratum_b13, granularity_quirk)
{
	size_t i;

	for (i = 0; i < sizeof(gran_cases) / sizeof(gran_cases[0]); i++) {
		boot(VFSIM_QUIRK_B13);
		check_granularity(&gran_cases[i], true);
		finish();
	}
}

/*
 * The fix's promise, over many values: the mantissa fits and has no
 * trailing zero, the granularity is not finer than the server's, and it
 * exceeds it by less than one unit of the digit it was rounded at.
 */
Test(fs_nfs_erratum_b13, granularity_never_finer_than_the_server)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	unsigned int i;

	boot(0);
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
	finish();
}

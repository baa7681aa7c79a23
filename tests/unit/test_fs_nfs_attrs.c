/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every fsinfo() attribute of simulated NFS mounts (patch 17,
 * docs/filesystems.md) with its value pinned, for NFSv2, v3 and v4.1, over IPv4 and
 * IPv6: patch 17's own table (TIMESTAMP_INFO, LIMITS, SUPPORTS, FEATURES,
 * NFS_INFO, NFS_SERVER_NAME, NFS_SERVER_ADDRESSES, NFS_GSSAPI_NAME) and
 * what the common table answers for an NFS superblock.  Values as the
 * model fixes erratum B13 (tests/errata/test_b13_afs_nfs_tables.c has the quirk).
 *
 *   /            rootfs
 *   |-/n2        nfs  "old.example:/export"        vers=2 udp 192.0.2.2
 *   |-/n3        nfs  "fileserver.example:/home"   vers=3 tcp 192.0.2.10
 *   |-/n41       nfs4 "v6.example:/srv"            vers=4.1 tcp 2001:db8::10
 *   `-/n6        nfs  "[2001:db8::2]:/x"           vers=3 port 20049
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include <uapi/linux/windows.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	fx_dirs(t, "/n2", "/n3", "/n41", "/n6", NULL);
	EXPECT(vfsim_mount(t, "old.example:/export", "/n2", "nfs", 0,
			   "vers=2,addr=192.0.2.2,proto=udp"), 0);
	EXPECT(vfsim_mount(t, "fileserver.example:/home", "/n3", "nfs", 0,
			   "addr=192.0.2.10"), 0);
	EXPECT(vfsim_mount(t, "v6.example:/srv", "/n41", "nfs4", 0,
			   "vers=4.1,addr=2001:db8::10,acceptor=nfs@v6.example"), 0);
	EXPECT(vfsim_mount(t, "[2001:db8::2]:/x", "/n6", "nfs", 0, "port=20049"), 0);
}

/* A vstruct compared whole, after a call that must fill exactly it. */
#define EXPECT_VSTRUCT(path, attr, want) do {				\
	__typeof__(want) __val;						\
	memset(&__val, 0xbd, sizeof(__val));				\
	EXPECT(vt_fsinfo(t, (path), (attr), 0, 0, &__val, sizeof(__val)), sizeof(__val)); \
	cr_assert_eq(memcmp(&__val, &(want), sizeof(__val)), 0,	\
		     "%s %s: other bytes", (path), #attr);		\
} while (0)

/* The one 128-byte element of NFS_SERVER_ADDRESSES, byte for byte. */
static void expect_address(const char *path, const unsigned char *want, size_t len)
{
	unsigned char buf[512], zero[128] = { 0 };

	memset(buf, 0xbd, sizeof(buf));
	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_NFS_SERVER_ADDRESSES, 0, 0, buf, sizeof(buf)),
	       128);
	cr_assert_eq(memcmp(buf, want, len), 0, "%s: sockaddr", path);
	cr_assert_eq(memcmp(buf + len, zero, 128 - len), 0, "%s: padding", path);
	/* a list's tail is not cleared: the model copies 128 bytes only */
	cr_assert_eq(buf[128], 0xbd);
}

static struct fsinfo_timestamp_one ts(uint16_t mantissa, int8_t exponent)
{
	struct fsinfo_timestamp_one o = {
		.minimum = 0, .maximum = UINT32_MAX,
		.gran_mantissa = mantissa, .gran_exponent = exponent,
	};

	return o;
}

static struct fsinfo_timestamp_info tsi(uint16_t mantissa, int8_t exponent)
{
	struct fsinfo_timestamp_info i = {
		.atime = ts(mantissa, exponent), .mtime = ts(mantissa, exponent),
		.ctime = ts(mantissa, exponent), .btime = ts(mantissa, exponent),
	};

	return i;
}

static struct fsinfo_limits limits(uint64_t max_file_size)
{
	struct fsinfo_limits l = {
		.max_file_size = { .lo = max_file_size },
		.max_ino = { .lo = UINT64_MAX },
		.max_uid = UINT32_MAX, .max_gid = UINT32_MAX,
		.max_hard_links = UINT32_MAX,
		.max_filename_len = 254, .max_symlink_len = 4095,
	};

	return l;
}

/* statx bits (linux/stat.h) */
#define TYPE 0x1U
#define MODE 0x2U
#define NLINK 0x4U
#define UID 0x8U
#define GID 0x10U
#define ATIME 0x20U
#define MTIME 0x40U
#define CTIME 0x80U
#define SIZE 0x200U
#define ATTR_AUTOMOUNT 0x1000ULL

static struct fsinfo_features features(const uint8_t bytes[7])
{
	struct fsinfo_features f = { .nr_features = 50 };

	memcpy(f.features, bytes, 7);
	return f;
}

/*
 * NFSv2/v3 with the kernel's v2/3 capabilities: network fs, automounts,
 * O_SYNC, O_DIRECT, advisory locks, device files, UNIX specials; UIDS,
 * GIDS, SYMLINKS, HARD_LINKS, HAS_ATIME/CTIME/MTIME.
 *   byte 0: 3, 6, 7   byte 1: 10, 11   byte 2: 22, 23
 *   byte 4: 32, 33, 35, 36   byte 5: 44, 46, 47
 */
static const uint8_t v3_features[7] = { 0xc8, 0x0c, 0xc0, 0x00, 0x1b, 0xd0, 0x00 };
/* v4 adds LEASES (9), IVER_ALL_CHANGE (28) and, with acls, HAS_ACL (48). */
static const uint8_t v4_features[7] = { 0xc8, 0x0e, 0xc0, 0x10, 0x1b, 0xd0, 0x01 };

/* What an NFS mount shows through its own attributes and the common
 * ones its superblock fills, each compared whole. */
struct nfs_want {
	const char *path;
	struct fsinfo_nfs_info info;
	struct fsinfo_timestamp_info ti;
	struct fsinfo_limits lim;
	struct fsinfo_supports sup;
	struct fsinfo_features feat;
	const char *server, *gssapi;
	const unsigned char *addr;	/* the sockaddr of NFS_SERVER_ADDRESSES */
	size_t addr_len;
};

static void expect_nfs_mount(struct nfs_want *w)
{
	EXPECT_VSTRUCT(w->path, FSINFO_ATTR_NFS_INFO, w->info);
	EXPECT_VSTRUCT(w->path, FSINFO_ATTR_TIMESTAMP_INFO, w->ti);
	EXPECT_VSTRUCT(w->path, FSINFO_ATTR_LIMITS, w->lim);
	EXPECT_VSTRUCT(w->path, FSINFO_ATTR_SUPPORTS, w->sup);
	EXPECT_VSTRUCT(w->path, FSINFO_ATTR_FEATURES, w->feat);
	cr_assert(vt_fsinfo_string_is(t, w->path, FSINFO_ATTR_NFS_SERVER_NAME, 0, w->server));
	cr_assert(vt_fsinfo_string_is(t, w->path, FSINFO_ATTR_NFS_GSSAPI_NAME, 0, w->gssapi));
	expect_address(w->path, w->addr, w->addr_len);
}

VT_TEST(fs_nfs_attrs, nfs_v2_udp_ipv4, "empty", setup)
{
	static const unsigned char sin[16] = {
		0x02, 0x00,			/* AF_INET */
		0x08, 0x01,			/* port 2049 */
		192, 0, 2, 2,
	};

	expect_nfs_mount(&(struct nfs_want){
		.path = "/n2",
		.info = { .version = 2, .minor_version = 0, .transport_proto = 17 },
		.ti = tsi(1, 0),	/* time_delta 0: 1 s */
		.lim = limits(0x7fffffff),
		.sup = {
			.stx_attributes = ATTR_AUTOMOUNT,
			/* no SIZE or NLINK: v2/3 have no attribute bitmask */
			.stx_mask = TYPE | MODE | UID | GID | ATIME | MTIME | CTIME,
		},
		.feat = features(v3_features),
		.server = "old.example", .gssapi = "",
		.addr = sin, .addr_len = sizeof(sin),
	});
}

VT_TEST(fs_nfs_attrs, nfs_v3_tcp_ipv4, "empty", setup)
{
	static const unsigned char sin[16] = { 0x02, 0x00, 0x08, 0x01, 192, 0, 2, 10 };

	expect_nfs_mount(&(struct nfs_want){
		.path = "/n3",
		.info = { .version = 3, .minor_version = 0, .transport_proto = 6 },
		.ti = tsi(1, -3),	/* 1000000 ns */
		.lim = limits(INT64_MAX),
		.sup = {
			.stx_attributes = ATTR_AUTOMOUNT,
			.stx_mask = TYPE | MODE | UID | GID | ATIME | MTIME | CTIME,
		},
		.feat = features(v3_features),
		.server = "fileserver.example", .gssapi = "",
		.addr = sin, .addr_len = sizeof(sin),
	});
}

VT_TEST(fs_nfs_attrs, nfs_v41_tcp_ipv6, "empty", setup)
{
	static const unsigned char sin6[28] = {
		0x0a, 0x00,			/* AF_INET6 */
		0x08, 0x01,			/* port 2049 */
		0, 0, 0, 0,			/* flow info */
		0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
		0, 0, 0, 0,			/* scope */
	};

	expect_nfs_mount(&(struct nfs_want){
		.path = "/n41",
		.info = { .version = 4, .minor_version = 1, .transport_proto = 6 },
		.ti = tsi(1, -9),	/* 1 ns */
		.lim = limits(INT64_MAX),
		.sup = {
			.stx_attributes = ATTR_AUTOMOUNT,
			.stx_mask = TYPE | MODE | NLINK | UID | GID | ATIME | MTIME | CTIME | SIZE,
		},
		.feat = features(v4_features),
		.server = "v6.example", .gssapi = "nfs@v6.example",
		.addr = sin6, .addr_len = sizeof(sin6),
	});
}

/* An IPv6 literal in brackets names the server and is its address. */
VT_TEST(fs_nfs_attrs, ipv6_literal_source_and_port, "empty", setup)
{
	static const unsigned char sin6[28] = {
		0x0a, 0x00, 0x4e, 0x51,		/* port 20049 */
		0, 0, 0, 0,
		0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02,
		0, 0, 0, 0,
	};
	struct fsinfo_nfs_info info = { .version = 3, .transport_proto = 6 };

	EXPECT_VSTRUCT("/n6", FSINFO_ATTR_NFS_INFO, info);
	cr_assert(vt_fsinfo_string_is(t, "/n6", FSINFO_ATTR_NFS_SERVER_NAME, 0, "2001:db8::2"));
	expect_address("/n6", sin6, sizeof(sin6));
	cr_assert(vt_fsinfo_string_is(t, "/n6", FSINFO_ATTR_MOUNT_DEVNAME, 0, "[2001:db8::2]:/x"));
}

/* Patch 17's table first, then the common attributes it does not have. */
VT_TEST(fs_nfs_attrs, attribute_list_and_info, "empty", setup)
{
	static const uint32_t want[] = {
		0x04, 0x02, 0x03, 0x08, 0x500, 0x501, 0x502, 0x503,
		0x00, 0x01, 0x05, 0x06, 0x09, 0x101, 0x100, 0x200, 0x201, 0x202, 0x203,
	};
	struct fsinfo_attribute_info ai, addr_info = {
		.attr_id = 0x502, .type = FSINFO_TYPE_LIST, .flags = 0, .size = 128,
	}, info_info = {
		.attr_id = 0x500, .type = FSINFO_TYPE_VSTRUCT, .flags = 0, .size = 12,
	}, name_info = {
		.attr_id = 0x501, .type = FSINFO_TYPE_STRING, .flags = 0, .size = 0,
	};
	uint32_t got[64];
	const char *paths[] = { "/n2", "/n3", "/n41" };
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		EXPECT(vt_fsinfo(t, paths[i], FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0,
				 got, sizeof(got)), sizeof(want));
		cr_assert_eq(memcmp(got, want, sizeof(want)), 0, "%s", paths[i]);
	}
	EXPECT(vt_fsinfo(t, "/n3", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x502, 0, &ai, sizeof(ai)),
	       sizeof(ai));
	cr_assert_eq(memcmp(&ai, &addr_info, sizeof(ai)), 0);
	EXPECT(vt_fsinfo(t, "/n3", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x500, 0, &ai, sizeof(ai)),
	       sizeof(ai));
	cr_assert_eq(memcmp(&ai, &info_info, sizeof(ai)), 0);
	EXPECT(vt_fsinfo(t, "/n3", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x501, 0, &ai, sizeof(ai)),
	       sizeof(ai));
	cr_assert_eq(memcmp(&ai, &name_info, sizeof(ai)), 0);
	/* single-valued: Nth 1 is no value */
	EXPECT(vt_fsinfo(t, "/n3", FSINFO_ATTR_NFS_SERVER_ADDRESSES, 1, 0, got, sizeof(got)),
	       -ENODATA);
	/* no VOLUME_NAME, no other filesystem's attributes */
	cr_assert(VT_FSINFO_LACKS(t, "/n3", FSINFO_ATTR_VOLUME_NAME, FSINFO_ATTR_AFS_CELL_NAME,
				  FSINFO_ATTR_EXT4_TIMESTAMPS));
}

/* NFS's attributes belong to NFS mounts only. */
VT_TEST(fs_nfs_attrs, not_on_other_filesystems, "empty", setup)
{
	cr_assert(VT_FSINFO_LACKS(t, "/", FSINFO_ATTR_NFS_INFO, FSINFO_ATTR_NFS_SERVER_NAME,
				  FSINFO_ATTR_NFS_SERVER_ADDRESSES, FSINFO_ATTR_NFS_GSSAPI_NAME));
}

/* The common table for an NFS superblock: names, magic, statfs, s_id. */
VT_TEST(fs_nfs_attrs, common_attributes, "empty", setup)
{
	struct fsinfo_ids ids;
	struct fsinfo_statfs st;
	struct fsinfo_volume_uuid uuid, zero_uuid = { { 0 } };
	char id[32];
	long n;

	EXPECT(vt_fsinfo(t, "/n3", FSINFO_ATTR_IDS, 0, 0, &ids, sizeof(ids)), sizeof(ids));
	cr_assert_str_eq(ids.f_fs_name, "nfs");
	cr_assert_eq(ids.f_fstype, 0x6969);
	cr_assert_eq(ids.f_dev_major, 0);
	EXPECT(vt_fsinfo(t, "/n41", FSINFO_ATTR_IDS, 0, 0, &ids, sizeof(ids)), sizeof(ids));
	cr_assert_str_eq(ids.f_fs_name, "nfs4");
	cr_assert_eq(ids.f_fstype, 0x6969);

	/* s_id is "major:minor" of the anonymous device, as nfs_fill_super() */
	n = vt_fsinfo(t, "/n41", FSINFO_ATTR_VOLUME_ID, 0, 0, id, sizeof(id) - 1);
	cr_assert_gt(n, 0);
	id[n] = 0;
	{
		char want[32];

		snprintf(want, sizeof(want), "%u:%u", ids.f_dev_major, ids.f_dev_minor);
		cr_assert_str_eq(id, want);
	}
	EXPECT(vt_fsinfo(t, "/n41", FSINFO_ATTR_VOLUME_UUID, 0, 0, &uuid, sizeof(uuid)),
	       sizeof(uuid));
	cr_assert_eq(memcmp(&uuid, &zero_uuid, sizeof(uuid)), 0);

	/* an empty 1 TiB export in 1 MiB blocks (8 KiB for v2) */
	EXPECT(vt_fsinfo(t, "/n3", FSINFO_ATTR_STATFS, 0, 0, &st, sizeof(st)), sizeof(st));
	cr_assert_eq(st.f_bsize, 1048576);
	cr_assert_eq(st.f_frsize, 1048576);
	cr_assert_eq(st.f_blocks.lo, 1048576);
	cr_assert_eq(st.f_bfree.lo, 1048576);
	cr_assert_eq(st.f_bavail.lo, 1048576);
	cr_assert_eq(st.f_files.lo, 1ULL << 26);
	EXPECT(vt_fsinfo(t, "/n2", FSINFO_ATTR_STATFS, 0, 0, &st, sizeof(st)), sizeof(st));
	cr_assert_eq(st.f_bsize, 8192);
	cr_assert_eq(st.f_blocks.lo, 134217728);
	/* a new file uses a file node */
	cr_assert(vt_create_takes_a_file_node(t, "/n2", "/n2/f"));
}

/*
 * caps= and fattr= drive SUPPORTS and FEATURES as §4.3 says: a server
 * without mode, owners or times, and one with the Windows attributes and
 * case-insensitive names.
 */
VT_TEST(fs_nfs_attrs, capabilities_and_attribute_bitmask, "empty", setup)
{
	struct fsinfo_supports sup;
	struct fsinfo_features feat;
	/* IS_NETWORK_FS, AUTOMOUNTS, ADV_LOCKS, LEASES, O_SYNC, O_DIRECT,
	 * IVER_ALL_CHANGE, DEVICE_FILES, UNIX_SPECIALS, NO_UNIX_MODE (43) */
	static const uint8_t bare[7] = { 0xc8, 0x02, 0xc0, 0x10, 0x18, 0x08, 0x00 };
	/* bare + WINDOWS_ATTRS (15) + NAME_CASE_INDEP (38), mode again */
	static const uint8_t win[7] = { 0xc8, 0x82, 0xc0, 0x10, 0x58, 0x00, 0x00 };
	struct fsinfo_features want;

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/bare", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/win", 0755), 0);
	EXPECT(vfsim_mount(t, "bare.example:/", "/bare", "nfs4", 0,
			   "addr=192.0.2.30,caps=,fattr="), 0);
	EXPECT(vfsim_mount(t, "win.example:/", "/win", "nfs4", 0,
			   "vers=4.2,addr=192.0.2.31,caps=mode,"
			   "fattr=size:archive:hidden:system:case_insensitive"), 0);

	EXPECT(vt_fsinfo(t, "/bare", FSINFO_ATTR_SUPPORTS, 0, 0, &sup, sizeof(sup)), sizeof(sup));
	cr_assert_eq(sup.stx_mask, 0);
	cr_assert_eq(sup.win_file_attrs, 0);
	cr_assert_eq(sup.stx_attributes, ATTR_AUTOMOUNT);
	EXPECT(vt_fsinfo(t, "/bare", FSINFO_ATTR_FEATURES, 0, 0, &feat, sizeof(feat)),
	       sizeof(feat));
	want = features(bare);
	cr_assert_eq(memcmp(&feat, &want, sizeof(feat)), 0);

	EXPECT(vt_fsinfo(t, "/win", FSINFO_ATTR_SUPPORTS, 0, 0, &sup, sizeof(sup)), sizeof(sup));
	cr_assert_eq(sup.stx_mask, TYPE | MODE | SIZE);
	cr_assert_eq(sup.win_file_attrs, ATTR_ARCHIVE | ATTR_HIDDEN | ATTR_SYSTEM);
	cr_assert_eq(sup.win_file_attrs, 0x26);
	EXPECT(vt_fsinfo(t, "/win", FSINFO_ATTR_FEATURES, 0, 0, &feat, sizeof(feat)),
	       sizeof(feat));
	want = features(win);
	cr_assert_eq(memcmp(&feat, &want, sizeof(feat)), 0);

	/* each Windows attribute alone is enough for WINDOWS_ATTRS */
	{
		static const char *const one[] = { "archive", "hidden", "system" };
		static const uint32_t bit[] = { ATTR_ARCHIVE, ATTR_HIDDEN, ATTR_SYSTEM };
		char data[128], path[16];
		size_t i;

		for (i = 0; i < 3; i++) {
			snprintf(path, sizeof(path), "/w%zu", i);
			snprintf(data, sizeof(data), "addr=192.0.2.40,caps=,fattr=%s", one[i]);
			EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), 0);
			EXPECT(vfsim_mount(t, "w.example:/", path, "nfs4", 0, data), 0);
			EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_SUPPORTS, 0, 0, &sup, sizeof(sup)),
			       sizeof(sup));
			cr_assert_eq(sup.win_file_attrs, bit[i]);
			EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_FEATURES, 0, 0, &feat, sizeof(feat)),
			       sizeof(feat));
			cr_assert(feat.features[1] & 0x80, "%s: WINDOWS_ATTRS", one[i]);
		}
	}
}

/* maxfilesize= goes to LIMITS and s_maxbytes' place; time_delta= to
 * TIMESTAMP_INFO; both accept what the server could say. */
VT_TEST(fs_nfs_attrs, maxfilesize_and_time_delta, "empty", setup)
{
	struct fsinfo_limits lim;
	struct fsinfo_timestamp_info ti, want = tsi(15, -1);

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m", 0755), 0);
	EXPECT(vfsim_mount(t, "m.example:/", "/m", "nfs", 0,
			   "vers=3,addr=192.0.2.50,maxfilesize=0xfffffff0000,time_delta=1500000000"),
	       0);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_LIMITS, 0, 0, &lim, sizeof(lim)), sizeof(lim));
	cr_assert_eq(lim.max_file_size.lo, 0xfffffff0000ULL);
	cr_assert_eq(lim.max_file_size.hi, 0);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_TIMESTAMP_INFO, 0, 0, &ti, sizeof(ti)), sizeof(ti));
	cr_assert_eq(memcmp(&ti, &want, sizeof(ti)), 0);

	/* a leading 0 is decimal, not octal */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m8", 0755), 0);
	EXPECT(vfsim_mount(t, "m.example:/", "/m8", "nfs", 0,
			   "addr=192.0.2.50,maxfilesize=010"), 0);
	EXPECT(vt_fsinfo(t, "/m8", FSINFO_ATTR_LIMITS, 0, 0, &lim, sizeof(lim)), sizeof(lim));
	cr_assert_eq(lim.max_file_size.lo, 10);
}

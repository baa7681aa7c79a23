/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every fsinfo() attribute of the simulated AFS with its value pinned
 * (patch 15, docs/filesystems.md): a volume's own table (TIMESTAMP_INFO,
 * LIMITS, SUPPORTS, FEATURES, VOLUME_NAME, AFS_CELL_NAME, AFS_SERVER_NAME
 * xN, AFS_SERVER_ADDRESSES list xN), the dynamic root's (TIMESTAMP_INFO,
 * FEATURES), and what the common table answers for both; Nth enumeration
 * of servers and addresses up to ENODATA; the cover letter's two examples
 * as written.  Values as the model fixes erratum B13
 * (tests/errata/test_b13_afs_nfs_tables.c has the quirk).
 *
 *   /                                    rootfs
 *   `-/afs                               afs "none" -o dyn
 *     |-grand.central.org   automount -> "%grand.central.org:root.cell."
 *     |                                   root.cell: doc/
 *     `-example.org         automount -> "%example.org:root.cell."
 *   /mnt/both      afs "#example.org:both"   (server list: 1, 0)
 *   /mnt/empty     afs "%example.org:empty." (no server list)
 *   /mnt/many      afs "%many.example:big"   (one server, 33 addresses)
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include <fs/afs/rxrpc.h>
#include <vfsim/afs.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

/* The default tree's cell (common/fixtures.h), its one volume holding doc. */
#define GCO_CELL FX_GCO_CELL "volume=root.cell,dir=doc"
/* Upper case in, lower case out; a server with no address list. */
#define EX_S0 "0123ABCD-0000-1111-2222-FEDCBA987654"
#define EX_S1 "0123abcd-0000-1111-2222-fedcba987655"
#define EX_CELL								\
	"cell=example.org,"						\
	"server=" EX_S0 "@203.0.113.7:7001,"				\
	"server=" EX_S1 ","						\
	"volume=root.cell:1000@0,"					\
	"volume=both@1+0,dir=x/y,dir=z,"				\
	"volume=empty@none"

#define VOL "/afs/grand.central.org/doc"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/afs", 0755), 0);
	EXPECT(vfsim_mount(t, "none", "/afs", "afs", 0, "dyn," GCO_CELL "," EX_CELL), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755), 0);
}

static void mount_at(const char *source, const char *path, const char *data)
{
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), 0);
	EXPECT(vfsim_mount(t, source, path, "afs", 0, data), 0);
}

/* A string attribute, compared whole (length and bytes). */
/* ---- the volume's table ------------------------------------------------------ */

VT_TEST(fs_afs_attrs, timestamp_info, "empty", setup)
{
	struct fsinfo_timestamp_info ts;
	const struct fsinfo_timestamp_one *one[] = { &ts.atime, &ts.mtime, &ts.ctime, &ts.btime };
	const char *paths[] = { VOL, "/afs" };
	unsigned int i, p;

	for (p = 0; p < 2; p++) {
		memset(&ts, 0xbd, sizeof(ts));
		EXPECT(vt_fsinfo(t, paths[p], FSINFO_ATTR_TIMESTAMP_INFO, 0, 0, &ts, sizeof(ts)),
		       sizeof(ts));
		for (i = 0; i < 4; i++) {
			cr_assert_eq(one[i]->minimum, 0, "%s [%u]", paths[p], i);
			cr_assert_eq(one[i]->maximum, 4294967295LL, "%s [%u]", paths[p], i);
			cr_assert_eq(one[i]->gran_mantissa, 1);
			cr_assert_eq(one[i]->gran_exponent, 0);
		}
	}
}

VT_TEST(fs_afs_attrs, limits, "empty", setup)
{
	struct fsinfo_limits want, got;

	memset(&want, 0, sizeof(want));
	want.max_file_size.lo = INT64_MAX;
	want.max_ino.lo = UINT32_MAX;
	want.max_hard_links = UINT32_MAX;
	want.max_uid = UINT32_MAX;
	want.max_gid = UINT32_MAX;
	want.max_filename_len = 255;
	want.max_symlink_len = 1023;
	memset(&got, 0xbd, sizeof(got));
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_LIMITS, 0, 0, &got, sizeof(got)), sizeof(got));
	cr_assert_eq(memcmp(&got, &want, sizeof(got)), 0);
}

VT_TEST(fs_afs_attrs, supports, "empty", setup)
{
	struct fsinfo_supports want = {
		.stx_attributes = 0x1000,	/* STATX_ATTR_AUTOMOUNT */
		/* TYPE|MODE|NLINK|UID|GID|MTIME|INO|SIZE */
		.stx_mask = 0x35f,
	}, got;

	memset(&got, 0xbd, sizeof(got));
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_SUPPORTS, 0, 0, &got, sizeof(got)), sizeof(got));
	cr_assert_eq(memcmp(&got, &want, sizeof(got)), 0);
}

VT_TEST(fs_afs_attrs, features, "empty", setup)
{
	static const __u8 want[7] = { 0xc8, 0x0c, 0x00, 0x45, 0x05, 0x80, 0x02 };
	struct fsinfo_features f;

	memset(&f, 0xbd, sizeof(f));
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert_eq(f.nr_features, FSINFO_FEAT__NR);
	cr_assert_eq(memcmp(f.features, want, sizeof(want)), 0,
		     "%02x %02x %02x %02x %02x %02x %02x", f.features[0], f.features[1],
		     f.features[2], f.features[3], f.features[4], f.features[5], f.features[6]);
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_IS_NETWORK_FS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_HARD_LINKS_1DIR));
	cr_assert(!vt_has_feature(&f, FSINFO_FEAT_IS_AUTOMOUNTER_FS));
	cr_assert(!vt_has_feature(&f, FSINFO_FEAT_HAS_ATIME));
}

VT_TEST(fs_afs_attrs, volume_and_cell_names, "empty", setup)
{
	cr_assert(vt_fsinfo_string_is(t, VOL, FSINFO_ATTR_VOLUME_NAME, 0, "root.cell"));
	cr_assert(vt_fsinfo_string_is(t, VOL, FSINFO_ATTR_AFS_CELL_NAME, 0, "grand.central.org"));
	cr_assert(vt_fsinfo_string_is(t, "/afs/example.org", FSINFO_ATTR_AFS_CELL_NAME, 0, "example.org"));
	/* the generic VOLUME_ID is the volume ID in decimal */
	cr_assert(vt_fsinfo_string_is(t, VOL, FSINFO_ATTR_VOLUME_ID, 0, "536870912"));
	cr_assert(vt_fsinfo_string_is(t, "/afs/example.org/", FSINFO_ATTR_VOLUME_ID, 0, "1000"));
	/* single-valued: N > 0 has no value */
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_CELL_NAME, 1, 0, NULL, 0), -ENODATA);
}

VT_TEST(fs_afs_attrs, server_names_nth, "empty", setup)
{
	cr_assert(vt_fsinfo_string_is(t, VOL, FSINFO_ATTR_AFS_SERVER_NAME, 0, FX_GCO_S0));
	cr_assert(vt_fsinfo_string_is(t, VOL, FSINFO_ATTR_AFS_SERVER_NAME, 1, FX_GCO_S1));
	cr_assert(vt_fsinfo_string_is(t, VOL, FSINFO_ATTR_AFS_SERVER_NAME, 2, FX_GCO_S2));
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_NAME, 3, 0, NULL, 0), -ENODATA);
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_NAME, 100, 0, NULL, 0), -ENODATA);
	/* xN, not xNM */
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_NAME, 0, 1, NULL, 0), -ENODATA);
	/* the size alone is the real length (B6 fixed) */
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_NAME, 1, 0, NULL, 0), 36);
}

VT_TEST(fs_afs_attrs, server_names_are_the_volumes_list_in_lower_case, "empty", setup)
{
	/* "both@1+0": the list is server 1 then server 0 */
	mount_at("#example.org:both", "/mnt/both", NULL);
	cr_assert(vt_fsinfo_string_is(t, "/mnt/both", FSINFO_ATTR_AFS_SERVER_NAME, 0, EX_S1));
	cr_assert(vt_fsinfo_string_is(t, "/mnt/both", FSINFO_ATTR_AFS_SERVER_NAME, 1,
		      "0123abcd-0000-1111-2222-fedcba987654"));
	EXPECT(vt_fsinfo(t, "/mnt/both", FSINFO_ATTR_AFS_SERVER_NAME, 2, 0, NULL, 0), -ENODATA);
}

/* Element @i of an address list: a sockaddr_rxrpc, then zeros. */
static void check_addr(const struct fsinfo_afs_server_address *list, unsigned int i,
		       int family, const char *addr, unsigned int port)
{
	const unsigned char *raw = (const unsigned char *)&list[i];
	struct sockaddr_rxrpc srx;
	unsigned char want[16];
	unsigned int b;

	memcpy(&srx, &list[i], sizeof(srx));
	cr_assert_eq(srx.srx_family, AF_RXRPC, "[%u]", i);
	cr_assert_eq(srx.srx_service, 1, "[%u] FS_SERVICE", i);
	cr_assert_eq(srx.transport_type, SOCK_DGRAM, "[%u]", i);
	cr_assert_eq(inet_pton(family, addr, want), 1);
	if (family == AF_INET) {
		cr_assert_eq(srx.transport_len, sizeof(struct sockaddr_in), "[%u]", i);
		cr_assert_eq(srx.transport.sin.sin_family, AF_INET, "[%u]", i);
		cr_assert_eq(ntohs(srx.transport.sin.sin_port), port, "[%u]", i);
		cr_assert_eq(memcmp(&srx.transport.sin.sin_addr, want, 4), 0, "[%u] %s", i, addr);
	} else {
		cr_assert_eq(srx.transport_len, sizeof(struct sockaddr_in6), "[%u]", i);
		cr_assert_eq(srx.transport.sin6.sin6_family, AF_INET6, "[%u]", i);
		cr_assert_eq(ntohs(srx.transport.sin6.sin6_port), port, "[%u]", i);
		cr_assert_eq(memcmp(&srx.transport.sin6.sin6_addr, want, 16), 0, "[%u] %s",
			     i, addr);
	}
	for (b = sizeof(srx); b < sizeof(list[i]); b++)
		cr_assert_eq(raw[b], 0, "[%u] byte %u", i, b);
}

VT_TEST(fs_afs_attrs, server_addresses_nth, "empty", setup)
{
	struct fsinfo_afs_server_address a[4];

	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0, a, sizeof(a)), 256);
	check_addr(a, 0, AF_INET, "192.0.2.11", 7000);
	check_addr(a, 1, AF_INET6, "2001:db8::11", 7000);
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_ADDRESSES, 1, 0, a, sizeof(a)), 256);
	check_addr(a, 0, AF_INET, "192.0.2.12", 7000);
	check_addr(a, 1, AF_INET6, "2001:db8::12", 7000);
	/* kept as afs_merge_fs_addr4/6 keep them: IPv4 in order, then IPv6 */
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_ADDRESSES, 2, 0, a, sizeof(a)), 384);
	check_addr(a, 0, AF_INET, "192.0.2.13", 7000);
	check_addr(a, 1, AF_INET, "198.51.100.13", 7000);
	check_addr(a, 2, AF_INET6, "2001:db8::13", 7000);
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_ADDRESSES, 3, 0, a, sizeof(a)), -ENODATA);
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_ADDRESSES, 2, 1, a, sizeof(a)), -ENODATA);
	/* size only: the real size */
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_AFS_SERVER_ADDRESSES, 2, 0, NULL, 0), 384);
}

VT_TEST(fs_afs_attrs, server_with_a_port_and_one_with_no_addresses, "empty", setup)
{
	struct fsinfo_afs_server_address a[2];

	EXPECT(vt_fsinfo(t, "/afs/example.org/", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0,
			 a, sizeof(a)), 128);
	check_addr(a, 0, AF_INET, "203.0.113.7", 7001);
	mount_at("#example.org:both", "/mnt/both", NULL);
	/* server 1 (first in this volume's list) has no address list */
	EXPECT(vt_fsinfo(t, "/mnt/both", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0, a, sizeof(a)),
	       -ENODATA);
	cr_assert(vt_fsinfo_string_is(t, "/mnt/both", FSINFO_ATTR_AFS_SERVER_NAME, 0, EX_S1));
	EXPECT(vt_fsinfo(t, "/mnt/both", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 1, 0, a, sizeof(a)),
	       128);
	check_addr(a, 0, AF_INET, "203.0.113.7", 7001);
}

VT_TEST(fs_afs_attrs, no_server_list, "empty", setup)
{
	struct fsinfo_afs_server_address a;

	mount_at("%example.org:empty.", "/mnt/empty", NULL);
	EXPECT(vt_fsinfo(t, "/mnt/empty", FSINFO_ATTR_AFS_SERVER_NAME, 0, 0, NULL, 0), -ENODATA);
	EXPECT(vt_fsinfo(t, "/mnt/empty", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0, &a, sizeof(a)),
	       -ENODATA);
	cr_assert(vt_fsinfo_string_is(t, "/mnt/empty", FSINFO_ATTR_VOLUME_NAME, 0, "empty"));
	/* the third default ID of the cell: 536870912 + 3 * 2 */
	cr_assert(vt_fsinfo_string_is(t, "/mnt/empty", FSINFO_ATTR_VOLUME_ID, 0, "536870918"));
}

/* 33 addresses are 4224 bytes: more than the first 4096-byte buffer, so
 * fsinfo()'s loop grows it and asks again. */
VT_TEST(fs_afs_attrs, address_list_beyond_a_page, "empty", setup)
{
	char data[2048], *p = data;
	struct fsinfo_afs_server_address a[40];
	unsigned int i;
	char addr[32];

	/* given out of order: 10.0.32.1, 10.0.31.2, ... 10.0.0.33 */
	p += sprintf(p, "cell=many.example,server=b8f3e1b2-5c7d-4e90-8f12-3456789abc01@");
	for (i = 0; i < 33; i++)
		p += sprintf(p, "%s10.0.%u.%u", i ? "+" : "", 32 - i, i + 1);
	sprintf(p, ",volume=big");
	EXPECT(vfsim_afs_add_cells(v, data), 0);
	mount_at("%many.example:big", "/mnt/many", NULL);
	EXPECT(vt_fsinfo(t, "/mnt/many", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0, NULL, 0),
	       33 * 128);
	EXPECT(vt_fsinfo(t, "/mnt/many", FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, 0, a, sizeof(a)),
	       33 * 128);
	/* sorted by address: 10.0.0.33, 10.0.1.32, ... 10.0.32.1 */
	for (i = 0; i < 33; i++) {
		snprintf(addr, sizeof(addr), "10.0.%u.%u", i, 33 - i);
		check_addr(a, i, AF_INET, addr, 7000);
	}
}

/* ---- the common table on a volume ------------------------------------------- */

VT_TEST(fs_afs_attrs, ids_and_statfs, "empty", setup)
{
	struct fsinfo_ids ids;
	struct fsinfo_statfs s;

	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_IDS, 0, 0, &ids, sizeof(ids)), sizeof(ids));
	cr_assert_eq(ids.f_fstype, 0x6B414653);
	cr_assert_str_eq(ids.f_fs_name, "afs");
	/* a 1 GiB quota in 1 KiB blocks, 2 KiB for each directory (root, doc) */
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_STATFS, 0, 0, &s, sizeof(s)), sizeof(s));
	cr_assert_eq(s.f_blocks.lo, 1048576);
	cr_assert_eq(s.f_bfree.lo, 1048572);
	cr_assert_eq(s.f_bavail.lo, 1048572);
	cr_assert_eq(s.f_files.lo, 0);
	cr_assert_eq(s.f_bsize, 1024);
	cr_assert_eq(s.f_frsize, 1024);
	/* example.org's "both": root, x, x/y, z */
	mount_at("#example.org:both", "/mnt/both", NULL);
	EXPECT(vt_fsinfo(t, "/mnt/both", FSINFO_ATTR_STATFS, 0, 0, &s, sizeof(s)), sizeof(s));
	cr_assert_eq(s.f_bfree.lo, 1048576 - 2 * 4);
}

VT_TEST(fs_afs_attrs, attribute_list, "empty", setup)
{
	static const __u32 want[] = {
		FSINFO_ATTR_TIMESTAMP_INFO, FSINFO_ATTR_LIMITS, FSINFO_ATTR_SUPPORTS,
		FSINFO_ATTR_FEATURES, FSINFO_ATTR_VOLUME_NAME, FSINFO_ATTR_AFS_CELL_NAME,
		FSINFO_ATTR_AFS_SERVER_NAME, FSINFO_ATTR_AFS_SERVER_ADDRESSES,
		FSINFO_ATTR_STATFS, FSINFO_ATTR_IDS, FSINFO_ATTR_VOLUME_ID,
		FSINFO_ATTR_VOLUME_UUID, FSINFO_ATTR_SB_NOTIFICATIONS,
		FSINFO_ATTR_FSINFO_ATTRIBUTES, FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO,
		FSINFO_ATTR_MOUNT_INFO, FSINFO_ATTR_MOUNT_DEVNAME, FSINFO_ATTR_MOUNT_POINT,
		FSINFO_ATTR_MOUNT_CHILDREN,
	};
	__u32 got[64];
	struct fsinfo_attribute_info info;

	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, got, sizeof(got)),
	       sizeof(want));
	cr_assert_eq(memcmp(got, want, sizeof(want)), 0);

	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO,
			 FSINFO_ATTR_AFS_SERVER_NAME, 0, &info, sizeof(info)), sizeof(info));
	cr_assert_eq(info.type, FSINFO_TYPE_STRING);
	cr_assert_eq(info.flags, FSINFO_FLAGS_N);
	cr_assert_eq(info.size, 0);
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO,
			 FSINFO_ATTR_AFS_SERVER_ADDRESSES, 0, &info, sizeof(info)), sizeof(info));
	cr_assert_eq(info.type, FSINFO_TYPE_LIST);
	cr_assert_eq(info.flags, FSINFO_FLAGS_N);
	cr_assert_eq(info.size, 128);
	EXPECT(vt_fsinfo(t, VOL, FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO,
			 FSINFO_ATTR_AFS_CELL_NAME, 0, &info, sizeof(info)), sizeof(info));
	cr_assert_eq(info.type, FSINFO_TYPE_STRING);
	cr_assert_eq(info.flags, 0);
}

VT_TEST(fs_afs_attrs, mount_devname_is_the_volume_source, "empty", setup)
{
	cr_assert(vt_fsinfo_string_is(t, VOL, FSINFO_ATTR_MOUNT_DEVNAME, 0,
				      "%grand.central.org:root.cell."));
	cr_assert(vt_fsinfo_string_is(t, "/afs", FSINFO_ATTR_MOUNT_DEVNAME, 0, "none"));
}

/* ---- the dynamic root ------------------------------------------------------- */

VT_TEST(fs_afs_attrs, dynamic_root, "empty", setup)
{
	static const __u32 want[] = {
		FSINFO_ATTR_TIMESTAMP_INFO, FSINFO_ATTR_FEATURES,
		FSINFO_ATTR_STATFS, FSINFO_ATTR_IDS, FSINFO_ATTR_LIMITS,
		FSINFO_ATTR_SUPPORTS, FSINFO_ATTR_VOLUME_ID, FSINFO_ATTR_VOLUME_UUID,
		FSINFO_ATTR_SB_NOTIFICATIONS, FSINFO_ATTR_FSINFO_ATTRIBUTES,
		FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, FSINFO_ATTR_MOUNT_INFO,
		FSINFO_ATTR_MOUNT_DEVNAME, FSINFO_ATTR_MOUNT_POINT,
		FSINFO_ATTR_MOUNT_CHILDREN,
	};
	struct fsinfo_features f;
	struct fsinfo_statfs s;
	struct fsinfo_supports sup;
	__u32 got[64];

	memset(&f, 0xbd, sizeof(f));
	EXPECT(vt_fsinfo(t, "/afs", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert_eq(f.nr_features, FSINFO_FEAT__NR);
	cr_assert_eq(f.features[0], 0x50);	/* IS_AUTOMOUNTER_FS, AUTOMOUNTS */
	for (unsigned int i = 1; i < sizeof(f.features); i++)
		cr_assert_eq(f.features[i], 0, "byte %u", i);

	EXPECT(vt_fsinfo(t, "/afs", FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, got, sizeof(got)),
	       sizeof(want));
	cr_assert_eq(memcmp(got, want, sizeof(want)), 0);

	/* no volume, no cell, no servers */
	cr_assert(VT_FSINFO_LACKS(t, "/afs", FSINFO_ATTR_VOLUME_NAME, FSINFO_ATTR_AFS_CELL_NAME,
				  FSINFO_ATTR_AFS_SERVER_NAME, FSINFO_ATTR_AFS_SERVER_ADDRESSES));
	cr_assert(vt_fsinfo_string_is(t, "/afs", FSINFO_ATTR_VOLUME_ID, 0, "afs"));

	EXPECT(vt_fsinfo(t, "/afs", FSINFO_ATTR_STATFS, 0, 0, &s, sizeof(s)), sizeof(s));
	cr_assert_eq(s.f_blocks.lo, 1);
	cr_assert_eq(s.f_bfree.lo, 0);
	cr_assert_eq(s.f_bavail.lo, 0);
	cr_assert_eq(s.f_bsize, 1024);
	/* the generic SUPPORTS sees the automount d_op */
	EXPECT(vt_fsinfo(t, "/afs", FSINFO_ATTR_SUPPORTS, 0, 0, &sup, sizeof(sup)), sizeof(sup));
	cr_assert_eq(sup.stx_attributes, 0x1000);
	cr_assert_eq(sup.stx_mask, 0x7ff);
}

/* AT_NO_AUTOMOUNT: the cell directory itself, in the dynamic root. */
VT_TEST(fs_afs_attrs, cell_directory_without_automount, "empty", setup)
{
	struct fsinfo_params p = {
		.at_flags = AT_NO_AUTOMOUNT,
		.request = FSINFO_ATTR_AFS_CELL_NAME,
	};
	char buf[64];

	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/afs/grand.central.org", &p, buf, sizeof(buf)),
	       -EOPNOTSUPP);
	cr_assert_eq(vt_count_mounts(t), 2, "nothing was mounted");
	/* without it, the path query mounts the cell's root volume */
	p.at_flags = 0;
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/afs/grand.central.org", &p, buf, sizeof(buf)), 17);
	cr_assert_eq(vt_count_mounts(t), 3);
}

/* ---- the cover letter's examples, as written --------------------------------- */

VT_TEST(fs_afs_attrs, cover_letter_third_server_address, "empty", setup)
{
	struct fsinfo_params params = {
		.at_flags	= AT_SYMLINK_NOFOLLOW,
		.flags		= FSINFO_FLAGS_QUERY_PATH,
		.request	= FSINFO_ATTR_AFS_SERVER_ADDRESSES,
		.Nth		= 2,
	};
	struct fsinfo_afs_server_address address;
	long len;

	len = vfsim_fsinfo(t, AT_FDCWD, "/afs/grand.central.org/doc", &params,
			   &address, sizeof(address));
	/* the whole list is 3 elements; the buffer holds the first */
	cr_assert_eq(len, 3 * sizeof(address));
	check_addr(&address, 0, AF_INET, "192.0.2.13", 7000);
}

VT_TEST(fs_afs_attrs, cover_letter_cell_name, "empty", setup)
{
	struct fsinfo_params params = {
		.at_flags	= AT_SYMLINK_NOFOLLOW,
		.flags		= FSINFO_FLAGS_QUERY_PATH,
		.request	= FSINFO_ATTR_AFS_CELL_NAME,
	};
	char cell_name[256];
	long len;

	memset(cell_name, 0, sizeof(cell_name));
	len = vfsim_fsinfo(t, AT_FDCWD, "/afs/grand.central.org/doc", &params,
			   &cell_name, sizeof(cell_name));
	cr_assert_eq(len, 17);
	cr_assert_str_eq(cell_name, "grand.central.org");
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The mount data of the "nfs" and "nfs4" types (fs/nfs/options.c,
 * docs/filesystems.md): every bad option or value is -EINVAL and leaves
 * nothing behind (no mount, no superblock, no allocation); the accepted
 * spellings give the values they say; remount changes flags only.
 *
 *   /          rootfs
 *   `-/m       the mount point every case tries (empty unless a case mounts)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m", 0755), 0);
}

static uint64_t live(void)
{
	struct vfsim_alloc_stats st;

	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &st);
	return st.live_objects;
}

struct bad_case {
	const char *type, *source, *data;
};

static const struct bad_case bad_cases[] = {
	/* unknown options, options without a value */
	{ "nfs", "h.example:/", "addr=192.0.2.1,foo=1" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,vers" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,soft" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,Vers=3" },
	/* versions */
	{ "nfs", "h.example:/", "addr=192.0.2.1,vers=" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,vers=1" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,vers=3.0" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,vers=4.3" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,vers=5" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,nfsvers=4.01" },
	{ "nfs4", "h.example:/", "addr=192.0.2.1,vers=3" },
	{ "nfs4", "h.example:/", "addr=192.0.2.1,vers=2" },
	/* transports: NFSv4 is never over udp */
	{ "nfs", "h.example:/", "addr=192.0.2.1,proto=rdma" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,proto=" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,proto=TCP" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,vers=4.1,proto=udp" },
	{ "nfs4", "h.example:/", "addr=192.0.2.1,proto=udp" },
	/* ports */
	{ "nfs", "h.example:/", "addr=192.0.2.1,port=0" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,port=65536" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,port=-1" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,port=2049x" },
	/* addresses: literals only, there is no resolver */
	{ "nfs", "h.example:/", NULL },
	{ "nfs", "h.example:/", "vers=3" },
	{ "nfs", "h.example:/", "addr=" },
	{ "nfs", "h.example:/", "addr=192.0.2.256" },
	{ "nfs", "h.example:/", "addr=192.0.2" },
	{ "nfs", "h.example:/", "addr=h.example" },
	{ "nfs", "h.example:/", "addr=[2001:db8::1]" },
	{ "nfs", "h.example:/", "addr=2001:db8::1%eth0" },
	{ "nfs", "h.example:/", "addr=2001:db8:::1" },
	/* sources and server names */
	{ "nfs", "none", "addr=192.0.2.1" },
	{ "nfs", NULL, "addr=192.0.2.1" },
	{ "nfs", ":/", "addr=192.0.2.1" },
	{ "nfs", "h.example:", "addr=192.0.2.1" },
	{ "nfs", "h.example:export", "addr=192.0.2.1" },
	{ "nfs", "[2001:db8::1/x", NULL },
	{ "nfs", "[2001:db8::1]/x", NULL },
	{ "nfs", "[]:/x", "addr=192.0.2.1" },
	{ "nfs", "2001:db8::1:/x", NULL },
	{ "nfs", "none", "server=,addr=192.0.2.1" },
	{ "nfs", "h.example:/", "server=other.example,addr=192.0.2.1" },
	/* capability and attribute lists */
	{ "nfs", "h.example:/", "addr=192.0.2.1,caps=bogus" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,caps=mode::owner" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,caps=mode:" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,caps=:mode" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,caps=MODE" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,caps=case_insensitive" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,fattr=bogus" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,fattr=size:" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,fattr=0x10" },
	/* numbers */
	{ "nfs", "h.example:/", "addr=192.0.2.1,time_delta=" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,time_delta=-1" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,time_delta=1ms" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,time_delta=0x10" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,time_delta=18446744073709551616" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,maxfilesize=" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,maxfilesize=1G" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,maxfilesize=0x" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,maxfilesize=08g" },
	{ "nfs", "h.example:/", "addr=192.0.2.1,maxfilesize=0x10000000000000000" },
};

/* Every bad case is EINVAL, and fails before anything is made. */
VT_TEST(fs_nfs_options, bad_options_are_einval, "empty", setup)
{
	char *before = vt_tree(t, VT_ALL);
	uint64_t live_before = live();
	size_t i;

	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const struct bad_case *c = &bad_cases[i];
		long ret = vfsim_mount(t, c->source, "/m", c->type, 0, c->data);
		char *after;

		cr_assert_eq(ret, -EINVAL, "mount -t %s %s -o %s: %ld (%s)", c->type,
			     c->source ? c->source : "(null)", c->data ? c->data : "(null)",
			     ret, vfsim_errno_name((int)-ret));
		after = vt_tree(t, VT_ALL);
		cr_assert_str_eq(after, before, "case %zu changed the tree", i);
		free(after);
		cr_assert_eq(live(), live_before, "case %zu left allocations", i);
	}
	free(before);
}

/* Names past the kernel's limits, and more data than a page. */
VT_TEST(fs_nfs_options, overlong_values, "empty", setup)
{
	char big[5000], src[400], data[400];

	memset(src, 'h', 256);
	strcpy(src + 256, ":/x");
	EXPECT(vfsim_mount(t, src, "/m", "nfs", 0, "addr=192.0.2.1"), -EINVAL);
	src[255] = ':';
	strcpy(src + 256, "/x");
	EXPECT(vfsim_mount(t, src, "/m", "nfs", 0, "addr=192.0.2.1"), 0);	/* 255: fits */
	EXPECT(vfsim_umount2(t, "/m", 0), 0);

	snprintf(data, sizeof(data), "addr=192.0.2.1,acceptor=%0256d", 0);
	EXPECT(vfsim_mount(t, "h.example:/", "/m", "nfs", 0, data), -EINVAL);
	snprintf(data, sizeof(data), "addr=192.0.2.1,server=%0256d", 0);
	EXPECT(vfsim_mount(t, "none", "/m", "nfs", 0, data), -EINVAL);

	strcpy(big, "addr=192.0.2.1,acceptor=");
	memset(big + strlen(big), 'a', sizeof(big) - strlen(big) - 1);
	big[sizeof(big) - 1] = 0;
	EXPECT(vfsim_mount(t, "h.example:/", "/m", "nfs", 0, big), -EINVAL);
}

static void expect_info(const char *path, uint32_t version, uint32_t minor, uint32_t proto)
{
	struct fsinfo_nfs_info info;

	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_NFS_INFO, 0, 0, &info, sizeof(info)),
	       sizeof(info));
	cr_assert_eq(info.version, version, "%s", path);
	cr_assert_eq(info.minor_version, minor, "%s", path);
	cr_assert_eq(info.transport_proto, proto, "%s", path);
}

static void expect_name(const char *path, unsigned int attr, const char *want)
{
	char buf[300];
	long n = vt_fsinfo(t, path, attr, 0, 0, buf, sizeof(buf) - 1);

	cr_assert_geq(n, 0, "%s: %ld", path, n);
	buf[n] = 0;
	cr_assert_str_eq(buf, want, "%s", path);
}

static void remount_fresh(const char *type, const char *source, const char *data)
{
	vfsim_umount2(t, "/m", 0);
	EXPECT(vfsim_mount(t, source, "/m", type, 0, data), 0);
}

/* The versions and the types' defaults. */
VT_TEST(fs_nfs_options, versions, "empty", setup)
{
	static const struct {
		const char *type, *data;
		uint32_t version, minor, proto;
	} c[] = {
		{ "nfs", "addr=192.0.2.1", 3, 0, 6 },		/* nfs: v3 */
		{ "nfs4", "addr=192.0.2.1", 4, 0, 6 },		/* nfs4: v4.0 */
		{ "nfs", "addr=192.0.2.1,vers=2", 2, 0, 6 },
		{ "nfs", "addr=192.0.2.1,vers=2,proto=udp", 2, 0, 17 },
		{ "nfs", "addr=192.0.2.1,vers=3,proto=udp", 3, 0, 17 },
		{ "nfs", "addr=192.0.2.1,vers=4", 4, 0, 6 },
		{ "nfs", "addr=192.0.2.1,vers=4.0", 4, 0, 6 },
		{ "nfs", "addr=192.0.2.1,vers=4.1", 4, 1, 6 },
		{ "nfs", "addr=192.0.2.1,nfsvers=4.2,proto=tcp", 4, 2, 6 },
		{ "nfs4", "addr=192.0.2.1,vers=4.2", 4, 2, 6 },
		{ "nfs4", "addr=192.0.2.1,vers=4", 4, 0, 6 },
		/* later options win; empty ones are skipped */
		{ "nfs", ",addr=192.0.2.1,,vers=2,vers=3,proto=udp,proto=tcp,", 3, 0, 6 },
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		remount_fresh(c[i].type, "h.example:/x", c[i].data);
		expect_info("/m", c[i].version, c[i].minor, c[i].proto);
	}
	EXPECT(vfsim_umount2(t, "/m", 0), 0);
}

/* Where the server's name comes from, and the address when it is a literal. */
VT_TEST(fs_nfs_options, server_names, "empty", setup)
{
	remount_fresh("nfs", "none", "server=named.example,addr=192.0.2.1");
	expect_name("/m", FSINFO_ATTR_NFS_SERVER_NAME, "named.example");
	expect_name("/m", FSINFO_ATTR_MOUNT_DEVNAME, "none");

	remount_fresh("nfs", "same.example:/", "server=same.example,addr=192.0.2.1");
	expect_name("/m", FSINFO_ATTR_NFS_SERVER_NAME, "same.example");

	remount_fresh("nfs", "192.0.2.7:/srv", NULL);
	expect_name("/m", FSINFO_ATTR_NFS_SERVER_NAME, "192.0.2.7");
	{
		unsigned char a[128];
		static const unsigned char want[8] = { 2, 0, 0x08, 0x01, 192, 0, 2, 7 };

		EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_NFS_SERVER_ADDRESSES, 0, 0, a, sizeof(a)),
		       128);
		cr_assert_eq(memcmp(a, want, sizeof(want)), 0);
	}

	/* addr= wins over a literal host, as with the kernel's addr= */
	remount_fresh("nfs", "192.0.2.7:/srv", "addr=192.0.2.8");
	{
		unsigned char a[128];

		EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_NFS_SERVER_ADDRESSES, 0, 0, a, sizeof(a)),
		       128);
		cr_assert_eq(a[7], 8);
	}

	/* acceptor= may be empty: the same as none */
	remount_fresh("nfs", "h.example:/", "addr=192.0.2.1,acceptor=");
	expect_name("/m", FSINFO_ATTR_NFS_GSSAPI_NAME, "");
	remount_fresh("nfs", "h.example:/", "addr=192.0.2.1,acceptor=nfs/h.example@REALM");
	expect_name("/m", FSINFO_ATTR_NFS_GSSAPI_NAME, "nfs/h.example@REALM");
	EXPECT(vfsim_umount2(t, "/m", 0), 0);
}

/* vers=4.x on the "nfs" type is NFSv4 with the v4 defaults and table. */
VT_TEST(fs_nfs_options, nfs_type_with_version_4, "empty", setup)
{
	struct fsinfo_ids ids;
	struct fsinfo_features f;

	remount_fresh("nfs", "h.example:/", "addr=192.0.2.1,vers=4.2");
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_IDS, 0, 0, &ids, sizeof(ids)), sizeof(ids));
	cr_assert_str_eq(ids.f_fs_name, "nfs");
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert(f.features[FSINFO_FEAT_LEASES / 8] & (1 << (FSINFO_FEAT_LEASES % 8)));
	cr_assert(f.features[FSINFO_FEAT_HAS_ACL / 8] & (1 << (FSINFO_FEAT_HAS_ACL % 8)));
	EXPECT(vfsim_umount2(t, "/m", 0), 0);
}

/* Mount data is shown as given; remount may change ro/rw, never the data. */
VT_TEST(fs_nfs_options, remount, "empty", setup)
{
	struct vt_mount m;

	remount_fresh("nfs4", "h.example:/", "addr=192.0.2.1,vers=4.1");
	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	cr_assert_str_eq(m.fstype, "nfs4");
	cr_assert_str_eq(m.source, "h.example:/");
	cr_assert_str_eq(m.sb_options, "rw,addr=192.0.2.1,vers=4.1");

	EXPECT(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT, "vers=4.2"), -EINVAL);
	EXPECT(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT, "addr=192.0.2.1,vers=4.1"),
	       -EINVAL);
	EXPECT(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	cr_assert_str_eq(m.sb_options, "ro,addr=192.0.2.1,vers=4.1");
	expect_info("/m", 4, 1, 6);
	EXPECT(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT, ""), 0);
	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	cr_assert_str_eq(m.sb_options, "rw,addr=192.0.2.1,vers=4.1");
	EXPECT(vfsim_umount2(t, "/m", 0), 0);
}

/* Every mount has its own superblock, even of the same export. */
VT_TEST(fs_nfs_options, no_shared_superblocks, "empty", setup)
{
	struct fsinfo_ids a, b;

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m2", 0755), 0);
	EXPECT(vfsim_mount(t, "h.example:/", "/m", "nfs", 0, "addr=192.0.2.1"), 0);
	EXPECT(vfsim_mount(t, "h.example:/", "/m2", "nfs", 0, "addr=192.0.2.1"), 0);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_IDS, 0, 0, &a, sizeof(a)), sizeof(a));
	EXPECT(vt_fsinfo(t, "/m2", FSINFO_ATTR_IDS, 0, 0, &b, sizeof(b)), sizeof(b));
	cr_assert_neq(a.f_sb_id, b.f_sb_id);
	cr_assert_neq(a.f_dev_minor, b.f_dev_minor);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Mounting the simulated AFS: the mount data (strict: every malformed
 * option or value is refused and nothing is mounted), the mount source
 * ("%CELL:VOLUME.", "#...", "none") with Linux's errors, the instance's one
 * cell database (made by the first AFS mount, shared by the later ones,
 * grown by mount data or vfsim_afs_add_cells(), gone with the last AFS
 * superblock), the superblocks (one per volume, one dynamic root), what
 * can be made where, options shown and remount.
 *
 *   /afs      afs "none" -o dyn   cell grand.central.org (3 servers;
 *                                 root.cell: doc/, solo on server 2)
 *   /mnt/...  direct volume mounts, per test
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include <vfsim/afs.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

/* The default tree's cell (common/fixtures.h), and a volume on its third
 * server alone. */
#define GCO_CELL FX_GCO_CELL "volume=root.cell,dir=doc,volume=solo@2"
#define NEW_CELL							\
	"cell=new.example,server=99999999-8888-7777-6666-555555555555@192.0.2.99," \
	"volume=root.cell,dir=a/b"

/* 65 bytes: one more than a cell or volume name may have */
#define LONG65 "x1234567890123456789012345678901234567890123456789012345678901234"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	fx_dirs(t, "/afs", "/mnt", "/mnt/a", "/mnt/b", NULL);
}

static void mount_afs(void)
{
	EXPECT(vfsim_mount(t, "none", "/afs", "afs", 0, "dyn," GCO_CELL), 0);
}

static long mount_dyn(const char *data)
{
	return vfsim_mount(t, "none", "/mnt/a", "afs", 0, data);
}

static bool exists(const char *path)
{
	long fd = vfsim_openat(t, AT_FDCWD, path, O_PATH | O_NOFOLLOW, 0);

	if (fd < 0)
		return false;
	EXPECT(vfsim_close(t, (int)fd), 0);
	return true;
}

/* ---- mount data ------------------------------------------------------------ */

static const struct {
	const char *data;
	int err;
} bad_data[] = {
	{ "dyn=1", EINVAL },
	{ "dyn,autocell=yes", EINVAL },
	{ "dyn,flock", EINVAL },
	{ "dyn,flock=bogus", EINVAL },
	{ "dyn,bogus", EINVAL },
	{ "dyn,,autocell", EINVAL },
	{ "dyn,", EINVAL },
	{ "dyn,cell", EINVAL },
	{ "dyn,cell=", EINVAL },
	{ "dyn,cell=.hidden", EINVAL },
	{ "dyn,cell=a/b", EINVAL },
	{ "dyn,cell=a:b", EINVAL },
	{ "dyn,cell=a b", EINVAL },
	{ "dyn,cell=x12345678901234567890123456789012345678901234567890123456789012345",
	  ENAMETOOLONG },
	{ "dyn,cell=x,cell=x", EINVAL },
	/* in the wrong place */
	{ "dyn,server=" FX_GCO_S0, EINVAL },
	{ "dyn,volume=v", EINVAL },
	{ "dyn,dir=d", EINVAL },
	{ "dyn,cell=x,dir=d", EINVAL },
	/* servers */
	{ "dyn,cell=x,server=1234", EINVAL },
	{ "dyn,cell=x,server=a8f3e1b2-5c7d-4e90-8f12_3456789abc01", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@192.0.2.1+", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@192.0.2.1++192.0.2.2", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@+192.0.2.1", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@192.0.2", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@192.0.2.1:0", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@192.0.2.1:65536", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@192.0.2.1:", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@[2001:db8::1", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@[2001:db8::1]7000", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@[192.0.2.1]", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@192.0.2.1+192.0.2.1", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 "@[2001:db8::1]:7000+2001:db8::1", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 ",server=" FX_GCO_S0, EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 ",cell=y,server=" FX_GCO_S0, EINVAL },
	/* volumes */
	{ "dyn,cell=x,volume=", EINVAL },
	{ "dyn,cell=x,volume=v:", EINVAL },
	{ "dyn,cell=x,volume=v:0", EINVAL },
	{ "dyn,cell=x,volume=v:-1", EINVAL },
	{ "dyn,cell=x,volume=v:12ab", EINVAL },
	{ "dyn,cell=x,volume=v:4294967296", EINVAL },
	{ "dyn,cell=x,volume=v@", EINVAL },
	{ "dyn,cell=x,volume=v@0", EINVAL },		/* x has no server 0 */
	{ "dyn,cell=x,server=" FX_GCO_S0 ",volume=v@0+0", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 ",volume=v@64", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 ",volume=v@zero", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 ",volume=v@0+", EINVAL },
	{ "dyn,cell=x,server=" FX_GCO_S0 ",volume=v@none+0", EINVAL },
	{ "dyn,cell=x,volume=v.readonly", EINVAL },
	{ "dyn,cell=x,volume=v.backup", EINVAL },
	{ "dyn,cell=x,volume=v,volume=v", EINVAL },
	{ "dyn,cell=x,volume=a:7,volume=b:7", EINVAL },
	{ "dyn,cell=x,volume=a,volume=b:536870912", EINVAL },	/* a's default ID */
	{ "dyn,cell=x,volume=v12345678901234567890123456789012345678901234567890123456789012345",
	  ENAMETOOLONG },
	/* directories */
	{ "dyn,cell=x,volume=v,dir=", EINVAL },
	{ "dyn,cell=x,volume=v,dir=/a", EINVAL },
	{ "dyn,cell=x,volume=v,dir=a/", EINVAL },
	{ "dyn,cell=x,volume=v,dir=a//b", EINVAL },
	{ "dyn,cell=x,volume=v,dir=.", EINVAL },
	{ "dyn,cell=x,volume=v,dir=a/../b", EINVAL },
	{ "dyn,cell=x,volume=v,dir=a\tb", EINVAL },
	{ "dyn,cell=x,volume=v,dir=..", EINVAL },
	/* a component of AFSNAMEMAX bytes, a path of more than AFSPATHMAX */
	{ "dyn,cell=x,volume=v,dir=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", EINVAL },
	{ "dyn,cell=x,volume=v,dir=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", EINVAL },
	/* the characters a cell name never has: AFS's own separators */
	{ "dyn,cell=a@b", EINVAL },
	{ "dyn,cell=a%b", EINVAL },
	{ "dyn,cell=a#b", EINVAL },
};

VT_TEST(fs_afs_mount, mount_data_is_read_strictly, "empty", setup)
{
	unsigned int i;

	for (i = 0; i < sizeof(bad_data) / sizeof(bad_data[0]); i++) {
		long ret = mount_dyn(bad_data[i].data);

		cr_assert_eq(ret, -bad_data[i].err, "\"%s\": %ld (%s), want %s", bad_data[i].data,
			     ret, vfsim_errno_name((int)-ret), vfsim_errno_name(bad_data[i].err));
		cr_assert_eq(vt_count_mounts(t), 1, "\"%s\" mounted something", bad_data[i].data);
	}
	/* and nothing was left behind: this defines x (and y) afresh */
	EXPECT(mount_dyn("dyn,cell=x,server=" FX_GCO_S0 ",cell=y,volume=v:7,dir=a/b"), 0);
	cr_assert(exists("/mnt/a/x"));
	cr_assert(exists("/mnt/a/y"));
}

/* 64 addresses are allowed, 65 are not. */
VT_TEST(fs_afs_mount, address_limit, "empty", setup)
{
	char data[2048], *p;
	unsigned int i;

	for (unsigned int n = 64; n <= 65; n++) {
		p = data + sprintf(data, "dyn,cell=x,server=" FX_GCO_S0 "@");
		for (i = 0; i < n; i++)
			p += sprintf(p, "%s10.1.0.%u", i ? "+" : "", i + 1);
		EXPECT(mount_dyn(data), n == 64 ? 0 : -EINVAL);
	}
}

VT_TEST(fs_afs_mount, options_shown_and_remount, "empty", setup)
{
	struct vt_mount m;

	EXPECT(vfsim_mount(t, "none", "/afs", "afs", 0,
			   "flock=write,autocell,dyn," GCO_CELL), 0);
	cr_assert_eq(vt_mount_at(t, "/afs", &m), 0);
	cr_assert_str_eq(m.sb_options, "rw,dyn,autocell,flock=write");
	cr_assert_eq(vt_mount_at(t, "/afs/grand.central.org/doc", &m), 0);
	cr_assert_str_eq(m.sb_options, "rw");
	EXPECT(vfsim_mount(t, "#grand.central.org:solo", "/mnt/b", "afs", 0,
			   "flock=local"), 0);
	cr_assert_eq(vt_mount_at(t, "/mnt/b", &m), 0);
	cr_assert_str_eq(m.sb_options, "rw,flock=local");

	/* remount reads the options and changes nothing but the flags */
	EXPECT(vfsim_mount(t, NULL, "/afs", NULL, MS_REMOUNT, "dyn,flock=strict"), 0);
	EXPECT(vfsim_mount(t, NULL, "/afs", NULL, MS_REMOUNT, "bogus"), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/afs", NULL, MS_REMOUNT, "cell=z.example"), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/mnt/b", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	cr_assert_eq(vt_mount_at(t, "/mnt/b", &m), 0);
	cr_assert_str_eq(m.sb_options, "ro,flock=local");
	cr_assert_eq(vt_mount_at(t, "/afs", &m), 0);
	cr_assert_str_eq(m.sb_options, "rw,dyn,autocell,flock=write");
}

/* ---- the source ---------------------------------------------------------------- */

VT_TEST(fs_afs_mount, source_errors, "empty", setup)
{
	mount_afs();
	EXPECT(vfsim_mount(t, NULL, "/mnt/b", "afs", 0, NULL), -EDESTADDRREQ);
	EXPECT(vfsim_mount(t, "none", "/mnt/b", "afs", 0, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "grand.central.org:root.cell", "/mnt/b", "afs", 0, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "%", "/mnt/b", "afs", 0, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "%.", "/mnt/b", "afs", 0, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "%:root.cell", "/mnt/b", "afs", 0, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "%nowhere.example:root.cell", "/mnt/b", "afs", 0, NULL), -ENOENT);
	EXPECT(vfsim_mount(t, "%grand.central.org:nosuch", "/mnt/b", "afs", 0, NULL),
	       -ENOMEDIUM);
	EXPECT(vfsim_mount(t, "#grand.central.org:root.cell.readonly", "/mnt/b", "afs", 0, NULL),
	       -ENOMEDIUM);
	EXPECT(vfsim_mount(t, "%grand.central.org:root.cell.backup", "/mnt/b", "afs", 0, NULL),
	       -ENOMEDIUM);
	EXPECT(vfsim_mount(t, "%grand.central.org:root.cell", "/mnt/b", "afs", 0, "dyn=x"),
	       -EINVAL);
	/* a cell name and a volume name over their limits (64 bytes) */
	EXPECT(vfsim_mount(t, "%" LONG65 ":root.cell", "/mnt/b", "afs", 0, NULL),
	       -ENAMETOOLONG);
	EXPECT(vfsim_mount(t, "%grand.central.org:" LONG65, "/mnt/b", "afs", 0, NULL),
	       -ENAMETOOLONG);
	EXPECT(vfsim_mount(t, "#grand.central.org:" LONG65 ".readonly", "/mnt/b", "afs", 0, NULL),
	       -ENAMETOOLONG);
	/* a dynamic root does not use its source, but it must be readable */
	EXPECT(vfsim_mount(t, "garbage", "/mnt/b", "afs", 0, "dyn"), -EINVAL);
	cr_assert_eq(vt_count_mounts(t), 2);
	EXPECT(vfsim_mount(t, "%nowhere.example:x", "/mnt/b", "afs", 0, "dyn"), 0);
}

VT_TEST(fs_afs_mount, source_forms_name_the_same_volume, "empty", setup)
{
	static const char *const sources[] = {
		"%grand.central.org:root.cell.", "%grand.central.org:root.cell",
		"#grand.central.org:root.cell.", "%root.cell",	/* the root cell */
	};
	struct vt_mount m;
	unsigned int i;
	char path[32];
	uint64_t sb_id;

	mount_afs();
	cr_assert_eq(vt_mount_at(t, "/afs/grand.central.org/", &m), 0);
	sb_id = m.d.sb_unique_id;
	for (i = 0; i < 4; i++) {
		snprintf(path, sizeof(path), "/mnt/s%u", i);
		EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), 0);
		EXPECT(vfsim_mount(t, sources[i], path, "afs", 0, NULL), 0);
		cr_assert_eq(vt_mount_at(t, path, &m), 0);
		cr_assert_eq(m.d.sb_unique_id, sb_id, "%s", sources[i]);
		cr_assert_str_eq(m.source, sources[i]);
	}
	/* another volume is another superblock */
	EXPECT(vfsim_mount(t, "%solo", "/mnt/b", "afs", 0, NULL), 0);
	cr_assert_eq(vt_mount_at(t, "/mnt/b", &m), 0);
	cr_assert_neq(m.d.sb_unique_id, sb_id);
}

VT_TEST(fs_afs_mount, no_cells_at_all, "empty", setup)
{
	EXPECT(vfsim_mount(t, "%root.cell", "/mnt/b", "afs", 0, NULL), -EDESTADDRREQ);
	EXPECT(vfsim_mount(t, "%x:root.cell", "/mnt/b", "afs", 0, NULL), -ENOENT);
	EXPECT(vfsim_mount(t, "none", "/afs", "afs", 0, "dyn"), 0);
	EXPECT(vfsim_mount(t, "%root.cell", "/mnt/b", "afs", 0, NULL), -EDESTADDRREQ);
}

/* ---- the database ----------------------------------------------------------------- */

/* A volume mount may bring its own cell; a later dynamic root shows it. */
VT_TEST(fs_afs_mount, direct_mount_defines_its_cell, "empty", setup)
{
	char cell[64];

	EXPECT(vfsim_mount(t, "%new.example:root.cell.", "/mnt/b", "afs", 0, NEW_CELL), 0);
	cr_assert(exists("/mnt/b/a/b"));
	EXPECT(vt_fsinfo(t, "/mnt/b/a", FSINFO_ATTR_AFS_CELL_NAME, 0, 0, cell, sizeof(cell)), 11);
	EXPECT(vfsim_mount(t, "none", "/afs", "afs", 0, "dyn"), 0);
	cr_assert(exists("/afs/new.example"));
	/* ... and walking into it finds the same superblock */
	cr_assert_eq(vfsim_path_mnt_id(t, "/afs/new.example/") > 0, true);
	{
		struct vt_mount a, b;

		cr_assert_eq(vt_mount_at(t, "/afs/new.example/", &a), 0);
		cr_assert_eq(vt_mount_at(t, "/mnt/b", &b), 0);
		cr_assert_eq(a.d.sb_unique_id, b.d.sb_unique_id);
	}
}

/* The dynamic root is one per instance; a second mount of it may add cells. */
VT_TEST(fs_afs_mount, second_dynamic_root_mount_adds_cells, "empty", setup)
{
	struct vt_mount a, b;

	mount_afs();
	EXPECT(vfsim_mount(t, "none", "/mnt/a", "afs", 0, "dyn," NEW_CELL), 0);
	cr_assert_eq(vt_mount_at(t, "/afs", &a), 0);
	cr_assert_eq(vt_mount_at(t, "/mnt/a", &b), 0);
	cr_assert_eq(a.d.sb_unique_id, b.d.sb_unique_id);
	cr_assert(exists("/afs/new.example"));
	cr_assert(exists("/mnt/a/grand.central.org"));
	cr_assert(exists("/afs/new.example/a/b"));

	/* a cell or server already there: EEXIST, nothing mounted, nothing added */
	EXPECT(vfsim_mount(t, "none", "/mnt/b", "afs", 0,
			   "dyn,cell=other.example,cell=grand.central.org"), -EEXIST);
	EXPECT(vfsim_mount(t, "none", "/mnt/b", "afs", 0,
			   "dyn,cell=other.example,server=" FX_GCO_S1), -EEXIST);
	cr_assert(!exists("/afs/other.example"));
	cr_assert_eq(vt_count_mounts(t), 4);
	EXPECT(vfsim_mount(t, "none", "/mnt/b", "afs", 0, "dyn,cell=other.example"), 0);
	cr_assert(exists("/afs/other.example"));
}

VT_TEST(fs_afs_mount, add_cells, "empty", setup)
{
	EXPECT(vfsim_afs_add_cells(v, NEW_CELL), -ENOENT);	/* no database yet */
	mount_afs();
	EXPECT(vfsim_afs_add_cells(v, ""), -EINVAL);
	EXPECT(vfsim_afs_add_cells(v, NULL), -EINVAL);
	EXPECT(vfsim_afs_add_cells(NULL, NEW_CELL), -EINVAL);
	EXPECT(vfsim_afs_add_cells(v, "dyn," NEW_CELL), -EINVAL);
	EXPECT(vfsim_afs_add_cells(v, "flock=local"), -EINVAL);
	EXPECT(vfsim_afs_add_cells(v, "cell=new.example,volume=v@0"), -EINVAL);
	EXPECT(vfsim_afs_add_cells(v, "cell=grand.central.org"), -EEXIST);
	EXPECT(vfsim_afs_add_cells(v, "cell=n2.example,server=" FX_GCO_S2), -EEXIST);
	cr_assert(!exists("/afs/new.example"));
	cr_assert(!exists("/afs/n2.example"));
	EXPECT(vfsim_afs_add_cells(v, NEW_CELL ",cell=n2.example"), 0);
	cr_assert(exists("/afs/new.example"));
	cr_assert(exists("/afs/n2.example"));
	cr_assert(exists("/afs/new.example/a/b"));
	/* n2.example has no root.cell */
	EXPECT(vfsim_path_mnt_id(t, "/afs/n2.example/"), -ENOMEDIUM);
	EXPECT(vfsim_afs_add_cells(v, NEW_CELL), -EEXIST);
}

/* The database lives as long as some AFS superblock does. */
VT_TEST(fs_afs_mount, database_goes_with_the_last_superblock, "empty", setup)
{
	mount_afs();
	EXPECT(vfsim_mount(t, "%solo", "/mnt/b", "afs", 0, NULL), 0);
	EXPECT(vfsim_umount2(t, "/afs", 0), 0);
	/* /mnt/b still holds it */
	EXPECT(vfsim_afs_server_down(v, FX_GCO_S2), 1);
	EXPECT(vfsim_mount(t, "none", "/afs", "afs", 0, "dyn"), 0);
	cr_assert(exists("/afs/grand.central.org"));
	EXPECT(vfsim_umount2(t, "/afs", 0), 0);
	EXPECT(vfsim_umount2(t, "/mnt/b", 0), 0);
	EXPECT(vfsim_afs_server_down(v, FX_GCO_S2), -ENOENT);
	/* a fresh one */
	EXPECT(vfsim_mount(t, "none", "/afs", "afs", 0, "dyn," NEW_CELL), 0);
	cr_assert(!exists("/afs/grand.central.org"));
	cr_assert(exists("/afs/new.example"));
}

/* umount takes unused automounted cells with it (do_umount's
 * shrink_submounts()); a cell in use keeps it busy. */
VT_TEST(fs_afs_mount, umount_with_a_cell_mounted, "empty", setup)
{
	long fd;

	mount_afs();
	fd = vfsim_openat(t, AT_FDCWD, "/afs/grand.central.org/doc", O_PATH, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_umount2(t, "/afs", 0), -EBUSY);
	cr_assert_eq(vt_count_mounts(t), 3);
	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vfsim_umount2(t, "/afs", 0), 0);
	cr_assert_eq(vt_count_mounts(t), 1);
	EXPECT(vfsim_afs_add_cells(v, NEW_CELL), -ENOENT);
}

/* ---- what can be made where ------------------------------------------------------- */

VT_TEST(fs_afs_mount, nothing_can_be_made, "empty", setup)
{
	long fd;

	mount_afs();
	/* the dynamic root has no ->mkdir, ->symlink or ->create */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/afs/x", 0755), -EPERM);
	EXPECT(vfsim_symlinkat(t, "grand.central.org", AT_FDCWD, "/afs/gco"), -EPERM);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/afs/f", O_CREAT | O_RDWR, 0644), -EACCES);
	/* a volume: no insert right without a token */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/afs/grand.central.org/x", 0755), -EACCES);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/afs/grand.central.org/doc/x", 0755), -EACCES);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/afs/grand.central.org/f", O_CREAT | O_RDWR, 0644),
	       -EACCES);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/afs/grand.central.org/doc", 0755), -EEXIST);
	fd = vfsim_openat(t, AT_FDCWD, "/afs/grand.central.org/doc", O_RDONLY | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/afs/grand.central.org/nodoc", O_RDONLY, 0), -ENOENT);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/afs/nocell.example", O_RDONLY, 0), -ENOENT);
}

VT_TEST(fs_afs_mount, directory_modes, "empty", setup)
{
	struct vfsim_task *user = vt_task(v, 1000, 1000);

	mount_afs();
	/* anyone may walk in (0555 and 0755, owned by root) */
	cr_assert_gt(vfsim_path_mnt_id(user, "/afs/grand.central.org/doc"), 0);
	EXPECT(vfsim_mkdirat(user, AT_FDCWD, "/afs/grand.central.org/x", 0755), -EACCES);
	EXPECT(vfsim_mkdirat(user, AT_FDCWD, "/afs/x", 0755), -EACCES);
	vfsim_task_destroy(user);
}

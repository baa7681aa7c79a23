/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * statx's unique mount ID and statmount(2) as Linux 6.18 answers them
 * (vfs/stat.c, vfs/statmount.c): every request mask, the string area,
 * the request's size rules, every errno.  The values were taken from the
 * running 6.18 kernel for mounts of the same shape (docs/statmount.md);
 * tests/kernel/statmount_*.scn compares the two directly.
 *
 *   /              rootfs (1)
 *   |-/a           ramfs "src a" (2), nosuid,nodev,noexec,noatime, ro,
 *   |              options "mode=700,x=a\ b,,size=1m"
 *   |-/b           tmpfs "b" (3), strictatime,nodiratime, shared:1
 *   |-/c           bind of /b (4), master:1
 *   `-/d           bind of /b/sub (5), unbindable
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif

#define ALL_MASKS 0x7fffULL
#define FIRST_UNIQUE (0x80000000ULL + 1)

static struct vfsim *v;
static struct vfsim_task *t;

static union {
	struct statmount sm;
	char bytes[32768];
} out;

static uint64_t uid_of(struct vfsim_task *task, const char *path)
{
	struct statx stx;

	OK(vfsim_statx(task, AT_FDCWD, path, 0, STATX_MNT_ID_UNIQUE, &stx));
	cr_assert_eq(stx.stx_mask & (STATX_MNT_ID_UNIQUE | STATX_MNT_ID),
		     STATX_MNT_ID_UNIQUE);
	return stx.stx_mnt_id;
}

static long sm_as(struct vfsim_task *task, uint64_t id, uint64_t mask, size_t size)
{
	struct mnt_id_req r = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = id, .param = mask };

	memset(out.bytes, 0xee, sizeof(out.bytes));
	return vfsim_statmount(task, &r, &out.sm, size, 0);
}

static long sm(uint64_t id, uint64_t mask)
{
	return sm_as(t, id, mask, sizeof(out));
}

static const char *str(uint32_t off)
{
	return out.sm.str + off;
}

static void build(struct vfsim *vv)
{
	struct vfsim_task *it = vfsim_init_task(vv);

	fx_dirs(it, "/a", "/b", "/c", "/d", NULL);
	OK(vfsim_mount(it, "src a", "/a", "ramfs",
		       MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_NOATIME,
		       "mode=700,x=a b,,size=1m"));
	OK(vfsim_mount(it, "b", "/b", "tmpfs", MS_STRICTATIME | MS_NODIRATIME, NULL));
	OK(vfsim_mkdirat(it, AT_FDCWD, "/b/sub", 0755));
	OK(vfsim_mount(it, NULL, "/b", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(it, "/b", "/c", NULL, MS_BIND, NULL));
	OK(vfsim_mount(it, NULL, "/c", NULL, MS_SLAVE, NULL));
	OK(vfsim_mount(it, "/b/sub", "/d", NULL, MS_BIND, NULL));
	OK(vfsim_mount(it, NULL, "/d", NULL, MS_UNBINDABLE, NULL));
}

VT_TEST(statx, mount_ids, "empty", build)
{
	struct statx stx;

	OK(vfsim_statx(t, AT_FDCWD, "/a", 0, STATX_BASIC_STATS, &stx));
	cr_assert_eq(stx.stx_mask & (STATX_MNT_ID | STATX_MNT_ID_UNIQUE), STATX_MNT_ID);
	cr_assert_eq(stx.stx_mnt_id, 2);
	cr_assert(S_ISDIR(stx.stx_mode));
	OK(vfsim_statx(t, AT_FDCWD, "/a", 0, STATX_MNT_ID | STATX_MNT_ID_UNIQUE, &stx));
	cr_assert_eq(stx.stx_mask & (STATX_MNT_ID | STATX_MNT_ID_UNIQUE), STATX_MNT_ID_UNIQUE);
	/* The root is the instance's first mount: 6.18's first unique ID. */
	cr_assert_eq(uid_of(t, "/"), FIRST_UNIQUE);
	cr_assert_eq(uid_of(t, "/a"), FIRST_UNIQUE + 1);
	/* Never reused: a new mount after an unmount gets a new one. */
	OK(vfsim_umount2(t, "/a", 0));
	OK(vfsim_mount(t, "n", "/a", "tmpfs", 0, NULL));
	cr_assert_eq(uid_of(t, "/a"), FIRST_UNIQUE + 5);
	OK(vfsim_statx(t, AT_FDCWD, "/a", 0, 0, &stx));
	cr_assert_eq(stx.stx_mnt_id, 2, "the 32-bit ID is reused");
}

VT_TEST(statx, errors, "empty", build)
{
	struct statx stx;
	int dfd;

	EXPECT(vfsim_statx(t, AT_FDCWD, "/nope", 0, 0, &stx), -ENOENT);
	EXPECT(vfsim_statx(t, AT_FDCWD, "/a", 0, 0x80000000U, &stx), -EINVAL);
	EXPECT(vfsim_statx(t, AT_FDCWD, "/a", AT_STATX_SYNC_TYPE, 0, &stx), -EINVAL);
	EXPECT(vfsim_statx(t, AT_FDCWD, "/a", AT_REMOVEDIR, 0, &stx), -EINVAL);
	EXPECT(vfsim_statx(t, AT_FDCWD, "/a", 0, 0, NULL), -EFAULT);
	EXPECT(vfsim_statx(t, AT_FDCWD, "", 0, 0, &stx), -ENOENT);
	dfd = (int)vfsim_openat(t, AT_FDCWD, "/b", O_RDONLY, 0);
	OK(dfd);
	OK(vfsim_statx(t, dfd, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT,
		       STATX_MNT_ID_UNIQUE, &stx));
	cr_assert_eq(stx.stx_mnt_id, FIRST_UNIQUE + 2);
	OK(vfsim_close(t, dfd));
	EXPECT(vfsim_statx(NULL, AT_FDCWD, "/", 0, 0, &stx), -EINVAL);
}

VT_TEST(statmount, every_mask, "empty", build)
{
	uint64_t a = uid_of(t, "/a");

	OK(sm(a, ALL_MASKS));
	cr_assert_eq(out.sm.mask, ALL_MASKS & ~(STATMOUNT_FS_SUBTYPE | STATMOUNT_OPT_SEC_ARRAY |
						STATMOUNT_MNT_UIDMAP | STATMOUNT_MNT_GIDMAP));
	/* SB_BASIC */
	cr_assert_eq(out.sm.sb_magic, 0x858458f6);
	cr_assert_eq(out.sm.sb_flags, 1, "SB_RDONLY: a new read-only ramfs");
	cr_assert_eq(out.sm.sb_dev_major, 0);
	cr_assert_neq(out.sm.sb_dev_minor, 0);
	/* MNT_BASIC */
	cr_assert_eq(out.sm.mnt_id, a);
	cr_assert_eq(out.sm.mnt_parent_id, FIRST_UNIQUE);
	cr_assert_eq(out.sm.mnt_id_old, 2);
	cr_assert_eq(out.sm.mnt_parent_id_old, 1);
	cr_assert_eq(out.sm.mnt_attr, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV |
				      MOUNT_ATTR_NOEXEC | MOUNT_ATTR_NOATIME);
	cr_assert_eq(out.sm.mnt_propagation, MS_PRIVATE);
	cr_assert_eq(out.sm.mnt_peer_group, 0);
	cr_assert_eq(out.sm.mnt_master, 0);
	cr_assert_eq(out.sm.propagate_from, 0);
	/* the strings, in 6.18's order after the reserved empty one */
	cr_assert_eq(out.sm.fs_type, 1);
	cr_assert_str_eq(str(out.sm.fs_type), "ramfs");
	cr_assert_str_eq(str(out.sm.mnt_root), "/");
	cr_assert_str_eq(str(out.sm.mnt_point), "/a");
	cr_assert_str_eq(str(out.sm.mnt_opts), "mode=700,x=a\\040b,,size=1m");
	cr_assert_eq(out.sm.opt_num, 4);
	/* the empty option between ",," is one too, as on 6.18 */
	cr_assert_eq(memcmp(str(out.sm.opt_array), "mode=700\0x=a b\0\0size=1m", 24), 0);
	cr_assert_str_eq(str(out.sm.sb_source), "src a");
	/* what the model has none of: offsets 0, counts 0 */
	cr_assert_eq(out.sm.fs_subtype, 0);
	cr_assert_eq(out.sm.opt_sec_num, 0);
	cr_assert_eq(out.sm.opt_sec_array, 0);
	cr_assert_eq(out.sm.mnt_uidmap_num, 0);
	cr_assert_eq(out.sm.mnt_uidmap, 0);
	cr_assert_eq(out.sm.mnt_gidmap_num, 0);
	cr_assert_eq(out.sm.mnt_gidmap, 0);
	/* MNT_NS_ID, SUPPORTED_MASK */
	cr_assert_eq(out.sm.mnt_ns_id, 4);
	cr_assert_eq(out.sm.supported_mask, ALL_MASKS);
	cr_assert_eq(out.sm.size, sizeof(struct statmount) + 1 + 6 + 2 + 3 +
				  strlen("mode=700,x=a\\040b,,size=1m") + 1 + 24 + 6);
	cr_assert_eq(out.sm.__spare2[0], 0);
}

VT_TEST(statmount, one_mask_at_a_time, "empty", build)
{
	uint64_t b = uid_of(t, "/b"), c = uid_of(t, "/c"), d = uid_of(t, "/d");
	uint64_t bit;

	for (bit = 1; bit <= ALL_MASKS; bit <<= 1) {
		OK(sm(b, bit));
		cr_assert_eq(out.sm.mask, bit & ~(STATMOUNT_FS_SUBTYPE | STATMOUNT_OPT_SEC_ARRAY |
						  STATMOUNT_MNT_UIDMAP | STATMOUNT_MNT_GIDMAP |
						  STATMOUNT_MNT_OPTS | STATMOUNT_OPT_ARRAY),
			     "mask %#llx: got %#llx", (unsigned long long)bit,
			     (unsigned long long)out.sm.mask);
		/* A string asked for and not given still takes the reserved byte. */
		cr_assert_eq(out.sm.size, sizeof(struct statmount) +
			     (bit & STATMOUNT_FS_TYPE ? 7 : bit & STATMOUNT_MNT_ROOT ? 3 :
			      bit & STATMOUNT_MNT_POINT ? 4 : bit & STATMOUNT_SB_SOURCE ? 3 :
			      bit & (STATMOUNT_FS_SUBTYPE | STATMOUNT_OPT_SEC_ARRAY |
				     STATMOUNT_MNT_UIDMAP | STATMOUNT_MNT_GIDMAP |
				     STATMOUNT_MNT_OPTS | STATMOUNT_OPT_ARRAY) ? 1 : 0));
	}
	/* No mask, and bits 6.18 does not know: the struct with mask 0. */
	OK(sm(b, 0));
	cr_assert_eq(out.sm.mask, 0);
	cr_assert_eq(out.sm.size, sizeof(struct statmount));
	cr_assert_eq(out.sm.mnt_id, 0);
	OK(sm(b, 1ULL << 40));
	cr_assert_eq(out.sm.mask, 0);

	/* attributes and propagation, as 6.18 gave them */
	OK(sm(b, STATMOUNT_MNT_BASIC | STATMOUNT_PROPAGATE_FROM));
	cr_assert_eq(out.sm.mnt_attr, MOUNT_ATTR_STRICTATIME | MOUNT_ATTR_NODIRATIME);
	cr_assert_eq(out.sm.mnt_propagation, MS_SHARED);
	cr_assert_eq(out.sm.mnt_peer_group, 1);
	cr_assert_eq(out.sm.propagate_from, 0);
	OK(sm(c, STATMOUNT_MNT_BASIC | STATMOUNT_PROPAGATE_FROM));
	cr_assert_eq(out.sm.mnt_propagation, MS_SLAVE);
	cr_assert_eq(out.sm.mnt_peer_group, 0);
	cr_assert_eq(out.sm.mnt_master, 1);
	cr_assert_eq(out.sm.propagate_from, 1);
	OK(sm(d, STATMOUNT_MNT_BASIC | STATMOUNT_MNT_ROOT | STATMOUNT_MNT_POINT));
	cr_assert_eq(out.sm.mnt_propagation, MS_UNBINDABLE);
	cr_assert_eq(out.sm.mnt_attr, MOUNT_ATTR_STRICTATIME | MOUNT_ATTR_NODIRATIME);
	cr_assert_str_eq(str(out.sm.mnt_root), "/sub");
	cr_assert_str_eq(str(out.sm.mnt_point), "/d");
	/* the root: its own parent, relatime */
	OK(sm(FIRST_UNIQUE, STATMOUNT_MNT_BASIC | STATMOUNT_SB_SOURCE | STATMOUNT_MNT_POINT));
	cr_assert_eq(out.sm.mnt_parent_id, FIRST_UNIQUE);
	cr_assert_eq(out.sm.mnt_attr, 0);
	cr_assert_str_eq(str(out.sm.mnt_point), "/");
	cr_assert_str_eq(str(out.sm.sb_source), "rootfs");
}

VT_TEST(statmount, request_sizes_and_flags, "empty", build)
{
	struct {
		struct mnt_id_req r;
		uint64_t more[600];
	} big;
	uint64_t a = uid_of(t, "/a");

	memset(&big, 0, sizeof(big));
	big.r.mnt_id = a;
	big.r.param = STATMOUNT_MNT_BASIC;
	big.r.size = MNT_ID_REQ_SIZE_VER0;
	EXPECT(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 1), -EINVAL);
	EXPECT(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 2), -EINVAL);
	big.r.size = MNT_ID_REQ_SIZE_VER0 - 1;
	EXPECT(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 0), -EINVAL);
	big.r.size = 0;
	EXPECT(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 0), -EINVAL);
	/* between the versions, VER1, and larger with zeroes: fine */
	big.r.size = 28;
	OK(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 0));
	big.r.size = MNT_ID_REQ_SIZE_VER1;
	OK(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 0));
	big.r.size = 4096;
	OK(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 0));
	cr_assert_eq(out.sm.mnt_id, a);
	big.more[500] = 1;
	EXPECT(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 0), -E2BIG);
	big.r.size = 4097;
	EXPECT(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 0), -E2BIG);
	EXPECT(vfsim_statmount(t, NULL, &out.sm, sizeof(out), 0), -EFAULT);
	/* the bytes past the known struct, unreadable */
	big.more[500] = 0;
	big.r.size = 4096;
	cr_assert_eq(vfsim_uaccess_unmap(v, (char *)&big + 2048, 64), 0);
	EXPECT(vfsim_statmount(t, &big.r, &out.sm, sizeof(out), 0), -EFAULT);
	vfsim_uaccess_remap_all(v);
	EXPECT(vfsim_statmount(NULL, &big.r, &out.sm, sizeof(out), 0), -EINVAL);
}

VT_TEST(statmount, ids_and_namespaces, "empty", build)
{
	struct mnt_id_req r = { .size = MNT_ID_REQ_SIZE_VER1, .param = STATMOUNT_MNT_NS_ID };
	int fd;

	/* not above 2^31: EINVAL; above, but no mount: ENOENT */
	r.mnt_id = 0;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -EINVAL);
	r.mnt_id = 2;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -EINVAL);
	r.mnt_id = 0x80000000ULL;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -EINVAL);
	r.mnt_id = 0x8fffffffULL;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -ENOENT);
	r.mnt_id = LSMT_ROOT;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -ENOENT);
	/* an unmounted mount's ID is gone */
	r.mnt_id = uid_of(t, "/d");
	OK(vfsim_umount2(t, "/d", 0));
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -ENOENT);
	/* ... and a lazily unmounted one, alive for an open file, is in no
	 * namespace: the ID index still has it, the namespace does not */
	r.mnt_id = uid_of(t, "/c");
	fd = (int)vfsim_openat(t, AT_FDCWD, "/c", O_RDONLY, 0);
	OK(fd);
	OK(vfsim_umount2(t, "/c", MNT_DETACH));
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -ENOENT);
	OK(vfsim_close(t, fd));

	/* the namespace by ID: ours (4), or none */
	r.mnt_id = FIRST_UNIQUE;
	r.mnt_ns_id = 4;
	OK(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0));
	cr_assert_eq(out.sm.mnt_ns_id, 4);
	r.mnt_ns_id = 5;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -ENOENT);
	/* by fd: no model fd is a namespace file */
	r.mnt_ns_id = 0;
	r.mnt_ns_fd = 99;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -EBADF);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/", O_RDONLY, 0);
	OK(fd);
	r.mnt_ns_fd = (uint32_t)fd;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -EINVAL);
	r.mnt_ns_id = 4;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -EINVAL);
	OK(vfsim_close(t, fd));
}

VT_TEST(statmount, buffer_sizes, "empty", build)
{
	uint64_t a = uid_of(t, "/a");

	/* a string and no room past the struct: EOVERFLOW at once */
	EXPECT(sm_as(t, a, STATMOUNT_FS_TYPE, sizeof(struct statmount)), -EOVERFLOW);
	EXPECT(sm_as(t, a, STATMOUNT_FS_SUBTYPE, sizeof(struct statmount)), -EOVERFLOW);
	/* "\0ramfs" must fit with a byte to spare, for the NUL */
	EXPECT(sm_as(t, a, STATMOUNT_FS_TYPE, sizeof(struct statmount) + 6), -EOVERFLOW);
	OK(sm_as(t, a, STATMOUNT_FS_TYPE, sizeof(struct statmount) + 7));
	cr_assert_eq(out.sm.size, sizeof(struct statmount) + 7);
	cr_assert_eq((unsigned char)out.bytes[sizeof(struct statmount) + 7], 0xee);
	EXPECT(sm_as(t, a, STATMOUNT_FS_TYPE, 100), -EOVERFLOW);
	/* no strings: the struct cut to the buffer */
	OK(sm_as(t, a, STATMOUNT_SB_BASIC, 24));
	cr_assert_eq(out.sm.size, 24);
	cr_assert_eq(out.sm.mask, STATMOUNT_SB_BASIC);
	cr_assert_eq((unsigned char)out.bytes[24], 0xee);
	OK(sm_as(t, a, STATMOUNT_SUPPORTED_MASK, sizeof(struct statmount)));
	cr_assert_eq(out.sm.size, sizeof(struct statmount));
	OK(sm_as(t, a, STATMOUNT_SB_BASIC, 0));
	cr_assert_eq((unsigned char)out.bytes[0], 0xee);
	/*
	 * 6.18 writes the reserved NUL after the whole struct even when the
	 * buffer is shorter: a string asked for that comes out empty.
	 */
	OK(sm_as(t, a, STATMOUNT_MNT_UIDMAP, 100));
	cr_assert_eq(out.sm.size, 101);
	cr_assert_eq(out.bytes[sizeof(struct statmount)], 0);
	cr_assert_eq((unsigned char)out.bytes[100], 0xee);
	/* a buffer the seam says is unmapped */
	{
		struct mnt_id_req r = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = a,
					.param = STATMOUNT_FS_TYPE };

		EXPECT(vfsim_statmount(t, &r, NULL, 1000, 0), -EFAULT);
		r.param = STATMOUNT_SB_BASIC;
		EXPECT(vfsim_statmount(t, &r, NULL, 1000, 0), -EFAULT);
		OK(vfsim_statmount(t, &r, NULL, 0, 0));
	}
}

/*
 * Strings longer than 6.18's first 3 * PATH_MAX: a retry with twice the
 * room.  A ramfs with 3999 bytes of options on /r, and a directory
 * nearly PATH_MAX deep in it bound on one as deep in the root:
 *
 *   /                    rootfs
 *   |-/r                 ramfs "long", options "ooo...,ooo..."
 *   `-/l/ddd.../ddd      bind of /r/ddd.../ddd
 */
static char deep[4096];

static void long_strings(struct vfsim *vv)
{
	struct vfsim_task *it = vfsim_init_task(vv);
	char path[4200], opts[4000];

	strcpy(deep, "");
	while (strlen(deep) < 3900)
		strcat(deep, "/dddddddddddddddddddddddddddddddddddddddddddddddddd");
	memset(opts, 'o', sizeof(opts) - 1);
	opts[sizeof(opts) - 1] = '\0';
	opts[10] = ',';
	fx_dirs(it, "/r", NULL);
	OK(vfsim_mount(it, "long", "/r", "ramfs", 0, opts));
	snprintf(path, sizeof(path), "/r%s", deep);
	OK(vt_mkdir_p(it, path, 0755));
	OK(vt_mkdir_p(it, deep, 0755));
	OK(vfsim_mount(it, path, deep, NULL, MS_BIND, NULL));
}

VT_TEST(statmount, strings_longer_than_the_first_buffer, "empty", long_strings)
{
	uint64_t id = uid_of(t, deep);

	OK(sm(id, STATMOUNT_MNT_ROOT | STATMOUNT_MNT_POINT | STATMOUNT_MNT_OPTS |
		  STATMOUNT_OPT_ARRAY | STATMOUNT_FS_TYPE));
	cr_assert_str_eq(str(out.sm.mnt_root), deep);
	cr_assert_str_eq(str(out.sm.mnt_point), deep);
	cr_assert_eq(strlen(str(out.sm.mnt_opts)), 3999);
	cr_assert_eq(out.sm.opt_num, 2);
	cr_assert_gt(out.sm.size, sizeof(struct statmount) + 3 * 4096);
}

VT_TEST(statmount, permissions, "empty", build)
{
	struct vfsim_task *jail = vt_task(v, 1000, 1000), *admin = vt_task(v, 0, 0);
	uint64_t a = uid_of(t, "/a"), b = uid_of(t, "/b");

	/* Unprivileged, in the full tree: everything is below its root. */
	OK(sm_as(jail, a, STATMOUNT_MNT_POINT, sizeof(out)));
	cr_assert_str_eq(str(out.sm.mnt_point), "/a");
	/* Chrooted to /b: /a is outside, and not its business. */
	OK(vfsim_chroot(admin, "/b"));
	vfsim_task_set_caps(jail, ~0ULL);
	OK(vfsim_chroot(jail, "/b"));
	vfsim_task_set_caps(jail, 0);
	EXPECT(sm_as(jail, a, STATMOUNT_MNT_BASIC, sizeof(out)), -EPERM);
	EXPECT(sm_as(jail, FIRST_UNIQUE, STATMOUNT_MNT_BASIC, sizeof(out)), -EPERM);
	OK(sm_as(jail, b, STATMOUNT_MNT_POINT, sizeof(out)));
	cr_assert_str_eq(str(out.sm.mnt_point), "/");
	/* CAP_SYS_ADMIN may look, but the mountpoint it cannot see is left out. */
	OK(sm_as(admin, a, STATMOUNT_MNT_BASIC | STATMOUNT_MNT_POINT | STATMOUNT_FS_TYPE,
		 sizeof(out)));
	cr_assert_eq(out.sm.mask, STATMOUNT_MNT_BASIC | STATMOUNT_FS_TYPE);
	cr_assert_eq(out.sm.mnt_point, 0);
	cr_assert_str_eq(str(out.sm.fs_type), "ramfs");
	vfsim_task_destroy(jail);
	vfsim_task_destroy(admin);
}

/* An LSM that refuses statfs refuses statmount and listmount. */
static int deny_statfs(void *arg, const struct vfsim_cred *who, uint64_t sb_id)
{
	(void)arg;
	(void)who;
	(void)sb_id;
	return -EACCES;
}

static const struct vfsim_lsm_ops deny_ops = { .sb_statfs = deny_statfs };

VT_TEST(statmount, lsm_statfs_hook, "empty", build)
{
	struct mnt_id_req r = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = LSMT_ROOT };
	uint64_t ids[8];

	vfsim_set_lsm(v, &deny_ops, NULL);
	EXPECT(sm(uid_of(t, "/a"), STATMOUNT_SB_BASIC), -EACCES);
	EXPECT(vfsim_listmount(t, &r, ids, 8, 0), -EACCES);
	vfsim_set_lsm(v, NULL, NULL);
	OK(sm(uid_of(t, "/a"), STATMOUNT_SB_BASIC));
}

/*
 * The new mount API's mounts: a nosymfollow attribute set by
 * mount_setattr() shows in mnt_attr; a detached tree (open_tree()'s
 * clone) lives in an anonymous namespace, with no ID, where statmount
 * and listmount, which look in the caller's, do not find it.
 */
VT_TEST(statmount, new_mount_api, "empty", build)
{
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_NOSYMFOLLOW };
	struct mnt_id_req r = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = LSMT_ROOT };
	uint64_t ids[16], clone;
	struct statx stx;
	int fd;

	OK(vfsim_mount_setattr(t, AT_FDCWD, "/b", 0, &attr, sizeof(attr)));
	OK(sm(uid_of(t, "/b"), STATMOUNT_MNT_BASIC));
	cr_assert_eq(out.sm.mnt_attr, MOUNT_ATTR_STRICTATIME | MOUNT_ATTR_NODIRATIME |
				      MOUNT_ATTR_NOSYMFOLLOW);

	fd = (int)vfsim_open_tree(t, AT_FDCWD, "/a", OPEN_TREE_CLONE);
	OK(fd);
	OK(vfsim_statx(t, fd, "", AT_EMPTY_PATH, STATX_MNT_ID_UNIQUE, &stx));
	clone = stx.stx_mnt_id;
	cr_assert_eq(clone, FIRST_UNIQUE + 5);
	EXPECT(sm(clone, STATMOUNT_MNT_NS_ID), -ENOENT);
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), 5);
	cr_assert_neq(ids[4], clone);
	r.mnt_id = clone;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), -ENOENT);
	OK(vfsim_close(t, fd));
	/* the namespace of the tasks keeps its ID */
	OK(sm(FIRST_UNIQUE, STATMOUNT_MNT_NS_ID));
	cr_assert_eq(out.sm.mnt_ns_id, 4);
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The successors' calls through the shim (docs/shim.md, "The successors'
 * calls"): fsopen(), fsconfig(), fsmount(), fspick(), open_tree(),
 * move_mount() and mount_setattr() as glibc's functions and as syscall()
 * 428..433 and 442, statmount() 457 and listmount() 458 through
 * syscall(), statx() and syscall(SYS_statx) by the path rule.  The fds
 * they return are model fds that read(), close() and later calls take;
 * host fds are EBADF where the model looks at them; bad pointers are
 * EFAULT from the model's user-copy seam, never a crash in the shim.
 *
 * The tree the checks build, on the default tree's /mnt:
 *
 *   /mnt           tmpfs "ctx" (fsopen + fsmount + move_mount)
 *   |- ro          tmpfs "ro"  (syscall() 430..432, 429; mount_setattr ro)
 *   `- clone       open_tree(OPEN_TREE_CLONE) of /mnt/ro
 *
 * tests/shim/private_ns.sh also runs this program as root in a private
 * mount namespace: the namespace's mounts must not change.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>
#include <linux/mount.h>	/* vfsim's: struct statmount, mnt_id_req */

#include "shim_check.h"

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif

/* Below the null page: the model's user-copy seam faults on it. */
#define BAD_PTR ((void *)16)

static int is_model_fd(long fd)
{
	return fd >= VFSIM_SHIM_FD_BASE && fd < VFSIM_SHIM_FD_BASE + 1024;
}

static uint64_t unique_id(const char *path)
{
	struct statx stx;

	memset(&stx, 0, sizeof(stx));
	CHECK(statx(AT_FDCWD, path, 0, STATX_MNT_ID_UNIQUE, &stx) == 0);
	CHECK(stx.stx_mask & STATX_MNT_ID_UNIQUE);
	CHECK(stx.stx_mnt_id > 0x80000000ULL);
	return stx.stx_mnt_id;
}

/* fsopen, fsconfig, read of the log, fsmount, move_mount, close. */
static void new_mount_api(void)
{
	char msg[128];
	int fs_fd, mnt_fd;
	ssize_t n;

	fs_fd = fsopen("tmpfs", FSOPEN_CLOEXEC);
	CHECK(is_model_fd(fs_fd));
	CHECK_ERR(fsconfig(fs_fd, FSCONFIG_SET_STRING, "nosuch", "1", 0), EINVAL);
	n = read(fs_fd, msg, sizeof(msg) - 1);
	CHECK(n > 0);
	msg[n] = '\0';
	CHECK(strstr(msg, "tmpfs: Unknown parameter 'nosuch'") != NULL);
	CHECK_ERR(read(fs_fd, msg, sizeof(msg)), ENODATA);
	CHECK(syscall(SYS_fsconfig, fs_fd, FSCONFIG_SET_STRING, "nosuch2", "1", 0) == -1);
	CHECK(syscall(SYS_read, fs_fd, msg, 2) == -1 && errno == EMSGSIZE);
	CHECK(syscall(SYS_read, fs_fd, msg, sizeof(msg)) > 0);
	CHECK(fsconfig(fs_fd, FSCONFIG_SET_STRING, "source", "ctx", 0) == 0);
	CHECK(fsconfig(fs_fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0) == 0);
	CHECK_ERR(fsconfig(fs_fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0), EBUSY);
	mnt_fd = fsmount(fs_fd, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOEXEC);
	CHECK(is_model_fd(mnt_fd));
	CHECK(close(fs_fd) == 0);
	CHECK_ERR(close(fs_fd), EBADF);
	/* The detached mount's fd is a dfd like any model fd. */
	CHECK(mkdirat(mnt_fd, "ro", 0755) == 0);
	CHECK(mkdirat(mnt_fd, "clone", 0755) == 0);
	CHECK(move_mount(mnt_fd, "", AT_FDCWD, "/mnt", MOVE_MOUNT_F_EMPTY_PATH) == 0);
	CHECK(close(mnt_fd) == 0);
	CHECK(vfsim_path_mnt_id(vfsim_shim_task(), "/mnt/ro") ==
	      vfsim_path_mnt_id(vfsim_shim_task(), "/mnt"));

	/* The same through syscall(): 430, 431, 432, 429. */
	fs_fd = (int)syscall(SYS_fsopen, "tmpfs", 0);
	CHECK(is_model_fd(fs_fd));
	CHECK(syscall(SYS_fsconfig, fs_fd, FSCONFIG_SET_STRING, "source", "ro", 0) == 0);
	CHECK(syscall(SYS_fsconfig, fs_fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0) == 0);
	mnt_fd = (int)syscall(SYS_fsmount, fs_fd, 0, 0);
	CHECK(is_model_fd(mnt_fd));
	CHECK(syscall(SYS_close, fs_fd) == 0);
	CHECK(syscall(SYS_move_mount, mnt_fd, "", AT_FDCWD, "/mnt/ro",
		      MOVE_MOUNT_F_EMPTY_PATH) == 0);
	CHECK(close(mnt_fd) == 0);
	CHECK(vfsim_path_mnt_id(vfsim_shim_task(), "/mnt/ro") >
	      vfsim_path_mnt_id(vfsim_shim_task(), "/mnt"));
}

/* fspick (433) and reconfiguration, open_tree (428), mount_setattr (442). */
static void pick_tree_setattr(void)
{
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_RDONLY };
	struct statfs sf;
	int fd, tree;

	fd = fspick(AT_FDCWD, "/mnt", FSPICK_CLOEXEC);
	CHECK(is_model_fd(fd));
	CHECK(fsconfig(fd, FSCONFIG_SET_FLAG, "ro", NULL, 0) == 0);
	CHECK(fsconfig(fd, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0) == 0);
	CHECK(statfs("/mnt", &sf) == 0 && (sf.f_flags & ST_RDONLY));
	CHECK(close(fd) == 0);
	fd = (int)syscall(SYS_fspick, AT_FDCWD, "/mnt", 0);
	CHECK(is_model_fd(fd));
	CHECK(fsconfig(fd, FSCONFIG_SET_FLAG, "rw", NULL, 0) == 0);
	CHECK(syscall(SYS_fsconfig, fd, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0) == 0);
	CHECK(close(fd) == 0);
	CHECK(statfs("/mnt", &sf) == 0 && !(sf.f_flags & ST_RDONLY));

	CHECK(mount_setattr(AT_FDCWD, "/mnt/ro", 0, &attr, sizeof(attr)) == 0);
	CHECK(statfs("/mnt/ro", &sf) == 0 && (sf.f_flags & ST_RDONLY));
	attr.attr_set = 0;
	attr.attr_clr = MOUNT_ATTR_RDONLY;
	CHECK(syscall(SYS_mount_setattr, AT_FDCWD, "/mnt/ro", 0, &attr, sizeof(attr)) == 0);
	CHECK(statfs("/mnt/ro", &sf) == 0 && !(sf.f_flags & ST_RDONLY));
	attr.attr_clr = 0;
	attr.attr_set = MOUNT_ATTR_RDONLY;
	CHECK(mount_setattr(AT_FDCWD, "/mnt/ro", 0, &attr, sizeof(attr)) == 0);
	CHECK_ERR(mkdir("/mnt/ro/x", 0755), EROFS);

	/* open_tree without a clone: an O_PATH fd on the mount. */
	fd = open_tree(AT_FDCWD, "/mnt", OPEN_TREE_CLOEXEC);
	CHECK(is_model_fd(fd));
	CHECK(mkdirat(fd, "plain", 0755) == 0);
	CHECK(close(fd) == 0);
	/* Model fds as dfds with empty paths, and relative to them. */
	fd = open("/mnt", O_PATH);
	CHECK(is_model_fd(fd));
	tree = fspick(fd, "", FSPICK_EMPTY_PATH);
	CHECK(is_model_fd(tree));
	CHECK(close(tree) == 0);
	attr.attr_set = MOUNT_ATTR_NODIRATIME;
	CHECK(mount_setattr(fd, "", AT_EMPTY_PATH, &attr, sizeof(attr)) == 0);
	CHECK(statfs("/mnt", &sf) == 0 && (sf.f_flags & ST_NODIRATIME));
	attr.attr_set = 0;
	attr.attr_clr = MOUNT_ATTR_NODIRATIME;
	CHECK(mount_setattr(fd, "", AT_EMPTY_PATH, &attr, sizeof(attr)) == 0);
	CHECK(statfs("/mnt", &sf) == 0 && !(sf.f_flags & ST_NODIRATIME));
	tree = open_tree(fd, "ro", OPEN_TREE_CLONE);
	CHECK(is_model_fd(tree));
	CHECK(move_mount(tree, "", fd, "clone", MOVE_MOUNT_F_EMPTY_PATH) == 0);
	CHECK(close(tree) == 0);
	CHECK(umount("/mnt/clone") == 0);
	CHECK(close(fd) == 0);
	/* A clone: a detached tree, attached by move_mount from its fd. */
	tree = (int)syscall(SYS_open_tree, AT_FDCWD, "/mnt/ro", OPEN_TREE_CLONE);
	CHECK(is_model_fd(tree));
	CHECK(move_mount(tree, "", AT_FDCWD, "/mnt/clone", MOVE_MOUNT_F_EMPTY_PATH) == 0);
	CHECK(close(tree) == 0);
	CHECK(statfs("/mnt/clone", &sf) == 0 && (sf.f_flags & ST_RDONLY));
	/* A clone closed unattached is dissolved: nothing to see after. */
	tree = open_tree(AT_FDCWD, "/mnt/ro", OPEN_TREE_CLONE);
	CHECK(is_model_fd(tree));
	CHECK(close(tree) == 0);
}

/* statmount (457), listmount (458) and statx on the tree above. */
static void queries(void)
{
	union {
		struct statmount sm;
		char buf[1024];
	} u;
	struct mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER0,
		.param = STATMOUNT_MNT_BASIC | STATMOUNT_MNT_POINT | STATMOUNT_FS_TYPE |
			 STATMOUNT_SB_SOURCE,
	};
	uint64_t mnt = unique_id("/mnt"), ro = unique_id("/mnt/ro"),
		 clone = unique_id("/mnt/clone"), ids[8];
	struct statx stx;
	int fd;

	CHECK(ro > mnt && clone > ro);
	req.mnt_id = clone;
	CHECK(syscall(SYS_statmount, &req, &u.sm, sizeof(u), 0) == 0);
	CHECK(u.sm.mnt_id == clone && u.sm.mnt_parent_id == mnt);
	CHECK(strcmp(u.sm.str + u.sm.mnt_point, "/mnt/clone") == 0);
	CHECK(strcmp(u.sm.str + u.sm.fs_type, "tmpfs") == 0);
	CHECK(strcmp(u.sm.str + u.sm.sb_source, "ro") == 0);
	CHECK(u.sm.mnt_attr & MOUNT_ATTR_RDONLY);
	CHECK((long)u.sm.mnt_id_old == vfsim_path_mnt_id(vfsim_shim_task(), "/mnt/clone"));

	req.mnt_id = mnt;
	req.param = 0;
	CHECK(syscall(SYS_listmount, &req, ids, 8, 0) == 2);
	CHECK(ids[0] == ro && ids[1] == clone);
	CHECK(syscall(SYS_listmount, &req, ids, 8, LISTMOUNT_REVERSE) == 2);
	CHECK(ids[0] == clone && ids[1] == ro);
	req.param = ro;
	CHECK(syscall(SYS_listmount, &req, ids, 8, 0) == 1 && ids[0] == clone);
	req.mnt_id = LSMT_ROOT;
	req.param = 0;
	CHECK(syscall(SYS_listmount, &req, ids, 8, 0) == 8);

	/* statx: the 32-bit ID, by fd, by syscall(). */
	memset(&stx, 0, sizeof(stx));
	CHECK(statx(AT_FDCWD, "/mnt/ro", 0, STATX_MNT_ID, &stx) == 0);
	CHECK((long)stx.stx_mnt_id == vfsim_path_mnt_id(vfsim_shim_task(), "/mnt/ro"));
	CHECK(S_ISDIR(stx.stx_mode));
	fd = open("/mnt/clone", O_PATH);
	CHECK(is_model_fd(fd));
	memset(&stx, 0, sizeof(stx));
	CHECK(statx(fd, "", AT_EMPTY_PATH, STATX_MNT_ID_UNIQUE, &stx) == 0);
	CHECK(stx.stx_mnt_id == clone);
	/* A NULL path with AT_EMPTY_PATH goes to the model too, by the fd.
	 * Linux 6.11 takes it as ""; the model's statx is older there and
	 * says EFAULT (the host would have answered for a host fd). */
	memset(&stx, 0, sizeof(stx));
	errno = 0;
	if (syscall(SYS_statx, fd, NULL, AT_EMPTY_PATH, STATX_MNT_ID_UNIQUE, &stx) == 0)
		CHECK(stx.stx_mnt_id == clone);
	else
		CHECK(errno == EFAULT);
	memset(&stx, 0, sizeof(stx));
	CHECK(syscall(SYS_statx, AT_FDCWD, "/mnt/ro", 0, STATX_MNT_ID_UNIQUE, &stx) == 0);
	CHECK(stx.stx_mnt_id == ro);
	CHECK(syscall(SYS_statx, fd, "", AT_EMPTY_PATH, STATX_MNT_ID_UNIQUE, &stx) == 0);
	CHECK(stx.stx_mnt_id == clone);
	CHECK(close(fd) == 0);
	CHECK_ERR(statx(AT_FDCWD, "/mnt/nosuch", 0, STATX_BASIC_STATS, &stx), ENOENT);
	/* A relative path after a model chdir is the model's. */
	CHECK(chdir("/mnt") == 0);
	CHECK(statx(AT_FDCWD, "ro", 0, STATX_MNT_ID_UNIQUE, &stx) == 0 && stx.stx_mnt_id == ro);
	CHECK(chdir("/") == 0);		/* the model's /: /mnt is not held */
	CHECK(chdir("/usr") == 0);	/* the host's: relative paths too */
	/* Host paths are the host's: /usr exists there, not in the model. */
	CHECK(statx(AT_FDCWD, "/usr", 0, STATX_BASIC_STATS, &stx) == 0);
	CHECK(syscall(SYS_statx, AT_FDCWD, "/usr", 0, STATX_BASIC_STATS, &stx) == 0);
	CHECK(statx(AT_FDCWD, "bin", 0, STATX_BASIC_STATS, &stx) == 0);
	CHECK(syscall(SYS_statx, AT_FDCWD, "bin", 0, STATX_BASIC_STATS, &stx) == 0);
	fd = open("/usr", O_RDONLY);
	CHECK(fd >= 0 && fd < VFSIM_SHIM_FD_BASE);
	CHECK(statx(fd, "bin", 0, STATX_BASIC_STATS, &stx) == 0);
	CHECK(statx(fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS, &stx) == 0);
	CHECK(close(fd) == 0);

	/* Errors are the model's. */
	req.mnt_id = clone;
	req.param = STATMOUNT_MNT_BASIC;
	CHECK_ERR(syscall(SYS_statmount, &req, &u.sm, sizeof(u), 1), EINVAL);
	CHECK_ERR(syscall(SYS_listmount, &req, ids, 8, 2), EINVAL);
	req.mnt_id = 5;
	CHECK_ERR(syscall(SYS_statmount, &req, &u.sm, sizeof(u), 0), EINVAL);
	req.mnt_id = clone + 1000;
	CHECK_ERR(syscall(SYS_statmount, &req, &u.sm, sizeof(u), 0), ENOENT);
}

/* Host fds where the model needs an fd: EBADF; where it ignores the dfd
 * (an absolute path), ignored. */
static void host_fds(void)
{
	/* (all zero, mount_setattr() returns 0 before it looks at anything) */
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_NOEXEC };
	int host = open("/usr", O_RDONLY);
	int fs_fd, fd;

	CHECK(host >= 0 && host < VFSIM_SHIM_FD_BASE);
	CHECK_ERR(fsconfig(host, FSCONFIG_CMD_CREATE, NULL, NULL, 0), EBADF);
	CHECK_ERR(syscall(SYS_fsconfig, host, FSCONFIG_CMD_CREATE, NULL, NULL, 0), EBADF);
	CHECK_ERR(fsmount(host, 0, 0), EBADF);
	CHECK_ERR(syscall(SYS_fsmount, host, 0, 0), EBADF);
	CHECK_ERR(fspick(host, "lib", 0), EBADF);
	CHECK_ERR(open_tree(host, "lib", 0), EBADF);
	CHECK_ERR(open_tree(host, "", AT_EMPTY_PATH), EBADF);
	CHECK_ERR(move_mount(host, "", AT_FDCWD, "/mnt", MOVE_MOUNT_F_EMPTY_PATH), EBADF);
	CHECK_ERR(move_mount(AT_FDCWD, "/mnt/clone", host, "lib", 0), EBADF);
	CHECK_ERR(mount_setattr(host, "", AT_EMPTY_PATH, &attr, sizeof(attr)), EBADF);
	/* An absolute path: the dfd is not looked at. */
	fd = open_tree(host, "/mnt", 0);
	CHECK(is_model_fd(fd));
	CHECK(close(fd) == 0);
	/* fsconfig's aux: an fd (SET_FD), a dfd (SET_PATH). */
	fs_fd = fsopen("tmpfs", 0);
	CHECK(is_model_fd(fs_fd));
	CHECK_ERR(fsconfig(fs_fd, FSCONFIG_SET_FD, "source", NULL, host), EBADF);
	/* A path value's dfd is looked at only by a filesystem that resolves
	 * the path; tmpfs refuses a non-string source first, as 6.18 does. */
	CHECK_ERR(fsconfig(fs_fd, FSCONFIG_SET_PATH, "source", "lib", host), EINVAL);
	CHECK_ERR(fsconfig(fs_fd, FSCONFIG_SET_PATH_EMPTY, "source", "", host), EINVAL);
	CHECK_ERR(fsconfig(fs_fd, FSCONFIG_SET_PATH, "source", "lib", -1), EINVAL);
	/* A model fd that is no fs_context: EINVAL; an O_PATH one is no fd
	 * at all to fdget(): EBADF. */
	fd = open("/mnt", O_RDONLY | O_DIRECTORY);
	CHECK(is_model_fd(fd));
	CHECK_ERR(fsconfig(fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0), EINVAL);
	CHECK_ERR(fsmount(fd, 0, 0), EINVAL);
	CHECK(close(fd) == 0);
	fd = open("/mnt", O_PATH);
	CHECK(is_model_fd(fd));
	CHECK_ERR(fsconfig(fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0), EBADF);
	CHECK(close(fd) == 0);
	CHECK(close(fs_fd) == 0);
	/* Closed model fds. */
	CHECK_ERR(fsconfig(fs_fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0), EBADF);
	CHECK_ERR(fsmount(fs_fd, 0, 0), EBADF);
	CHECK(close(host) == 0);
}

/* Bad pointers reach the model unread: EFAULT from its user-copy seam. */
static void bad_pointers(void)
{
	struct vfsim *v = vfsim_shim_instance();
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_NOEXEC };
	static struct statmount sm;
	struct mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER0,
		.mnt_id = unique_id("/mnt"),
		.param = STATMOUNT_MNT_BASIC,
	};
	struct mnt_id_req lreq = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = req.mnt_id };
	struct statx stx;
	uint64_t ids[4];
	int fs_fd;

	CHECK_ERR(fsopen(BAD_PTR, 0), EFAULT);
	CHECK_ERR(syscall(SYS_fsopen, BAD_PTR, 0), EFAULT);
	fs_fd = fsopen("tmpfs", 0);
	CHECK(is_model_fd(fs_fd));
	CHECK_ERR(fsconfig(fs_fd, FSCONFIG_SET_STRING, BAD_PTR, "1", 0), EFAULT);
	CHECK_ERR(fsconfig(fs_fd, FSCONFIG_SET_STRING, "mode", BAD_PTR, 0), EFAULT);
	CHECK(close(fs_fd) == 0);
	CHECK_ERR(fspick(AT_FDCWD, BAD_PTR, 0), EFAULT);
	CHECK_ERR(open_tree(AT_FDCWD, BAD_PTR, 0), EFAULT);
	CHECK_ERR(move_mount(AT_FDCWD, BAD_PTR, AT_FDCWD, "/mnt", 0), EFAULT);
	CHECK_ERR(move_mount(AT_FDCWD, "/mnt/clone", AT_FDCWD, BAD_PTR, 0), EFAULT);
	CHECK_ERR(mount_setattr(AT_FDCWD, "/mnt", 0, BAD_PTR, sizeof(attr)), EFAULT);
	CHECK_ERR(syscall(SYS_mount_setattr, AT_FDCWD, "/mnt", 0, BAD_PTR, sizeof(attr)), EFAULT);
	CHECK_ERR(syscall(SYS_statmount, BAD_PTR, &sm, sizeof(sm), 0), EFAULT);
	CHECK_ERR(syscall(SYS_statmount, &req, BAD_PTR, sizeof(sm), 0), EFAULT);
	CHECK_ERR(syscall(SYS_listmount, BAD_PTR, ids, 4, 0), EFAULT);
	CHECK_ERR(syscall(SYS_listmount, &lreq, BAD_PTR, 4, 0), EFAULT);
	CHECK_ERR(statx(AT_FDCWD, "/mnt", 0, STATX_MNT_ID_UNIQUE, BAD_PTR), EFAULT);
	CHECK_ERR(syscall(SYS_statx, AT_FDCWD, "/mnt", 0, STATX_MNT_ID_UNIQUE, BAD_PTR), EFAULT);

	/* Real memory the seam says is unmapped: the same. */
	CHECK(vfsim_uaccess_unmap(v, &attr, sizeof(attr)) == 0);
	CHECK_ERR(mount_setattr(AT_FDCWD, "/mnt", 0, &attr, sizeof(attr)), EFAULT);
	CHECK(vfsim_uaccess_unmap(v, &sm, sizeof(sm)) == 0);
	CHECK_ERR(syscall(SYS_statmount, &req, &sm, sizeof(sm), 0), EFAULT);
	CHECK(vfsim_uaccess_unmap(v, ids, sizeof(ids)) == 0);
	CHECK_ERR(syscall(SYS_listmount, &lreq, ids, 4, 0), EFAULT);
	CHECK(vfsim_uaccess_unmap(v, &stx, sizeof(stx)) == 0);
	CHECK_ERR(statx(AT_FDCWD, "/mnt", 0, STATX_MNT_ID_UNIQUE, &stx), EFAULT);
	vfsim_uaccess_remap_all(v);
	CHECK(mount_setattr(AT_FDCWD, "/mnt/clone", 0, &attr, sizeof(attr)) == 0);
	CHECK(syscall(SYS_statmount, &req, &sm, sizeof(sm), 0) == 0);
	CHECK(syscall(SYS_listmount, &lreq, ids, 4, 0) == 2);
}

/*
 * fanotify_init()/fanotify_mark() as syscall() 300/301 and as glibc's
 * functions, on the namespace file that open("/proc/self/ns/mnt") gives:
 * a mount and its umount are two 40-byte events read from a model fd; a
 * host fd as the group is EBADF, a bad path pointer the model's EFAULT.
 */
static void fanotify(void)
{
	unsigned char buf[256];
	uint32_t len;
	uint64_t mask, id, got;
	long fan, fan2, ns;
	int host = open("/dev/null", O_RDONLY);

	CHECK(host >= 0);
	fan = syscall(SYS_fanotify_init, 0x00004000 /* FAN_REPORT_MNT */ | 0x2 /* FAN_NONBLOCK */,
		      O_RDONLY);
	CHECK(is_model_fd(fan));
	ns = open("/proc/self/ns/mnt", O_RDONLY);
	CHECK(is_model_fd(ns));
	CHECK(syscall(SYS_fanotify_mark, fan, 0x1 | 0x110 /* ADD | MNTNS */,
		      0x03000000ULL /* ATTACH | DETACH */, ns, NULL) == 0);
	CHECK(mount("ev", "/mnt", "tmpfs", 0, NULL) == 0);
	id = unique_id("/mnt");
	CHECK(umount("/mnt") == 0);
	CHECK(read((int)fan, buf, sizeof(buf)) == 80);
	memcpy(&len, buf, 4);
	memcpy(&mask, buf + 8, 8);
	CHECK(len == 40 && mask == 0x01000000ULL);
	memcpy(&mask, buf + 48, 8);
	CHECK(mask == 0x02000000ULL);
	memcpy(&got, buf + 32, 8);	/* fanotify_event_info_mnt.mnt_id */
	CHECK(got == id);
	memcpy(&got, buf + 72, 8);
	CHECK(got == id);
	CHECK_ERR(read((int)fan, buf, sizeof(buf)), EAGAIN);
	CHECK_ERR(syscall(SYS_fanotify_mark, host, 0x1 | 0x110, 0x03000000ULL, ns, NULL), EBADF);
	CHECK_ERR(syscall(SYS_fanotify_mark, fan, 0x1 | 0x110, 0x03000000ULL, AT_FDCWD, BAD_PTR),
		  EFAULT);
	/* glibc's functions reach the model as well */
	fan2 = fanotify_init(0x00004000, O_RDONLY);
	CHECK(is_model_fd(fan2));
	CHECK(fanotify_mark((int)fan2, 0x2 | 0x110 /* REMOVE */, 0x01000000ULL, (int)ns, NULL) == -1 &&
	      errno == ENOENT);
	CHECK(close((int)fan2) == 0 && close((int)fan) == 0 && close((int)ns) == 0);
	CHECK(close(host) == 0);
}

/* Everything away again: the model is back where it started. */
static void cleanup(long before)
{
	CHECK(umount("/mnt/clone") == 0);
	CHECK(umount("/mnt/ro") == 0);
	CHECK(umount("/mnt") == 0);
	CHECK(vfsim_path_mnt_id(vfsim_shim_task(), "/mnt") == before);
}

int main(void)
{
	long before = vfsim_path_mnt_id(vfsim_shim_task(), "/mnt");

	CHECK(before > 0);
	new_mount_api();
	pick_tree_setattr();
	queries();
	host_fds();
	bad_pointers();
	cleanup(before);
	fanotify();
	CHECKS_DONE("shim.successors.calls");
}

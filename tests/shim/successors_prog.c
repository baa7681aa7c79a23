// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * successors_prog SCRATCH: a small program of our own that uses the calls
 * Linux has instead of v17's (issue 17): the new mount API to build a
 * subtree, listmount() and statmount() to print it, and a fanotify
 * mount-namespace watch (Linux 6.15) to print what was attached and
 * detached meanwhile.
 *
 * It is an ordinary program: built once against the host's headers only
 * (no vfsim header, no shim flags), it runs unchanged on the real kernel
 * (as root, in a private mount namespace: tests/shim/successors.sh) and
 * through the shim (LD_PRELOAD=libvfsim-shim.so), and must print the same
 * on both.  So it prints nothing that depends on the run: mount IDs and
 * peer groups are renumbered in order of appearance, mount points are
 * relative to SCRATCH, device numbers are left out.
 *
 * SCRATCH is an absolute path without symlinks; it is made if absent (the
 * model does not have the host's directories).  The program mounts a tmpfs
 * there, and below it:
 *
 *   SCRATCH        tmpfs "scratch", made private, then shared
 *   |- a           tmpfs "successors": fsopen + fsconfig + fsmount
 *   |  |              (nosuid,nodev) + move_mount
 *   |  `- sub      tmpfs "sub", mount(2), propagated to b/sub
 *   `- b           open_tree(OPEN_TREE_CLONE) of a + move_mount, then
 *      |              mount_setattr(rdonly); a peer of a
 *      `- sub      the copy of a/sub that propagation made
 *
 * and unmounts it all at the end.
 *
 * Debian 12's linux-libc-dev (6.1) has no statmount()/listmount(), no
 * STATX_MNT_ID_UNIQUE, no fanotify mount events: the fallbacks below are
 * 6.18's values.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* ---- what the host's headers may lack (6.18's <linux/mount.h>, stat.h) -- */

#ifndef __NR_statmount
#define __NR_statmount 457
#endif
#ifndef __NR_listmount
#define __NR_listmount 458
#endif
#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif
#ifndef FAN_REPORT_MNT
#define FAN_REPORT_MNT 0x00004000
#endif
#ifndef FAN_MARK_MNTNS
#define FAN_MARK_MNTNS 0x00000110
#endif
#ifndef FAN_MNT_ATTACH
#define FAN_MNT_ATTACH 0x01000000ULL
#define FAN_MNT_DETACH 0x02000000ULL
#endif
#ifndef FAN_EVENT_INFO_TYPE_MNT
#define FAN_EVENT_INFO_TYPE_MNT 7
#endif
#ifndef MS_SHARED
#define MS_SHARED (1 << 20)
#endif

#ifndef STATMOUNT_SB_BASIC
struct mnt_id_req {
	uint32_t size;
	uint32_t spare;
	uint64_t mnt_id;
	uint64_t param;
	uint64_t mnt_ns_id;
};

struct statmount {
	uint32_t size;
	uint32_t mnt_opts;
	uint64_t mask;
	uint32_t sb_dev_major;
	uint32_t sb_dev_minor;
	uint64_t sb_magic;
	uint32_t sb_flags;
	uint32_t fs_type;
	uint64_t mnt_id;
	uint64_t mnt_parent_id;
	uint32_t mnt_id_old;
	uint32_t mnt_parent_id_old;
	uint64_t mnt_attr;
	uint64_t mnt_propagation;
	uint64_t mnt_peer_group;
	uint64_t mnt_master;
	uint64_t propagate_from;
	uint32_t mnt_root;
	uint32_t mnt_point;
	uint64_t mnt_ns_id;
	uint32_t fs_subtype;
	uint32_t sb_source;
	uint32_t opt_num;
	uint32_t opt_array;
	uint32_t opt_sec_num;
	uint32_t opt_sec_array;
	uint64_t supported_mask;
	uint32_t mnt_uidmap_num;
	uint32_t mnt_uidmap;
	uint32_t mnt_gidmap_num;
	uint32_t mnt_gidmap;
	uint64_t __spare2[43];
	char str[];
};

#define MNT_ID_REQ_SIZE_VER0		24
#define STATMOUNT_SB_BASIC		0x00000001U
#define STATMOUNT_MNT_BASIC		0x00000002U
#define STATMOUNT_PROPAGATE_FROM	0x00000004U
#define STATMOUNT_MNT_ROOT		0x00000008U
#define STATMOUNT_MNT_POINT		0x00000010U
#define STATMOUNT_FS_TYPE		0x00000020U
#define STATMOUNT_SB_SOURCE		0x00000200U
#define LISTMOUNT_REVERSE		(1 << 0)
#endif

_Static_assert(sizeof(struct statmount) == 512, "struct statmount is 512 bytes");
_Static_assert(sizeof(struct mnt_id_req) == 32, "struct mnt_id_req is 32 bytes");

/* ---- checks --------------------------------------------------------------- */

static void die(const char *what)
{
	fprintf(stderr, "successors_prog: %s: %s\n", what, strerror(errno));
	exit(1);
}

#define MUST(call)							\
	do {								\
		if ((call) < 0)						\
			die(#call);					\
	} while (0)

static const char *scratch;
static size_t scratch_len;

static const char *at(const char *rel, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", scratch, rel);
	return buf;
}

/* ---- IDs renumbered in order of appearance -------------------------------- */

#define MAX_IDS 64

struct renumber {
	uint64_t ids[MAX_IDS];
	unsigned int nr;
};

static struct renumber mounts, groups;

/* @id's number: 1, 2, ... in order of first appearance; 0 stays 0. */
static unsigned int number(struct renumber *r, uint64_t id)
{
	unsigned int i;

	if (!id)
		return 0;
	for (i = 0; i < r->nr; i++)
		if (r->ids[i] == id)
			return i + 1;
	if (r->nr == MAX_IDS) {
		fprintf(stderr, "successors_prog: more than %d IDs\n", MAX_IDS);
		exit(1);
	}
	r->ids[r->nr++] = id;
	return r->nr;
}

/* ---- statmount and listmount ------------------------------------------------ */

static long statmount(uint64_t mnt_id, uint64_t mask, struct statmount *buf,
		      size_t size)
{
	struct mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER0,
		.mnt_id = mnt_id,
		.param = mask,
	};

	return syscall(__NR_statmount, &req, buf, size, 0);
}

static long listmount(uint64_t mnt_id, uint64_t last, uint64_t *ids, size_t nr,
		      unsigned int flags)
{
	struct mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER0,
		.mnt_id = mnt_id,
		.param = last,
	};

	return syscall(__NR_listmount, &req, ids, nr, flags);
}

static void print_attr(uint64_t attr)
{
	static const struct { uint64_t bit; const char *name; } bits[] = {
		{ MOUNT_ATTR_RDONLY, "ro" }, { MOUNT_ATTR_NOSUID, "nosuid" },
		{ MOUNT_ATTR_NODEV, "nodev" }, { MOUNT_ATTR_NOEXEC, "noexec" },
		{ MOUNT_ATTR_NODIRATIME, "nodiratime" },
		{ MOUNT_ATTR_IDMAP, "idmap" }, { MOUNT_ATTR_NOSYMFOLLOW, "nosymfollow" },
	};
	size_t i;

	fputs(attr & MOUNT_ATTR_RDONLY ? "ro" : "rw", stdout);
	for (i = 1; i < sizeof(bits) / sizeof(bits[0]); i++)
		if (attr & bits[i].bit)
			printf(",%s", bits[i].name);
	switch (attr & MOUNT_ATTR__ATIME) {
	case MOUNT_ATTR_RELATIME:
		fputs(",relatime", stdout);
		break;
	case MOUNT_ATTR_NOATIME:
		fputs(",noatime", stdout);
		break;
	case MOUNT_ATTR_STRICTATIME:
		fputs(",strictatime", stdout);
		break;
	}
}

static void print_propagation(const struct statmount *sm)
{
	bool any = false;

	if (sm->mnt_propagation & MS_SHARED) {
		printf("shared:%u", number(&groups, sm->mnt_peer_group));
		any = true;
	}
	if (sm->mnt_propagation & MS_SLAVE) {
		printf("%smaster:%u", any ? "," : "", number(&groups, sm->mnt_master));
		if (sm->propagate_from)
			printf(",propagate_from:%u", number(&groups, sm->propagate_from));
		any = true;
	}
	if (sm->mnt_propagation & MS_UNBINDABLE) {
		printf("%sunbindable", any ? "," : "");
		any = true;
	}
	if (!any)
		fputs("private", stdout);
}

/* The mount point relative to SCRATCH ("." for SCRATCH itself). */
static const char *relative(const char *point)
{
	if (strncmp(point, scratch, scratch_len) != 0)
		return point;		/* outside: shown whole, and wrong */
	if (point[scratch_len] == '\0')
		return ".";
	return point + scratch_len + 1;
}

/* One line for mount @id: what statmount() says, IDs renumbered. */
static void show(uint64_t id, uint64_t root_id)
{
	static union {
		struct statmount sm;
		char buf[4096];
	} u;
	const uint64_t mask = STATMOUNT_SB_BASIC | STATMOUNT_MNT_BASIC |
		STATMOUNT_PROPAGATE_FROM | STATMOUNT_MNT_ROOT | STATMOUNT_MNT_POINT |
		STATMOUNT_FS_TYPE | STATMOUNT_SB_SOURCE;
	struct statmount *sm = &u.sm;

	memset(&u, 0, sizeof(u));
	MUST(statmount(id, mask, sm, sizeof(u)));
	if ((sm->mask & mask) != mask) {
		fprintf(stderr, "successors_prog: statmount mask %#" PRIx64 "\n", sm->mask);
		exit(1);
	}
	printf("mount %u: parent ", number(&mounts, sm->mnt_id));
	if (sm->mnt_id == root_id)
		fputs("-", stdout);	/* outside the subtree */
	else
		printf("%u", number(&mounts, sm->mnt_parent_id));
	printf(" at %s type %s source %s root %s magic %#" PRIx64 " sb_flags %#x attr ",
	       relative(sm->str + sm->mnt_point), sm->str + sm->fs_type,
	       sm->str + sm->sb_source, sm->str + sm->mnt_root, sm->sb_magic,
	       sm->sb_flags);
	print_attr(sm->mnt_attr);
	fputs(" propagation ", stdout);
	print_propagation(sm);
	putchar('\n');
}

/* The subtree below @root_id: listmount() in pages of two, then backwards. */
static void list(uint64_t root_id)
{
	uint64_t ids[MAX_IDS], page[2];
	unsigned int nr = 0, i;
	long n;

	show(root_id, root_id);
	do {
		n = listmount(root_id, nr ? ids[nr - 1] : 0, page, 2, 0);
		MUST(n);
		for (i = 0; i < (unsigned int)n && nr < MAX_IDS; i++)
			ids[nr++] = page[i];
	} while (n == 2);
	for (i = 0; i < nr; i++)
		show(ids[i], root_id);
	n = listmount(root_id, 0, ids, MAX_IDS, LISTMOUNT_REVERSE);
	MUST(n);
	fputs("listmount reverse:", stdout);
	for (i = 0; i < (unsigned int)n; i++)
		printf(" %u", number(&mounts, ids[i]));
	putchar('\n');
}

/* ---- the new mount API ---------------------------------------------------- */

/* fsconfig() that must fail with @err; what the fs_context logged. */
static void bad_param(int fs_fd, const char *key, const char *value, int err)
{
	char msg[256];
	ssize_t n;

	if (fsconfig(fs_fd, FSCONFIG_SET_STRING, key, value, 0) != -1 || errno != err) {
		fprintf(stderr, "successors_prog: fsconfig %s=%s: expected %s\n",
			key, value, strerror(err));
		exit(1);
	}
	n = read(fs_fd, msg, sizeof(msg) - 1);
	MUST(n);
	msg[n] = '\0';
	printf("fsconfig %s=%s: %s; log: %s%s", key, value, strerror(err), msg,
	       n && msg[n - 1] == '\n' ? "" : "\n");
	if (read(fs_fd, msg, sizeof(msg)) != -1 || errno != ENODATA)
		die("read of an empty log is not ENODATA");
}

/* The fanotify group's events so far, the mounts by their numbers. */
static void print_events(int fan_fd)
{
	char buf[4096];
	ssize_t n, off;

	while ((n = read(fan_fd, buf, sizeof(buf))) > 0) {
		for (off = 0; off < n;) {
			struct fanotify_event_metadata md;
			uint64_t id = 0;
			uint8_t type = 0;

			memcpy(&md, buf + off, sizeof(md));
			if (md.event_len > sizeof(md) + 8) {
				memcpy(&type, buf + off + md.metadata_len, 1);
				memcpy(&id, buf + off + md.metadata_len + 8, sizeof(id));
			}
			if (type != FAN_EVENT_INFO_TYPE_MNT) {
				errno = EPROTO;
				die("fanotify: an event without a mount");
			}
			printf("fanotify: %s%s%s mount %u\n",
			       md.mask & FAN_MNT_ATTACH ? "attach" : "",
			       (md.mask & FAN_MNT_ATTACH) && (md.mask & FAN_MNT_DETACH) ? "," : "",
			       md.mask & FAN_MNT_DETACH ? "detach" : "",
			       number(&mounts, id));
			off += md.event_len;
		}
	}
	if (n < 0 && errno != EAGAIN)
		die("read fanotify");
}

int main(int argc, char **argv)
{
	struct mount_attr attr = { 0 };
	struct statx stx;
	char p1[4096];
	uint64_t root_id, sub_id[2];
	int fs_fd, mnt_fd, tree_fd, fan_fd, ns_fd, i;

	if (argc != 2 || argv[1][0] != '/') {
		fprintf(stderr, "usage: successors_prog /SCRATCH\n");
		return 2;
	}
	scratch = argv[1];
	scratch_len = strlen(scratch);
	setvbuf(stdout, NULL, _IOLBF, 0);

	/* Mount events of this namespace from here on (a kernel before 6.15
	 * refuses FAN_REPORT_MNT: EINVAL, reported as a missing call). */
	fan_fd = fanotify_init(FAN_REPORT_MNT | FAN_NONBLOCK | FAN_CLOEXEC, O_RDONLY);
	if (fan_fd < 0 && errno == EINVAL)
		errno = ENOSYS;
	MUST(fan_fd);
	ns_fd = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
	MUST(ns_fd);
	MUST(fanotify_mark(fan_fd, FAN_MARK_ADD | FAN_MARK_MNTNS,
			   FAN_MNT_ATTACH | FAN_MNT_DETACH, ns_fd, NULL));

	/* The scratch tmpfs, private whatever its parent is. */
	if (mkdir(scratch, 0755) < 0 && errno != EEXIST)
		die("mkdir SCRATCH");
	MUST(mount("scratch", scratch, "tmpfs", 0, "mode=755"));
	MUST(mount(NULL, scratch, NULL, MS_PRIVATE, NULL));
	MUST(statx(AT_FDCWD, scratch, 0, STATX_MNT_ID_UNIQUE, &stx));
	if (!(stx.stx_mask & STATX_MNT_ID_UNIQUE)) {
		errno = ENOSYS;		/* a kernel before 6.8 */
		die("statx: no STATX_MNT_ID_UNIQUE");
	}
	root_id = stx.stx_mnt_id;
	printf("statx: unique mount ID %s\n", root_id > 0xffffffffULL ? "above 2^32" :
	       root_id > 0x7fffffffULL ? "above 2^31" : "small");
	MUST(mkdir(at("a", p1, sizeof(p1)), 0755));
	MUST(mkdir(at("b", p1, sizeof(p1)), 0755));

	/* a: fsopen, fsconfig, fsmount, move_mount. */
	fs_fd = fsopen("tmpfs", FSOPEN_CLOEXEC);
	MUST(fs_fd);
	bad_param(fs_fd, "nosuchparam", "1", EINVAL);
	MUST(fsconfig(fs_fd, FSCONFIG_SET_STRING, "source", "successors", 0));
	MUST(fsconfig(fs_fd, FSCONFIG_SET_STRING, "mode", "0750", 0));
	MUST(fsconfig(fs_fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	mnt_fd = fsmount(fs_fd, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
	MUST(mnt_fd);
	MUST(close(fs_fd));
	MUST(move_mount(mnt_fd, "", AT_FDCWD, at("a", p1, sizeof(p1)),
			MOVE_MOUNT_F_EMPTY_PATH));
	MUST(close(mnt_fd));
	printf("fsmount + move_mount: a\n");

	/* a shared, b a clone of it (so a peer), read-only. */
	MUST(mount(NULL, scratch, NULL, MS_SHARED, NULL));
	attr.propagation = MS_SHARED;
	MUST(mount_setattr(AT_FDCWD, at("a", p1, sizeof(p1)), 0, &attr, sizeof(attr)));
	tree_fd = open_tree(AT_FDCWD, at("a", p1, sizeof(p1)),
			    OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
	MUST(tree_fd);
	MUST(move_mount(tree_fd, "", AT_FDCWD, at("b", p1, sizeof(p1)),
			MOVE_MOUNT_F_EMPTY_PATH));
	MUST(close(tree_fd));
	memset(&attr, 0, sizeof(attr));
	attr.attr_set = MOUNT_ATTR_RDONLY;
	MUST(mount_setattr(AT_FDCWD, at("b", p1, sizeof(p1)), 0, &attr, sizeof(attr)));
	printf("open_tree + move_mount + mount_setattr: b\n");

	/* a/sub, propagated to b/sub. */
	MUST(mkdir(at("a/sub", p1, sizeof(p1)), 0755));
	MUST(mount("sub", at("a/sub", p1, sizeof(p1)), "tmpfs", 0, NULL));
	printf("mount: a/sub\n");

	list(root_id);

	/* Taking b/sub away takes a/sub too: umount propagates to the
	 * parent's peers.  Their IDs are gone for statmount. */
	MUST(statx(AT_FDCWD, at("a/sub", p1, sizeof(p1)), 0, STATX_MNT_ID_UNIQUE, &stx));
	sub_id[0] = stx.stx_mnt_id;
	MUST(statx(AT_FDCWD, at("b/sub", p1, sizeof(p1)), 0, STATX_MNT_ID_UNIQUE, &stx));
	sub_id[1] = stx.stx_mnt_id;
	MUST(umount2(at("b/sub", p1, sizeof(p1)), 0));
	for (i = 0; i < 2; i++) {
		struct statmount sm;

		if (statmount(sub_id[i], STATMOUNT_MNT_BASIC, &sm, sizeof(sm)) != -1)
			die("statmount of an unmounted mount");
		printf("umount b/sub: mount %u: statmount %s\n",
		       number(&mounts, sub_id[i]), strerror(errno));
	}

	print_events(fan_fd);
	MUST(close(fan_fd));
	MUST(close(ns_fd));

	/* Everything away, innermost first. */
	MUST(umount2(at("b", p1, sizeof(p1)), 0));
	MUST(umount2(at("a", p1, sizeof(p1)), 0));
	MUST(umount2(scratch, 0));
	printf("unmounted\n");
	return 0;
}

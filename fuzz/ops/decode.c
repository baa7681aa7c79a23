// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Bytes to programs (prog.h).  Every input is a program: the first byte
 * picks the tree, then each call takes a kind byte, a task byte and as
 * many argument bytes as its words need; a short input reads zeros, and
 * the program ends with the input (or at PROG_MAX_OPS).  Small changes to
 * the bytes make small changes to the program, which is what a coverage
 * guided fuzzer needs to climb.
 *
 * The first byte: bit 0 boots the default tree (else the empty one); a
 * first byte 0xfe or 0xff also switches to the extended kinds (kind =
 * byte % K_NR_EXT instead of % K_NR): the new mount API's move_mount
 * (beneath, set_group, from a detached tree's fd), open_tree,
 * mount_setattr, fsopen/fsconfig/fsmount of tmpfs and ramfs,
 * pivot_root (one in four `pivot_root . .`, what runtimes call), mknod
 * and the pseudo filesystems (devpts, mqueue, sysfs, cgroup2, proc).  The
 * extension is opt-in so that the inputs kept before it (fuzz/corpus/ops,
 * fuzz/regressions/ops: none starts with 0xfe or 0xff) decode to the
 * programs they always did; a new kind goes at the end of the extended
 * table, never before K_NR.  A first byte 0xfc or 0xfd switches to the
 * file kinds as well (kind = byte % K_NR_FILE): open for writing, pwrite
 * (whose data the harness reads back and compares, ops/exec.c), pread,
 * seek, ftruncate, fallocate, fsync, statfs; opt-in again, so that no
 * extended input changes its program (none starts with 0xfc or 0xfd).
 * A first byte 0xfa or 0xfb switches instead to the directory kinds
 * (kind = byte % (K_NR + the number of directory kinds), those past K_NR
 * being ls, unlink, rmdir, rename, link, readlink, access and
 * touch/utimens), opt-in for the same reason (none starts with 0xfa or
 * 0xfb).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "prog.h"

struct rd {
	const unsigned char *p;
	size_t n;
};

static unsigned int u8(struct rd *r)
{
	if (!r->n)
		return 0;
	r->n--;
	return *r->p++;
}

#define PICK(r, table) ((table)[u8(r) % (sizeof(table) / sizeof((table)[0]))])

static void word(struct prog_op *op, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A word copied as it is: most words are names from the tables. */
static void word_str(struct prog_op *op, const char *s)
{
	size_t n = strnlen(s, PROG_WORD - 1);

	if (op->nwords == PROG_MAX_WORDS)
		return;
	memcpy(op->words[op->nwords], s, n);
	op->words[op->nwords++][n] = 0;
}

static void word(struct prog_op *op, const char *fmt, ...)
{
	va_list ap;

	/* no vsnprintf() for the common cases: decoding is per execution */
	if (!strchr(fmt, '%')) {
		word_str(op, fmt);
		return;
	}
	va_start(ap, fmt);
	if (fmt[0] == '%' && fmt[1] == 's' && !fmt[2]) {
		word_str(op, va_arg(ap, const char *));
	} else if (op->nwords < PROG_MAX_WORDS) {
		vsnprintf(op->words[op->nwords++], PROG_WORD, fmt, ap);
	}
	va_end(ap);
}

/*
 * Names that programs make and meet again; "l" is usually a symlink.  Few
 * names and mostly short paths, so that a later call finds what an
 * earlier one made.
 */
static const char *const names[] = { "a", "b", "m", "a", "b", "l", ".", ".." };
static const unsigned int depths[] = { 1, 1, 1, 1, 2, 2, 3, 4 };

/* A path of depth 1..4, absolute or relative, or "/" itself. */
static void path(struct rd *r, struct prog_op *op)
{
	unsigned int b = u8(r), depth = depths[b & 7], i;
	char buf[PROG_WORD] = "";
	size_t len = 0;

	if ((b >> 4) == 0) {
		word(op, "/");
		return;
	}
	if (!(b & 8))
		buf[len++] = '/';
	for (i = 0; i < depth; i++) {
		const char *n = PICK(r, names);
		size_t nl = strlen(n);

		/* at most 4 names of 2 bytes: always fits */
		if (i)
			buf[len++] = '/';
		memcpy(buf + len, n, nl);
		len += nl;
	}
	buf[len] = 0;
	word_str(op, buf);
}

static const char *const fds[] = { "f0", "f1", "f2", "f3" };
static const char *const pipes[] = { "p0", "p1" };
static const char *const ends[] = { "p0", "p0.w", "p1", "p1.w" };
static const char *const any_fd[] = { "f0", "f1", "p0", "p0.w", "p1", "p1.w" };

struct mount_spec {
	const char *fstype, *source, *options;
};

static const struct mount_spec mounts[] = {
	{ "tmpfs", "t", NULL },
	{ "tmpfs", "t", "ro" },
	{ "tmpfs", "t", "mode=700" },
	{ "tmpfs", "t", "nosuid,nodev,noexec" },
	{ "tmpfs", "u", "size=1m,relatime" },
	{ "ramfs", "r", NULL },
	{ "ramfs", "r", "ro,noatime" },
	{ "proc", "proc", NULL },
	{ "ext4", "/dev/vdb", NULL },
	{ "ext4", "/dev/vdc", "ro,errors=remount-ro" },
	{ "ext4", "/dev/vdb", "label=x,errors=continue" },
	{ "nfs", "old.example:/export", "vers=2,proto=udp,addr=192.0.2.2" },
	{ "nfs", "new.example:/srv", "addr=192.0.2.3" },
	{ "afs", "none", "dyn,cell=x.example" },
	{ "afs", "none",
	  "dyn,cell=y.example,server=a8f3e1b2-5c7d-4e90-8f12-3456789abc01@192.0.2.1,volume=root.cell" },
	{ "bogusfs", "none", NULL },
};

static const char *const remount_opts[] = {
	"ro", "rw", "ro,nosuid", "rw,mode=755", "defaults", "size=2m", "nodev,noexec",
};
static const char *const setattr_opts[] = {
	"ro", "rw", "nosuid", "nodev,noexec", "noatime", "ro,nodiratime", "strictatime",
};
static const char *const propagations[] = {
	"shared", "private", "slave", "unbindable",
	"rshared", "rprivate", "rslave", "runbindable",
};
static const char *const umount_flags[] = {
	NULL, "detach", "force", "expire", "nofollow", "detach", "expire", "nofollow detach",
};
static const char *const open_flags[] = {
	NULL, "directory", "path", "nofollow", "path,nofollow", "creat",
	"creat,excl", "cloexec,directory",
};
static const char *const modes[] = { "0755", "0700", "0555", "0777", "0000", "01777" };
static const char *const owners[] = { "1000", "0:0", "1000:1000", "0" };
static const char *const filters[] = {
	"none", "key", "mount", "mount:~move_from sb:readonly/flags=is_now_ro",
	"key:*/id=3", "\"\"", "mount:new_mount,unmount/noflags=in_subtree", "key/mask=0x7f",
};
static const char *const texts[] = { "x", "hello", "\"\"" };
static const char *const errnames[] = { "EIO", "ENOSPC", "EROFS", "EUCLEAN" };
static const char *const network[] = { "up", "down", "flag0", "flag7", "3" };
static const unsigned int attrs[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
	0x100, 0x101, 0x200, 0x201, 0x202, 0x203, 0x300, 0x301, 0x302,
	0x400, 0x500, 0x501, 0x502, 0x503, 0x0a, 0x204,
};
static const unsigned int read_sizes[] = { 4096, 8, 16, 0, 1, 128, 32, 1048576 };
static const unsigned int sizes[] = { 1, 4, 16, 0, 512, 513, 2 };

enum kind {
	K_MKDIR, K_SYMLINK, K_CHMOD, K_CHOWN, K_CD, K_CHROOT, K_OPEN, K_CLOSE,
	K_MOUNT, K_BIND, K_MOVE, K_UMOUNT, K_REMOUNT, K_SETATTR, K_PROPAGATION,
	K_AUTOMOUNT, K_EXPIRE, K_PIPE, K_SIZE, K_FILTER, K_READ, K_WRITE,
	K_WATCH_MOUNT, K_WATCH_SB, K_UNWATCH_MOUNT, K_UNWATCH_SB, K_SB_ERROR,
	K_SB_EDQUOT, K_SB_NETWORK, K_FSINFO, K_TREE_OPS_MKDIR2, K_NR,
	/* the extended kinds (first byte 0xfe or 0xff) */
	K_MOVE_MOUNT = K_NR, K_MOVE_MOUNT_FD, K_OPEN_TREE, K_MOUNT_SETATTR,
	K_CLOSE_TREE, K_MOVE_MOUNT2, K_FSOPEN, K_FSCONFIG, K_FSMOUNT, K_PIVOT_ROOT,
	K_MKNOD, K_MOUNT_PSEUDO,
	K_NR_EXT,
	K_OPEN_RW = K_NR_EXT, K_PWRITE, K_PWRITE2, K_PREAD, K_SEEK, K_FTRUNCATE,
	K_FALLOCATE, K_FSYNC, K_STATFS, K_NR_FILE,
	/* the directory kinds (first byte 0xfa or 0xfb) */
	K_LS = K_NR_FILE, K_UNLINK, K_RMDIR, K_RENAME, K_LINK, K_READLINK, K_ACCESS,
	K_TOUCH, K_NR_DIRS
};

/* Which kinds a program's first byte asks for. */
enum decode_mode { DM_BASE, DM_EXT, DM_FILE, DM_DIRS };

/* ls's buffer sizes: whole, and a few records at a time (the cursor) */
static const unsigned int ls_sizes[] = { 4096, 24, 48, 64 };
static const char *const rename_flags[] = {
	NULL, NULL, NULL, "noreplace", "exchange", "whiteout",
};
static const char *const access_modes[] = { "f", "r", "w", "x", "rw", "rwx" };
static const char *const access_flags[] = { NULL, NULL, "eaccess", "nofollow" };
static const char *const utimes[] = { "now", "omit", "100" };

/* The file kinds' words: offsets near page edges, texts without a byte
 * the readback would print escaped, counts up to 64 KiB of data. */
static const char *const rw_flags[] = { "creat,rdwr", "rdwr", "rdwr,trunc", "creat,excl,rdwr" };
static const char *const file_offsets[] = { "0", "1", "4095", "4096", "8191", "65536", "-", "-" };
static const char *const file_texts[] = { "a", "hello", "xyz0123456789", "zz" };
static const char *const file_counts[] = { "1", "3", "100", "1000", "5000" };
static const char *const file_sizes[] = { "1", "16", "4096", "9000" };
static const char *const file_lengths[] = { "0", "1", "4096", "5000", "100000", "-1" };
static const char *const falloc_offsets[] = { "0", "1", "4k", "8k" };
static const char *const falloc_lengths[] = { "1", "4k", "64k", "0", "2m" };
static const char *const falloc_modes[] = { NULL, NULL, "keep_size", "punch_hole keep_size",
					    "punch_hole" };
static const char *const seek_offsets[] = { "0", "1", "4096", "-1", "100000" };
static const char *const whences[] = { "set", "cur", "end", "data", "hole" };

/*
 * move_mount()'s flags besides the empty-path ones: beneath (twice: the
 * point of the extension), set_group, and the symlink followers.
 */
static const char *const move_mount_flags[] = {
	NULL, "beneath", "beneath", "set_group", "beneath,set_group", "f_symlinks",
	"t_symlinks", "beneath,t_symlinks",
};
/* open_tree()'s: mostly a detached copy, as move_mount @NAME wants. */
static const char *const open_tree_flags[] = {
	"clone", "clone,recursive", "clone,recursive", NULL, "recursive",
	"clone,nofollow", "clone,recursive,nofollow", "clone,cloexec",
};
/* mount_setattr()'s set= and clr= (MOUNT_ATTR_*; atime is MOUNT_ATTR__ATIME) */
static const char *const attrs_set[] = {
	NULL, "ro", "nosuid", "nodev,noexec", "noatime", "ro,nosymfollow", "strictatime",
	"relatime",
};
static const char *const attrs_clr[] = { NULL, NULL, "ro", "atime", "nosuid,nodev", "atime,ro" };
static const char *const setattr_propagations[] = {
	NULL, NULL, "shared", "slave", "private", "unbindable",
};
/* fsconfig()'s: mostly create, a few parameters tmpfs and ramfs take or refuse */
static const char *const fsconfig_args[] = {
	"create", "create", "string source t", "flag ro", "string size 1m",
	"string mode 700", "reconfigure", "flag nosuid", "string size lots", "create-excl",
};
/* fsmount()'s attributes */
static const char *const fsmount_attrs[] = {
	NULL, NULL, "ro", "nosuid,nodev", "noatime", "nosymfollow", "relatime,noexec",
	"strictatime",
};

/* mknod's nodes: the memory devices, ptmx, a device no driver has, a
 * simulated disk and a block device that is none, FIFOs, sockets, files,
 * and the directory mknod refuses */
static const char *const mknod_nodes[] = {
	"c 1:3", "c 1:5", "c 5:2", "c 240:0", "b 254:16", "b 7:0", "p", "s", "f", "d",
};
/* The pseudo filesystems a container mounts, with options and refusals */
static const struct mount_spec pseudo_mounts[] = {
	{ "devpts", "devpts", NULL },
	{ "devpts", "devpts", "ptmxmode=0666,max=1" },
	{ "devpts", "devpts", "bogus" },
	{ "mqueue", "mqueue", NULL },
	{ "sysfs", "sysfs", "ro" },
	{ "cgroup2", "cgroup2", "nsdelegate" },
	{ "proc", "proc", "hidepid=invisible,subset=pid" },
	{ "binfmt_misc", "binfmt_misc", NULL },
};

static unsigned int decode_kind(struct rd *r, enum decode_mode mode)
{
	unsigned int kind;

	switch (mode) {
	case DM_EXT:
		return u8(r) % K_NR_EXT;
	case DM_FILE:
		return u8(r) % K_NR_FILE;
	case DM_DIRS:
		kind = u8(r) % (K_NR + K_NR_DIRS - K_NR_FILE);
		return kind < K_NR ? kind : kind - K_NR + K_NR_FILE;
	case DM_BASE:
		break;
	}
	return u8(r) % K_NR;
}

static void decode_op(struct rd *r, struct prog_op *op, enum decode_mode mode)
{
	unsigned int kind = decode_kind(r, mode), who = u8(r), b;
	const struct mount_spec *m;
	const char *s;

	op->task = who < 200 ? PT_INIT : who < 240 ? PT_USER : PT_ROOT2;
	switch (kind) {
	case K_MKDIR:
	case K_TREE_OPS_MKDIR2:	/* twice as likely: trees need directories */
		word(op, "mkdir");
		path(r, op);
		break;
	case K_SYMLINK:
		word(op, "symlink");
		path(r, op);
		path(r, op);
		break;
	case K_CHMOD:
		word(op, "chmod");
		path(r, op);
		word(op, "%s", PICK(r, modes));
		break;
	case K_CHOWN:
		word(op, "chown");
		path(r, op);
		word(op, "%s", PICK(r, owners));
		break;
	case K_CD:
		word(op, "cd");
		path(r, op);
		break;
	case K_CHROOT:
		word(op, "chroot");
		path(r, op);
		break;
	case K_OPEN:
		word(op, "open");
		word(op, "%s", PICK(r, fds));
		path(r, op);
		if ((s = PICK(r, open_flags)))
			word(op, "%s", s);
		break;
	case K_CLOSE:
		word(op, "close");
		word(op, "%s", PICK(r, any_fd));
		break;
	case K_MOUNT:
		m = &PICK(r, mounts);
		word(op, "mount");
		word(op, "%s", m->fstype);
		word(op, "%s", m->source);
		path(r, op);
		if (m->options)
			word(op, "%s", m->options);
		break;
	case K_BIND:
		word(op, "bind");
		path(r, op);
		path(r, op);
		if (u8(r) & 1)
			word(op, "rec");
		break;
	case K_MOVE:
		word(op, "move");
		path(r, op);
		path(r, op);
		break;
	case K_UMOUNT:
		word(op, "umount");
		path(r, op);
		if ((s = PICK(r, umount_flags))) {
			/* separate words: "nofollow detach" */
			char flags[32], *w, *save;

			snprintf(flags, sizeof(flags), "%s", s);
			for (w = strtok_r(flags, " ", &save); w; w = strtok_r(NULL, " ", &save))
				word(op, "%s", w);
		}
		break;
	case K_REMOUNT:
		word(op, "remount");
		path(r, op);
		word(op, "%s", PICK(r, remount_opts));
		break;
	case K_SETATTR:
		word(op, "setattr");
		path(r, op);
		word(op, "%s", PICK(r, setattr_opts));
		break;
	case K_PROPAGATION:
		word(op, "propagation");
		path(r, op);
		word(op, "%s", PICK(r, propagations));
		break;
	case K_AUTOMOUNT:
		word(op, "automount");
		path(r, op);
		word(op, "tmpfs");
		word(op, "am");
		break;
	case K_EXPIRE:
		word(op, "expire");
		if (u8(r) & 1)
			path(r, op);
		break;
	case K_PIPE:
		word(op, "pipe");
		word(op, "%s", PICK(r, pipes));
		switch (u8(r) % 4) {
		case 1:
			word(op, "nonblock");
			break;
		case 2:
			word(op, "plain");
			break;
		}
		break;
	case K_SIZE:
		word(op, "size");
		word(op, "%s", PICK(r, ends));
		word(op, "%u", PICK(r, sizes));
		break;
	case K_FILTER:
		word(op, "filter");
		word(op, "%s", PICK(r, ends));
		word(op, "%s", PICK(r, filters));
		break;
	case K_READ:
		word(op, "read");
		word(op, "%s", PICK(r, any_fd));
		word(op, "%u", PICK(r, read_sizes));
		break;
	case K_WRITE:
		word(op, "write");
		word(op, "%s", PICK(r, any_fd));
		word(op, "%s", PICK(r, texts));
		break;
	case K_WATCH_MOUNT:
	case K_WATCH_SB:
		word(op, kind == K_WATCH_MOUNT ? "watch_mount" : "watch_sb");
		word(op, "%s", PICK(r, ends));
		path(r, op);
		word(op, "%u", u8(r) % 260);
		if (u8(r) % 4 == 0)
			word(op, "no_automount");
		break;
	case K_UNWATCH_MOUNT:
	case K_UNWATCH_SB:
		word(op, kind == K_UNWATCH_MOUNT ? "unwatch_mount" : "unwatch_sb");
		word(op, "%s", PICK(r, ends));
		path(r, op);
		break;
	case K_SB_ERROR:
		word(op, "sb_error");
		path(r, op);
		word(op, "%s", PICK(r, errnames));
		break;
	case K_SB_EDQUOT:
		word(op, "sb_edquot");
		path(r, op);
		break;
	case K_SB_NETWORK:
		word(op, "sb_network");
		path(r, op);
		word(op, "%s", PICK(r, network));
		break;
	case K_FSINFO:
		word(op, "fsinfo");
		word(op, "-s");
		if (u8(r) & 1)
			word(op, "-l");
		path(r, op);
		word(op, "0x%x", PICK(r, attrs));
		word(op, "%u", u8(r) % 4);
		break;
	case K_MOVE_MOUNT:
	case K_MOVE_MOUNT2:	/* twice as likely */
		word(op, "move_mount");
		path(r, op);
		path(r, op);
		if ((s = PICK(r, move_mount_flags)))
			word(op, "%s", s);
		break;
	case K_MOVE_MOUNT_FD:
		/* a detached tree (or an O_PATH fd) moved, or a place to move to */
		b = u8(r);
		word(op, "move_mount");
		if (b & 1) {
			path(r, op);
			word(op, "@%s", fds[(b >> 1) & 3]);
			word(op, "t_empty");
		} else {
			word(op, "@%s", fds[(b >> 1) & 3]);
			path(r, op);
			word(op, "f_empty");
		}
		if ((s = PICK(r, move_mount_flags)))
			word(op, "%s", s);
		break;
	case K_OPEN_TREE:
		word(op, "open_tree");
		word(op, "%s", PICK(r, fds));
		path(r, op);
		if ((s = PICK(r, open_tree_flags)))
			word(op, "%s", s);
		break;
	case K_MOUNT_SETATTR:
		b = u8(r);
		word(op, "mount_setattr");
		if (b & 1)
			word(op, "@%s", fds[(b >> 1) & 3]);
		else
			path(r, op);
		if ((s = PICK(r, attrs_set)))
			word(op, "set=%s", s);
		if ((s = PICK(r, attrs_clr)))
			word(op, "clr=%s", s);
		if ((s = PICK(r, setattr_propagations)))
			word(op, "propagation=%s", s);
		if (b & 1)
			word(op, "empty");
		if (b & 8)
			word(op, "recursive");
		break;
	case K_CLOSE_TREE:
		/* any of f0..f3 (K_CLOSE closes f0, f1 and the pipes) */
		word(op, "close");
		word(op, "%s", PICK(r, fds));
		break;
	case K_FSOPEN:
		word(op, "fsopen");
		word(op, "%s", PICK(r, fds));
		word(op, u8(r) & 1 ? "ramfs" : "tmpfs");
		break;
	case K_FSCONFIG: {
		/* separate words: "string source t" */
		char args[32], *w, *save;

		word(op, "fsconfig");
		word(op, "%s", PICK(r, fds));
		snprintf(args, sizeof(args), "%s", PICK(r, fsconfig_args));
		for (w = strtok_r(args, " ", &save); w; w = strtok_r(NULL, " ", &save))
			word(op, "%s", w);
		break;
	}
	case K_FSMOUNT:
		b = u8(r);
		word(op, "fsmount");
		word(op, "%s", fds[b & 3]);
		word(op, "%s", fds[(b >> 2) & 3]);
		if ((s = PICK(r, fsmount_attrs)))
			word(op, "%s", s);
		break;
	case K_PIVOT_ROOT:
		word(op, "pivot_root");
		if ((u8(r) & 3) == 0) {
			word(op, ".");
			word(op, ".");
		} else {
			path(r, op);
			path(r, op);
		}
		break;
	case K_OPEN_RW:
		word(op, "open");
		word(op, "%s", PICK(r, fds));
		path(r, op);
		word(op, "%s", PICK(r, rw_flags));
		break;
	case K_PWRITE:
	case K_PWRITE2:	/* twice as likely: data is what the others look at */
		word(op, "pwrite");
		word(op, "%s", PICK(r, fds));
		word(op, "%s", PICK(r, file_offsets));
		word(op, "%s", PICK(r, file_texts));
		word(op, "%s", PICK(r, file_counts));
		break;
	case K_PREAD:
		word(op, "pread");
		word(op, "%s", PICK(r, fds));
		word(op, "%s", PICK(r, file_offsets));
		word(op, "%s", PICK(r, file_sizes));
		break;
	case K_SEEK:
		word(op, "seek");
		word(op, "%s", PICK(r, fds));
		word(op, "%s", PICK(r, seek_offsets));
		word(op, "%s", PICK(r, whences));
		break;
	case K_FTRUNCATE:
		word(op, "ftruncate");
		word(op, "%s", PICK(r, fds));
		word(op, "%s", PICK(r, file_lengths));
		break;
	case K_FALLOCATE: {
		char mode[32], *w, *save;

		word(op, "fallocate");
		word(op, "%s", PICK(r, fds));
		word(op, "%s", PICK(r, falloc_offsets));
		word(op, "%s", PICK(r, falloc_lengths));
		if ((s = PICK(r, falloc_modes))) {
			snprintf(mode, sizeof(mode), "%s", s);
			for (w = strtok_r(mode, " ", &save); w; w = strtok_r(NULL, " ", &save))
				word(op, "%s", w);
		}
		break;
	}
	case K_FSYNC:
		word(op, "fsync");
		word(op, "%s", PICK(r, fds));
		if (u8(r) & 1)
			word(op, "data");
		break;
	case K_STATFS:
		word(op, "statfs");
		path(r, op);
		word(op, "sizes");
		break;
	case K_LS:
		word(op, "ls");
		path(r, op);
		word(op, "%u", PICK(r, ls_sizes));
		break;
	case K_UNLINK:
		word(op, "unlink");
		path(r, op);
		break;
	case K_RMDIR:
		word(op, "rmdir");
		path(r, op);
		break;
	case K_RENAME:
		word(op, "rename");
		path(r, op);
		path(r, op);
		if ((s = PICK(r, rename_flags)))
			word(op, "%s", s);
		break;
	case K_LINK:
		word(op, "link");
		path(r, op);
		path(r, op);
		if (u8(r) & 1)
			word(op, "follow");
		break;
	case K_READLINK:
		word(op, "readlink");
		path(r, op);
		break;
	case K_ACCESS:
		word(op, "access");
		path(r, op);
		word(op, "%s", PICK(r, access_modes));
		if ((s = PICK(r, access_flags)))
			word(op, "%s", s);
		break;
	case K_TOUCH:
		b = u8(r);
		if (b & 1) {
			word(op, "touch");
			path(r, op);
		} else {
			word(op, "utimens");
			path(r, op);
			word(op, "%s", utimes[(b >> 1) % 3]);
			word(op, "%s", utimes[(b >> 3) % 3]);
		}
		if (b & 0x80)
			word(op, "nofollow");
		break;
	case K_MKNOD: {
		/* "TYPE [MAJ:MIN]": separate words */
		char node[16], *w, *save;

		word(op, "mknod");
		path(r, op);
		snprintf(node, sizeof(node), "%s", PICK(r, mknod_nodes));
		for (w = strtok_r(node, " ", &save); w; w = strtok_r(NULL, " ", &save))
			word(op, "%s", w);
		break;
	}
	case K_MOUNT_PSEUDO:
		m = &PICK(r, pseudo_mounts);
		word(op, "mount");
		word(op, "%s", m->fstype);
		word(op, "%s", m->source);
		path(r, op);
		if (m->options)
			word(op, "%s", m->options);
		break;
	}
}

void prog_decode(struct prog *p, const unsigned char *data, size_t len)
{
	struct rd r = { data, len };
	enum decode_mode mode;
	unsigned int first;

	/* Not the whole struct: 64 KiB of words a program mostly leaves unused. */
	memset(p, 0, offsetof(struct prog, ops));
	memset(&p->keep_going, 0, sizeof(*p) - offsetof(struct prog, keep_going));
	first = u8(&r);
	p->boot_default = first & 1;
	switch (first & 0xfe) {
	case 0xfe: mode = DM_EXT; break;
	case 0xfc: mode = DM_FILE; break;
	case 0xfa: mode = DM_DIRS; break;
	default: mode = DM_BASE; break;
	}
	while (r.n && p->nops < PROG_MAX_OPS) {
		struct prog_op *op = &p->ops[p->nops++];
		int w;

		for (w = 0; w < PROG_MAX_WORDS; w++)
			op->words[w][0] = 0;	/* a word not decoded reads "" */
		op->nwords = 0;
		op->ran = false;
		op->ret = 0;
		decode_op(&r, op, mode);
	}
	p->afs = p->automount = p->boot_default;
	p->pseudo = false;
	for (int i = 0; i < p->nops; i++) {
		const struct prog_op *op = &p->ops[i];

		if (!strcmp(op->words[0], "mount") &&
		    (!strcmp(op->words[1], "devpts") || !strcmp(op->words[1], "mqueue") ||
		     !strcmp(op->words[1], "sysfs") || !strcmp(op->words[1], "cgroup2")))
			p->pseudo = true;

		if (!strcmp(op->words[0], "automount"))
			p->automount = true;
		if (!strcmp(op->words[0], "mount") && !strcmp(op->words[1], "afs"))
			p->afs = p->automount = true;
	}
}

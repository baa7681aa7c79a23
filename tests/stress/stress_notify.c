/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Torture for mount and superblock notifications (seeds 002, 003): the
 * rootward walk of post_mount_notification() running against mounts that
 * come, go and move, watches placed and removed under it, and superblock
 * events raised from below, all at once.
 *
 *   /                    the default tree
 *   `-/mnt
 *     |-m0 ... m3        mountpoints: tmpfs mounted, stacked, bound,
 *     |  `-x             moved, remounted, expired; x is made in a tmpfs
 *
 * Threads (--threads N: the first five are fixed, the rest walk):
 *  - mounter: mount (on mK or mK/x), umount (sometimes MNT_DETACH), bind
 *    (sometimes MS_REC), move, remount ro/rw (superblock), setattr
 *    (MS_REMOUNT|MS_BIND), expiry (mnt_set_expiry + an expiry pass); it
 *    keeps the namespace under MAX_MOUNTS by counting it;
 *  - watcher: watch_mount and watch_sb on random directories through two
 *    pipes, and removal (watch_id -1); mount watches take IDs 0..127, sb
 *    watches 128..255, so a removal record says which kind it ends; now
 *    and then sets or removes watch_test's filter on the small pipe;
 *  - reader A: blocking reads of pipe A (256 notes) until EOF;
 *  - reader B: O_NONBLOCK reads of pipe B (4 notes: losses) with buffers
 *    of random size (ENOBUFS when one is too small);
 *  - checker: vfsim_check_invariants() every millisecond, at quiescent
 *    points as in stress_mounts.c (every syscall but the readers' holds
 *    `quiesce` for reading);
 *  - walkers: vfsim_path_mnt_id(), openat(O_PATH)/close (a held fd makes
 *    a plain umount EBUSY), and sb_error / sb_edquot / sb_network on
 *    random paths.
 *
 * Each record read must be well formed: length 8 (LOSS), 16, or 24 (an
 * sb error); type meta, mount or sb; a known subtype; the watch ID in
 * bits 8..15 and nothing in 24..31 (B8 fixed); only the info flags its
 * subtype can carry (never is_recursive, S3; never is_submount: there are
 * no automounts here); mount IDs nonzero and below MAX_MNT_ID, changed_mount
 * 0 exactly for expiry, readonly and setattr; superblock IDs at or above
 * SB_ID_START (the instance's clock starts there); error records with an
 * error number the walkers raise and cookie 0; removal records of 16 bytes
 * whose object is an inode number or mount ID (< 2^32) for a mount watch
 * (B9 fixed) and a superblock ID for an sb watch.  Only errnos that races
 * explain are accepted from any call.  At the end everything the mounter
 * made is unmounted, the pipes are drained (A to EOF after its write end
 * is closed, B to EAGAIN) and closed, the invariants hold, the namespace
 * is the default tree again, and vfsim_destroy_check() finds no leak and
 * no warning.
 *
 *   stress_notify [--seconds N] [--threads N] [--seed N]
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <time.h>

#include <uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/stress.h"

#define PROG "stress_notify"

#define NDIRS		4
#define MAX_MOUNTS	24		/* in the namespace, the default tree's 4 included */
#define MAX_MNT_ID	(1u << 16)
#define SB_ID_START	(1ULL << 40)
#define NOTES_A		256
#define NOTES_B		4
#define MOUNT_WATCH_IDS	128		/* 0..127; sb watches 128..255 */
#define WATCH_TEST_FILTER "key mount:~move_from sb:readonly/flags=is_now_ro"

static struct vfsim *v;
static struct vfsim_task *tk;		/* watcher, readers, main: one process */
static int stop;			/* the writers stop */
static int drain;			/* reader B: drain and stop */
static int pipe_a[2], pipe_b[2];

/* Error numbers the walkers raise (and the reader accepts). */
static const int raised_errors[] = { EIO, ENOSPC, EROFS };
#define NR_RAISED (unsigned int)(sizeof(raised_errors) / sizeof(raised_errors[0]))

struct worker {
	pthread_t th;
	const char *name;
	uint64_t rng;
	struct stress_counts n;
	unsigned long records[4];	/* by type: meta, key, mount, sb */
	unsigned long losses, removals, enobufs;
};



static bool stopping(void)
{
	return __atomic_load_n(&stop, __ATOMIC_RELAXED);
}

static unsigned int pick(struct worker *w, unsigned int n)
{
	return (unsigned int)(stress_rand(&w->rng) % n);
}

/* /mnt/mK, /mnt/mK/x, or one of the fixed directories around them. */
static void random_path(struct worker *w, char *buf, size_t len)
{
	unsigned int k = pick(w, NDIRS), what = pick(w, 8);

	if (what == 0)
		snprintf(buf, len, "/");
	else if (what == 1)
		snprintf(buf, len, "/mnt");
	else if (what < 5)
		snprintf(buf, len, "/mnt/m%u", k);
	else
		snprintf(buf, len, "/mnt/m%u/x", k);
}

/* ---- the mounter ------------------------------------------------------------ */

static int count_mount(const struct vfsim_mount_desc *m, void *arg)
{
	(void)m;
	(*(unsigned int *)arg)++;
	return 0;
}

static unsigned int nr_mounts(void)
{
	unsigned int n = 0;

	stress_op_begin();
	vfsim_for_each_mount(tk, count_mount, &n);
	stress_op_end();
	return n;
}

/* Is something mounted on @path (one of /mnt/mK)?  Only the mounter
 * changes the tree, so the answer holds until it acts. */
static bool is_mounted(const char *path)
{
	return STRESS_OP(vfsim_path_mnt_id(tk, path)) != STRESS_OP(vfsim_path_mnt_id(tk, "/mnt"));
}

static void *mounter(void *arg)
{
	/* ENOENT: mK/x not made (yet) in the mount on top; EINVAL: not a
	 * mount (root); EBUSY: held by a walker or has children; ELOOP: a
	 * move into the moved mount itself. */
	static const int mount_ok[] = { ENOENT, 0 };
	static const int umount_ok[] = { EINVAL, EBUSY, ENOENT, 0 };
	static const int move_ok[] = { EINVAL, ELOOP, ENOENT, 0 };
	static const int remount_ok[] = { EINVAL, ENOENT, 0 };
	static const int mkdir_ok[] = { EEXIST, EROFS, 0 };
	struct worker *w = arg;
	struct vfsim_task *t = vfsim_init_task(v);
	char path[32], other[32];

	while (!stopping()) {
		unsigned int op = pick(w, 12), k = pick(w, NDIRS), j = pick(w, NDIRS);
		bool sub = pick(w, 3) == 0;
		long ret;

		snprintf(path, sizeof(path), "/mnt/m%u%s", k, sub ? "/x" : "");
		snprintf(other, sizeof(other), "/mnt/m%u", j);
		if (op < 3) {
			if (nr_mounts() >= MAX_MOUNTS)
				continue;
			ret = STRESS_OP(vfsim_mount(t, "none", path, "tmpfs", 0, NULL));
			stress_tally(&w->n, "mount", path, ret, mount_ok);
		} else if (op < 5) {
			int flags = pick(w, 4) == 0 ? MNT_DETACH : 0;

			ret = STRESS_OP(vfsim_umount2(t, path, flags));
			stress_tally(&w->n, "umount", path, ret, umount_ok);
		} else if (op == 5) {
			unsigned long flags = MS_BIND | (pick(w, 2) ? MS_REC : 0);

			/* A bind of the bare rootfs directory would let mkdir
			 * make mK/x in rootfs, out of the final unmount's reach. */
			if (nr_mounts() >= MAX_MOUNTS / 2 || !is_mounted(other))
				continue;	/* a recursive bind may double it */
			ret = STRESS_OP(vfsim_mount(t, other, path, NULL, flags, NULL));
			stress_tally(&w->n, "bind", path, ret, mount_ok);
		} else if (op == 6) {
			ret = STRESS_OP(vfsim_mount(t, other, path, NULL, MS_MOVE, NULL));
			stress_tally(&w->n, "move", other, ret, move_ok);
		} else if (op == 7) {
			unsigned long ro = pick(w, 2) ? MS_RDONLY : 0;

			ret = STRESS_OP(vfsim_mount(t, "none", path, NULL, MS_REMOUNT | ro, NULL));
			stress_tally(&w->n, "remount", path, ret, remount_ok);
		} else if (op == 8) {
			static const unsigned long attrs[] = {
				0, MS_RDONLY, MS_NOSUID, MS_NODEV | MS_RDONLY,
			};
			unsigned long a = attrs[pick(w, 4)];

			ret = STRESS_OP(vfsim_mount(t, "none", path, NULL,
					     MS_REMOUNT | MS_BIND | a, NULL));
			stress_tally(&w->n, "setattr", path, ret, remount_ok);
		} else if (op == 9) {
			ret = STRESS_OP(vfsim_mnt_set_expiry(t, path));
			stress_tally(&w->n, "mnt_set_expiry", path, ret, remount_ok);
			ret = STRESS_OP(vfsim_expire_mounts(v));
			stress_tally(&w->n, "expire_mounts", NULL, ret, mount_ok);
		} else {
			/* mK/x only ever in a tmpfs on mK: see bind */
			if (!is_mounted(other))
				continue;
			snprintf(path, sizeof(path), "/mnt/m%u/x", j);
			ret = STRESS_OP(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
			stress_tally(&w->n, "mkdir", path, ret, mkdir_ok);
		}
	}

	/* Unmount everything, lazily (walkers may still hold fds): each
	 * MNT_DETACH takes the top of the stack on mK with all its subtree. */
	for (unsigned int k = 0; k < NDIRS; k++) {
		long ret;

		snprintf(path, sizeof(path), "/mnt/m%u", k);
		while ((ret = STRESS_OP(vfsim_umount2(t, path, MNT_DETACH))) == 0)
			;
		if (ret != -EINVAL)
			stress_error("final umount", path, ret);
	}
	return NULL;
}

/* ---- walkers ------------------------------------------------------------------ */

static void walk_step(void *arg, struct vfsim_task *t, struct stress_held *held)
{
	struct worker *w = arg;
	unsigned int op = pick(w, 10);
	char path[32];
	long ret;

	random_path(w, path, sizeof(path));
	if (op < 3) {
		ret = stress_walk(&w->n, t, path);
		if (ret == 0 || ret >= MAX_MNT_ID)
			stress_error("implausible mount ID of", path, ret);
	} else if (op < 5) {
		stress_hold(&w->n, t, held, path);
	} else if (op == 5 && held->n) {
		stress_release_one(&w->n, t, held);
	} else if (op < 8) {
		int e = raised_errors[pick(w, NR_RAISED)];

		stress_tally(&w->n, "sb_error", path, STRESS_OP(vfsim_sb_error(t, path, e)),
			     stress_walk_ok);
	} else if (op == 8) {
		stress_tally(&w->n, "sb_edquot", path, STRESS_OP(vfsim_sb_edquot(t, path)),
			     stress_walk_ok);
	} else {
		unsigned int flags = (unsigned int)(stress_rand(&w->rng) & 0x00ff0000);

		stress_tally(&w->n, "sb_network", path,
			     STRESS_OP(vfsim_sb_network(t, path, flags)), stress_walk_ok);
	}
}

static void *walker(void *arg)
{
	struct worker *w = arg;

	stress_walker(v, &stop, &w->n, walk_step, w);
	return NULL;
}

/* ---- the watcher ---------------------------------------------------------------- */

static void *watcher(void *arg)
{
	/* ENOENT: the path went; EBUSY: watched already; EBADSLT: nothing to
	 * remove; EIO: the superblock died under watch_sb. */
	static const int watch_ok[] = { ENOENT, EBUSY, EIO, 0 };
	static const int unwatch_ok[] = { ENOENT, EBADSLT, 0 };
	static const int filter_ok[] = { 0 };
	unsigned char filter[8 + 44 * 3];
	struct worker *w = arg;
	char path[32], why[256];
	long len;

	len = vfsim_filter_parse(WATCH_TEST_FILTER, filter, sizeof(filter), why, sizeof(why));
	if (len < 0) {
		stress_error("vfsim_filter_parse", why, len);
		return NULL;
	}
	while (!stopping()) {
		unsigned int op = pick(w, 20);
		int fd = pick(w, 2) ? pipe_a[0] : pipe_b[0];
		long ret;

		random_path(w, path, sizeof(path));
		if (op < 7) {
			ret = STRESS_OP(vfsim_watch_mount(tk, AT_FDCWD, path, 0, fd,
						   (int)pick(w, MOUNT_WATCH_IDS)));
			stress_tally(&w->n, "watch_mount", path, ret, watch_ok);
		} else if (op < 11) {
			ret = STRESS_OP(vfsim_watch_mount(tk, AT_FDCWD, path, 0, fd, -1));
			stress_tally(&w->n, "unwatch_mount", path, ret, unwatch_ok);
		} else if (op < 15) {
			ret = STRESS_OP(vfsim_watch_sb(tk, AT_FDCWD, path, 0, fd,
						MOUNT_WATCH_IDS + (int)pick(w, 128)));
			stress_tally(&w->n, "watch_sb", path, ret, watch_ok);
		} else if (op < 19) {
			ret = STRESS_OP(vfsim_watch_sb(tk, AT_FDCWD, path, 0, fd, -1));
			stress_tally(&w->n, "unwatch_sb", path, ret, unwatch_ok);
		} else {
			unsigned long f = pick(w, 2) ? (unsigned long)filter : 0;

			ret = vfsim_ioctl(tk, pipe_b[0], IOC_WATCH_QUEUE_SET_FILTER, f);
			stress_tally(&w->n, "SET_FILTER", NULL, ret, filter_ok);
		}
	}
	return NULL;
}

/* ---- readers -------------------------------------------------------------------- */

static bool bad_record(struct worker *w, const unsigned char *r, size_t len,
		       const char *why)
{
	char text[256];

	vfsim_decode_record(r, len, text, sizeof(text));
	stress_error(w->name, why, 0);
	fprintf(stderr, PROG ":   the record: %s\n", text);
	return false;
}

/* A record read through the uapi layouts (<vfsim/uapi/linux/watch_queue.h>). */
union record {
	struct watch_notification h;
	struct watch_notification_removal removal;
	struct mount_notification mount;
	struct superblock_notification sb;
	struct superblock_error_notification error;
	unsigned char bytes[WATCH_INFO_LENGTH];
};

/* Check the record at @r (@avail bytes there); its length, or 0 if bad. */
static size_t check_record(struct worker *w, const unsigned char *r, size_t avail)
{
	union record rec = { .bytes = { 0 } };
	uint32_t info, flags, type, subtype, id;
	size_t len;

	if (avail < 8)
		return bad_record(w, r, avail, "short header"), 0;
	memcpy(&rec, r, avail < sizeof(rec) ? avail : sizeof(rec));
	info = rec.h.info;
	type = rec.h.type;
	subtype = rec.h.subtype;
	len = info & WATCH_INFO_LENGTH;
	id = (info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT;
	flags = info & 0x00ff0000;
	if (len > avail)
		return bad_record(w, r, avail, "length beyond the read"), 0;
	if (info & 0xff000000)
		return bad_record(w, r, len, "bits 24-31 of info set (B8)"), 0;
	if (type < 4)
		w->records[type]++;

	switch (type) {
	case WATCH_TYPE_META:
		if (subtype == WATCH_META_LOSS_NOTIFICATION) {
			if (info != 8)
				return bad_record(w, r, len, "LOSS record not {0, 1, 8}"), 0;
			w->losses++;
			return 8;
		}
		if (subtype != WATCH_META_REMOVAL_NOTIFICATION || len != 16 || flags)
			return bad_record(w, r, len, "bad meta record"), 0;
		w->removals++;
		if (id < MOUNT_WATCH_IDS) {
			uint64_t obj = rec.removal.id;

			if (obj == 0 || obj >= (1ULL << 32))
				return bad_record(w, r, len, "mount watch removal: "
						  "not an inode number or mount ID"), 0;
		} else if (rec.removal.id < SB_ID_START) {
			return bad_record(w, r, len, "sb watch removal: not a superblock ID"), 0;
		}
		return 16;
	case WATCH_TYPE_MOUNT_NOTIFY: {
		uint32_t on, changed;
		bool self = subtype == NOTIFY_MOUNT_EXPIRY ||
			    subtype == NOTIFY_MOUNT_READONLY ||
			    subtype == NOTIFY_MOUNT_SETATTR;
		uint32_t allowed = NOTIFY_MOUNT_IN_SUBTREE;

		if (len != 16 || subtype > NOTIFY_MOUNT_MOVE_TO)
			return bad_record(w, r, len, "bad mount record length or subtype"), 0;
		if (id >= MOUNT_WATCH_IDS)
			return bad_record(w, r, len, "mount record with an sb watch's ID"), 0;
		if (subtype == NOTIFY_MOUNT_NEW_MOUNT || subtype == NOTIFY_MOUNT_READONLY ||
		    subtype == NOTIFY_MOUNT_SETATTR)
			allowed |= NOTIFY_MOUNT_IS_NOW_RO;
		if (flags & ~allowed)
			return bad_record(w, r, len, "info flags the subtype cannot have"), 0;
		on = rec.mount.triggered_on;
		changed = rec.mount.changed_mount;
		if (on == 0 || on >= MAX_MNT_ID || changed >= MAX_MNT_ID ||
		    (changed == 0) != self)
			return bad_record(w, r, len, "implausible mount IDs"), 0;
		return 16;
	}
	case WATCH_TYPE_SB_NOTIFY:
		if (subtype > NOTIFY_SUPERBLOCK_NETWORK || id < MOUNT_WATCH_IDS ||
		    len != (subtype == NOTIFY_SUPERBLOCK_ERROR ? 24u : 16u))
			return bad_record(w, r, len, "bad sb record length, subtype or ID"), 0;
		if (rec.sb.sb_id < SB_ID_START)
			return bad_record(w, r, len, "not a superblock ID"), 0;
		if ((subtype == NOTIFY_SUPERBLOCK_READONLY &&
		     (flags & ~NOTIFY_SUPERBLOCK_IS_NOW_RO)) ||
		    ((subtype == NOTIFY_SUPERBLOCK_ERROR || subtype == NOTIFY_SUPERBLOCK_EDQUOT) &&
		     flags))
			return bad_record(w, r, len, "info flags the subtype cannot have"), 0;
		if (subtype == NOTIFY_SUPERBLOCK_ERROR) {
			uint32_t e = rec.error.error_number;
			unsigned int i;

			for (i = 0; i < NR_RAISED; i++)
				if (e == (uint32_t)raised_errors[i])
					break;
			if (i == NR_RAISED || rec.error.error_cookie != 0)
				return bad_record(w, r, len, "error number or cookie"), 0;
		}
		return len;
	}
	return bad_record(w, r, len, "unexpected type"), 0;
}

/* Check @n bytes of whole records. */
static void check_records(struct worker *w, const unsigned char *buf, size_t n)
{
	size_t off = 0, len;

	while (off < n) {
		len = check_record(w, buf + off, n - off);
		if (!len)
			return;
		off += len;
	}
}

/* Blocking reads of pipe A until EOF, the buffer sometimes just 24 bytes. */
static void *reader_a(void *arg)
{
	struct worker *w = arg;
	unsigned char buf[4096];

	for (;;) {
		size_t size = pick(w, 4) ? sizeof(buf) : 24;
		long n = vfsim_read(tk, pipe_a[0], buf, size);

		w->n.ops++;
		if (n == 0)
			break;
		if (n < 0) {
			stress_error("read A", NULL, n);
			break;
		}
		w->n.ok++;
		check_records(w, buf, (size_t)n);
	}
	return NULL;
}

/* O_NONBLOCK reads of pipe B with buffers of 8..256 bytes. */
static void *reader_b(void *arg)
{
	struct worker *w = arg;
	unsigned char buf[256];

	for (;;) {
		size_t size = 8 + pick(w, sizeof(buf) - 8 + 1);
		long n = vfsim_read(tk, pipe_b[0], buf, size);

		w->n.ops++;
		if (n == -EAGAIN) {
			if (__atomic_load_n(&drain, __ATOMIC_ACQUIRE))
				break;
			sched_yield();
			continue;
		}
		if (n == -ENOBUFS) {
			w->enobufs++;	/* a record longer than size */
			if (size >= 24)
				stress_error("read B: ENOBUFS with room for any record", NULL, (long)size);
			continue;
		}
		if (n <= 0) {
			stress_error("read B", NULL, n);
			break;
		}
		w->n.ok++;
		check_records(w, buf, (size_t)n);
	}
	return NULL;
}

/* ---- the checker ---------------------------------------------------------------- */

static void *checker(void *arg)
{
	struct worker *w = arg;

	stress_check_loop(v, &stop, false, &w->n);
	return NULL;
}

/* ---- main ------------------------------------------------------------------------- */

static int make_pipe(int fds[2], int flags, unsigned long notes)
{
	long ret = vfsim_pipe2(tk, fds, O_NOTIFICATION_PIPE | flags);

	if (ret == 0)
		ret = vfsim_ioctl(tk, fds[0], IOC_WATCH_QUEUE_SET_SIZE, notes);
	if (ret)
		stress_error("notification pipe", NULL, ret);
	return (int)ret;
}

int main(int argc, char **argv)
{
	enum { MOUNTER, WATCHER, READER_A, READER_B, CHECKER, NFIXED };
	static const char *const names[NFIXED] = {
		"mounter", "watcher", "reader A", "reader B", "checker",
	};
	struct vfsim_options opts = { .sb_id_start = SB_ID_START };
	struct stress_args a;
	struct worker *w;
	unsigned long i;
	unsigned int nmounts;
	char path[32], why[256];
	unsigned int default_mounts = 0;	/* what the default tree has */

	stress_parse(argc, argv, PROG, NFIXED + 1, NULL, NULL, &a);
	opts.seed = a.seed;
	if (vfsim_create(&opts, &v) || vfsim_boot(v, "default")) {
		fprintf(stderr, PROG ": cannot make an instance\n");
		return 1;
	}
	tk = vfsim_init_task(v);
	vfsim_for_each_mount(tk, count_mount, &default_mounts);
	for (unsigned int k = 0; k < NDIRS; k++) {
		long ret;

		snprintf(path, sizeof(path), "/mnt/m%u", k);
		ret = vfsim_mkdirat(tk, AT_FDCWD, path, 0755);
		if (ret) {
			stress_error("mkdir", path, ret);
			return 1;
		}
	}
	if (make_pipe(pipe_a, 0, NOTES_A) || make_pipe(pipe_b, O_NONBLOCK, NOTES_B))
		return 1;

	stress_quiesce_init();
	w = calloc(a.threads, sizeof(*w));
	if (!w)
		return 1;
	for (i = 0; i < a.threads; i++) {
		static void *(*const fns[NFIXED])(void *) = {
			mounter, watcher, reader_a, reader_b, checker,
		};
		void *(*fn)(void *) = i < NFIXED ? fns[i] : walker;

		w[i].name = i < NFIXED ? names[i] : "walker";
		w[i].rng = a.seed ^ (0x9e3779b97f4a7c15ULL * (i + 1));
		if (pthread_create(&w[i].th, NULL, fn, &w[i])) {
			fprintf(stderr, PROG ": pthread_create failed\n");
			return 1;
		}
	}
	stress_run_for(a.seconds, &stop);

	/* The writers first (the mounter unmounts what it made), then the
	 * readers: A sees EOF once its write end is closed and the ring is
	 * empty, B drains to EAGAIN. */
	for (i = 0; i < a.threads; i++)
		if (i != READER_A && i != READER_B)
			pthread_join(w[i].th, NULL);
	vfsim_close(tk, pipe_a[1]);
	__atomic_store_n(&drain, 1, __ATOMIC_RELEASE);
	pthread_join(w[READER_A].th, NULL);
	pthread_join(w[READER_B].th, NULL);

	for (i = 0; i < a.threads; i++) {
		struct worker *x = &w[i];

		printf(PROG ": thread %lu (%s): %lu ops, %lu ok, %lu expected errors",
		       i, x->name, x->n.ops, x->n.ok, x->n.expected_err);
		if (i == READER_A || i == READER_B)
			printf("; records: %lu meta (%lu removal, %lu loss), %lu mount, "
			       "%lu sb; %lu ENOBUFS", x->records[0], x->removals, x->losses, x->records[2],
			       x->records[3], x->enobufs);
		printf("\n");
	}
	if (w[READER_A].records[2] + w[READER_B].records[2] == 0 ||
	    w[READER_A].records[3] + w[READER_B].records[3] == 0)
		stress_error("no mount or no sb record read: the run tested nothing", NULL, 0);

	vfsim_close(tk, pipe_a[0]);
	vfsim_close(tk, pipe_b[0]);
	vfsim_close(tk, pipe_b[1]);
	free(w);

	if (vfsim_check_invariants(v, why, sizeof(why)))
		stress_error("invariant at the end", why, 0);
	nmounts = 0;
	vfsim_for_each_mount(tk, count_mount, &nmounts);
	if (nmounts != default_mounts)
		stress_error("mounts left besides the default tree", NULL, (long)nmounts);
	return stress_end(v, PROG, a.seed);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers for the mount and superblock notification tests (plain C, no
 * Criterion): a non-blocking notification pipe, draining it into text
 * (one vfsim_decode_record() line per record, each ended by '\n') so that
 * a whole read-back compares as one string, and the IDs and counters a
 * test needs to write its expected lines.
 *
 * Every helper wears the nt_ prefix and has no kernel counterpart.  The
 * helpers abort the (test) process when something a test cannot go on
 * without fails.
 */
#ifndef VFSIM_TESTS_COMMON_NOTIFYTEST_H
#define VFSIM_TESTS_COMMON_NOTIFYTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/vfstest.h"

/* Room for the text of a drained pipe. */
#define NT_TEXT 8192

/*
 * nt_pipe - pipe2(O_NOTIFICATION_PIPE | O_NONBLOCK) as @t, then SET_SIZE
 * @nr_notes unless it is 0; fds[0] is the read end.
 */
void nt_pipe(struct vfsim_task *t, unsigned int nr_notes, int fds[2]);

/* nt_pipe() for each of the pipes @fds, ... (int[2] each), NULL-ended. */
void nt_pipes(struct vfsim_task *t, unsigned int nr_notes, int *fds, ...)
	__attribute__((sentinel));

/*
 * nt_drain_raw - read @fd until -EAGAIN (or 0), with a @chunk-byte buffer
 * per read, appending the bytes to @buf (of @size bytes).  Returns the
 * bytes gathered, or the first other negative result of a read.
 */
long nt_drain_raw(struct vfsim_task *t, int fd, size_t chunk, void *buf, size_t size);

/*
 * nt_drain - nt_drain_raw() with a 4096-byte buffer, each record rendered
 * by vfsim_decode_record() as one '\n'-ended line of @text (NUL-ended, of
 * @size bytes).  Returns the number of records, or a negative errno (a
 * read's, or -EBADMSG if the bytes are not a sequence of whole records).
 */
long nt_drain(struct vfsim_task *t, int fd, char *text, size_t size);

/* Read and forget whatever @fd holds: the number of records, or -errno. */
long nt_discard(struct vfsim_task *t, int fd);

/* The records in @buf[0..@len) as nt_drain() renders them; -EBADMSG if
 * they are not whole records. */
long nt_render(const void *buf, size_t len, char *text, size_t size);

/* vfsim_path_mnt_id(@path) as @t. */
unsigned int nt_mnt_id(struct vfsim_task *t, const char *path);
/* The change counter of mount @mnt_id. */
uint64_t nt_counter(struct vfsim_task *t, unsigned int mnt_id);
/* The unique ID of the superblock of the mount at @path (for %llx). */
unsigned long long nt_sb_id(struct vfsim_task *t, const char *path);

/* Remount the mount at @path as it is: its superblock's watchers get a
 * READONLY record (S5).  Aborts on failure. */
void nt_poke_sb(struct vfsim_task *t, const char *path);

/* Bind-remount the mount at @path noexec: a SETATTR posted on it.
 * Aborts on failure. */
void nt_touch(struct vfsim_task *t, const char *path);

/* A tmpfs "x" mounted on @path, then nt_touch()ed: a NEW_MOUNT posted on
 * the parent mount and a SETATTR on the new one.  Aborts on failure. */
void nt_mount_and_touch(struct vfsim_task *t, const char *path);

/* mkdir -p as @t (mode 0755), aborting on failure. */
void nt_mkdirs(struct vfsim_task *t, const char *path);

/*
 * nt_records_are - drain @fd (nt_drain()) and compare its text with the
 * printf-style @fmt; an empty string means the pipe must hold nothing.
 * Prints what differs to stderr; for cr_assert(nt_records_are(...)).
 */
bool nt_records_are(struct vfsim_task *t, int fd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * nt_tree_and_pipes - what the notification fault sweeps start from:
 * fx_notify_tree(@v), @p and @q two notification pipes of 32 notes (made
 * by @v's init task), and the mount ID (@a) and superblock unique ID
 * (@sb_a) of /mnt/a.
 */
void nt_tree_and_pipes(struct vfsim *v, int p[2], int q[2], unsigned int *a,
		       unsigned long long *sb_a);

/*
 * nt_expired_heard - mount @mnt, mounted on a directory of the root
 * mount, has just expired: @root_fd's watch on / (ID 1) holds its EXPIRY
 * and UNMOUNT, @own_fd's watch on its root (ID 2) its EXPIRY and the
 * REMOVAL of the watch, which died with the mount.  Prints what differs;
 * for cr_assert().
 */
bool nt_expired_heard(struct vfsim_task *t, int root_fd, int own_fd, unsigned int mnt);

/* vfsim_watch_mount() and vfsim_watch_sb(). */
typedef long nt_watch_fn(struct vfsim_task *t, int dfd, const char *path,
			 unsigned int at_flags, int watch_fd, int watch_id);

/*
 * nt_watch_automounts - an automount point /mnt/auto (tmpfs "auto") made
 * in a namespace of 1 mount, @watch on it (ID 1, through @fd, with
 * @at_flags) succeeds and triggers the automount: 3 mounts then, the
 * pipe's pipefs counted.  Prints what differs; for cr_assert().
 */
bool nt_watch_automounts(struct vfsim_task *t, nt_watch_fn *watch, unsigned int at_flags,
			 int fd);

/* Errata B1 and B2: one of the two calls given a watch_fd that is not a
 * notification pipe. */
struct nt_bad_fd_case {
	nt_watch_fn *watch;	/* the call with the erratum */
	nt_watch_fn *other;	/* the other call, whose erratum stays off */
	uint64_t quirk;		/* the erratum's VFSIM_QUIRK_* */
	int plain_end;		/* the end of a plain pipe to pass: 0 or 1 */
};

/*
 * nt_bad_watch_fd - with @c->quirk on when @quirk (off otherwise), @c->watch
 * on /mnt/a gives 0 with the quirk, else -EBADF for a closed fd (99) and
 * -EINVAL for an end of a plain pipe, both to add a watch (ID 1) and to
 * remove one (-1); @c->other still gives -EBADF for the closed fd.  Then
 * the quirks go off and vt_check() must pass.  Prints what differs to
 * stderr; for cr_assert(nt_bad_watch_fd(...)).
 */
bool nt_bad_watch_fd(struct vfsim *v, struct vfsim_task *t, const struct nt_bad_fd_case *c,
		     bool quirk);

/*
 * What a test's security policy was asked (vfsim_set_lsm(v, ops, &log)
 * with one of the two ops below): the hook answers @ret, counts its calls
 * and keeps the last call's object (the mount ID for watch_mount, the
 * superblock's unique ID for watch_sb) and the caller's uid.
 */
struct nt_lsm_log {
	int ret;
	unsigned int calls;
	uint64_t object;
	uid_t uid;
};

/* A policy with only the watch_mount hook, and one with only watch_sb. */
extern const struct vfsim_lsm_ops nt_lsm_watch_mount_ops;
extern const struct vfsim_lsm_ops nt_lsm_watch_sb_ops;

#endif

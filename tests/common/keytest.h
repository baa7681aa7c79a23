/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers for the key unit tests (plain C, no Criterion): adding keys with
 * string payloads, watching them, and draining a notification pipe of key
 * records into a short text, so a whole read-back compares as one string.
 *
 * The text is the records separated by blanks, serials written as their
 * distance from the first serial (KT_SERIAL(n) is serial n):
 *   "linked:K/A@ID"  a 16-byte KEY record of subtype linked (instantiated,
 *                    updated, unlinked, cleared, revoked, invalidated,
 *                    setattr likewise) for key K, aux A (a serial's
 *                    distance for linked/unlinked, else the number),
 *                    from the watch with ID
 *   "rm:K@ID"        a 16-byte REMOVAL record for key K
 *   "loss"           the LOSS record
 *   "?..."           anything else
 * Every helper wears the kt_ prefix.
 */
#ifndef VFSIM_TESTS_COMMON_KEYTEST_H
#define VFSIM_TESTS_COMMON_KEYTEST_H

#include <stdbool.h>
#include <stdint.h>

#include <vfsim/uapi/linux/keyctl.h>
#include <vfsim/vfsim.h>

#define KT_SERIAL_START 0x10000000
#define KT_SERIAL(n) (KT_SERIAL_START + (n))

/* add_key(@type, @desc, @payload (a string, or NULL), @ring) as @t. */
long kt_add(struct vfsim_task *t, const char *type, const char *desc,
	    const char *payload, int32_t ring);
/* KEYCTL_WATCH_KEY */
long kt_watch(struct vfsim_task *t, int32_t id, int fd, int watch_id);
/* keyctl(@cmd, ...) with the unused arguments 0. */
long kt_keyctl(struct vfsim_task *t, int cmd, unsigned long a2, unsigned long a3,
	       unsigned long a4);
/* A notification pipe (O_NONBLOCK, 32 notes) as @t. */
void kt_pipe(struct vfsim_task *t, int fds[2]);
/* Render what @fd holds now (see above) into @text; the record count. */
long kt_drain(struct vfsim_task *t, int fd, char *text, size_t size);
/* kt_drain() gives exactly @want; prints what it read if not. */
bool kt_reads(struct vfsim_task *t, int fd, const char *want);
/* KEYCTL_DESCRIBE into a static buffer, or "" with the error printed. */
const char *kt_describe(struct vfsim_task *t, int32_t id);

#endif

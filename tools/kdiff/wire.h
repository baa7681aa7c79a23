/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The runner and a helper process talk over a stream socket: a request is
 * a verb line (argc, then each word with its length), a reply is the
 * result and any data (mountinfo text for `tree`).  Integers in host
 * order: both ends are the same program.
 */
#ifndef VFSIM_KDIFF_WIRE_H
#define VFSIM_KDIFF_WIRE_H

#include "kdiff.h"

/* Each returns 0, or -errno (-EPIPE when the other end is gone). */
int kd_wire_send_argv(int fd, int argc, char **argv);
/* The words land in @store; @argv (malloc'd, NULL-terminated) points into
 * it. */
int kd_wire_recv_argv(int fd, struct kd_buf *store, int *argc, char ***argv);
int kd_wire_send_reply(int fd, long result, const struct kd_buf *data);
int kd_wire_recv_reply(int fd, long *result, struct kd_buf *data);

#endif /* VFSIM_KDIFF_WIRE_H */

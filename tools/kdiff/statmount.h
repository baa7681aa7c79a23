/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The `listmount` verb of vfsim-kdiff (docs/kernel-diff.md, "listmount
 * and statmount"): every mount listmount(LSMT_ROOT) gives the task,
 * statmount()ed, dumped as raw lines by either side, then turned into
 * canonical lines whose IDs (unique, 32-bit, peer groups, devices, the
 * namespace) are mapped to names that depend only on the tree.
 */
#ifndef VFSIM_KDIFF_STATMOUNT_H
#define VFSIM_KDIFF_STATMOUNT_H

#include <stddef.h>
#include <stdint.h>

#include "kdiff.h"

struct mnt_id_req;
struct statmount;

/* A side's two calls: >= 0 or -errno, as the syscalls. */
struct kd_statmount_calls {
	long (*listmount)(void *t, const struct mnt_id_req *req, uint64_t *ids,
			  size_t n, unsigned int flags);
	long (*statmount)(void *t, const struct mnt_id_req *req,
			  struct statmount *buf, size_t size, unsigned int flags);
};

/* The raw dump of @t's mounts into @out: 0 or the first -errno. */
long kd_statmount_dump(const struct kd_statmount_calls *calls, void *t,
		       struct kd_buf *out);

/* The mount point of unique mount ID @id into @buf ("" if statmount()
 * fails: a mount no longer in the tree). */
void kd_statmount_point(const struct kd_statmount_calls *calls, void *t,
			uint64_t id, char *buf, size_t len);

/* The canonical lines of a raw dump. */
void kd_canon_statmounts(const char *dump, struct kd_lines *out);

#endif /* VFSIM_KDIFF_STATMOUNT_H */

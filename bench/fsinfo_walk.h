/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The walk of a whole mount table with v17's fsinfo(): breadth first from
 * a mount, MOUNT_CHILDREN of each mount (whose list ends with the mount
 * itself) and MOUNT_INFO of each, by mount ID.  Shared by the benchmarks
 * that set it beside the host's listmount + statmount.  Include after
 * bench.h.
 */
#ifndef VFSIM_BENCH_FSINFO_WALK_H
#define VFSIM_BENCH_FSINFO_WALK_H

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>

#include <uapi/linux/fsinfo.h>
#include <vfsim/vfsim.h>

struct fsinfo_walk {
	struct vfsim_task *t;
	unsigned int *queue;		/* the breadth-first queue */
	struct fsinfo_mount_child *kids;
	size_t cap;			/* of both */
};

static inline __attribute__((unused)) void
fsinfo_walk_init(struct fsinfo_walk *w, struct vfsim_task *t, size_t mounts)
{
	w->t = t;
	w->cap = mounts + 16;
	w->queue = calloc(w->cap, sizeof(*w->queue));
	w->kids = calloc(w->cap, sizeof(*w->kids));
	if (!w->queue || !w->kids)
		die("calloc", -ENOMEM);
}

static inline __attribute__((unused)) void fsinfo_walk_fini(struct fsinfo_walk *w)
{
	free(w->queue);
	free(w->kids);
}

/* The ID as fsinfo() wants it, without snprintf()'s cost in the loop. */
static inline void fsinfo_walk_format_id(char *buf, unsigned int id)
{
	char tmp[16];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + id % 10);
		id /= 10;
	} while (id);
	while (n)
		*buf++ = tmp[--n];
	*buf = 0;
}

static inline long fsinfo_mount_info_by_id(struct vfsim_task *t, const char *id,
					   struct fsinfo_mount_info *mi)
{
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = FSINFO_ATTR_MOUNT_INFO,
	};

	return vfsim_fsinfo(t, AT_FDCWD, id, &p, mi, sizeof(*mi));
}

/* From the mount @root_mnt_id: ns per mount, *visited the count. */
static inline __attribute__((unused)) double
fsinfo_walk(struct fsinfo_walk *w, unsigned int root_mnt_id, unsigned long *visited)
{
	struct fsinfo_params pc = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = FSINFO_ATTR_MOUNT_CHILDREN,
	};
	struct fsinfo_mount_info mi;
	unsigned long head = 0, tail = 0;
	char id[16];
	double t0 = now_ns();

	w->queue[tail++] = root_mnt_id;
	while (head < tail) {
		long size, nr;

		fsinfo_walk_format_id(id, w->queue[head++]);
		CHECK(fsinfo_mount_info_by_id(w->t, id, &mi));
		size = vfsim_fsinfo(w->t, AT_FDCWD, id, &pc, w->kids,
				    w->cap * sizeof(*w->kids));
		CHECK(size);
		if ((size_t)size > w->cap * sizeof(*w->kids))
			die("MOUNT_CHILDREN larger than the table", -EMSGSIZE);
		nr = size / (long)sizeof(*w->kids) - 1;	/* the last is itself */
		for (long i = 0; i < nr; i++) {
			if (tail >= w->cap)
				die("more mounts than made", -EUCLEAN);
			w->queue[tail++] = w->kids[i].mnt_id;
		}
	}
	*visited = tail;
	return (now_ns() - t0) / (double)tail;
}

#endif

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The host's statmount(2) and listmount(2) (Linux 6.8) for the benchmarks
 * that set the model beside them, with the request, the fixed part of the
 * struct and the numbers declared here: Debian 12's headers are 6.1's.
 * Include after bench.h.
 */
#ifndef VFSIM_BENCH_HOST_STATMOUNT_H
#define VFSIM_BENCH_HOST_STATMOUNT_H

#include <errno.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __NR_statmount
#if defined(__x86_64__)
#define __NR_statmount 457
#define __NR_listmount 458
#endif
#endif

/* Version 0 of the request (MNT_ID_REQ_SIZE_VER0 = 24 bytes). */
struct bench_mnt_id_req {
	uint32_t size;
	uint32_t spare;
	uint64_t mnt_id;
	uint64_t param;
};

/* The fixed part of struct statmount as 6.8 defines it. */
struct bench_statmount {
	uint32_t size;
	uint32_t __spare1;
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
	uint64_t __spare2[50];
	char str[];
};

#define BENCH_STATMOUNT_SB_BASIC	0x1
#define BENCH_STATMOUNT_MNT_BASIC	0x2
#define BENCH_LSMT_ROOT			0xffffffffffffffffULL

static inline __attribute__((unused)) long
host_statmount(uint64_t id, struct bench_statmount *sm)
{
#ifdef __NR_statmount
	struct bench_mnt_id_req req = {
		.size = sizeof(req), .mnt_id = id,
		.param = BENCH_STATMOUNT_SB_BASIC | BENCH_STATMOUNT_MNT_BASIC,
	};

	return syscall(__NR_statmount, &req, sm, sizeof(*sm), 0);
#else
	(void)id; (void)sm;
	errno = ENOSYS;
	return -1;
#endif
}

static inline __attribute__((unused)) long
host_listmount(uint64_t parent, uint64_t last, uint64_t *ids, size_t nr)
{
#ifdef __NR_listmount
	struct bench_mnt_id_req req = {
		.size = sizeof(req), .mnt_id = parent, .param = last,
	};

	return syscall(__NR_listmount, &req, ids, nr, 0);
#else
	(void)parent; (void)last; (void)ids; (void)nr;
	errno = ENOSYS;
	return -1;
#endif
}

/*
 * listmount(2) of the whole namespace in chunks into @ids (@cap of them),
 * then statmount(2) of each: ns per mount, *visited the count.
 */
static inline __attribute__((unused)) double
host_statmount_walk(uint64_t *ids, size_t cap, unsigned long *visited)
{
	struct bench_statmount sm;
	uint64_t last = 0;
	size_t nr = 0;
	double t0 = now_ns();

	for (;;) {
		long got = host_listmount(BENCH_LSMT_ROOT, last, ids + nr, cap - nr);

		if (got < 0)
			die("listmount", -errno);
		nr += (size_t)got;
		if (!got || nr == cap)
			break;
		last = ids[nr - 1];
	}
	for (size_t i = 0; i < nr; i++)
		if (host_statmount(ids[i], &sm) < 0)
			die("statmount", -errno);
	*visited = nr;
	return (now_ns() - t0) / (double)(nr ? nr : 1);
}

#endif

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Customised: a hash table of hlist buckets that doubles as it fills.
 * The kernel sizes its mount, mountpoint and dentry hashes once, at boot,
 * from the machine's memory (alloc_large_system_hash()); an instance of
 * the model has no machine to size them from, and a fixed size either
 * wastes memory in the many small instances a test suite makes or turns
 * every lookup into a chain walk in the few that hold 100,000 mounts.  So
 * the buckets start at the boot size and the owner doubles them when its
 * entries outnumber them: by count, never by timing, so the size after a
 * given sequence of calls is the same in every run.
 *
 * What stays the kernel's: the entries are the same hlist_nodes in the
 * same objects, added and removed with the same hlist calls, and a lookup
 * still walks one bucket's chain.  Only the bucket array moves.
 *
 * A bucket is chosen by the top bits of a 64-bit hash (as hash_64() does),
 * so doubling splits bucket i into 2i and 2i + 1 and keeps the order of
 * each chain: the first match a lookup finds is the same after a resize.
 *
 * Concurrency: hlist_table_grow() runs under the owner's update lock, so
 * no other updater sees a half-moved table.  A lockless reader (RCU) that
 * raced a resize may miss an entry, or follow a moved node into a chain
 * of the new table, whose chains end as the old ones did: it must detect
 * the race as it detects any concurrent update (the mount hash's readers
 * sample mount_lock's sequence) and retry.  It never touches freed memory:
 * the old array is freed after a grace period and the nodes are not freed
 * at all.
 */
#ifndef _VFSIM_LINUX_HLIST_TABLE_H
#define _VFSIM_LINUX_HLIST_TABLE_H

#include <linux/kdefs.h>
#include <linux/list.h>
#include <linux/rcupdate.h>

/* 2^HLIST_TABLE_MAX_SHIFT buckets (8 GiB of heads) is as large as it gets. */
#define HLIST_TABLE_MAX_SHIFT 30

struct hlist_table {
	unsigned int shift;		/* 2^shift buckets, 1 <= shift */
	struct hlist_head heads[];
};

static inline struct hlist_head *hlist_table_bucket(const struct hlist_table *t,
						    u64 hash)
{
	return (struct hlist_head *)&t->heads[hash >> (64 - t->shift)];
}

/* Do @nr entries call for more buckets than @t has? (Load factor 1.) */
static inline bool hlist_table_full(const struct hlist_table *t, unsigned long nr)
{
	return nr > (1UL << t->shift) && t->shift < HLIST_TABLE_MAX_SHIFT;
}

/* A zeroed table of 2^@shift buckets, or NULL. */
struct hlist_table *hlist_table_alloc(unsigned int shift, gfp_t gfp);

/*
 * Replace *@tp by a table twice its size holding the same entries, each
 * in the bucket @hashfn's hash of it picks; the old array goes after a
 * grace period.  -ENOMEM leaves *@tp as it was, every entry in place.
 * Caller holds the lock that orders the table's updates.
 */
int hlist_table_grow(struct hlist_table **tp,
		     u64 (*hashfn)(const struct hlist_node *node), gfp_t gfp);

#endif

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A 100,000-mount tree with propagation, built and torn down under the
 * leak check.  Single-threaded: what it stresses is size (the hashes grow
 * through a dozen doublings, peer groups and slave lists by the tens of
 * thousands), not concurrency.
 *
 *   /a        tmpfs, shared (peer group A)
 *   /b        bind of /a: a peer in A
 *   /c        bind of /a, made a slave of A, then shared (group C)
 *   /e        bind of /c: a peer in C, a slave of A through /c's master
 *   /a/d<i>   N tmpfs mounts: each propagates to /b/d<i> (peer), /c/d<i>
 *             (slave) and /e/d<i> (peer of the slave): 4 mounts each
 *
 * Asserted, not printed: the namespace's mount count after every step of
 * a thousand mounts and at the end (the root, the four binds, 4 per
 * mount), the invariant checker (which looks every child up through the
 * mount hash), the hash accounting (one mount-hash entry per mount but
 * the root, one mountpoint per /x/d<i> and per bind), that the four
 * copies of a mount are four mounts; then every /a/d<i> unmounted (each
 * umount propagates to the three copies), the count back to the five
 * binds, no warning, and vfsim_destroy_check() with nothing leaked.
 *
 *   stress_scale_tree [--mounts M]    (default 100000: N = (M - 5) / 4, rounded up)
 * The sanitizer and coverage presets run it with --mounts 10000 (ctest,
 * tests/stress/CMakeLists.txt); --seconds is accepted and ignored, as the
 * other stress programs take it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfs/kernel.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define PROG "stress_scale_tree"
#define BINDS 5		/* the root and /a, /b, /c, /e */

static unsigned long errors;

#define FAIL(...) do {							\
	fprintf(stderr, PROG ": " __VA_ARGS__);				\
	fputc('\n', stderr);						\
	errors++;							\
} while (0)

#define MUST(expr) do {							\
	long __r = (long)(expr);					\
	if (__r < 0) {							\
		FAIL("%s: %ld (%s)", #expr, __r,			\
		     vfsim_errno_name((int)-__r) ? vfsim_errno_name((int)-__r) : "?"); \
		exit(1);						\
	}								\
} while (0)

static int count_cb(const struct vfsim_mount_desc *m, void *arg)
{
	(void)m;
	(*(unsigned long *)arg)++;
	return 0;
}

static unsigned long count_mounts(struct vfsim_task *t)
{
	unsigned long n = 0;

	MUST(vfsim_for_each_mount(t, count_cb, &n));
	return n;
}

/* The count, the invariants and the hashes' accounting, at rest. */
static void check(struct vfsim *v, struct vfsim_task *t, unsigned long want,
		  const char *when)
{
	char why[256];
	unsigned long n = count_mounts(t);

	if (n != want)
		FAIL("%s: %lu mounts, want %lu", when, n, want);
	if (vfsim_check_invariants(v, why, sizeof(why)))
		FAIL("%s: invariants: %s", when, why);
	/* every mount but the root hangs on a mountpoint */
	if (v->nr_mounted != n - 1)
		FAIL("%s: %lu mounts in the mount hash, want %lu", when,
		     v->nr_mounted, n - 1);
	if (hlist_table_full(v->mount_hashtable, v->nr_mounted))
		FAIL("%s: mount hash of 2^%u buckets holds %lu", when,
		     v->mount_hashtable->shift, v->nr_mounted);
	if (hlist_table_full(v->mountpoint_hashtable, v->nr_mountpoints))
		FAIL("%s: mountpoint hash of 2^%u buckets holds %lu", when,
		     v->mountpoint_hashtable->shift, v->nr_mountpoints);
	if (hlist_table_full(v->dentry_hashtable, v->nr_hashed_dentries))
		FAIL("%s: dentry hash of 2^%u buckets holds %lu", when,
		     v->dentry_hashtable->shift, v->nr_hashed_dentries);
}

int main(int argc, char **argv)
{
	unsigned long mounts = 100000, n, i;
	struct vfsim_options opts = { .seed = 1 };
	static const char *const copies[] = { "/a", "/b", "/c", "/e" };
	struct vfsim_task *t;
	struct vfsim *v;
	char path[64], when[64];

	for (int k = 1; k + 1 < argc; k += 2) {
		if (!strcmp(argv[k], "--mounts"))
			mounts = strtoul(argv[k + 1], NULL, 0);
		else if (strcmp(argv[k], "--seconds"))
			break;
	}
	if (mounts < BINDS + 4) {
		fprintf(stderr, "usage: " PROG " [--mounts M (at least 9)]\n");
		return 2;
	}
	n = (mounts - BINDS + 3) / 4;	/* at least @mounts */
	opts.mount_max = (unsigned int)mounts + 16;
	if (vfsim_create(&opts, &v) || vfsim_boot(v, "empty")) {
		fprintf(stderr, PROG ": cannot make an instance\n");
		return 1;
	}
	t = vfsim_init_task(v);
	for (i = 0; i < 4; i++)
		MUST(vfsim_mkdirat(t, AT_FDCWD, copies[i], 0755));
	MUST(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL));
	MUST(vfsim_mount(t, NULL, "/a", NULL, MS_SHARED, NULL));
	MUST(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
	MUST(vfsim_mount(t, "/a", "/c", NULL, MS_BIND, NULL));
	MUST(vfsim_mount(t, NULL, "/c", NULL, MS_SLAVE, NULL));
	MUST(vfsim_mount(t, NULL, "/c", NULL, MS_SHARED, NULL));
	MUST(vfsim_mount(t, "/c", "/e", NULL, MS_BIND, NULL));
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/a/d%lu", i);
		MUST(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
	}
	check(v, t, BINDS, "after the binds");

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/a/d%lu", i);
		MUST(vfsim_mount(t, "t", path, "tmpfs", 0, NULL));
		if (i % 1000 == 999) {
			snprintf(when, sizeof(when), "after %lu mounts", i + 1);
			if (count_mounts(t) != BINDS + 4 * (i + 1))
				FAIL("%s: %lu mounts, want %lu", when, count_mounts(t),
				     BINDS + 4 * (i + 1));
		}
	}
	check(v, t, BINDS + 4 * n, "built");
	/* the four copies of a mount are four mounts */
	for (i = 0; i < n; i += n / 7 + 1) {
		long id[4];

		for (unsigned int c = 0; c < 4; c++) {
			snprintf(path, sizeof(path), "%s/d%lu", copies[c], i);
			id[c] = vfsim_path_mnt_id(t, path);
			if (id[c] <= 0)
				FAIL("%s: %ld", path, id[c]);
			for (unsigned int p = 0; p < c; p++)
				if (id[p] == id[c])
					FAIL("%s/d%lu and %s/d%lu: one mount %ld",
					     copies[p], i, copies[c], i, id[c]);
		}
	}

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/a/d%lu", i);
		MUST(vfsim_umount2(t, path, 0));
	}
	check(v, t, BINDS, "torn down");
	for (i = 4; i-- > 0; )
		MUST(vfsim_umount2(t, copies[i], 0));
	check(v, t, 1, "empty");
	if (vfsim_warn_count(v))
		FAIL("%lu warnings", vfsim_warn_count(v));
	if (vfsim_destroy_check(v, stderr))
		FAIL("leaks at teardown");
	if (errors) {
		fprintf(stderr, PROG ": FAILED (%lu errors), %lu mounts\n", errors,
			BINDS + 4 * n);
		return 1;
	}
	printf(PROG ": ok, %lu mounts\n", BINDS + 4 * n);
	return 0;
}

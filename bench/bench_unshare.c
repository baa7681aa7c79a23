// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * unshare(CLONE_NEWNS) of a namespace of N mounts, and the namespace's
 * death (its last task exits), per copied mount: the model's
 * copy_mnt_ns() and put_mnt_ns() (vfs/mnt_ns.c, vfs/namespace.c) beside
 * the running kernel's, in one run.
 *
 * The model: a namespace of N tmpfs mounts under /m (plus the root and
 * /m), copied once and dropped (to warm the heap, as the host's slabs
 * are), then a forked task unshares it (CPU time of the call) and exits
 * (the copy dies: umount_tree() of every copy, then the frees).  The host
 * (--host 1, root): the same N tmpfs mounts in a private namespace
 * (bench_host.h), a forked child unshares (its own CPU time, which
 * includes the kernel's), then exits; its death is the wall time from
 * its last word to waitpid() (exit_task_namespaces() runs in between).
 * Each is divided by the mounts the copied namespace holds (the host's
 * count is read from the child's /proc/self/mountinfo).  Best of --iters.
 *
 *   bench_unshare [--n N[,N...]] [--iters K] [--host 0|1]
 */
#define BENCH_NAME "bench_unshare"
#include "bench.h"
#include "bench_host.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>

#include <vfs/kernel.h>
#include <vfsim/testing.h>

#define MAX_NS 8

struct result {
	double unshare_ns;	/* per copied mount */
	double death_ns;	/* per copied mount */
	unsigned long mounts;	/* in the copied namespace */
};

static void model_run(unsigned long n, struct result *r)
{
	struct vfsim_options opts = { .mount_max = (unsigned int)n + 16 };
	struct vfsim *v;
	struct vfsim_task *t, *c;
	char path[64];
	unsigned long i;
	double t0;

	CHECK(vfsim_create(&opts, &v));
	CHECK(vfsim_boot(v, "empty"));
	t = vfsim_init_task(v);
	CHECK(vfsim_mkdirat(t, AT_FDCWD, "/m", 0755));
	CHECK(vfsim_mount(t, "m", "/m", "tmpfs", 0, NULL));
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/m/d%lu", i);
		CHECK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
		CHECK(vfsim_mount(t, "t", path, "tmpfs", 0, NULL));
	}
	r->mounts = v->init_mnt_ns->mounts;
	/* A copy made and dropped first: the host's slabs are warm, and the
	 * model's heap should be too (its first copy pays the page faults
	 * of fresh memory, half its cost at N = 10,000). */
	CHECK(vfsim_task_fork(t, CLONE_NEWNS, &c));
	vfsim_task_exit(c);
	CHECK(vfsim_task_fork(t, 0, &c));
	t0 = cpu_ns();
	CHECK(vfsim_unshare(c, CLONE_NEWNS));
	r->unshare_ns = (cpu_ns() - t0) / (double)r->mounts;
	t0 = cpu_ns();
	vfsim_task_exit(c);
	r->death_ns = (cpu_ns() - t0) / (double)r->mounts;
	if (vfsim_destroy_check(v, stderr))
		die("vfsim_destroy_check", -EUCLEAN);
}

/* ---- the host --------------------------------------------------------- */

static unsigned long count_mountinfo(void)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	unsigned long n = 0;
	int c;

	if (!f)
		return 0;
	while ((c = getc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

struct child_word {
	double unshare_ns;
	unsigned long mounts;
};

/* In the host's private namespace, in @dir: N mounts, then a child that
 * unshares and exits. */
static bool host_child(const char *dir, void *arg, void *res)
{
	unsigned long n = *(unsigned long *)arg, i;
	struct result *r = res;
	struct child_word w;
	char path[96];
	int fds[2], status;
	double t0;
	pid_t pid;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/d%lu", dir, i);
		if (mkdir(path, 0755) || mount("t", path, "tmpfs", 0, NULL))
			return false;
	}
	if (pipe(fds))
		return false;
	pid = fork();
	if (pid < 0)
		return false;
	if (!pid) {
		close(fds[0]);
		t0 = cpu_ns();
		if (unshare(CLONE_NEWNS))
			_exit(1);
		w.unshare_ns = cpu_ns() - t0;
		w.mounts = count_mountinfo();
		_exit(write(fds[1], &w, sizeof(w)) == (ssize_t)sizeof(w) ? 0 : 1);
	}
	close(fds[1]);
	if (read(fds[0], &w, sizeof(w)) != (ssize_t)sizeof(w))
		return false;
	t0 = now_ns();
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
		return false;
	r->death_ns = (now_ns() - t0) / (double)w.mounts;
	close(fds[0]);
	r->mounts = w.mounts;
	r->unshare_ns = w.unshare_ns / (double)w.mounts;
	return true;
}

static void best_of(struct result *b, const struct result *r, bool first)
{
	if (first) {
		*b = *r;
		return;
	}
	if (r->unshare_ns < b->unshare_ns)
		b->unshare_ns = r->unshare_ns;
	if (r->death_ns < b->death_ns)
		b->death_ns = r->death_ns;
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_unshare [--n N[,N...]] [--iters K] [--host 0|1]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long ns[MAX_NS] = { 1000, 10000 }, nn = 2, iters = 3, host = 0, k, j;
	const char *n_arg = NULL;
	const struct bench_opt args[] = {
		{ "--n", .str = &n_arg },
		{ "--iters", .ul = &iters },
		{ "--host", .ul = &host },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args))
		usage();
	if (n_arg && !(nn = bench_n_list(n_arg, ns, MAX_NS)))
		usage();
	if (!iters)
		iters = 1;
	for (k = 0; k < nn; k++) {
		struct result r = { 0 }, m = { 0 }, h = { 0 };
		bool host_ok = host != 0;

		for (j = 0; j < iters; j++) {
			model_run(ns[k], &r);
			best_of(&m, &r, !j);
		}
		printf("# bench_unshare n=%lu iters=%lu: the model's namespace of %lu mounts\n",
		       ns[k], iters, m.mounts);
		row("model.unshare", m.unshare_ns, "ns/mount");
		row("model.death", m.death_ns, "ns/mount");
		for (j = 0; host_ok && j < iters; j++) {
			if (!bench_host_run(host_child, &ns[k], &r, sizeof(r))) {
				printf("# host: cannot run n=%lu\n", ns[k]);
				host_ok = false;
				break;
			}
			best_of(&h, &r, !j);
		}
		if (host_ok) {
			printf("# host: a namespace of %lu mounts\n", h.mounts);
			row("host.unshare", h.unshare_ns, "ns/mount");
			row("host.death", h.death_ns, "ns/mount");
			row_ratio("unshare.model_over_host", m.unshare_ns / h.unshare_ns);
			row_ratio("death.model_over_host", m.death_ns / h.death_ns);
		}
		fflush(stdout);
	}
	return 0;
}

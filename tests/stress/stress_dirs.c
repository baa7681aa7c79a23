/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Torture for directories and names: worker threads, each a task of its
 * own, make, remove, rename, link and list a few names in a tmpfs (and in
 * directories below it), one of them also mounts on and unmounts one
 * directory, and a detached clone of the tree (open_tree) holds a copy of
 * that mount, so that removals and renames meet mountpoints of the
 * caller's namespace (EBUSY) and of another (detached).  Open files are
 * held across operations, so names go while files on them stay open.  A
 * checker runs vfsim_check_invariants() at quiescent points.
 *
 *   /t           tmpfs
 *   /t/{a,b,c}   directories or files, made and removed at random
 *   /t/d/{a,b}   the same one level down; /t/m a mountpoint now and then
 *
 * Only the errnos races explain are accepted; anything else, an invariant
 * violation or a warning fails.  At the end every file is closed, the
 * mounts are undone and the instance must tear down clean.
 *
 *   stress_dirs [--seconds N] [--threads N] [--seed N]
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/stress.h"

#define NNAMES 6
#define MAX_OPEN 3

static struct vfsim *v;
static int stop;

static const char *const names[NNAMES] = {
	"/t/a", "/t/b", "/t/c", "/t/d/a", "/t/d/b", "/t/m",
};

struct worker {
	pthread_t th;
	int id;
	uint64_t rng;
	struct stress_counts n;
};

static const char *pick(struct worker *w)
{
	return names[stress_rand(&w->rng) % NNAMES];
}

static void step(struct worker *w, struct vfsim_task *t, int *open_fds, unsigned int *nopen)
{
	/* what a race (another thread's change of the same names) explains */
	static const int ok[] = {
		ENOENT, EEXIST, ENOTDIR, EISDIR, ENOTEMPTY, EBUSY, EINVAL, EPERM, 0,
	};
	char buf[512];
	const char *a = pick(w), *b = pick(w);
	unsigned int op = (unsigned int)(stress_rand(&w->rng) % 12);
	long ret, fd;

	switch (op) {
	case 0:
		ret = STRESS_OP(vfsim_mkdirat(t, AT_FDCWD, a, 0777));
		stress_tally(&w->n, "mkdir", a, ret, ok);
		break;
	case 1:
		if (*nopen == MAX_OPEN)
			break;
		fd = STRESS_OP(vfsim_openat(t, AT_FDCWD, a, O_CREAT | O_RDWR, 0666));
		if (fd >= 0)
			open_fds[(*nopen)++] = (int)fd;
		stress_tally(&w->n, "create", a, fd < 0 ? fd : 0, ok);
		break;
	case 2:
		ret = STRESS_OP(vfsim_unlinkat(t, AT_FDCWD, a, 0));
		stress_tally(&w->n, "unlink", a, ret, ok);
		break;
	case 3:
		ret = STRESS_OP(vfsim_unlinkat(t, AT_FDCWD, a, AT_REMOVEDIR));
		stress_tally(&w->n, "rmdir", a, ret, ok);
		break;
	case 4:
	case 5: {
		/* EXDEV: /t/m mounted on, the other name on /t */
		static const int rename_ok[] = {
			ENOENT, EEXIST, ENOTDIR, EISDIR, ENOTEMPTY, EBUSY, EINVAL, EXDEV, 0,
		};
		unsigned int flags = (unsigned int)(stress_rand(&w->rng) % 3);

		ret = STRESS_OP(vfsim_renameat2(t, AT_FDCWD, a, AT_FDCWD, b, flags));
		stress_tally(&w->n, "rename", a, ret, rename_ok);
		break;
	}
	case 6: {
		static const int link_ok[] = { ENOENT, EEXIST, EPERM, EXDEV, ENOTDIR, 0 };

		ret = STRESS_OP(vfsim_linkat(t, AT_FDCWD, a, AT_FDCWD, b, 0));
		stress_tally(&w->n, "link", a, ret, link_ok);
		break;
	}
	case 7:
	case 8:
		fd = STRESS_OP(vfsim_openat(t, AT_FDCWD, "/t", O_RDONLY | O_DIRECTORY, 0));
		if (fd < 0) {
			stress_error("open /t", NULL, fd);
			break;
		}
		/* small reads: the cursor across others' changes */
		while ((ret = STRESS_OP(vfsim_getdents64(t, (int)fd, buf, 48))) > 0)
			;
		stress_tally(&w->n, "getdents64", "/t", ret, ok);
		STRESS_OP(vfsim_close(t, (int)fd));
		break;
	case 9:
		if (*nopen) {
			ret = STRESS_OP(vfsim_write(t, open_fds[--(*nopen)], "x", 1));
			if (ret != 1)
				stress_error("write to an open file", NULL, ret);
			STRESS_OP(vfsim_close(t, open_fds[*nopen]));
		}
		break;
	case 10:
		if (w->id == 0) {
			static const int mount_ok[] = { ENOENT, ENOTDIR, 0 };

			ret = STRESS_OP(vfsim_mount(t, "m", "/t/m", "tmpfs", 0, NULL));
			stress_tally(&w->n, "mount", "/t/m", ret, mount_ok);
		}
		break;
	default:
		if (w->id == 0) {
			static const int umount_ok[] = { EINVAL, EBUSY, ENOENT, ENOTDIR, 0 };

			ret = STRESS_OP(vfsim_umount2(t, "/t/m", MNT_DETACH));
			stress_tally(&w->n, "umount", "/t/m", ret, umount_ok);
		}
		break;
	}
}

static void *worker(void *arg)
{
	struct worker *w = arg;
	struct vfsim_task *t = stress_task(v);
	int open_fds[MAX_OPEN];
	unsigned int nopen = 0;

	if (!t)
		return NULL;
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED))
		step(w, t, open_fds, &nopen);
	while (nopen)
		STRESS_OP(vfsim_close(t, open_fds[--nopen]));
	stress_task_end(t);
	return NULL;
}

static void *checker(void *arg)
{
	struct worker *w = arg;

	stress_check_loop(v, &stop, false, &w->n);
	return NULL;
}

/*
 * Every mount below /t, lazily.  Not only /t/m's: a mount made while a
 * worker renames its mountpoint ends up under the new name (/t/a,
 * /t/d/b), as in 5.8, where vfs_rename() checks is_local_mountpoint()
 * without locking a directory it moves and lock_mount() locks only the
 * mountpoint's own inode: the check and the attach are not one step.
 */
static void umount_below_t(struct vfsim_task *init)
{
	char info[16384], *line, *save;
	bool again = true;

	while (again) {
		again = false;
		if (vfsim_mountinfo(init, info, sizeof(info)) < 0) {
			stress_error("mountinfo at the end", NULL, 0);
			return;
		}
		for (line = strtok_r(info, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			char point[256];

			/* ID PARENT MAJ:MIN ROOT MOUNTPOINT ... */
			if (sscanf(line, "%*d %*d %*s %*s %255s", point) == 1 &&
			    strncmp(point, "/t/", 3) == 0 &&
			    vfsim_umount2(init, point, MNT_DETACH) == 0)
				again = true;
		}
	}
}

int main(int argc, char **argv)
{
	struct vfsim_task *init;
	struct stress_args a;
	struct worker *w;
	char why[256];
	long clone;

	stress_parse(argc, argv, "stress_dirs", 3, NULL, NULL, &a);
	if (vfsim_create(&(struct vfsim_options){ .seed = a.seed }, &v) ||
	    vfsim_boot(v, "empty")) {
		fprintf(stderr, "stress_dirs: cannot make an instance\n");
		return 1;
	}
	init = vfsim_init_task(v);
	if (vfsim_mkdirat(init, AT_FDCWD, "/t", 0777) ||
	    vfsim_mount(init, "t", "/t", "tmpfs", 0, "mode=1777") ||
	    vfsim_mkdirat(init, AT_FDCWD, "/t/d", 0777) ||
	    vfsim_mkdirat(init, AT_FDCWD, "/t/m", 0777) ||
	    vfsim_mount(init, "m", "/t/m", "tmpfs", 0, NULL)) {
		fprintf(stderr, "stress_dirs: cannot set up\n");
		return 1;
	}
	/* another namespace's copy of /t/m's mount */
	clone = vfsim_open_tree(init, AT_FDCWD, "/t", 1 /* OPEN_TREE_CLONE */ | 0x8000);
	if (clone < 0) {
		stress_error("open_tree", NULL, clone);
		return 1;
	}

	stress_quiesce_init();
	w = calloc(a.threads, sizeof(*w));
	if (!w)
		return 1;
	for (unsigned long i = 0; i < a.threads; i++) {
		w[i].id = (int)i;
		w[i].rng = a.seed ^ (0x9e3779b97f4a7c15ULL * (i + 1));
		if (pthread_create(&w[i].th, NULL, i == 1 ? checker : worker, &w[i])) {
			fprintf(stderr, "stress_dirs: pthread_create failed\n");
			return 1;
		}
	}
	stress_run_for(a.seconds, &stop);
	for (unsigned long i = 0; i < a.threads; i++) {
		pthread_join(w[i].th, NULL);
		printf("stress_dirs: thread %lu (%s): %lu ops, %lu ok, %lu expected errors\n",
		       i, i == 1 ? "checker" : "worker", w[i].n.ops, w[i].n.ok,
		       w[i].n.expected_err);
	}
	free(w);
	vfsim_close(init, (int)clone);
	umount_below_t(init);
	if (vfsim_check_invariants(v, why, sizeof(why)))
		stress_error("invariant at the end", why, 0);
	clone = vfsim_umount2(init, "/t", 0);
	if (clone) {
		char info[4096];

		stress_error("umount /t at the end", NULL, clone);
		if (vfsim_mountinfo(init, info, sizeof(info)) >= 0)
			fprintf(stderr, "stress_dirs: the tree left:\n%s", info);
	}
	return stress_end(v, "stress_dirs", a.seed);
}

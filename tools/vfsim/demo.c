/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * `vfsim demo`: boot the default tree and print it, then a short stream of
 * mount and superblock events as the patch set's watch_test sample would
 * receive them (its filter, its watch IDs), one decoded record per line
 * under the operation that caused it; then the output of `vfsim watch`,
 * the sample itself ported.  Everything is deterministic: the output is
 * the same on every run.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>

#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "tool.h"

/* samples/watch_queue/watch_test.c: BUF_SIZE notes and this filter. */
#define DEMO_NOTES 256
#define DEMO_FILTER "key mount:~move_from sb:readonly/flags=is_now_ro"

/* Print what the pipe holds, one record per line.  0 or -errno. */
static long print_records(struct vfsim_task *t, int fd)
{
	unsigned char buf[4096];
	char line[256];
	long n, len;
	size_t off;

	for (;;) {
		n = vfsim_read(t, fd, buf, sizeof(buf));
		if (n == -EAGAIN)
			return 0;
		if (n <= 0)
			return n ? n : -EPIPE;
		for (off = 0; off < (size_t)n; off += (size_t)len) {
			len = vfsim_decode_record(buf + off, (size_t)n - off, line,
						  sizeof(line));
			if (len < 0)
				return len;
			printf("  %s\n", line);
		}
	}
}

struct demo_step {
	const char *what;	/* printed above the step's records */
	const char *source, *target, *fstype;
	unsigned long flags;	/* mount(2) flags; MNT_DETACH etc. for umount */
	int kind;
};

enum { STEP_MKDIR, STEP_MOUNT, STEP_UMOUNT, STEP_WATCH_SB };

static const struct demo_step demo_steps[] = {
	{ NULL, NULL, "/srv", NULL, 0, STEP_MKDIR },
	{ NULL, NULL, "/tmp/srv", NULL, 0, STEP_MKDIR },
	{ "mount -t tmpfs demo /mnt", "demo", "/mnt", "tmpfs", 0, STEP_MOUNT },
	{ NULL, NULL, "/mnt", NULL, 0, STEP_WATCH_SB },
	{ "mount -o remount,ro /mnt", "none", "/mnt", NULL,
	  MS_REMOUNT | MS_RDONLY, STEP_MOUNT },
	{ "mount --bind /mnt /srv", "/mnt", "/srv", NULL, MS_BIND, STEP_MOUNT },
	{ "mount --move /srv /tmp/srv  (move_from: filtered out)", "/srv",
	  "/tmp/srv", NULL, MS_MOVE, STEP_MOUNT },
	{ "umount /tmp/srv", NULL, "/tmp/srv", NULL, 0, STEP_UMOUNT },
	{ "umount /mnt  (the superblock dies: its watch is removed)", NULL,
	  "/mnt", NULL, 0, STEP_UMOUNT },
};

static long run_step(struct vfsim_task *t, int fd, const struct demo_step *s)
{
	switch (s->kind) {
	case STEP_MKDIR:
		return vfsim_mkdirat(t, AT_FDCWD, s->target, 0755);
	case STEP_MOUNT:
		return vfsim_mount(t, s->source, s->target, s->fstype, s->flags, NULL);
	case STEP_UMOUNT:
		return vfsim_umount2(t, s->target, (int)s->flags);
	case STEP_WATCH_SB:
		return vfsim_watch_sb(t, AT_FDCWD, s->target, 0, fd, 3);
	}
	return -EINVAL;
}

/* The event stream; 0 or -errno with *@what naming the failed operation. */
static long demo_events(struct vfsim_task *t, const char **what)
{
	unsigned char filter[8 + 44 * 3];
	char why[256];
	int fds[2] = { -1, -1 };
	size_t i;
	long ret;

	*what = "pipe2(O_NOTIFICATION_PIPE)";
	ret = vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE | O_NONBLOCK);
	if (ret < 0)
		return ret;
	*what = "IOC_WATCH_QUEUE_SET_SIZE";
	ret = vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_SIZE, DEMO_NOTES);
	if (ret < 0)
		goto out;
	*what = "the watch_test filter";
	ret = vfsim_filter_parse(DEMO_FILTER, filter, sizeof(filter), why, sizeof(why));
	if (ret >= 0)
		ret = vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_FILTER,
				  (unsigned long)filter);
	if (ret < 0)
		goto out;
	*what = "watch_mount(\"/\")";
	ret = vfsim_watch_mount(t, AT_FDCWD, "/", 0, fds[0], 2);
	if (ret < 0)
		goto out;

	printf("\nevents through a notification pipe (%d notes, watch_test's filter),\n"
	       "watch_mount(\"/\", id 2) and watch_sb(\"/mnt\", id 3):\n", DEMO_NOTES);
	for (i = 0; i < sizeof(demo_steps) / sizeof(demo_steps[0]); i++) {
		const struct demo_step *s = &demo_steps[i];

		*what = s->what ? s->what : s->target;
		ret = run_step(t, fds[0], s);
		if (ret < 0)
			goto out;
		if (!s->what)
			continue;
		printf("%s\n", s->what);
		*what = "read";
		ret = print_records(t, fds[0]);
		if (ret < 0)
			goto out;
	}
out:
	vfsim_close(t, fds[0]);
	vfsim_close(t, fds[1]);
	return ret < 0 ? ret : 0;
}

int cmd_demo(int argc, char **argv)
{
	static const struct watch_options watch_defaults = { 0 };
	struct vfsim *v;
	const char *what = "";
	char ebuf[128];
	int ret, status = TOOL_EXIT_OK;
	long err;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, TOOL_NAME ": demo takes no arguments\n");
		tool_usage(stderr);
		return TOOL_EXIT_USAGE;
	}

	ret = vfsim_create(NULL, &v);
	if (ret < 0) {
		fprintf(stderr, TOOL_NAME ": demo: cannot create a simulated kernel: %s\n",
			tool_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	ret = vfsim_boot(v, "default");
	if (ret < 0) {
		fprintf(stderr, TOOL_NAME ": demo: boot default: %s\n",
			tool_strerror(ret, ebuf, sizeof(ebuf)));
		status = TOOL_EXIT_FAIL;
		goto out;
	}

	printf(TOOL_NAME " %s: the default tree, as the init task sees it\n",
	       vfsim_version());
	ret = vfsim_print_tree(vfsim_init_task(v), stdout);
	if (ret < 0) {
		fprintf(stderr, TOOL_NAME ": demo: tree: %s\n",
			tool_strerror(ret, ebuf, sizeof(ebuf)));
		status = TOOL_EXIT_FAIL;
		goto out;
	}

	err = demo_events(vfsim_init_task(v), &what);
	if (err < 0) {
		fflush(stdout);
		fprintf(stderr, TOOL_NAME ": demo: %s: %s\n", what,
			tool_strerror(err, ebuf, sizeof(ebuf)));
		status = TOOL_EXIT_FAIL;
	}
out:
	if (status == TOOL_EXIT_OK) {
		/* The same stream as the sample itself prints it, on a kernel
		 * of its own (`vfsim watch`). */
		printf("\nthe watch_test sample, ported (" TOOL_NAME " watch):\n");
		status = watch_port(&watch_defaults);
	}
	if (vfsim_warn_count(v)) {
		fprintf(stderr, TOOL_NAME ": demo: the kernel hit %lu warning(s)\n",
			vfsim_warn_count(v));
		status = TOOL_EXIT_FAIL;
	}
	vfsim_destroy(v);
	return status;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim watch [--v17] [-q] [--check] [SCENARIO|-]`: the patch set's
 * samples/watch_queue/watch_test.c as our own program on the public API
 * (spec §5.1): the same queue, filter and watches, the same consumer
 * (cmd_watch_print.c), fed by a built-in sequence of mount operations or
 * by a scenario file run on the same kernel.
 *
 * The sample blocks in read() while another shell changes the mounts.  The
 * model has one thread, so the port reads without blocking until EAGAIN
 * after each step, and at the end closes the pipe's write end so that the
 * last read() returns 0 and the sample's "-- END --" is printed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "cmd_watch_print.h"
#include "scenario.h"
#include "tool.h"

#define BUF_SIZE 256	/* the sample's queue size, in notes */

/* What the patch set posted: every erratum of the notification code. */
#define V17_QUIRKS (VFSIM_QUIRK_B1 | VFSIM_QUIRK_B2 | VFSIM_QUIRK_B3 | \
		    VFSIM_QUIRK_B4 | VFSIM_QUIRK_B5 | VFSIM_QUIRK_B8 | \
		    VFSIM_QUIRK_B9 | VFSIM_QUIRK_B10)

struct watch {
	const struct watch_options *o;
	struct vfsim *v;
	struct vfsim_task *t;
	int fds[2];
	bool eof;		/* a read() returned 0 */
	int status;		/* TOOL_EXIT_* once something went wrong */
};

static int watch_fail(struct watch *w, const char *what, long err)
{
	char ebuf[128];

	fflush(stdout);
	fprintf(stderr, TOOL_NAME ": watch: %s: %s\n", what,
		tool_strerror(err, ebuf, sizeof(ebuf)));
	w->status = TOOL_EXIT_FAIL;
	return w->status;
}

/* The sample's consumer, until the queue is empty (or at EOF). */
static int watch_drain(struct watch *w)
{
	unsigned char buffer[WATCH_PRINT_BUF_SIZE];
	long n;

	for (;;) {
		n = vfsim_read(w->t, w->fds[0], buffer, sizeof(buffer));
		if (n == -EAGAIN)
			return 0;
		if (n < 0)
			return watch_fail(w, "read", n);
		switch (watch_print_read(stdout, stderr, buffer, n)) {
		case WATCH_PRINT_OK:
			break;
		case WATCH_PRINT_END:
			w->eof = true;
			return 0;
		case WATCH_PRINT_STOP:
		case WATCH_PRINT_FATAL:
			/* The sample returns or exits; either way the model
			 * produced a record no kernel would. */
			w->status = TOOL_EXIT_FAIL;
			return w->status;
		}
	}
}

static int watch_check(struct watch *w, const char *after)
{
	char why[256];

	if (!w->o->check || vfsim_check_invariants(w->v, why, sizeof(why)) == 0)
		return 0;
	fflush(stdout);
	fprintf(stderr, TOOL_NAME ": watch: after %s: invariant broken: %s\n",
		after, why);
	w->status = TOOL_EXIT_FAIL;
	return w->status;
}

/* ---- the built-in scenario ------------------------------------------------- */

enum step_kind {
	STEP_MKDIR, STEP_MOUNT, STEP_UMOUNT, STEP_WATCH_SB, STEP_AUTOMOUNT,
	STEP_LS, STEP_EXPIRE, STEP_SB_ERROR,
};

struct watch_step {
	const char *what;	/* printed as "# what"; NULL: part of the setup */
	enum step_kind kind;
	const char *source, *target, *fstype;
	unsigned long flags;	/* mount(2) flags */
};

/*
 * Every record kind the sample's filter lets through: new_mount (also of a
 * submount), readonly, setattr, move_to, unmount, expiry, the superblock's
 * readonly when it became R/O, and the removal of a watch; and one of each
 * kind it stops (a superblock made R/W, move_from, a superblock error).
 * Only LOSS is missing: 256 notes are not filled between two reads here.
 */
/* The sample expects something mounted on /mnt when it starts. */
static const struct watch_step setup_steps[] = {
	{ "mount -t tmpfs none /mnt", STEP_MOUNT, "none", "/mnt", "tmpfs", 0 },
	{ NULL, STEP_WATCH_SB, NULL, "/mnt", NULL, 0 },
};

static const struct watch_step default_steps[] = {
	{ "mount -o remount,ro /mnt",
	  STEP_MOUNT, "none", "/mnt", NULL, MS_REMOUNT | MS_RDONLY },
	{ "mount -o remount,rw /mnt  (the superblock's readonly: filtered out)",
	  STEP_MOUNT, "none", "/mnt", NULL, MS_REMOUNT },
	{ "mkdir /srv", STEP_MKDIR, NULL, "/srv", NULL, 0 },
	{ "mount --bind /mnt /srv", STEP_MOUNT, "/mnt", "/srv", NULL, MS_BIND },
	{ "mount -o remount,bind,ro /srv",
	  STEP_MOUNT, "none", "/srv", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY },
	{ "mkdir /tmp/srv", STEP_MKDIR, NULL, "/tmp/srv", NULL, 0 },
	{ "mount --move /srv /tmp/srv  (move_from: filtered out)",
	  STEP_MOUNT, "/srv", "/tmp/srv", NULL, MS_MOVE },
	{ "umount /tmp/srv", STEP_UMOUNT, NULL, "/tmp/srv", NULL, 0 },
	{ "automount /mnt/auto tmpfs auto",
	  STEP_AUTOMOUNT, "auto", "/mnt/auto", "tmpfs", 0 },
	{ "ls /mnt/auto  (the walk mounts the automount point)",
	  STEP_LS, NULL, "/mnt/auto", NULL, 0 },
	{ "expire  (the first pass marks /mnt/auto)",
	  STEP_EXPIRE, NULL, NULL, NULL, 0 },
	{ "expire  (the second pass expires it)",
	  STEP_EXPIRE, NULL, NULL, NULL, 0 },
	{ "sb_error /mnt EIO  (filtered out)",
	  STEP_SB_ERROR, NULL, "/mnt", NULL, EIO },
	{ "umount /mnt  (the superblock dies: the watch_sb watch goes)",
	  STEP_UMOUNT, NULL, "/mnt", NULL, 0 },
};

static long run_step(struct watch *w, const struct watch_step *s)
{
	struct vfsim_task *t = w->t;
	long fd;

	switch (s->kind) {
	case STEP_MKDIR:
		return vfsim_mkdirat(t, AT_FDCWD, s->target, 0755);
	case STEP_MOUNT:
		return vfsim_mount(t, s->source, s->target, s->fstype, s->flags,
				   NULL);
	case STEP_UMOUNT:
		return vfsim_umount2(t, s->target, 0);
	case STEP_WATCH_SB:
		return vfsim_watch_sb(t, AT_FDCWD, s->target, 0, w->fds[0], 0x03);
	case STEP_AUTOMOUNT:
		return vfsim_mkautomount(t, s->target, s->fstype, s->source, NULL);
	case STEP_LS:
		fd = vfsim_openat(t, AT_FDCWD, s->target, O_RDONLY | O_DIRECTORY, 0);
		return fd < 0 ? fd : vfsim_close(t, (int)fd);
	case STEP_EXPIRE:
		return vfsim_expire_mounts(w->v);
	case STEP_SB_ERROR:
		return vfsim_sb_error(t, s->target, (int)s->flags);
	}
	return -EINVAL;
}

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static int run_steps(struct watch *w, const struct watch_step *steps,
		     size_t nr)
{
	size_t i;
	long ret;

	for (i = 0; i < nr; i++) {
		const struct watch_step *s = &steps[i];
		const char *what = s->what ? s->what : "watch_sb";

		if (s->what && !w->o->quiet)
			printf("# %s\n", s->what);
		ret = run_step(w, s);
		if (ret < 0)
			return watch_fail(w, what, ret);
		if (watch_drain(w) || watch_check(w, what))
			return w->status;
	}
	return 0;
}

/* ---- a scenario file ------------------------------------------------------ */

/*
 * The interpreter reads its file with getline(), which calls the stream's
 * read function only when the stream's buffer is empty.  Handing it one
 * line per call therefore means that each call after the first comes when
 * the previous line has run: the moment to read the pipe, as the sample
 * would have read while that operation happened.  This gives the drain
 * after every line without a hook in the interpreter.
 */
struct line_feed {
	struct watch *w;
	FILE *in;
	char *line;
	size_t cap, len, off;	/* the line being handed out: [off, len) */
};

static ssize_t feed_read(void *cookie, char *buf, size_t size)
{
	struct line_feed *lf = cookie;
	ssize_t n;

	if (lf->off == lf->len) {
		/* The last line has run.  (A line longer than the stream's
		 * buffer goes out in pieces: the drains between find nothing.)
		 * If the pipe cannot be read, the scenario ends here as if at
		 * the end of its file: the failure is reported already. */
		if (lf->w->status || watch_drain(lf->w))
			return 0;
		n = getline(&lf->line, &lf->cap, lf->in);
		if (n < 0)
			return ferror(lf->in) ? -1 : 0;
		lf->len = (size_t)n;
		lf->off = 0;
	}
	if (size > lf->len - lf->off)
		size = lf->len - lf->off;
	memcpy(buf, lf->line + lf->off, size);
	lf->off += size;
	return (ssize_t)size;
}

static int watch_scenario(struct watch *w)
{
	struct scn_options so = { .trace = !w->o->quiet, .check = w->o->check };
	struct line_feed lf = { .w = w, .in = w->o->scenario };
	cookie_io_functions_t io = { .read = feed_read };
	FILE *f;
	int status;

	f = fopencookie(&lf, "r", io);
	if (!f)
		return watch_fail(w, "fopencookie", -ENOMEM);
	status = scn_run_file_on(f, w->o->scenario_name, &so, w->v);
	fclose(f);
	free(lf.line);
	/* What the last line posted, if the scenario stopped early. */
	if (!w->status)
		watch_drain(w);
	if (!w->status)
		w->status = status;
	return w->status;
}

/* ---- setup and teardown --------------------------------------------------- */

/* watch_test.c's filter: keys; mounts but move_from; R/O superblocks. */
static long set_filter(struct watch *w)
{
	union {
		struct watch_notification_filter f;
		unsigned char b[sizeof(struct watch_notification_filter) +
				3 * sizeof(struct watch_notification_type_filter)];
	} u;
	struct watch_notification_type_filter *r = u.f.filters;

	memset(&u, 0, sizeof(u));
	u.f.nr_filters = 3;
	r[0].type = WATCH_TYPE_KEY_NOTIFY;
	r[0].subtype_filter[0] = UINT32_MAX;
	r[1].type = WATCH_TYPE_MOUNT_NOTIFY;
	r[1].subtype_filter[0] = UINT32_MAX & ~(1U << NOTIFY_MOUNT_MOVE_FROM);
	r[2].type = WATCH_TYPE_SB_NOTIFY;
	r[2].subtype_filter[0] = 1U << NOTIFY_SUPERBLOCK_READONLY;
	r[2].info_mask = WATCH_INFO_FLAG_0;
	r[2].info_filter = WATCH_INFO_FLAG_0;
	return vfsim_ioctl(w->t, w->fds[0], IOC_WATCH_QUEUE_SET_FILTER,
			   (unsigned long)&u.f);
}

/* Steps 1-5 of the sample, with its perror() messages. */
static int watch_setup(struct watch *w)
{
	long ret;

	ret = vfsim_pipe2(w->t, w->fds, O_NOTIFICATION_PIPE | O_NONBLOCK);
	if (ret < 0)
		return watch_fail(w, "pipe2", ret);
	ret = vfsim_ioctl(w->t, w->fds[0], IOC_WATCH_QUEUE_SET_SIZE, BUF_SIZE);
	if (ret < 0)
		return watch_fail(w, "watch_queue(size)", ret);
	ret = set_filter(w);
	if (ret < 0)
		return watch_fail(w, "watch_queue(filter)", ret);
	/*
	 * The sample now watches the session and user keyrings with keyctl
	 * (IDs 1 and 2).  The model has no keyrings: that step is left out,
	 * and no KEY record can arrive.
	 */
	ret = vfsim_watch_mount(w->t, AT_FDCWD, "/", 0, w->fds[0], 0x02);
	if (ret < 0)
		return watch_fail(w, "watch_mount", ret);
	return watch_check(w, "the setup");
}

/* The sample's last read: the write end is closed, so read() gives 0. */
static int watch_end(struct watch *w)
{
	long ret = vfsim_close(w->t, w->fds[1]);

	w->fds[1] = -1;
	if (ret < 0)
		return watch_fail(w, "close", ret);
	if (watch_drain(w))
		return w->status;
	/* With no writer left, EAGAIN would be a model bug. */
	if (!w->eof)
		return watch_fail(w, "read with the write end closed", -EAGAIN);
	return 0;
}

int watch_port(const struct watch_options *o)
{
	struct vfsim_options vo = { 0 };
	struct watch w = { .o = o, .fds = { -1, -1 } };
	long ret;

	if (o->v17)
		vo.quirks = V17_QUIRKS;
	ret = vfsim_create(&vo, &w.v);
	if (ret == 0)
		ret = vfsim_boot(w.v, "default");
	if (ret < 0) {
		watch_fail(&w, "cannot boot the default tree", ret);
		vfsim_destroy(w.v);
		return w.status;
	}
	w.t = vfsim_init_task(w.v);

	if (!watch_setup(&w) &&
	    !run_steps(&w, setup_steps, ARRAY_LEN(setup_steps))) {
		if (o->scenario)
			watch_scenario(&w);
		else
			run_steps(&w, default_steps, ARRAY_LEN(default_steps));
	}
	if (!w.status)
		watch_end(&w);

	if (w.fds[1] >= 0)
		vfsim_close(w.t, w.fds[1]);
	if (w.fds[0] >= 0)
		vfsim_close(w.t, w.fds[0]);
	if (vfsim_warn_count(w.v)) {
		fflush(stdout);
		fprintf(stderr, TOOL_NAME ": watch: the kernel hit %lu warning(s)\n",
			vfsim_warn_count(w.v));
		w.status = TOOL_EXIT_FAIL;
	}
	vfsim_destroy(w.v);
	fflush(stdout);
	return w.status;
}

/* ---- the command line ----------------------------------------------------- */

static void watch_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " watch [--v17] [-q] [--check] [SCENARIO|-]\n", out);
}

int cmd_watch(int argc, char **argv)
{
	struct watch_options o = { 0 };
	const char *file = NULL;
	bool opts_done = false;
	int i, status;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!opts_done && !strcmp(a, "--")) {
			opts_done = true;
		} else if (!opts_done && !strcmp(a, "--v17")) {
			o.v17 = true;
		} else if (!opts_done && (!strcmp(a, "-q") || !strcmp(a, "--quiet"))) {
			o.quiet = true;
		} else if (!opts_done && !strcmp(a, "--check")) {
			o.check = true;
		} else if (!opts_done && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
			watch_usage(stdout);
			fputs("\n"
			      "The patch set's samples/watch_queue/watch_test.c on the default\n"
			      "tree: a notification pipe of 256 notes with the sample's filter,\n"
			      "watch_mount(\"/\", 0x02), a tmpfs on /mnt and watch_sb(\"/mnt\", 0x03);\n"
			      "then a built-in sequence of mount operations, or the scenario\n"
			      "in SCENARIO ('-': standard input) run on the same kernel; the\n"
			      "records are printed in the sample's format.\n"
			      "\n"
			      "options:\n"
			      "  --v17       the posted v17 behaviour (quirks B1-B5, B8-B10):\n"
			      "              watch IDs in info bits 24-31, as in the patches' examples\n"
			      "  -q, --quiet only the sample's output, no '# operation' lines\n"
			      "  --check     check the kernel's invariants after every step\n"
			      "  -h, --help  this text\n", stdout);
			return TOOL_EXIT_OK;
		} else if (!opts_done && a[0] == '-' && a[1] != '\0') {
			fprintf(stderr, TOOL_NAME ": watch: unknown option '%s'\n", a);
			watch_usage(stderr);
			return TOOL_EXIT_USAGE;
		} else if (file) {
			fprintf(stderr, TOOL_NAME ": watch: one scenario file only\n");
			watch_usage(stderr);
			return TOOL_EXIT_USAGE;
		} else {
			file = a;
		}
	}

	if (file && strcmp(file, "-") == 0) {
		o.scenario = stdin;
		o.scenario_name = "<stdin>";
	} else if (file) {
		o.scenario = fopen(file, "r");
		o.scenario_name = file;
		if (!o.scenario) {
			fprintf(stderr, TOOL_NAME ": cannot open %s: %s\n", file,
				strerror(errno));
			return TOOL_EXIT_NOINPUT;
		}
	}
	status = watch_port(&o);
	if (o.scenario && o.scenario != stdin)
		fclose(o.scenario);
	return status;
}

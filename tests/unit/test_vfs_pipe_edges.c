// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Plain pipes at their limits, and the tree walkers at theirs:
 *   - a read or write of more than MAX_RW_COUNT is cut to it, not refused;
 *   - a blocking write into a full pipe: with a signal pending it returns
 *     what it wrote, then ERESTARTSYS; on a nosleep instance the sleep
 *     fails with EAGAIN (struct vfsim_options.nosleep);
 *   - no reader: EPIPE, however long the write;
 *   - vfsim_mount_by_id() for IDs that cannot be, and for a mount that a
 *     lazy umount took out of the namespace (still alive, held by an fd);
 *     a callback that stops the walk; a mount with no source ("none").
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"

#define PIPE_BYTES (16 * 4096)	/* a plain pipe's default capacity */
#define ERESTARTSYS 512		/* the kernel's, not in <errno.h> */

static struct vfsim *v;
static struct vfsim_task *t;

static void plain_pipe(int fds[2], int flags)
{
	OK(vfsim_pipe2(t, fds, flags));
}

VT_TEST(pipe_edges, huge_lengths_are_cut, "empty", NULL)
{
	char byte = 'x';
	int fds[2];

	plain_pipe(fds, O_NONBLOCK);
	/* Empty: the length is cut before anything is looked at. */
	EXPECT(vfsim_read(t, fds[0], &byte, SIZE_MAX), -EAGAIN);
	OK(vfsim_close(t, fds[0]));
	EXPECT(vfsim_write(t, fds[1], &byte, SIZE_MAX), -EPIPE);
	OK(vfsim_close(t, fds[1]));
}

VT_TEST(pipe_edges, full_pipe_with_a_signal_pending, "empty", NULL)
{
	char *buf = calloc(1, PIPE_BYTES + 1);
	int fds[2];

	cr_assert_not_null(buf);
	plain_pipe(fds, 0);
	vfsim_task_set_signal_pending(t, true);
	/* What fits goes; the rest would wait. */
	EXPECT(vfsim_write(t, fds[1], buf, PIPE_BYTES + 1), PIPE_BYTES);
	EXPECT(vfsim_write(t, fds[1], buf, 1), -ERESTARTSYS);
	vfsim_task_set_signal_pending(t, false);
	EXPECT(vfsim_read(t, fds[0], buf, PIPE_BYTES + 1), PIPE_BYTES);
	OK(vfsim_close(t, fds[0]));
	OK(vfsim_close(t, fds[1]));
	free(buf);
}

/* Not a VT_TEST: the instance is made with an option. */
Test(pipe_edges, full_pipe_that_cannot_sleep)
{
	struct vfsim_options o = { .nosleep = true };
	char *buf = calloc(1, PIPE_BYTES + 1);
	int fds[2];

	v = vt_boot_with(&o, "empty");
	t = vfsim_init_task(v);
	cr_assert_not_null(buf);
	plain_pipe(fds, 0);
	EXPECT(vfsim_write(t, fds[1], buf, PIPE_BYTES + 1), PIPE_BYTES);
	EXPECT(vfsim_write(t, fds[1], buf, 1), -EAGAIN);
	OK(vfsim_close(t, fds[0]));
	EXPECT(vfsim_write(t, fds[1], buf, 1), -EPIPE);
	OK(vfsim_close(t, fds[1]));
	free(buf);
	cr_assert_eq(vt_finish(v), 0, "unclean instance at the end of the test");
}

/* ---- the walkers --------------------------------------------------------------- */

struct seen {
	int calls, stop_after;
	char source[32];
};

static int see(const struct vfsim_mount_desc *m, void *arg)
{
	struct seen *s = arg;

	snprintf(s->source, sizeof(s->source), "%s", m->source);
	return ++s->calls == s->stop_after ? 42 : 0;
}

VT_TEST(pipe_edges, mount_walkers, "empty", NULL)
{
	struct seen s = { 0 };
	long id, fd;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/m", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/n", 0755));
	OK(vfsim_mount(t, NULL, "/m", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "n", "/n", "tmpfs", 0, NULL));
	id = vfsim_path_mnt_id(t, "/m");
	OK(id);

	EXPECT(vfsim_mount_by_id(t, 0, see, &s), -ENOENT);
	EXPECT(vfsim_mount_by_id(t, (unsigned int)INT_MAX + 1, see, &s), -ENOENT);
	EXPECT(vfsim_mount_by_id(t, 999, see, &s), -ENOENT);
	EXPECT(vfsim_mount_by_id(t, 1, NULL, &s), -EINVAL);
	cr_expect_eq(s.calls, 0);
	EXPECT(vfsim_mount_by_id(t, (unsigned int)id, see, &s), 0);
	cr_expect_str_eq(s.source, "none", "no source is 'none'");

	/* The callback's non-zero return stops the walk and is returned. */
	s.calls = 0;
	s.stop_after = 2;
	EXPECT(vfsim_for_each_mount(t, see, &s), 42);
	cr_expect_eq(s.calls, 2);

	/* Out of the namespace, alive through the fd: not found. */
	fd = vfsim_openat(t, AT_FDCWD, "/m", O_RDONLY | O_DIRECTORY, 0);
	OK(fd);
	OK(vfsim_umount2(t, "/m", MNT_DETACH));
	EXPECT(vfsim_mount_by_id(t, (unsigned int)id, see, &s), -ENOENT);
	OK(vfsim_close(t, (int)fd));
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * How the shim sets its instance up from the environment:
 *
 *   shim_setup quirks MASK   the instance has exactly the VFSIM_QUIRK_*
 *                            bits MASK (from VFSIM_SHIM_QUIRKS), and the
 *                            default tree when there is no scenario
 *   shim_setup fail TEXT     setting up fails: model calls are ENOSYS and
 *                            stderr has TEXT, once
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/fsinfo.h>
#include <linux/watch_queue.h>

#include <vfsim/vfsim.h>

#include "shim_check.h"

#define NR_THREADS 4

/* First use from several threads at once: one instance for all. */
static void *first_use(void *arg)
{
	*(struct vfsim **)arg = vfsim_shim_instance();
	return NULL;
}

static void check_quirks(const char *mask)
{
	struct vfsim *seen[NR_THREADS];
	pthread_t thr[NR_THREADS];
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_PATH,
		.request = FSINFO_ATTR_MOUNT_POINT,
	};
	char point[64] = "";
	int i;

	for (i = 0; i < NR_THREADS; i++)
		CHECK(pthread_create(&thr[i], NULL, first_use, &seen[i]) == 0);
	for (i = 0; i < NR_THREADS; i++)
		CHECK(pthread_join(thr[i], NULL) == 0);
	CHECK(seen[0] != NULL);
	for (i = 1; i < NR_THREADS; i++)
		CHECK(seen[i] == seen[0]);
	CHECK(vfsim_quirks(seen[0]) == strtoull(mask, NULL, 0));
	/* The default tree: /proc is a mount point. */
	CHECK(syscall(__NR_fsinfo, AT_FDCWD, "/proc", &p, point, sizeof(point)) ==
	      sizeof("/proc"));
	CHECK(strcmp(point, "/proc") == 0);
}

static void check_fail(const char *text)
{
	struct fsinfo_params p = { .request = FSINFO_ATTR_STATFS };
	char buf[64];
	size_t len;
	int fds[2];

	capture_stderr();
	CHECK_ERR(syscall(__NR_fsinfo, AT_FDCWD, "/", &p, buf, sizeof(buf)), ENOSYS);
	CHECK(strstr(captured(), text) != NULL);
	CHECK(strstr(captured(), "calls for the model fail with ENOSYS") != NULL);
	len = strlen(captured());
	CHECK_ERR(syscall(__NR_watch_mount, AT_FDCWD, "/", 0, 0, 0), ENOSYS);
	CHECK_ERR(pipe2(fds, O_NOTIFICATION_PIPE), ENOSYS);
	CHECK(vfsim_shim_instance() == NULL);
	CHECK(strlen(captured()) == len);
}

int main(int argc, char **argv)
{
	CHECK(argc == 3);
	if (strcmp(argv[1], "quirks") == 0)
		check_quirks(argv[2]);
	else if (strcmp(argv[1], "fail") == 0)
		check_fail(argv[2]);
	else
		CHECK(!"usage: shim_setup quirks MASK | fail TEXT");
	CHECKS_DONE("shim_setup");
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/* A test fixture on a snapshot: set up once, start every case from it. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

static struct vfsim *v;

static int setup(void)
{
	const struct vfsim_options opts = { .allocator = VFSIM_ALLOC_SNAPSHOT };
	struct vfsim_task *t;

	if (vfsim_create(&opts, &v) || vfsim_boot(v, "default"))
		return -1;
	t = vfsim_init_task(v);
	if (vfsim_mkdirat(t, AT_FDCWD, "/srv", 0755) ||
	    vfsim_mount(t, "srv", "/srv", "tmpfs", 0, "size=1m"))
		return -1;
	return vfsim_snapshot(v);	/* every case starts here */
}

/* Two cases that would disturb each other without the reset. */
static int case_umount(struct vfsim_task *t)
{
	return vfsim_umount2(t, "/srv", 0) == 0 ? 0 : -1;
}

static int case_srv_is_mounted(struct vfsim_task *t)
{
	return vfsim_path_mnt_id(t, "/srv") != vfsim_path_mnt_id(t, "/") ? 0 : -1;
}

int main(void)
{
	int (*cases[])(struct vfsim_task *) = { case_umount, case_srv_is_mounted };
	unsigned int i, failed = 0;

	if (setup())
		return 1;
	for (i = 0; i < 2 * sizeof(cases) / sizeof(cases[0]); i++) {
		if (vfsim_reset(v))
			return 1;
		/* tasks made before the snapshot are valid after each reset */
		failed += cases[i % 2](vfsim_init_task(v)) != 0;
	}
	printf("%u of %u cases failed\n", failed, i);
	return failed || vfsim_destroy_check(v, stderr) ? 1 : 0;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public calls of mount and superblock notifications and quirks. */
#include <linux/bug.h>
#include <api/api.h>
#include <vfs/notify.h>
#include <vfsim/testing.h>

long vfsim_watch_mount(struct vfsim_task *t, int dfd, const char *path,
		       unsigned int at_flags, int watch_fd, int watch_id)
{
	return VFSIM_SYSCALL(t, ksys_watch_mount(dfd, path, at_flags, watch_fd, watch_id));
}

long vfsim_watch_sb(struct vfsim_task *t, int dfd, const char *path,
		    unsigned int at_flags, int watch_fd, int watch_id)
{
	return VFSIM_SYSCALL(t, ksys_watch_sb(dfd, path, at_flags, watch_fd, watch_id));
}

long vfsim_sb_error(struct vfsim_task *t, const char *path, int error)
{
	return VFSIM_SYSCALL(t, sb_raise_event(path, NOTIFY_SUPERBLOCK_ERROR, error));
}

long vfsim_sb_edquot(struct vfsim_task *t, const char *path)
{
	return VFSIM_SYSCALL(t, sb_raise_event(path, NOTIFY_SUPERBLOCK_EDQUOT, 0));
}

long vfsim_sb_network(struct vfsim_task *t, const char *path, unsigned int info_flags)
{
	return VFSIM_SYSCALL(t, sb_raise_event(path, NOTIFY_SUPERBLOCK_NETWORK,
					       (int)info_flags));
}

uint64_t vfsim_quirks(const struct vfsim *v)
{
	return v ? READ_ONCE(v->quirks) : 0;
}

void vfsim_set_quirks(struct vfsim *v, uint64_t quirks)
{
	if (v)
		WRITE_ONCE(v->quirks, quirks);
}

uint64_t vfsim_clock_ns(struct vfsim *v)
{
	return v ? ktime_get_ns(v) : 0;
}

void vfsim_clock_advance(struct vfsim *v, uint64_t ns)
{
	if (v)
		ktime_advance(v, ns);
}

void vfsim_set_oops_hook(struct vfsim *v, vfsim_oops_hook hook, void *arg)
{
	if (!v)
		return;
	v->ctx.oops_arg = arg;
	v->ctx.oops_hook = hook;
}

void vfsim_testing_rename_race(struct vfsim *v, unsigned int n)
{
	if (v)
		atomic_set(&v->rename_races, (int)n);
}

unsigned long vfsim_mount_walk_retries(const struct vfsim *v)
{
	return v ? (unsigned long)atomic_long_read(&v->mount_walk_retries) : 0;
}

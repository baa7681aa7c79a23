/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Named fixture trees: see fixtures.h. */
#include <fcntl.h>
#include <stdarg.h>
#include <sys/mount.h>

#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"

/* A step of a fixture: it must succeed. */
static void step(long ret, const char *what)
{
	if (ret < 0)
		vt_die(what, ret);
}

void fx_dirs(struct vfsim_task *t, const char *path, ...)
{
	va_list ap;

	va_start(ap, path);
	for (; path; path = va_arg(ap, const char *))
		step(vt_mkdir_p(t, path, 0755), path);
	va_end(ap);
}

void fx_tmpfs(struct vfsim_task *t, const char *source, const char *path)
{
	step(vt_mkdir_p(t, path, 0755), path);
	step(vfsim_mount(t, source, path, "tmpfs", 0, NULL), path);
}

void fx_shared_bind(struct vfsim_task *t, const char *source, const char *path,
		    const char *bind, unsigned long prop, unsigned long then)
{
	fx_tmpfs(t, source, path);
	step(vt_mkdir_p(t, bind, 0755), bind);
	step(vfsim_mount(t, NULL, path, NULL, MS_SHARED, NULL), "make shared");
	step(vfsim_mount(t, path, bind, NULL, MS_BIND, NULL), "bind");
	if (prop)
		step(vfsim_mount(t, NULL, bind, NULL, prop, NULL), "propagation of the bind");
	if (then)
		step(vfsim_mount(t, NULL, bind, NULL, then, NULL), "propagation of the bind");
}

void fx_submount(struct vfsim *v)
{
	struct vfsim_task *t = vfsim_init_task(v);

	fx_tmpfs(t, "m", "/m");
	fx_tmpfs(t, "k", "/m/k");
}

void fx_peers_and_slave(struct vfsim *v)
{
	struct vfsim_task *t = vfsim_init_task(v);

	step(vt_mkdir_p(t, "/b", 0755), "/b");
	step(vt_mkdir_p(t, "/s", 0755), "/s");
	fx_tmpfs(t, "a", "/a");
	step(vt_mkdir_p(t, "/a/x", 0755), "/a/x");
	step(vt_mkdir_p(t, "/a/y", 0755), "/a/y");
	step(vt_mkdir_p(t, "/a/z", 0755), "/a/z");
	step(vfsim_mount(t, NULL, "/a", NULL, MS_SHARED, NULL), "make /a shared");
	step(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL), "bind /a /b");
	step(vfsim_mount(t, "/a", "/s", NULL, MS_BIND, NULL), "bind /a /s");
	step(vfsim_mount(t, NULL, "/s", NULL, MS_SLAVE, NULL), "make /s a slave");
}

void fx_rbind_source(struct vfsim *v)
{
	struct vfsim_task *t = vfsim_init_task(v);

	fx_tmpfs(t, "src", "/src");
	step(vt_mkdir_p(t, "/dst", 0755), "/dst");
	fx_tmpfs(t, "x", "/src/x");
	fx_tmpfs(t, "y", "/src/x/y");
	fx_tmpfs(t, "z", "/src/z");
}

void fx_automount(struct vfsim *v)
{
	struct vfsim_task *t = vfsim_init_task(v);

	step(vt_mkdir_p(t, "/mnt", 0755), "/mnt");
	step(vfsim_mkautomount(t, "/mnt/auto", "tmpfs", "auto", "mode=700"), "/mnt/auto");
}

void fx_notify_tree(struct vfsim *v)
{
	struct vfsim_task *t = vfsim_init_task(v);
	long fd;

	step(vt_mkdir_p(t, "/mnt/b", 0755), "/mnt/b");
	fx_tmpfs(t, "a", "/mnt/a");
	step(vt_mkdir_p(t, "/mnt/a/d/e", 0755), "/mnt/a/d/e");
	fd = vfsim_openat(t, AT_FDCWD, "/f", O_CREAT | O_RDWR, 0644);
	step(fd, "/f");
	step(vfsim_close(t, (int)fd), "close /f");
	step(vfsim_symlinkat(t, "/mnt/a", AT_FDCWD, "/lnk"), "/lnk");
}

void fx_fsinfo_tree(struct vfsim *v)
{
	struct vfsim_task *t = vfsim_init_task(v);

	step(vt_register_testfs(v), "vt_register_testfs");
	fx_tmpfs(t, "m", "/m");
	step(vt_mkdir_p(t, "/t", 0755), "/t");
	step(vfsim_mount(t, "t", "/t", "fsinfotest", 0, NULL), "/t");
}

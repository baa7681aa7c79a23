/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef _VFSIM_VFS_D_PATH_H
#define _VFSIM_VFS_D_PATH_H

#include <vfs/mount.h>

int prepend_path(const struct path *path, const struct path *root,
		 char **buffer, int *buflen);
char *__d_path(const struct path *path, const struct path *root, char *buf,
	       int buflen);
char *d_absolute_path_ns(const struct path *path, char *buf, int buflen);
char *d_path(const struct path *path, char *buf, int buflen);

#endif

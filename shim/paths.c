// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Which paths are the model's (docs/shim.md, "Paths"): every absolute
 * path, except those under a host prefix, and a relative path while the
 * program's working directory is the model's (after a routed chdir() or
 * fchdir()).  The host prefixes are what the dynamic loader, libc and a
 * test program need from the real system: VFSIM_SHIM_HOST_PATHS, a list
 * of absolute paths separated by ':', replaces the default list.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The loader's and libc's files, devices, the process's own /proc
 * entries, and the places a build or test keeps its files. */
#define DEFAULT_HOST_PATHS						\
	"/bin:/sbin:/lib:/lib32:/lib64:/libx32:/usr:/etc:/opt:/nix:"	\
	"/dev:/sys:/run:/var:/proc/self:/proc/thread-self"

#define MAX_PREFIXES 64

static char *prefix_buf;
static const char *prefixes[MAX_PREFIXES];
static size_t prefix_len[MAX_PREFIXES];
static unsigned int nr_prefixes;
static pthread_once_t prefixes_once = PTHREAD_ONCE_INIT;
static bool cwd_is_model;

static void read_prefixes(void)
{
	const char *env = getenv("VFSIM_SHIM_HOST_PATHS");
	char *save, *tok;

	shim_enter();		/* strdup() and stderr are the host's */
	prefix_buf = strdup(env ? env : DEFAULT_HOST_PATHS);
	if (!prefix_buf) {
		shim_leave();
		return;
	}
	for (tok = strtok_r(prefix_buf, ":", &save); tok;
	     tok = strtok_r(NULL, ":", &save)) {
		size_t len = strlen(tok);

		while (len > 1 && tok[len - 1] == '/')
			tok[--len] = '\0';
		if (tok[0] != '/') {
			fprintf(stderr, "vfsim-shim: VFSIM_SHIM_HOST_PATHS: '%s' is "
				"not an absolute path: ignored\n", tok);
			continue;
		}
		if (nr_prefixes == MAX_PREFIXES) {
			fprintf(stderr, "vfsim-shim: VFSIM_SHIM_HOST_PATHS: more than "
				"%d prefixes: the rest are ignored\n", MAX_PREFIXES);
			break;
		}
		prefixes[nr_prefixes] = tok;
		prefix_len[nr_prefixes++] = len;
	}
	shim_leave();
}

/* @path is @prefix or below it, component-wise ("/usr" covers "/usr/lib"
 * but not "/usrx"); "/" covers everything. */
static bool under(const char *path, const char *prefix, size_t len)
{
	if (len == 1)
		return true;
	return strncmp(path, prefix, len) == 0 &&
	       (path[len] == '\0' || path[len] == '/');
}

bool shim_path_is_host(const char *path)
{
	unsigned int i;

	pthread_once(&prefixes_once, read_prefixes);
	while (path[0] == '/' && path[1] == '/')
		path++;
	for (i = 0; i < nr_prefixes; i++)
		if (under(path, prefixes[i], prefix_len[i]))
			return true;
	return false;
}

bool shim_path_is_model(int dfd, const char *path)
{
	if (shim_passthrough())
		return false;
	if (dfd != AT_FDCWD && !path)
		return shim_is_model_fd(dfd);
	if (!path)
		return false;
	if (path[0] == '/')
		return !shim_path_is_host(path);
	if (dfd != AT_FDCWD)
		return shim_is_model_fd(dfd);
	return __atomic_load_n(&cwd_is_model, __ATOMIC_ACQUIRE);
}

void shim_set_cwd_model(bool model)
{
	__atomic_store_n(&cwd_is_model, model, __ATOMIC_RELEASE);
}

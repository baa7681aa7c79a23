// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * jemalloc, loaded at run time.
 *
 * libvfsim does not name libjemalloc.so.2 as a dependency (no DT_NEEDED):
 * jemalloc's thread-local storage uses the initial-exec model, which
 * glibc can only place in the static TLS block laid out when the process
 * starts (plus 512 bytes of surplus; jemalloc needs 2.6 KB).  A library
 * that needs jemalloc therefore cannot be dlopen()ed by a process that
 * did not load jemalloc at start: Python's ctypes, a Lua or JVM harness,
 * a plugin.  So the seam looks jemalloc up when the first instance asks
 * for it:
 *
 *  1. already in the process (a program linked with
 *     `pkg-config --libs vfsim` or the CMake target vfsim::vfsim, which
 *     load it at start; LD_PRELOAD): RTLD_NOLOAD finds it;
 *  2. else dlopen() it now, which works where glibc has static TLS to
 *     spare (GLIBC_TUNABLES=glibc.rtld.optional_static_tls=...);
 *  3. else the instance gets libc's malloc, and vfsim_alloc_stats()
 *     says why (the loader's own message).
 *
 * The note .note.dlopen (the freedesktop.org "ELF dlopen metadata"
 * format) declares the optional dependency, so packaging tools that read
 * it (systemd's dlopen-notes, dpkg and rpm helpers) still see it where
 * ldd no longer does.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include <compat/alloc_jemalloc.h>
#include <compat/ksim.h>

struct ksim_jemalloc ksim_je;

#ifdef VFSIM_WITH_JEMALLOC

#define JE_SONAME "libjemalloc.so.2"

static pthread_once_t je_once = PTHREAD_ONCE_INIT;
static bool je_ok;
static char je_why[256];

static void je_load(void)
{
	void *h = dlopen(JE_SONAME, RTLD_NOW | RTLD_NOLOAD);

	if (!h)
		h = dlopen(JE_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *e = dlerror();

		snprintf(je_why, sizeof(je_why), "%s", e ? e : JE_SONAME ": not found");
		return;
	}
	*(void **)&ksim_je.mallocx = dlsym(h, "mallocx");
	*(void **)&ksim_je.sdallocx = dlsym(h, "sdallocx");
	*(void **)&ksim_je.mallctl = dlsym(h, "mallctl");
	if (!ksim_je.mallocx || !ksim_je.sdallocx || !ksim_je.mallctl) {
		snprintf(je_why, sizeof(je_why), JE_SONAME " has no mallocx/sdallocx/mallctl");
		dlclose(h);
		return;
	}
	je_ok = true;		/* the handle stays open for the process */
}

bool ksim_jemalloc_load(void)
{
	pthread_once(&je_once, je_load);
	return je_ok;
}

const char *ksim_jemalloc_why(void)
{
	return ksim_jemalloc_load() ? NULL : je_why;
}

/* The freedesktop.org dlopen note: n_type 0x407c0c0a, owner "FDO". */
#define DLOPEN_NOTE_JSON \
	"[{\"feature\":\"jemalloc\",\"description\":\"per-instance arenas behind " \
	"the allocation seam (libc malloc without it)\",\"priority\":\"recommended\"," \
	"\"soname\":[\"" JE_SONAME "\"]}]"

struct dlopen_note {
	unsigned int n_namesz, n_descsz, n_type;
	char name[4];
	char desc[(sizeof(DLOPEN_NOTE_JSON) + 3) & ~3UL];
};

__attribute__((used, section(".note.dlopen"), aligned(4)))
static const struct dlopen_note vfsim_dlopen_note = {
	.n_namesz = 4,
	.n_descsz = sizeof(DLOPEN_NOTE_JSON),
	.n_type = 0x407c0c0a,
	.name = "FDO",
	.desc = DLOPEN_NOTE_JSON,
};

#else /* !VFSIM_WITH_JEMALLOC */

bool ksim_jemalloc_load(void)
{
	return false;
}

const char *ksim_jemalloc_why(void)
{
	return "built without jemalloc (VFSIM_ALLOCATOR=libc)";
}

#endif

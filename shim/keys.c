// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Key calls (docs/shim.md, "Keys"): keyctl(), add_key(), request_key()
 * (libkeyutils' names, interposed) and their syscall() numbers.  Which
 * keyrings a call means is the rule of VFSIM_SHIM_KEYS:
 *
 *   auto (default)  the host's, until the program names a model fd in a
 *                   key call (KEYCTL_WATCH_KEY on a notification pipe of
 *                   the model); from that call on, every key call is the
 *                   model's: its keyrings are the ones that pipe watches
 *   model           the model's, always
 *   host            the host's, always (a model fd is then EBADF there)
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include <vfsim/uapi/linux/keyctl.h>

#include "internal.h"

enum keys_rule { KEYS_AUTO, KEYS_MODEL, KEYS_HOST };

static bool keys_model;		/* auto: a key call named a model fd */

static enum keys_rule keys_rule(void)
{
	const char *s = getenv("VFSIM_SHIM_KEYS");

	if (!s || !*s || strcmp(s, "auto") == 0)
		return KEYS_AUTO;
	if (strcmp(s, "model") == 0)
		return KEYS_MODEL;
	if (strcmp(s, "host") == 0)
		return KEYS_HOST;
	return KEYS_AUTO;
}

/* Is this key call the model's?  @watch_fd is the fd a KEYCTL_WATCH_KEY
 * names (-1 for other calls). */
static bool keys_for_model(int watch_fd)
{
	if (shim_passthrough())
		return false;
	switch (keys_rule()) {
	case KEYS_MODEL:
		return true;
	case KEYS_HOST:
		return false;
	case KEYS_AUTO:
		break;
	}
	if (watch_fd >= 0 && shim_is_model_fd(watch_fd))
		__atomic_store_n(&keys_model, true, __ATOMIC_RELEASE);
	return __atomic_load_n(&keys_model, __ATOMIC_ACQUIRE);
}

#define ROUTE_KEY(call)							\
	({								\
		struct vfsim_task *t;					\
		long ret_;						\
									\
		shim_enter();						\
		t = shim_task();					\
		ret_ = t ? (call) : -ENOSYS;				\
		shim_leave();						\
		ret_;							\
	})

static long model_keyctl(int cmd, unsigned long a2, unsigned long a3,
			 unsigned long a4, unsigned long a5)
{
	long ret;

	if (cmd == KEYCTL_WATCH_KEY)
		a3 = (unsigned long)(long)shim_model_fd((int)a3);
	ret = ROUTE_KEY(vfsim_keyctl(t, cmd, a2, a3, a4, a5));
	if (cmd == KEYCTL_WATCH_KEY && ret == 0)
		shim_driver_watch((int)a4 == -1 ? -1 : 1);
	return shim_ret(ret);
}

/* The key system calls made through syscall(): true if the model took
 * @nr, with its result in *@ret. */
bool shim_key_syscall(long nr, const long a[6], long *ret)
{
	switch (nr) {
	case SYS_keyctl:
		if (!keys_for_model((int)a[0] == KEYCTL_WATCH_KEY ? (int)a[2] : -1))
			return false;
		*ret = model_keyctl((int)a[0], (unsigned long)a[1], (unsigned long)a[2],
				    (unsigned long)a[3], (unsigned long)a[4]);
		return true;
	case SYS_add_key:
		if (!keys_for_model(-1))
			return false;
		*ret = shim_ret(ROUTE_KEY(vfsim_add_key(t, (const char *)a[0],
							(const char *)a[1],
							(const void *)a[2], (size_t)a[3],
							(int32_t)a[4])));
		return true;
	case SYS_request_key:
		if (!keys_for_model(-1))
			return false;
		*ret = shim_ret(ROUTE_KEY(vfsim_request_key(t, (const char *)a[0],
							    (const char *)a[1],
							    (const char *)a[2],
							    (int32_t)a[3])));
		return true;
	}
	return false;
}

/* libkeyutils' functions: the model's by the rule, else the kernel's
 * through libc's syscall() (what libkeyutils itself does). */
SHIM_EXPORT long keyctl(int cmd, ...)
{
	long a[6] = { cmd }, ret;
	va_list ap;
	int i;

	va_start(ap, cmd);
	for (i = 1; i < 5; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (shim_key_syscall(SYS_keyctl, a, &ret))
		return ret;
	return shim_real()->syscall(SYS_keyctl, a[0], a[1], a[2], a[3], a[4]);
}

SHIM_EXPORT int32_t add_key(const char *type, const char *description,
			    const void *payload, size_t plen, int32_t ringid)
{
	long a[6] = { (long)type, (long)description, (long)payload, (long)plen,
		      ringid }, ret;

	if (shim_key_syscall(SYS_add_key, a, &ret))
		return (int32_t)ret;
	return (int32_t)shim_real()->syscall(SYS_add_key, type, description,
					     payload, plen, ringid);
}

SHIM_EXPORT int32_t request_key(const char *type, const char *description,
				const char *callout_info, int32_t destringid)
{
	long a[6] = { (long)type, (long)description, (long)callout_info,
		      destringid }, ret;

	if (shim_key_syscall(SYS_request_key, a, &ret))
		return (int32_t)ret;
	return (int32_t)shim_real()->syscall(SYS_request_key, type, description,
					     callout_info, destringid);
}

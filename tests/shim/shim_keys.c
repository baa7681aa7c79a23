// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The key rule (docs/shim.md, "Keys"), argument "auto" or "host" as
 * VFSIM_SHIM_KEYS says: under auto, key calls are the host's until
 * KEYCTL_WATCH_KEY names a model pipe, the model's from then on (a
 * key added to the session keyring shows as a KEY record, serials are
 * the model's); under host, the host answers (EBADF for the model pipe,
 * or EOPNOTSUPP where its kernel has no key notifications).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/keyctl.h>
#include <linux/watch_queue.h>

#include "shim_check.h"

/* libkeyutils' functions, which the shim defines. */
long keyctl(int cmd, ...);
int32_t add_key(const char *type, const char *description, const void *payload,
		size_t plen, int32_t ringid);
int32_t request_key(const char *type, const char *description,
		    const char *callout_info, int32_t destringid);

int main(int argc, char **argv)
{
	struct key_notification k;
	int fds[2];
	long serial;

	CHECK(argc == 2);
	CHECK(pipe2(fds, O_NOTIFICATION_PIPE) == 0);
	CHECK(ioctl(fds[0], IOC_WATCH_QUEUE_SET_SIZE, 16) == 0);
	if (strcmp(argv[1], "host") == 0) {
		/* The host's answer, whatever its kernel has (EBADF, or
		 * EOPNOTSUPP without key notifications): the model's would
		 * be 0. */
		errno = 0;
		CHECK(syscall(__NR_keyctl, KEYCTL_WATCH_KEY, KEY_SPEC_SESSION_KEYRING,
			      fds[0], 1) == -1);
		CHECK(errno == EBADF || errno == EOPNOTSUPP || errno == ENOSYS);
		CHECKS_DONE("shim.keys.host");
	}
	CHECK(syscall(__NR_keyctl, KEYCTL_WATCH_KEY, KEY_SPEC_SESSION_KEYRING,
		      fds[0], 1) == 0);
	CHECK_ERR(keyctl(KEYCTL_WATCH_KEY, KEY_SPEC_SESSION_KEYRING, fds[0], 1), EBUSY);
	serial = syscall(__NR_add_key, "user", "k1", "v", 1, KEY_SPEC_SESSION_KEYRING);
	CHECK(serial >= 0x10000000);
	CHECK(read(fds[0], &k, sizeof(k)) == sizeof(k));
	CHECK(k.watch.type == WATCH_TYPE_KEY_NOTIFY);
	CHECK(k.watch.subtype == NOTIFY_KEY_LINKED && k.aux == (uint32_t)serial);
	CHECK(add_key("user", "k2", "w", 1, KEY_SPEC_SESSION_KEYRING) == serial + 1);
	CHECK(read(fds[0], &k, sizeof(k)) == sizeof(k));
	CHECK(request_key("user", "k1", NULL, 0) == serial);
	CHECK(syscall(__NR_request_key, "user", "k2", NULL, 0) == serial + 1);
	CHECK(keyctl(KEYCTL_REVOKE, serial) == 0);
	CHECK_ERR(syscall(__NR_keyctl, KEYCTL_REVOKE, 0x7fffffff), ENOKEY);
	CHECK(keyctl(KEYCTL_WATCH_KEY, KEY_SPEC_SESSION_KEYRING, fds[0], -1) == 0);
	CHECKS_DONE("shim.keys.auto");
}

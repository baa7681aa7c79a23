// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A watcher driven from outside (tests/shim/drive_errors.sh): a
 * notification pipe watching "/", and read() until the driver ends the
 * program, printing the size of each read.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/watch_queue.h>

int main(void)
{
	unsigned char buf[256];
	int fds[2];
	ssize_t n;

	if (pipe2(fds, O_NOTIFICATION_PIPE) != 0 ||
	    ioctl(fds[0], IOC_WATCH_QUEUE_SET_SIZE, 16) != 0 ||
	    syscall(__NR_watch_mount, AT_FDCWD, "/", 0, fds[0], 1) != 0) {
		perror("shim_drive: setup");
		return 1;
	}
	while ((n = read(fds[0], buf, sizeof(buf))) > 0)
		printf("read %zd\n", n);
	perror("shim_drive: read");
	return 1;
}

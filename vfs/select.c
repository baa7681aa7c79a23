// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * poll(2) (fs/select.c, do_sys_poll()) with a timeout of 0: the model
 * never sleeps in poll, it reports what each file's ->poll says now.  A
 * file without ->poll is always ready (DEFAULT_POLLMASK, vfs_poll()); an
 * fd that is not open is POLLNVAL, a negative one is left out.
 */
#include <poll.h>

#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/syscalls.h>

#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)
/* RLIMIT_NOFILE's usual 1024, as vfs/fdtable.c limits fds */
#define POLL_NOFILE 1024

/* do_pollfd(): one entry's revents (POLLERR and POLLHUP always count) */
static short do_pollfd(struct pollfd *pfd)
{
	unsigned int mask;
	struct file *f;

	if (pfd->fd < 0)
		return 0;
	f = fget((unsigned int)pfd->fd);	/* an O_PATH fd is not open for poll */
	if (!f)
		return POLLNVAL;
	if (f->f_op && f->f_op->poll)
		mask = f->f_op->poll(f, NULL);
	else
		mask = DEFAULT_POLLMASK;
	fput(f);
	return (short)(mask & ((unsigned short)pfd->events | POLLERR | POLLHUP));
}

long do_sys_poll(struct pollfd __user *ufds, unsigned int nfds)
{
	struct pollfd *fds = NULL;
	long count = 0;
	unsigned int i;

	if (nfds > POLL_NOFILE)
		return -EINVAL;
	if (nfds) {
		fds = kmalloc(nfds * sizeof(*fds), GFP_KERNEL);
		if (!fds)
			return -ENOMEM;
		if (copy_from_user(fds, ufds, nfds * sizeof(*fds))) {
			kfree(fds);
			return -EFAULT;
		}
	}
	for (i = 0; i < nfds; i++) {
		fds[i].revents = do_pollfd(&fds[i]);
		if (fds[i].revents)
			count++;
	}
	/* only the revents go back, as the kernel writes them */
	for (i = 0; i < nfds; i++) {
		if (put_user(fds[i].revents, &ufds[i].revents)) {
			count = -EFAULT;
			break;
		}
	}
	kfree(fds);
	return count;
}

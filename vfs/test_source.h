/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Watchable test objects: see vfsim_test_watch() in <vfsim/testing.h>. */
#ifndef _VFSIM_WATCH_QUEUE_TEST_SOURCE_H
#define _VFSIM_WATCH_QUEUE_TEST_SOURCE_H

#include <linux/kdefs.h>


long test_object_watch(int watch_fd, u64 object, int watch_id);
long test_object_unwatch(int watch_fd, u64 object);
long test_object_post(u64 object, const void __user *record);
long test_object_destroy(u64 object);

#endif

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The scenario verbs of tasks and mount namespaces (scenario/verbs_task.c,
 * docs/scenario.md): their malformed lines (status 65, nothing done), the
 * errnos they pass on, and what they print through `on NAME tree`.
 */
#include <criterion/criterion.h>

#include "common/linecase.h"

#define BOOT "boot empty\n"

static const struct line_case task_lines[] = {
	{ BOOT "task c fork bogus\n", 65, "", "task fork: unknown flag 'bogus' (newns, fs, files, newuser)" },
	{ BOOT "task c spawn\n", 65, "", "task: unknown action 'spawn' (fork, exit)" },
	{ BOOT "task c fork\ntask c fork\n", 65, "", "task: 'c' is already a task" },
	{ BOOT "task init fork\n", 65, "", "task: 'init' is already a task" },
	{ BOOT "task c exit\n", 65, "", "task exit: no task named 'c'" },
	{ BOOT "task init exit\n", 65, "", "task exit: init cannot exit" },
	{ BOOT "task c fork\ntask c exit now\n", 65, "", "task exit: too many arguments" },
	{ BOOT "on c tree\n", 65, "", "on: no task named 'c'" },
	{ BOOT "task c fork\nas 1 on c tree\n", 65, "", "'on' inside 'as' or 'on'" },
	{ BOOT "task c fork\non c on c tree\n", 65, "", "'on' inside 'as' or 'on'" },
	{ BOOT "unshare net\n", 65, "", "unshare: unknown namespace 'net' (user, mnt, fs, files)" },
	{ BOOT "setns c\n", 65, "", "setns: no task or open file named 'c'" },
	{ BOOT "nsopen n c\n", 65, "", "nsopen: no task named 'c'" },
	{ BOOT "mntns n\nnsopen n init\n", 65, "", "'n' is already open: close it first" },
	{ "task c fork\n", 65, "", "task: no task to run it: 'boot' must come first" },
	/* errnos passed on, with the prefix in the report */
	{ BOOT "task c fork newns fs\n", 1, "", "task c fork newns fs: EINVAL" },
	{ BOOT "as 1000 task u fork\non u unshare mnt\n", 1, "", "on u unshare mnt: EPERM" },
	{ BOOT "as 1000 task u fork\non u nsopen n init\n", 1, "", "EACCES" },
	{ BOOT "as 1000 task u fork\non u mntns n\non u setns n\n", 1, "", "EPERM" },
	/* the fd names of an exited task go with it */
	{ BOOT "task c fork\non c mntns n\ntask c exit\nclose n\n", 65, "", "no open file named 'n'" },
	/* a child's tree, a setns with an fd name, the namespace file kept */
	{ BOOT "mkdir /m\ntask c fork newns\non c mount tmpfs x /m\nnsopen n c\n"
	  "task c exit\ntask w fork\non w setns n\non w tree -l\n", 0,
	  "ID TARGET FSTYPE SOURCE OPTIONS PROPAGATION\n"
	  "2  /      rootfs rootfs rw      private\n"
	  "3  /m     tmpfs  x      rw      private\n", "" },
};

Test(scenario_tasks, lines)
{
	size_t i;

	for (i = 0; i < sizeof(task_lines) / sizeof(task_lines[0]); i++)
		line_case_run(&task_lines[i], (int)i);
}

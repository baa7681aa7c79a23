// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fanotify verbs (scenario/verbs_fanotify.c) and their words
 * (scenario/mount_api_words.c): what fanread prints, every option, every
 * malformed argument (status 65, nothing done), the errnos as `expect`
 * sees them.  The rules themselves are the kernel side's
 * (tests/unit/test_fanotify_mnt.c); here, how they read.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>

#include <vfsim/scenario.h>

#include "scenario/tool_api.h"
#include "common/check.h"
#include "common/linecase.h"

#define TREE "boot empty\n" \
	"mkdir /a\n" \
	"mkdir /b\n" \
	"mntns ns\n"

static const struct line_case cases[] = {
	{ TREE "fanotify f\n"
	  "fanotify_mark f add ns attach,detach\n"
	  "mount tmpfs a /a\n"
	  "bind /a /b\n"
	  "fanread f 40\n"
	  "fanread f\n"
	  "fanotify_mark f remove,mntns ns attach\n"
	  "umount /b\n"
	  "mount tmpfs c /b\n"
	  "fanread f\n"
	  "expect EAGAIN fanread f\n", 0,
	  "fanread f 40: 40 bytes\n"
	  "  attach 2147483651\n"
	  "fanread f: 40 bytes\n"
	  "  attach 2147483652\n"
	  "fanread f: 40 bytes\n"
	  "  detach 2147483652\n"
	  "fanread f: EAGAIN\n", "" },
	/* flags as numbers; a flush; the namespace by path is no namespace */
	{ TREE "fanotify f 0x4002 cloexec\n"
	  "fanotify_mark f 0x111 ns 0x3000000\n"
	  "fanotify_mark f flush\n"
	  "expect EINVAL fanotify_mark f add /a attach\n"
	  "expect EINVAL fanotify_mark f add,inode ns attach\n"
	  "expect EINVAL fanotify_mark f add,mount ns attach\n"
	  "expect ENOENT fanotify_mark f remove ns attach\n"
	  "expect EINVAL fanotify_mark f add ns none\n"
	  "expect EAGAIN fanread f 0\n"
	  "expect EAGAIN fanread f\n", 0,
	  "fanread f 0: EAGAIN\n"
	  "fanread f: EAGAIN\n", "" },
	{ TREE "fanotify f report_mnt\n"
	  "mntns n2 cloexec\n"
	  "expect EINVAL fanotify g report_mnt report_fid\n"
	  "expect EPERM as 1000 fanotify g report_mnt unlimited_queue\n"
	  "fanotify_mark f add,ignored_mask ns detach\n"
	  "close f\n"
	  "close n2\n", 0, "", "" },
	/* an overflow, and a queue of other events' sizes */
	{ TREE "fanotify f\n"
	  "fanotify_mark f add ns attach\n"
	  "fanread f 24\n", 1, "fanread f 24: EAGAIN\n", "EAGAIN" },
	/* malformed: status 65 */
	{ TREE "mntns ns\n", 65, "", "'ns' is already open" },
	{ TREE "mntns m bogus\n", 65, "", "mntns: unknown flag 'bogus'" },
	{ TREE "fanotify ns\n", 65, "", "'ns' is already open" },
	{ TREE "fanotify f bogus\n", 65, "", "unknown flag 'bogus'" },
	{ TREE "fanotify f 0x100000000\n", 65, "", "flags over 32 bits" },
	{ TREE "fanotify f 12x\n", 65, "", "bad flags '12x'" },
	{ TREE "fanotify f\nfanotify_mark f bogus ns\n", 65, "", "unknown flag 'bogus'" },
	{ TREE "fanotify f\nfanotify_mark f add ns bogus\n", 65, "", "unknown flag 'bogus'" },
	{ TREE "fanotify f\nfanotify_mark f 0x100000000 ns\n", 65, "", "flags over 32 bits" },
	{ TREE "fanotify f\nfanotify_mark f add nope attach\n", 65, "", "nope" },
	{ TREE "fanotify_mark nope add ns attach\n", 65, "", "nope" },
	{ TREE "fanotify f\nfanread f x\n", 65, "", "bad buffer size 'x'" },
	{ TREE "fanotify f\nfanread f 16777217\n", 65, "", "bad buffer size" },
	{ TREE "fanread nope\n", 65, "", "nope" },
	{ "mntns ns\n", 65, "", "'boot' must come first" },
};

Test(scenario_fanotify, lines)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		line_case_run(&cases[i], (int)i);
}

Test(scenario_fanotify, words)
{
	unsigned long flags = 0;
	char why[128];

	OK(vfsim_scenario_mount_api_words("fanotify", "report_mnt,nonblock", &flags, why,
					  sizeof(why)));
	cr_assert_eq(flags, 0x4002UL);
	flags = 0;
	OK(vfsim_scenario_mount_api_words("fanotify_mark", "add,mntns,ignored_mask", &flags,
					  why, sizeof(why)));
	cr_assert_eq(flags, 0x131UL);
	flags = 0;
	OK(vfsim_scenario_mount_api_words("fanotify_events", "attach,detach", &flags, why,
					  sizeof(why)));
	cr_assert_eq(flags, 0x3000000UL);
	EXPECT(vfsim_scenario_mount_api_words("fanotify_events", "open", &flags, why,
					      sizeof(why)), -EINVAL);
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The new mount API's scenario verbs (scenario/verbs_mount_api.c): what
 * each prints and the calls its words make, every flag word, @NAME paths,
 * and every malformed line (exit status 65, with the reason).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "scenario/tool_api.h"
#include "common/linecase.h"

#define BOOT "boot empty\nmkdir /m\nmkdir /n\n"

static const struct line_case outputs[] = {
	/* fsopen, every fsconfig command, fslog */
	{ BOOT "fsopen c tmpfs cloexec\nfsconfig c string source s\n"
	       "expect EINVAL fsconfig c binary size 12\nexpect EINVAL fsconfig c path size /\n"
	       "expect EINVAL fsconfig c path-empty size /\nopen r / path\n"
	       "expect EBADF fsconfig c fd size r\nfsconfig c flag ro\nfslog c\n"
	       "fsconfig c create-excl\nexpect EBUSY fsconfig c create\n"
	       "expect EBUSY fsconfig c reconfigure\nclose c\nclose r\n",
	  0, "e tmpfs: Bad value for 'size'\ne tmpfs: Bad value for 'size'\n"
	     "e tmpfs: Bad value for 'size'\n", "" },
	/* fsmount with attributes, move_mount by fd, tree */
	{ BOOT "fsopen c ramfs\nfsconfig c create\n"
	       "fsmount m c ro nosuid,nodev noexec nodiratime nosymfollow cloexec\n"
	       "expect EINVAL fsmount x c noatime,strictatime\nexpect EINVAL fsmount x c idmap\n"
	       "expect EBUSY fsmount x c strictatime\nexpect EINVAL fsmount x c atime\n"
	       "move_mount @m /m f_empty f_symlinks,f_automounts t_symlinks t_automounts\n"
	       "close m\nclose c\ntree\n",
	  0, "ID TARGET FSTYPE SOURCE OPTIONS                                       PROPAGATION\n"
	     "1  /      rootfs rootfs rw                                            private\n"
	     "3  `-/m   ramfs  none   ro,nosuid,nodev,noexec,nodiratime,nosymfollow private\n", "" },
	/* open_tree with every flag, mount_setattr with every word, fspick */
	{ BOOT "mount tmpfs a /m\nsymlink /m /l\n"
	       "open_tree p /l nofollow noautomount cloexec\nclose p\n"
	       "open_tree t /m clone recursive\n"
	       "expect ENOENT mount_setattr @t set=ro\n"
	       "mount_setattr @t empty recursive nofollow noautomount set=ro,nosuid,nodev,noexec,nodiratime,nosymfollow\n"
	       "open d /n path\nmove_mount @t @d f_empty t_empty\nclose t\nclose d\n"
	       "mount_setattr /n clr=ro,nosuid,nodev,noexec,nodiratime,nosymfollow,atime set=strictatime propagation=shared\n"
	       "mount_setattr /n set=relatime clr=atime propagation=slave\n"
	       "mount_setattr /n set=noatime clr=atime propagation=unbindable\n"
	       "mount_setattr /n propagation=private\n"
	       "expect EBADF mount_setattr /n set=idmap\n"
	       "fspick f /n cloexec nofollow noautomount\nclose f\n"
	       "open n /n path\nexpect ENOENT fspick f @n\nfspick f @n empty\n"
	       "fsconfig f flag ro\nfsconfig f reconfigure\nclose f\nclose n\ntree\n",
	  0, "ID TARGET FSTYPE SOURCE OPTIONS          PROPAGATION\n"
	     "1  /      rootfs rootfs rw               private\n"
	     "2  |-/m   tmpfs  a      rw,sb-ro         private\n"
	     "3  `-/n   tmpfs  a      rw,noatime,sb-ro private\n", "" },
	/* set_group and beneath */
	{ BOOT "mount tmpfs a /m shared\nbind /m /n\npropagation /n private\n"
	       "move_mount /m /n set_group\nexpect EINVAL move_mount /m /n beneath\ntree\n",
	  0, "ID TARGET FSTYPE SOURCE OPTIONS PROPAGATION\n"
	     "1  /      rootfs rootfs rw      private\n"
	     "2  |-/m   tmpfs  a      rw      shared:1\n"
	     "3  `-/n   tmpfs  a      rw      shared:1\n", "" },
	/* an fslog that fails: not an fs_context (a directory: EISDIR; a
	 * regular file reads as any file does) */
	{ BOOT "open r /m\nexpect EISDIR fslog r\nclose r\n", 0, "", "" },
};

Test(scenario_mount_api, outputs)
{
	size_t i;

	for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++)
		line_case_run(&outputs[i], (int)i);
}

static const struct line_case malformed[] = {
	{ BOOT "fsopen c tmpfs bogus\n", 65, "", "fsopen: unknown flag 'bogus' (cloexec)" },
	{ BOOT "fsopen c tmpfs\nfsopen c tmpfs\n", 65, "", "'c' is already open" },
	{ BOOT "fspick f /m what\n", 65, "", "unknown flag 'what'" },
	{ BOOT "fspick f @nope\n", 65, "", "nope" },
	{ BOOT "fsconfig nope flag ro\n", 65, "", "nope" },
	{ BOOT "fsopen c tmpfs\nfsconfig c frob\n", 65, "", "unknown flag 'frob'" },
	{ BOOT "fsopen c tmpfs\nfsconfig c fd key\n", 65, "", "fd wants KEY and an fd NAME" },
	{ BOOT "fsopen c tmpfs\nfsconfig c fd key nope\n", 65, "", "nope" },
	{ BOOT "fslog nope\n", 65, "", "nope" },
	{ BOOT "fsmount m nope\n", 65, "", "nope" },
	{ BOOT "fsopen c tmpfs\nfsmount m c ro,,x\n", 65, "", "unknown flag 'x'" },
	{ BOOT "open_tree t /m sideways\n", 65, "", "unknown flag 'sideways'" },
	{ BOOT "open_tree t @nope\n", 65, "", "nope" },
	{ BOOT "move_mount /m /n sideways\n", 65, "", "unknown flag 'sideways'" },
	{ BOOT "move_mount @nope /n\n", 65, "", "nope" },
	{ BOOT "move_mount /m @nope\n", 65, "", "nope" },
	{ BOOT "mount_setattr /m set=bogus\n", 65, "", "unknown flag 'bogus'" },
	{ BOOT "mount_setattr /m propagation=ro\n", 65, "", "unknown flag 'ro'" },
	{ BOOT "mount_setattr /m sideways\n", 65, "", "unknown flag 'sideways'" },
	{ BOOT "mount_setattr /m set=cloexec\n", 65, "", "'cloexec' is no attribute" },
	{ BOOT "mount_setattr @nope set=ro\n", 65, "", "nope" },
	{ "fsopen c tmpfs\n", 65, "", "no task to run it" },
};

Test(scenario_mount_api, malformed)
{
	size_t i;

	for (i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++)
		line_case_run(&malformed[i], (int)i);
}

/* The word lists' parser on its own: what vfsim-kdiff calls. */
Test(scenario_mount_api, words)
{
	unsigned long flags = 0;
	char why[128], tiny[8], longw[300];

	cr_assert_eq(vfsim_scenario_mount_api_words("fsmount", "ro,cloexec", &flags,
						    why, sizeof(why)), 0);
	cr_assert_eq(flags, (1UL << 32) | 1);
	cr_assert_eq(vfsim_scenario_mount_api_words("nope", "ro", &flags, why, sizeof(why)),
		     -EINVAL);
	cr_assert_str_eq(why, "nope: no such word list, or words too long");
	memset(longw, 'r', sizeof(longw) - 1);
	longw[sizeof(longw) - 1] = 0;
	cr_assert_eq(vfsim_scenario_mount_api_words("attr", longw, &flags, why, sizeof(why)),
		     -EINVAL);
	cr_assert_eq(vfsim_scenario_mount_api_words(NULL, "ro", &flags, why, sizeof(why)),
		     -EINVAL);
	cr_assert_eq(vfsim_scenario_mount_api_words("attr", NULL, &flags, why, sizeof(why)),
		     -EINVAL);
	cr_assert_eq(vfsim_scenario_mount_api_words("attr", "ro", NULL, why, sizeof(why)),
		     -EINVAL);
	cr_assert_eq(vfsim_scenario_mount_api_words("attr", "ro", &flags, NULL, 1), -EINVAL);
	cr_assert_eq(vfsim_scenario_mount_api_words("attr", "ro", &flags, why, 0), -EINVAL);
	/* a reason cut to the buffer */
	cr_assert_eq(vfsim_scenario_mount_api_words("attr", "bogus", &flags, tiny,
						    sizeof(tiny)), -EINVAL);
	cr_assert_str_eq(tiny, "unknown");
	cr_assert_eq(vfsim_scenario_mount_api_words("propagation", "x", &flags, why,
						    sizeof(why)), -EINVAL);
	cr_assert_str_eq(why, "unknown flag 'x' (shared, slave, private, unbindable)");
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The statmount and listmount verbs and their printers (scenario/
 * verbs_statmount.c, scenario/statmount_print.c): every field the printer
 * shows, every option, every malformed argument (status 65, nothing
 * done), the errnos as `expect` sees them.  The values are the kernel
 * side's (tests/unit/test_vfs_statmount.c); here, how they read.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "scenario/tool_api.h"
#include "common/check.h"
#include "common/linecase.h"
#include "common/vfstest.h"

#define TREE "boot empty\n" \
	"mkdir /a\n" \
	"mount tmpfs src /a mode=700,size=1m\n" \
	"mkdir /a/b\n" \
	"mkdir /s\n" \
	"propagation /a shared\n" \
	"bind /a /s\n" \
	"propagation /s slave\n" \
	"mkdir /u\n" \
	"mount ramfs u /u ro,nosuid,nodev,noexec,noatime,nodiratime\n" \
	"propagation /u unbindable\n" \
	"mkdir /t\n" \
	"mount tmpfs t /t strictatime\n"

static const struct line_case cases[] = {
	{ TREE "statmount /a\n", 0,
	  "mask:           sb_basic,mnt_basic,propagate_from,mnt_root,mnt_point,fs_type,mnt_ns_id,mnt_opts,sb_source,opt_array,supported_mask\n"
	  "mnt_id:         0x80000002 (2)\n"
	  "mnt_parent_id:  0x80000001 (1)\n"
	  "mnt_attr:       rw,relatime\n"
	  "propagation:    shared:1\n"
	  "propagate_from: 0\n"
	  "sb:             dev 0:2 magic 0x1021994 flags 0\n"
	  "fs_type:        tmpfs\n"
	  "sb_source:      src\n"
	  "mnt_root:       /\n"
	  "mnt_point:      /a\n"
	  "mnt_opts:       size=1024k,mode=700\n"	/* shmem_show_options() */
	  "opt_array:      [size=1024k, mode=700]\n"
	  "mnt_ns_id:      4\n"
	  "supported_mask: sb_basic,mnt_basic,propagate_from,mnt_root,mnt_point,fs_type,mnt_ns_id,mnt_opts,fs_subtype,sb_source,opt_array,opt_sec_array,supported_mask,mnt_uidmap,mnt_gidmap\n",
	  "" },
	{ TREE "statmount /s mnt_basic propagate_from\n"
	  "statmount /u mnt_basic sb_basic\n"
	  "statmount 0x80000005 mnt_basic\n", 0,
	  "mask:           mnt_basic,propagate_from\n"
	  "mnt_id:         0x80000003 (3)\n"
	  "mnt_parent_id:  0x80000001 (1)\n"
	  "mnt_attr:       rw,relatime\n"
	  "propagation:    master:1\n"
	  "propagate_from: 1\n"
	  "mask:           sb_basic,mnt_basic\n"
	  "mnt_id:         0x80000004 (4)\n"
	  "mnt_parent_id:  0x80000001 (1)\n"
	  "mnt_attr:       ro,nosuid,nodev,noexec,noatime,nodiratime\n"
	  "propagation:    unbindable\n"
	  "sb:             dev 0:3 magic 0x858458f6 flags 0x1\n"
	  "mask:           mnt_basic\n"
	  "mnt_id:         0x80000005 (5)\n"
	  "mnt_parent_id:  0x80000001 (1)\n"
	  "mnt_attr:       rw,strictatime\n"
	  "propagation:    private\n",
	  "" },
	/* asked for, nothing to show: the mask says so */
	{ TREE "statmount /a fs_subtype opt_sec_array mnt_uidmap mnt_gidmap\n", 0,
	  "mask:           -\n", "" },
	{ TREE "statmount . all\n", 0, NULL, "" },
	{ TREE "listmount\nlistmount -r -n 2\nlistmount -l 0x80000003 /\nlistmount -n 0\n", 0,
	  "0x80000001 (1) / rootfs\n"
	  "0x80000002 (2) /a tmpfs\n"
	  "0x80000003 (3) /s tmpfs\n"
	  "0x80000004 (4) /u ramfs\n"
	  "0x80000005 (5) /t tmpfs\n"
	  "0x80000005 (5) /t tmpfs\n"
	  "0x80000004 (4) /u ramfs\n"
	  "0x80000004 (4) /u ramfs\n"
	  "0x80000005 (5) /t tmpfs\n", "" },
	{ TREE "listmount 0x80000002\n", 0, "", "" },
	/* -s: each mount's statmount under it, the fs's own options left
	 * out (what vfsim-kdiff compares); -l PATH: after the mount there */
	{ TREE "listmount -n 1 -l ./u\n", 0, "0x80000005 (5) /t tmpfs\n", "" },
	{ TREE "listmount -s -n 1 -l /u\nexpect ENOENT listmount -l /nope\n", 0,
	  "0x80000005 (5) /t tmpfs\n"
	  "    mask:           sb_basic,mnt_basic,propagate_from,mnt_root,mnt_point,fs_type,mnt_ns_id,sb_source,supported_mask\n"
	  "    mnt_id:         0x80000005 (5)\n"
	  "    mnt_parent_id:  0x80000001 (1)\n"
	  "    mnt_attr:       rw,strictatime\n"
	  "    propagation:    private\n"
	  "    propagate_from: 0\n"
	  "    sb:             dev 0:4 magic 0x1021994 flags 0\n"
	  "    fs_type:        tmpfs\n"
	  "    sb_source:      t\n"
	  "    mnt_root:       /\n"
	  "    mnt_point:      /t\n"
	  "    mnt_ns_id:      4\n"
	  "    supported_mask: sb_basic,mnt_basic,propagate_from,mnt_root,mnt_point,fs_type,mnt_ns_id,mnt_opts,fs_subtype,sb_source,opt_array,opt_sec_array,supported_mask,mnt_uidmap,mnt_gidmap\n",
	  "" },
	/* a chrooted task: the root's mounts only; outside it EPERM */
	{ TREE "chroot /a\n"
	  "as 1000 expect EPERM statmount 0x80000003\n"
	  "as 1000 expect EPERM listmount 0x80000001\n"
	  "listmount\n"
	  "statmount 0x80000004 mnt_point\n"
	  "listmount 0x80000001\n", 0,
	  "0x80000002 (2) / tmpfs\n"
	  "mask:           -\n"
	  "0x80000002 (2) / tmpfs\n"
	  "0x80000003 (3) - tmpfs\n"
	  "0x80000004 (4) - ramfs\n"
	  "0x80000005 (5) - tmpfs\n", "" },
	{ TREE "expect ENOENT statmount /nope\n"
	  "expect ENOENT statmount 0x8fffffff\n"
	  "expect EINVAL statmount 7\n"
	  "expect ENOENT listmount /nope\n"
	  "expect ENOENT listmount 0x8fffffff\n"
	  "expect EINVAL listmount -l 7\n"
	  "expect EOVERFLOW listmount -n 1000001\n", 0, "", "" },
	/* malformed: status 65 */
	{ TREE "statmount /a nope\n", 65, "", "unknown mask 'nope'" },
	{ TREE "statmount x\n", 65, "", "bad mount ID 'x'" },
	{ TREE "listmount -x\n", 65, "", "bad option '-x'" },
	{ TREE "listmount -n\n", 65, "", "bad option '-n'" },
	{ TREE "listmount -n x\n", 65, "", "bad count 'x'" },
	{ TREE "listmount -l -1\n", 65, "", "bad last mount ID '-1'" },
	{ TREE "listmount -n 1000002\n", 65, "", "bad count '1000002'" },
	{ TREE "listmount / /a\n", 65, "", "one PATH or mount ID only" },
	{ TREE "listmount x\n", 65, "", "bad mount ID 'x'" },
	{ "statmount /\n", 65, "", "'boot' must come first" },
};

Test(scenario_statmount, lines)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		line_case_run(&cases[i], (int)i);
}

/* The printers' own arguments. */
Test(scenario_statmount, printer_arguments)
{
	struct vfsim *v = vt_boot("empty");
	struct vfsim_task *t = vfsim_init_task(v);
	uint64_t mask = 0;
	union {
		struct statmount sm;
		char bytes[1024];
	} u;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	cr_assert_eq(vfsim_scenario_statmount_mask(NULL, &mask), -EINVAL);
	cr_assert_eq(vfsim_scenario_statmount_mask("all", NULL), -EINVAL);
	cr_assert_eq(vfsim_scenario_statmount(NULL, 0x80000001, 1, out), -EINVAL);
	cr_assert_eq(vfsim_scenario_statmount(t, 0x80000001, 1, NULL), -EINVAL);
	cr_assert_eq(vfsim_scenario_listmount(NULL, LSMT_ROOT, 0, 1, 0, out), -EINVAL);
	cr_assert_eq(vfsim_scenario_listmount(t, LSMT_ROOT, 0, 1, 0, NULL), -EINVAL);
	/* a mask with bits no name has, and arrays of every kind */
	memset(&u, 0, sizeof(u));
	u.sm.mask = STATMOUNT_OPT_SEC_ARRAY | STATMOUNT_MNT_UIDMAP | STATMOUNT_MNT_GIDMAP |
		    STATMOUNT_FS_SUBTYPE | (1ULL << 40);
	strcpy(u.sm.str + 1, "a");
	strcpy(u.sm.str + 3, "b");
	u.sm.opt_sec_array = 1;
	u.sm.opt_sec_num = 2;
	u.sm.mnt_uidmap = 1;
	u.sm.mnt_uidmap_num = 1;
	u.sm.mnt_gidmap = 3;
	u.sm.mnt_gidmap_num = 1;
	u.sm.fs_subtype = 3;
	vfsim_scenario_print_statmount(&u.sm, out);
	fclose(out);
	cr_assert_str_eq(text,
		"mask:           fs_subtype,opt_sec_array,mnt_uidmap,mnt_gidmap,0x10000000000\n"
		"fs_subtype:     b\n"
		"opt_sec_array:  [a, b]\n"
		"mnt_uidmap:     [a]\n"
		"mnt_gidmap:     [b]\n");
	free(text);

	/* options longer than the printer's first buffer: it grows */
	{
		char opts[3000];

		memset(opts, 'o', sizeof(opts) - 1);
		opts[sizeof(opts) - 1] = '\0';
		OK(vfsim_mkdirat(t, AT_FDCWD, "/r", 0755));
		OK(vfsim_mount(t, "r", "/r", "ramfs", 0, opts));
		text = NULL;
		out = open_memstream(&text, &len);
		OK(vfsim_scenario_statmount(t, 0x80000002, STATMOUNT_MNT_OPTS |
					    STATMOUNT_OPT_ARRAY, out));
		fclose(out);
		cr_assert_gt(strlen(text), 6000);
		free(text);
	}
	cr_assert_eq(vt_finish(v), 0);
}

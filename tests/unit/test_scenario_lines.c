// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The scenario engine line by line (docs/scenario.md): short scenario
 * texts run with vfsim_scenario_run() on a fresh instance, each with the
 * exit status, the whole output and the report it must give.  The rows
 * show what the golden scenarios leave out:
 *   - every malformed argument of the verbs (status 65, the engine's
 *     reason in the report, nothing of the line done);
 *   - failures the verbs report with a detail of their own (status 1);
 *   - the test-object verbs' record builder (tpost) read back through the
 *     decoder and the sample's printer;
 *   - the prefixes (as, expect) misused, and lines the reader refuses.
 * Each instance is destroyed with vfsim_destroy_check(): no scenario
 * leaks, whatever line ended it.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/linecase.h"

static void run_cases(const struct line_case *cases, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		line_case_run(&cases[i], (int)i);
}

/* The test @name: the rows of the table @name[] defined before it. */
#define LINES_TEST(name)						\
	Test(scenario_lines, name)					\
	{								\
		run_cases(name, sizeof(name) / sizeof(name[0]));	\
	}

#define BOOT "boot empty\n"
#define NPIPE "boot empty\npipe p nonblock\nsize p 16\ntwatch p 7 1\n"

/* ---- test objects: tpost builds the record the words describe ---------------- */

static const struct line_case tobj_records[] = {
	/* Names and numbers for type and subtype, flags by name, flagN and
	 * number, u32 and u64 words; each read back by the decoder. */
	{ NPIPE
	  "tpost 7 key:updated 9 0\n"
	  "tpost 7 mount:new_mount flags=in_subtree|flag7 10 20\n"
	  "tpost 7 sb:readonly flags=is_now_ro|0x20000 u64=0x5\n"
	  "tpost 7 1:linked u32=4 5\n"
	  "tpost 7 2:0xff u32=4\n"
	  "tpost 7 0x9:3 len=12 0xAbCdEf01\n"
	  "read p\n",
	  0,
	  "read p: 88 bytes\n"
	  "  key updated id=1 key=9 aux=0\n"
	  "  mount new_mount id=1 flags=in_subtree,flag7 triggered_on=10 changed_mount=20\n"
	  "  sb readonly id=1 flags=is_now_ro,flag1 sb_id=0x5\n"
	  "  key linked id=1 key=4 aux=5\n"
	  "  mount subtype=255 id=1 data=04000000\n"
	  "  type=9 subtype=3 id=1 data=01efcdab\n",
	  "" },
	/* len= pads with zeros (and cuts): the sample's printer shows it. */
	{ NPIPE
	  "tpost 7 key:updated len=8\n"
	  "tpost 7 mount:99 1 2\n"
	  "tpost 7 sb:error len=9\n"
	  "tpost 7 meta:5\n"
	  "tpost 7 12:0 len=8\n"
	  "drain p watch_test\n",
	  0,
	  "read() = 49\n"
	  "NOTIFY[000]: ty=000001 sy=01 i=00000108\n"
	  "NOTIFY[008]: ty=000002 sy=63 i=00000110\n"
	  "MOUNT 00000001 change=99[(null)] aux=2\n"
	  "NOTIFY[018]: ty=000003 sy=01 i=00000109\n"
	  "NOTIFY[021]: ty=000000 sy=05 i=00000108\n"
	  "other meta record\n"
	  "NOTIFY[029]: ty=00000c sy=00 i=00000108\n"
	  "other type\n",
	  "Incorrect key message length" },
	/* Watches come and go: EBUSY twice, EBADSLT without one, an ID
	 * above 255 for the kernel to refuse, ENOENT for a dead object;
	 * under 8 bytes is no record. */
	{ NPIPE
	  "twatch p 0 2\n"
	  "expect EBUSY twatch p 7 3\n"
	  "expect EINVAL twatch p 8 256\n"
	  "tunwatch p 0\n"
	  "expect EBADSLT tunwatch p 0\n"
	  "expect EINVAL tpost 7 key:updated len=7\n"
	  "tpost 0x7 meta:removal len=16 u64=7\n"
	  "tdestroy 7\n"
	  "expect ENOENT tdestroy 7\n"
	  "expect ENOENT tdestroy 0xAbC\n"
	  "read p\n",
	  0,
	  "read p: 40 bytes\n"
	  "  meta removal id=2\n"
	  "  meta removal id=1 object=0x7\n"
	  "  meta removal id=1 object=0x7\n",
	  "" },
};

LINES_TEST(tobj_records)

static const struct line_case tobj_syntax[] = {
	{ NPIPE "twatch q 7 1\n", 65, "", "t:5: " },
	{ NPIPE "twatch p x 1\n", 65, "", "bad object ID 'x'" },
	{ NPIPE "twatch p 8 0x80000000\n", 65, "", "bad watch ID '0x80000000'" },
	{ NPIPE "tunwatch q 7\n", 65, "", "t:5: " },
	{ NPIPE "tunwatch p 7z\n", 65, "", "bad object ID '7z'" },
	{ NPIPE "tdestroy 0x\n", 65, "", "bad object ID '0x'" },
	{ NPIPE "tdestroy 0xG\n", 65, "", "bad object ID '0xG'" },
	{ NPIPE "tdestroy 18446744073709551616\n", 65, "", "bad object ID" },
	{ NPIPE "tdestroy 18446744073709551615\n", 1, "", "ENOENT" },
	{ NPIPE "tpost x key:updated\n", 65, "", "bad object ID 'x'" },
	{ NPIPE "tpost 7 key\n", 65, "", "'key': TYPE:SUBTYPE expected" },
	{ NPIPE "tpost 7 :updated\n", 65, "", "':updated': bad record type" },
	{ NPIPE "tpost 7 keykeykeykeykeykeykeykeykeykeykey:updated\n", 65, "", "bad record type" },
	{ NPIPE "tpost 7 0x1000000:0\n", 65, "", "bad record type '0x1000000'" },
	{ NPIPE "tpost 7 bogus:0\n", 65, "", "unknown record type 'bogus' (meta, key, mount, sb or a number)" },
	{ NPIPE "tpost 7 key:0x100\n", 65, "", "bad subtype '0x100'" },
	{ NPIPE "tpost 7 9:updated\n", 65, "", "subtype 'updated': type 9 has no subtype names, use a number" },
	{ NPIPE "tpost 7 key:bogus\n", 65, "", "unknown key subtype 'bogus' (instantiated, updated, " },
	{ NPIPE "tpost 7 key:updated flags=\n", 65, "", "bad flags ''" },
	{ NPIPE "tpost 7 mount:unmount flags=in_subtree||flag0\n", 65, "", "bad flags 'in_subtree||flag0'" },
	{ NPIPE "tpost 7 key:updated flags=flagflagflagflagflagflagflagflag0\n", 65, "", "bad flags" },
	{ NPIPE "tpost 7 key:updated flags=0x1\n", 65, "",
	  "flags value '0x1' has bits outside the type-specific info (0xffff0000)" },
	{ NPIPE "tpost 7 key:updated flags=0x1z\n", 65, "", "bad flags value '0x1z'" },
	{ NPIPE "tpost 7 key:updated flags=flag8\n", 65, "", "unknown key flag 'flag8' (flag0..flag7 or a number)" },
	{ NPIPE "tpost 7 mount:unmount flags=is_now_ro|bogus\n", 65, "",
	  "unknown mount flag 'bogus' (in_subtree, is_recursive, is_now_ro, is_submount, flag0..flag7 or a number)" },
	{ NPIPE "tpost 7 9:0 flags=bogus\n", 65, "", "unknown record flag 'bogus' (flag0..flag7 or a number)" },
	{ NPIPE "tpost 7 key:updated flags=flag0 flags=flag1\n", 65, "", "flags= given twice" },
	{ NPIPE "tpost 7 key:updated len=8 len=9\n", 65, "", "len= given twice" },
	{ NPIPE "tpost 7 key:updated len=128\n", 65, "", "bad record length '128'" },
	{ NPIPE "tpost 7 key:updated 0x100000000\n", 65, "", "bad payload word '0x100000000'" },
	{ NPIPE "tpost 7 key:updated u32=x\n", 65, "", "bad payload word 'x'" },
	{ NPIPE "tpost 7 key:updated u64=1 u64=2 u64=3 u64=4 u64=5 u64=6 u64=7 u64=8 u64=9"
	  " u64=10 u64=11 u64=12 u64=13 u64=14 u64=15\n", 65, "",
	  "the payload does not fit in a record (119 bytes at most)" },
	{ NPIPE "twatch p 7\n", 65, "", "wrong number of arguments: usage: twatch PIPE OBJECT ID" },
	{ "tpost 7 key:updated\n", 65, "", "t:1: " },
	{ "tdestroy 7\n", 65, "", "t:1: " },
};

LINES_TEST(tobj_syntax)

/* ---- the pipe verbs ------------------------------------------------------------ */

static const struct line_case pipe_verbs[] = {
	{ BOOT "pipe p bogus\n", 65, "", "t:2: bad pipe flag 'bogus' (nonblock, plain)" },
	{ BOOT "pipe p\npipe p\n", 65, "", "t:3: 'p' or 'p.w' is already open: close it first" },
	{ BOOT "open p.w / directory\npipe p\n", 65, "", "'p' or 'p.w' is already open" },
	{ BOOT "size q 4\n", 65, "", "t:2: no open file named 'q'" },
	{ BOOT "pipe p\nsize p x\n", 65, "", "bad number of notes 'x'" },
	{ BOOT "filter q key\n", 65, "", "no open file named 'q'" },
	{ BOOT "pipe p\nfilter p key none\n", 65, "", "'none' must be the only word after NAME" },
	{ BOOT "pipe p\nfilter p none\nfilter p key:bogus\n", 65, "",
	  "t:4: bad filter: rule 1 'key:bogus': unknown key subtype 'bogus'" },
	/* 17 rules parse (the buffer grows) but the kernel takes 16. */
	{ BOOT "pipe p nonblock\nfilter p key key key key key key key key key key key key key key key key key\n",
	  1, "", "EINVAL (Invalid argument)" },
	{ BOOT "read q\n", 65, "", "no open file named 'q'" },
	{ BOOT "pipe p\nread p x\n", 65, "", "bad buffer size 'x'" },
	{ BOOT "pipe p\nread p 1048577\n", 65, "", "bad buffer size '1048577'" },
	{ BOOT "pipe p\nread p 0\n", 0, "read p 0: 0 bytes\n", "" },
	{ BOOT "drain q\n", 65, "", "no open file named 'q'" },
	{ BOOT "fionread q\n", 65, "", "no open file named 'q'" },
	{ BOOT "write q x\n", 65, "", "no open file named 'q'" },
	/* An empty pipe with a writer is no end. */
	{ BOOT "pipe p nonblock\nsize p 4\nfionread p\ndrain p eof\n", 1,
	  "fionread p: 0\n", "t:5: drain p eof: EAGAIN" },
	/* Plain bytes: \ and the unprintable in octal; then the end. */
	{ BOOT "pipe p nonblock plain\nwrite p.w \"a\\\\b\tc\"\nread p\n"
	  "write p.w hi\nclose p.w\ndrain p eof\nread p\n", 0,
	  "read p: 5 bytes\n  a\\134b\\011c\n  hi\nread p: EOF\n", "" },
	/* Reading a directory: the errno printed, drain and fionread too. */
	{ BOOT "open f / directory\nexpect ENOTTY fionread f\nexpect EISDIR drain f\nexpect EISDIR read f\n",
	  0, "fionread f: ENOTTY\nread f: EISDIR\n", "" },
};

LINES_TEST(pipe_verbs)

/* ---- prefixes, arguments and the core verbs --------------------------------- */

static const struct line_case core_verbs[] = {
	{ BOOT "as 1 as 2 echo x\n", 65, "", "t:2: 'as' given twice" },
	/* Before boot there is nobody to fork a task from. */
	{ "as 1 echo x\n", 1, "", "t:1: as 1: cannot create the task: EINVAL" },
	{ BOOT "as x echo\n", 65, "", "t:2: bad UID[:GID] 'x'" },
	{ BOOT "expect ENOENT expect ENOENT mkdir /x\n", 65, "", "t:2: 'expect' given twice" },
	{ BOOT "expect EFOO mkdir /x\n", 65, "", "t:2: unknown errno name 'EFOO'" },
	{ BOOT "expect ENOENT mkdir /x 9\n", 65, "", "t:2: bad mode '9': octal digits only" },
	{ BOOT "expect ENOENT mkdir /x\n", 1, "", "t:2: expected ENOENT, got success" },
	{ BOOT "expect ENOENT mkdir /x/y\nexpect EEXIST mkdir /\n", 0, "", "" },
	{ BOOT "as 1000 mkdir /x\n", 1, "", "t:2: as 1000 mkdir /x: EACCES" },
	/* 0:0 is init; 5:6 is made once and reused (its cwd sticks);
	 * 5:7 is another task. */
	{ BOOT "as 0:0 mkdir /x\nchmod /x 0777\nas 5:6 cd /x\nas 5:6 mkdir y\n"
	  "as 5:7 expect EACCES mkdir y2\nas 5:7 mkdir /x/y2\n"
	  "expect ENOENT cd y\nopen f /x/y directory\nopen g /x/y2 directory\n", 0, "", "" },
	{ BOOT "stats\n", 0, NULL, "" },
	{ BOOT "check\necho a   b\nnote n\n", 0, "a b\n# n\n", "" },
	{ BOOT "mkdir /x \"\"\n", 65, "", "t:2: empty mode" },
	{ BOOT "mkdir /x 17777\n", 65, "", "bad mode '17777': more than 07777" },
	{ BOOT "chown / 1x\n", 65, "", "bad UID[:GID] '1x'" },
	{ BOOT "chown / 4294967295\n", 65, "", "bad UID[:GID] '4294967295'" },
	{ BOOT "chown / 1:\n", 65, "", "bad UID[:GID] '1:'" },
	{ BOOT "chown / :1\n", 65, "", "bad UID[:GID] ':1'" },
	{ BOOT "mkdir /x\nchown /x 5\nchown /x 6:7\nchmod /x 1777\nas 5 expect EPERM chmod /x 0700\n"
	  "as 6:7 chmod /x 0700\nchmod /x 9\n", 65, "", "t:8: bad mode '9': octal digits only" },
	{ BOOT "open f / directory\nopen f / directory\n", 65, "", "t:3: 'f' is already open: close it first" },
	{ BOOT "open f / bogus\n", 65, "", "bad open flag 'bogus' (path, directory, nofollow, creat, excl, cloexec, rdwr, wronly, trunc, append)" },
	{ BOOT "open f / path,,directory\n", 65, "", "bad open flag ''" },
	{ BOOT "bind / /x bogus\n", 65, "", "'bogus': only 'rec' may follow here" },
	{ BOOT "umount / bogus\n", 65, "", "bad umount flag 'bogus' (detach, force, expire, nofollow)" },
	{ BOOT "propagation / bogus\n", 65, "", "bad propagation type 'bogus'" },
	{ BOOT "mkdir\n", 65, "", "t:2: wrong number of arguments: usage: mkdir [-p] PATH [MODE]" },
	{ BOOT "mkdir -p\n", 65, "", "t:2: wrong number of arguments: usage: mkdir [-p] PATH [MODE]" },
	{ BOOT "mkdir /a 0755 x\n", 65, "", "t:2: wrong number of arguments: usage: mkdir [-p] PATH [MODE]" },
	{ BOOT "mkdir -p /a 0855\n", 65, "", "bad mode '0855'" },
	{ BOOT "tree x\n", 65, "", "t:2: tree: bad option 'x' (usage: tree [-l] [-r] [-J] [--dot] [-o COLS] [--target PATH])" },
	{ BOOT "tree -l -o\n", 65, "", "t:2: tree: bad option '-o'" },
	/* The propagation call of mount is a second call, on a path that
	 * means something else once the first one is done. */
	{ BOOT "mkdir /m\ncd /m\nmount tmpfs x . shared\n", 1, "",
	  "t:4: mount tmpfs x . shared: EINVAL (Invalid argument): mounted, but setting 'shared' failed" },
	{ "expire /m\n", 65, "", "t:1: expire: no task to run it: 'boot' must come first" },
	{ BOOT "expire /nope\n", 1, "",
	  "t:2: expire /nope: ENOENT (No such file or directory): putting it on the expiry list" },
	{ BOOT "expire\n", 0, "", "" },
};

LINES_TEST(core_verbs)

/* ---- notifications, quirks, network filesystems ----------------------------- */

static const struct line_case notify_verbs[] = {
	{ BOOT "pipe p\nwatch_mount q / 1\n", 65, "", "t:3: no open file named 'q'" },
	{ BOOT "pipe p\nwatch_mount p / x\n", 65, "", "bad watch ID 'x'" },
	{ BOOT "pipe p\nwatch_mount p / 1 bogus\n", 65, "", "bad watch flag 'bogus' (no_automount, empty_path)" },
	{ BOOT "pipe p\nunwatch_sb p / no_automount,bogus\n", 65, "", "bad watch flag 'bogus'" },
	{ BOOT "sb_error / EFOO\n", 65, "", "t:2: unknown errno name 'EFOO'" },
	{ BOOT "sb_error / 0x80000000\n", 65, "", "bad error number '0x80000000'" },
	{ BOOT "sb_network / 0xzz\n", 65, "", "bad network status '0xzz'" },
	{ BOOT "sb_network / bogus\n", 65, "",
	  "bad network status 'bogus' (up, down, flag0, flag1, flag2, flag3, flag4, flag5, flag6, flag7)" },
	{ BOOT "sb_network / up,flag9\n", 65, "", "bad network status 'flag9'" },
	/* A superblock watch sees the error by number and the status words. */
	{ BOOT "pipe p nonblock\nsize p 8\nwatch_sb p / 4 no_automount,empty_path\n"
	  "sb_error / 5\nsb_network / down,flag2\nsb_network / 0x40000\nread p\n", 0,
	  "read p: 56 bytes\n"
	  "  sb error id=4 sb_id=0x3b9acde8 error=5 cookie=0\n"
	  "  sb network id=4 flags=flag0,flag2 sb_id=0x3b9acde8\n"
	  "  sb network id=4 flags=flag2 sb_id=0x3b9acde8\n", "" },
	{ BOOT "quirk all on\nquirk all off\n", 0, "", "" },
	{ BOOT "quirk B99 on\n", 65, "", "t:2: no quirk 'B99'" },
	{ BOOT "quirk B1 maybe\n", 65, "", "t:2: quirk B1: 'on' or 'off', not 'maybe'" },
	{ BOOT "afs_server x sideways\n", 65, "", "t:2: 'sideways': down or up expected" },
	{ BOOT "afs_add_cells bogus\n", 1, "", "t:2: afs_add_cells bogus: EINVAL" },
};

LINES_TEST(notify_verbs)

/* ---- fsinfo and mntinfo ----------------------------------------------------- */

static const struct line_case fsinfo_verbs[] = {
	{ BOOT "fsinfo -l / volume_id\nfsinfo -a / volume_id\nopen d / directory\n"
	  "fsinfo -e -D d \"\" volume_id\nfsinfo -F d volume_id\n"
	  "fsinfo -r / volume_id\nfsinfo -s / volume_id\n", 0,
	  "volume_id: rootfs\nvolume_id: rootfs\nvolume_id: rootfs\nvolume_id: rootfs\n"
	  "volume_id: \n0000: 746f6f72 7366\nvolume_id: size 6\n", "" },
	{ BOOT "fsinfo -b\n", 65, "", "t:2: wrong number of arguments: usage: fsinfo " },
	{ BOOT "fsinfo -b 8\n", 65, "", "t:2: fsinfo: want PATH ATTR [N [M]] after the options" },
	{ BOOT "fsinfo / ids -D\n", 65, "", "t:2: bad Nth '-D'" },
	{ BOOT "fsinfo -D\n", 65, "", "wrong number of arguments" },
	{ BOOT "fsinfo -r -D / ids\n", 65, "", "t:2: no open file named '/'" },
	{ BOOT "fsinfo -r -b\n", 65, "", "-b needs an argument" },
	{ BOOT "fsinfo -z / ids\n", 65, "", "t:2: unknown fsinfo option '-z'" },
	{ BOOT "fsinfo / ids 1 2 3\n", 65, "", "fsinfo: want PATH ATTR [N [M]] after the options" },
	{ BOOT "fsinfo -D q / ids\n", 65, "", "t:2: no open file named 'q'" },
	{ BOOT "as 1 open d / directory\nfsinfo -D d / ids\n", 65, "", "t:3: fd 'd' belongs to another task" },
	{ BOOT "fsinfo -F q ids\n", 65, "", "no open file named 'q'" },
	{ BOOT "fsinfo / bogus\n", 65, "", "unknown fsinfo attribute 'bogus'" },
	{ BOOT "fsinfo / ids x\n", 65, "", "bad Nth 'x'" },
	{ BOOT "fsinfo / ids 0 -1\n", 65, "", "bad Mth '-1'" },
	{ BOOT "fsinfo / ids 0 \"\"\n", 65, "", "bad Mth ''" },
	{ BOOT "fsinfo / ids 0x100000000\n", 65, "", "bad Nth '0x100000000'" },
	{ BOOT "fsinfo -b x / ids\n", 65, "", "bad buffer size 'x'" },
	/* An attribute nobody knows: each way of asking gets EOPNOTSUPP. */
	{ BOOT "expect EOPNOTSUPP fsinfo / 0x999\nexpect EOPNOTSUPP fsinfo -b 16 / 0x999\n"
	  "expect EOPNOTSUPP fsinfo -s / 0x999\n", 0, NULL, "" },
	{ BOOT "mntinfo -X 1\n", 65, "", "t:2: mntinfo: want PATH or -M ID" },
	{ BOOT "mntinfo -M x\n", 65, "", "t:2: bad mount ID 'x'" },
	{ BOOT "expect ENOENT mntinfo /nope\n", 0, "", "" },
	{ BOOT "mntinfo -M 99999\n", 1, NULL, "t:2: mntinfo -M 99999: EPERM" },
};

LINES_TEST(fsinfo_verbs)

/* ---- lines the reader refuses ------------------------------------------------ */

Test(scenario_lines, nul_byte_in_line)
{
	static const char text[] = BOOT "echo a\0b\necho not reached\n";
	static const struct line_case lc = { text, 65, "", "t:2: NUL byte in line" };

	line_case_run_len(&lc, sizeof(text) - 1, 0);
}

static const struct line_case reader[] = {
	/* CR LF and the other blanks separate words. */
	{ BOOT "echo a\tb\vc\fd\r\n", 0, "a b c d\n", "" },
	{ BOOT "bogus\n", 65, "", "t:2: " },
	{ BOOT "echo \"a\\q\"\n", 65, "", "t:2: " },
};

LINES_TEST(reader)

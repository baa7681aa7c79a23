// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The malformed lines of the file-data, directory, device-node and
 * pivot_root and user-namespace verbs (scenario/verbs_file.c, verbs_dirs.c,
 * verbs_fs.c, verbs_userns.c,
 * docs/scenario.md): each is refused before anything runs (status 65)
 * with the word that is wrong and what was expected; and the few that
 * are well formed but fail or print.
 */
#include <criterion/criterion.h>

#include "common/linecase.h"

#define T "boot empty\nmkdir /t\nmount tmpfs t /t\n"

static const struct line_case file_lines[] = {
	{ T "pwrite\n", 65, "", "wrong number of arguments: usage: pwrite NAME OFFSET|- TEXT [COUNT]" },
	{ T "pwrite f 0 x\n", 65, "", "no open file named 'f'" },
	{ T "open f /t/a creat rdwr\npwrite f x hello\n", 65, "", "bad offset 'x': a decimal number, or 0x and hex digits, up to 9223372036854775807 expected" },
	{ T "open f /t/a creat rdwr\npwrite f 0 hello x\n", 65, "", "bad count 'x': a decimal number, or 0x and hex digits, up to 16777216 expected" },
	{ T "open f /t/a creat rdwr\npwrite f 0 hello 0\n", 0, "pwrite f 0 hello 0: 0 bytes\n", "" },
	{ T "open f /t/a creat rdwr\npread f 0\n", 65, "", "wrong number of arguments: usage: pread NAME OFFSET|- SIZE" },
	{ T "open f /t/a creat rdwr\npread f 0 x\n", 65, "", "bad size 'x': a decimal number, or 0x and hex digits, up to 16777216 expected" },
	{ T "open f /t/a creat rdwr\npread f q 4\n", 65, "", "bad offset 'q': a decimal number, or 0x and hex digits, up to 9223372036854775807 expected" },
	{ T "open f /t/a creat rdwr\nseek f 0 sideways\n", 65, "", "bad whence 'sideways' (set, cur, end, data, hole)" },
	{ T "open f /t/a creat rdwr\nseek f x set\n", 65, "", "bad offset 'x': a decimal number, or 0x and hex digits, up to 9223372036854775807 expected" },
	{ T "truncate /t/a\n", 65, "", "wrong number of arguments: usage: truncate PATH LENGTH" },
	{ T "truncate /t/a x\n", 65, "", "bad length 'x': a decimal number, or 0x and hex digits, up to 9223372036854775807 expected" },
	{ T "open f /t/a creat rdwr\nftruncate f x\n", 65, "", "bad length 'x': a decimal number, or 0x and hex digits, up to 9223372036854775807 expected" },
	{ T "open f /t/a creat rdwr\nfallocate f 0 1 sideways\n", 65, "", "bad fallocate mode 'sideways' (keep_size, punch_hole)" },
	{ T "open f /t/a creat rdwr\nfallocate f x 1\n", 65, "", "bad offset 'x': a decimal number, or 0x and hex digits, up to 9223372036854775807 expected" },
	{ T "open f /t/a creat rdwr\nfsync f now\n", 65, "", "bad fsync word 'now' (data)" },
	{ T "statfs /t bogus\n", 65, "", "bad statfs word 'bogus' (sizes)" },
	{ T "statfs =nope\n", 65, "", "no open file named 'nope'" },
	{ T "stat /t bogus\n", 65, "", "bad stat word 'bogus' (nofollow, unique, amask)" },
	{ T "open f /t/a creat rdwr\npoll f bogus\n", 65, "", "bad poll event 'bogus' (in, pri, out, rdnorm, wrnorm)" },
	{ T "open f /t/a creat rdwr\nreadfile f 0\n", 65, "", "a chunk of 0 bytes reads nothing" },
	{ T "open f /t/a creat rdwr\nreadfile f x\n", 65, "", "bad chunk 'x': a decimal number, or 0x and hex digits, up to 16777216 expected" },
	{ T "open f /t/a creat rdwr\nreadfile f 4 x\n", 65, "", "bad count 'x': a decimal number, or 0x and hex digits, up to 4294967295 expected" },
	{ T "ls\n", 65, "", "wrong number of arguments: usage: ls PATH [BUFSIZE]" },
	{ T "ls /t x\n", 65, "", "bad buffer size 'x': a decimal number, or 0x and hex digits, up to 65536 expected" },
	{ T "ls /t 0\n", 1, "/t:\n", "ls /t 0: EINVAL (Invalid argument)" },
	{ T "rename /t/a\n", 65, "", "wrong number of arguments: usage: rename OLD NEW [noreplace|exchange|whiteout]..." },
	{ T "rename /t/a /t/b bogus\n", 65, "", "unknown flag 'bogus': noreplace, exchange or whiteout" },
	{ T "link /t/a /t/b bogus\n", 65, "", "unknown flag 'bogus': follow" },
	{ T "readlink\n", 65, "", "wrong number of arguments: usage: readlink PATH" },
	{ T "touch\n", 65, "", "wrong number of arguments: usage: touch PATH [nofollow]" },
	{ T "utimens /t/a now\n", 65, "", "wrong number of arguments: usage: utimens PATH ATIME MTIME [nofollow]" },
	{ T "utimens /t/a x now\n", 65, "", "bad time (now, omit or seconds) 'x': a decimal number, or 0x and hex digits, up to 2147483647 expected" },
	{ T "access /t/a q\n", 65, "", "bad mode 'q': f, or letters of rwx" },
	{ T "access /t/a r bogus\n", 65, "", "unknown flag 'bogus': eaccess or nofollow" },
	{ T "unlink\n", 65, "", "wrong number of arguments: usage: unlink PATH" },
	{ T "rmdir\n", 65, "", "wrong number of arguments: usage: rmdir PATH" },
	{ T "mknod /t/n\n", 65, "", "wrong number of arguments: usage: mknod PATH TYPE [MAJ:MIN] [MODE]" },
	{ T "mknod /t/n q\n", 65, "", "bad node type 'q' (c, b, p, s, f, d)" },
	{ T "mknod /t/n c\n", 65, "", "a device needs MAJ:MIN (major < 4096, minor < 2^20)" },
	{ T "mknod /t/n c x:y\n", 65, "", "a device needs MAJ:MIN (major < 4096, minor < 2^20)" },
	{ T "mknod /t/n c 1:3 x\n", 65, "", "bad mode 'x': octal digits only" },
	{ T "pivot_root /t\n", 65, "", "wrong number of arguments: usage: pivot_root NEW_ROOT PUT_OLD" },
	/* user namespaces, listmount pages, and well-formed lines' words */
	{ T "uid_map\n", 65, "", "wrong number of arguments: usage: uid_map TASK \"FIRST LOWER COUNT\" ..." },
	{ T "uid_map nobody \"0 0 1\"\n", 65, "", "uid_map: no task named 'nobody'" },
	{ T "gid_map nobody \"0 0 1\"\n", 65, "", "gid_map: no task named 'nobody'" },
	{ T "setgroups nobody deny\n", 65, "", "setgroups: no task named 'nobody'" },
	{ T "task u fork newuser\nsetgroups u maybe\n", 65, "", "setgroups: 'maybe' is neither allow nor deny" },
	{ T "task u fork newuser\nuid_map u \"x y z\"\n", 1, "", "uid_map u \"x y z\": EINVAL (Invalid argument)" },
	{ T "task u fork newuser\nuid_map u \"0 0 1\"\nuid_map u \"0 0 1\"\n", 1, "", "uid_map u \"0 0 1\": EPERM (Operation not permitted)" },
	{ T "task u fork newuser\ngid_map u \"0 0 1\"\n", 0, "", "" },
	{ T "task u fork newuser\nsetgroups u deny\n", 0, "", "" },
	{ T "task u fork newuser\nsetgroups u allow\n", 0, "", "" },
	{ T "unshare\n", 65, "", "wrong number of arguments: usage: unshare user|mnt|fs|files ..." },
	{ T "unshare user\n", 0, "", "" },
	{ T "listmount -l\n", 65, "", "listmount: bad option '-l'" },
	{ T "listmount -l /nope\n", 1, "", "listmount -l /nope: ENOENT (No such file or directory)" },
	{ T "listmount -s -l /t\n", 0, "", "" },
	{ T "open f /t/a creat rdwr\nstat /t/a nofollow unique\n", 0, "stat /t/a nofollow unique: reg 0644 size=0 blocks=0 blksize=4096 nlink=1 mnt_id_unique=yes attr=-\n", "" },
	{ T "open f /t/a creat rdwr\npoll f out,wrnorm,rdnorm\n", 0, "poll f out,wrnorm,rdnorm: out,rdnorm,wrnorm\n", "" },
	{ T "open f /t/a creat rdwr\npwrite f 0 abc\nreadfile f 2 2\n", 0, "pwrite f 0 abc: 3 bytes\nreadfile f 2 2: 2 reads\n  abc\n", "" },
	{ T "open f /t/a creat rdwr\npwrite f 0 abc\nreadfile f 2\n", 0, "pwrite f 0 abc: 3 bytes\nreadfile f 2: 3 reads, EOF\n  abc\n", "" },
	{ T "open f /t/a creat wronly append\npwrite f - abc\n", 0, "pwrite f - abc: 3 bytes\n", "" },
	{ T "open f /t/a creat trunc wronly\npread f 0 1\n", 1, "pread f 0 1: EBADF\n", "pread f 0 1: EBADF (Bad file descriptor)" },
	{ T "open f /t/a creat rdwr\nfallocate f 0 4k punch_hole keep_size\n", 0, "", "" },
	{ T "open f /t/a creat rdwr\nfallocate f 0 4k punch_hole\n", 1, "", "fallocate f 0 4k punch_hole: EOPNOTSUPP (Operation not supported)" },
	{ T "mkdir /t/d\nls /t/d 24\n", 0, "/t/d: . ..\n", "" },
	{ T "symlink /t /t/l\ntouch /t/l nofollow\n", 0, "", "" },
	{ T "symlink /t /t/l\nutimens /t/l omit 100 nofollow\n", 0, "", "" },
	{ T "mkdir /t/d\nrename /t/d /t/e whiteout\n", 0, "", "" },
	{ T "mkdir /t/d\nrename /t/d /t/d/x\n", 1, "", "rename /t/d /t/d/x: EINVAL (Invalid argument)" },
	{ T "mkdir /t/d\nlink /t/d /t/x follow\n", 1, "", "link /t/d /t/x follow: EPERM (Operation not permitted)" },
	/* node types, the stat and statfs words, errnos passed on */
	{ T "mknod /t/b b 7:0\n", 0, "", "" },
	{ T "mknod /t/s s\n", 0, "", "" },
	{ T "mknod /t/f f\n", 0, "", "" },
	{ T "mknod /t/d d\n", 1, "", "mknod /t/d d: EPERM (Operation not permitted)" },
	{ T "mknod /t/n c 1:3 0600\nmknod /t/n c 1:3\n", 1, "", "mknod /t/n c 1:3: EEXIST (File exists)" },
	{ T "open f /t/a creat rdwr\nstat /t/a amask\n", 0, "stat /t/a amask: reg 0644 size=0 blocks=0 blksize=4096 nlink=1 mnt_id=yes attr=- amask=0x2000\n", "" },
	{ T "open f /t/a creat rdwr\nstatfs =f sizes\n", 0, "statfs =f sizes: type=0x1021994 bsize=4096 namelen=255 flags=relatime,valid blocks=1048576 bfree=1048576 bavail=1048576 files=1048576 ffree=1048574\n", "" },
	{ T "open f /t/a creat rdwr\nseek f 0 cur\n", 0, "seek f 0 cur: 0\n", "" },
	{ T "open f /t/a creat rdwr\nftruncate f -1\n", 1, "", "ftruncate f -1: EINVAL (Invalid argument)" },
	{ T "truncate /t/nope 1\n", 1, "", "truncate /t/nope 1: ENOENT (No such file or directory)" },
	{ T "open f /t/a creat rdwr\npread f - 4\n", 0, "pread f - 4: 0 bytes\n", "" },
	{ T "readlink /t\n", 1, "", "readlink /t: EINVAL (Invalid argument)" },
	{ T "rmdir /t\n", 1, "", "rmdir /t: EBUSY (Device or resource busy)" },
	{ T "unlink /t\n", 1, "", "unlink /t: EISDIR (Is a directory)" },
	{ T "mkdir /t/d\naccess /t/d x eaccess\n", 0, "", "" },
	{ T "as 1000 mknod /t/p p\n", 0, "", "" },
};

Test(scenario_file_lines, lines)
{
	size_t i;

	for (i = 0; i < sizeof(file_lines) / sizeof(file_lines[0]); i++)
		line_case_run(&file_lines[i], (int)i);
}

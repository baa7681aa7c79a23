// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The scenario library's parsers and runners as a program calls them
 * (<vfsim/scenario.h>), on the arguments the engine never passes itself:
 *   - vfsim_scenario_mount_calls(): NULLs, a verb that is not a mount
 *     verb (-ENOENT), the wrong number of words, a NULL word; the calls of
 *     each mount verb and their flags;
 *   - vfsim_scenario_mode(), _ids(), _open_flags(), _split(),
 *     _mount_options(), _strerror(): NULLs, no room for the reason;
 *   - vfsim_scenario_run_file() with and without options, on a file that
 *     cannot be opened;
 *   - vfsim_decode_record() on short and bad-length records and with no
 *     room for the text; the sb records' variants.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/vfsim.h>

#include "scenario/tool_api.h"
#include "common/check.h"

Test(scenario_pieces, mount_calls_arguments)
{
	char *argv[] = { "/a", "/b", NULL };
	char *holes[] = { "/a", NULL, NULL };
	struct vfsim_scenario_mount_calls mc;
	char why[128];

	EXPECT(vfsim_scenario_mount_calls(NULL, 2, argv, &mc, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "no mount verb to read");
	vfsim_scenario_mount_calls_free(&mc);
	EXPECT(vfsim_scenario_mount_calls("bind", 2, argv, NULL, why, sizeof(why)), -EINVAL);
	EXPECT(vfsim_scenario_mount_calls("bind", -1, argv, &mc, why, sizeof(why)), -EINVAL);
	vfsim_scenario_mount_calls_free(&mc);
	EXPECT(vfsim_scenario_mount_calls("bind", 2, NULL, &mc, why, sizeof(why)), -EINVAL);
	vfsim_scenario_mount_calls_free(&mc);
	EXPECT(vfsim_scenario_mount_calls("mkdir", 2, argv, &mc, why, sizeof(why)), -ENOENT);
	cr_expect_str_eq(why, "'mkdir' is not a mount verb");
	vfsim_scenario_mount_calls_free(&mc);
	EXPECT(vfsim_scenario_mount_calls("move", 1, argv, &mc, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "move: wrong number of arguments");
	vfsim_scenario_mount_calls_free(&mc);
	EXPECT(vfsim_scenario_mount_calls("move", 2, holes, &mc, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "move: argument 2 is NULL");
	vfsim_scenario_mount_calls_free(&mc);
	/* No room for a reason is no reason. */
	EXPECT(vfsim_scenario_mount_calls("move", 1, argv, &mc, NULL, 0), -EINVAL);
	vfsim_scenario_mount_calls_free(&mc);
	vfsim_scenario_mount_calls_free(NULL);
}

Test(scenario_pieces, mount_calls_of_each_verb)
{
	char *move[] = { "/a", "/b", NULL };
	char *remount[] = { "/m", "ro,size=1m", NULL };
	char *setattr[] = { "/m", "nosuid", NULL };
	char *prop[] = { "/m", "rslave", NULL };
	char *prop_rec[] = { "/m", "private", "rec", NULL };
	struct vfsim_scenario_mount_calls mc;
	char why[128];

	OK(vfsim_scenario_mount_calls("move", 2, move, &mc, why, sizeof(why)));
	cr_expect_eq(mc.nr, 1);
	cr_expect_eq(mc.call[0].flags, MS_MOVE);
	cr_expect_str_eq(mc.call[0].source, "/a");
	vfsim_scenario_mount_calls_free(&mc);

	OK(vfsim_scenario_mount_calls("remount", 2, remount, &mc, why, sizeof(why)));
	cr_expect_eq(mc.call[0].flags, MS_REMOUNT | MS_RDONLY);
	cr_expect_str_eq(mc.call[0].data, "size=1m");
	vfsim_scenario_mount_calls_free(&mc);

	OK(vfsim_scenario_mount_calls("setattr", 2, setattr, &mc, why, sizeof(why)));
	cr_expect_eq(mc.call[0].flags, MS_REMOUNT | MS_BIND | MS_NOSUID);
	cr_expect_null(mc.call[0].data);
	vfsim_scenario_mount_calls_free(&mc);

	OK(vfsim_scenario_mount_calls("propagation", 2, prop, &mc, why, sizeof(why)));
	cr_expect_eq(mc.call[0].flags, MS_SLAVE | MS_REC);
	vfsim_scenario_mount_calls_free(&mc);
	OK(vfsim_scenario_mount_calls("propagation", 3, prop_rec, &mc, why, sizeof(why)));
	cr_expect_eq(mc.call[0].flags, MS_PRIVATE | MS_REC);
	vfsim_scenario_mount_calls_free(&mc);
}

Test(scenario_pieces, argument_parsers)
{
	char *flags_argv[] = { "path,nofollow", NULL };
	struct vfsim_scenario_mount_opts o;
	struct vfsim_scenario_words w;
	bool has_gid = true;
	uid_t uid = 7;
	gid_t gid = 7;
	mode_t mode = 7;
	char why[64];
	int flags = 0;

	EXPECT(vfsim_scenario_mode(NULL, &mode, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "no mode to parse");
	EXPECT(vfsim_scenario_mode("0755", NULL, why, sizeof(why)), -EINVAL);
	EXPECT(vfsim_scenario_mode("9", &mode, NULL, 0), -EINVAL);
	EXPECT(vfsim_scenario_mode("/", &mode, why, sizeof(why)), -EINVAL);
	cr_expect_eq(mode, 7, "unchanged on failure");
	OK(vfsim_scenario_mode("1777", &mode, why, sizeof(why)));
	cr_expect_eq(mode, 01777);

	EXPECT(vfsim_scenario_ids(NULL, &uid, &gid, &has_gid, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "no UID[:GID] to parse");
	EXPECT(vfsim_scenario_ids("1", NULL, &gid, &has_gid, why, sizeof(why)), -EINVAL);
	EXPECT(vfsim_scenario_ids("1", &uid, NULL, &has_gid, why, sizeof(why)), -EINVAL);
	EXPECT(vfsim_scenario_ids("1", &uid, &gid, NULL, why, sizeof(why)), -EINVAL);
	EXPECT(vfsim_scenario_ids("1:/", &uid, &gid, &has_gid, why, sizeof(why)), -EINVAL);
	cr_expect_eq(uid, 7, "unchanged on failure");
	OK(vfsim_scenario_ids("12", &uid, &gid, &has_gid, why, sizeof(why)));
	cr_expect(uid == 12 && gid == 0 && !has_gid);

	EXPECT(vfsim_scenario_open_flags(1, flags_argv, NULL, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "no open flags to parse");
	EXPECT(vfsim_scenario_open_flags(1, NULL, &flags, why, sizeof(why)), -EINVAL);
	OK(vfsim_scenario_open_flags(0, NULL, &flags, why, sizeof(why)));
	cr_expect_eq(flags, O_RDONLY);
	OK(vfsim_scenario_open_flags(1, flags_argv, &flags, why, sizeof(why)));
	cr_expect_eq(flags, O_PATH | O_NOFOLLOW);

	EXPECT(vfsim_scenario_split(NULL, &w, why, sizeof(why)), -EINVAL);
	EXPECT(vfsim_scenario_split("a", NULL, why, sizeof(why)), -EINVAL);
	EXPECT(vfsim_scenario_split("a \"b", &w, NULL, 0), -EINVAL);
	OK(vfsim_scenario_split("a\v\"b\\\\\"c\f#d", &w, NULL, 0));
	cr_expect_eq(w.argc, 2);
	cr_expect_str_eq(w.argv[1], "b\\c");
	vfsim_scenario_words_free(&w);

	EXPECT(vfsim_scenario_mount_options("ro,,rw", VFSIM_SCENARIO_MOUNT, &o, NULL, 0), -EINVAL);
	vfsim_scenario_mount_options_free(&o);
	EXPECT(vfsim_scenario_mount_options(NULL, VFSIM_SCENARIO_MOUNT, &o, why, sizeof(why)), -EINVAL);
	vfsim_scenario_mount_options_free(&o);

	cr_expect_str_eq(vfsim_scenario_strerror(-ENOENT, why, sizeof(why)),
			 "ENOENT (No such file or directory)");
	cr_expect_null(vfsim_scenario_strerror(-ENOENT, NULL, 8));
	cr_expect_eq(vfsim_scenario_strerror(-ENOENT, why, 0), why);
}

/* ---- vfsim_scenario_run_file ------------------------------------------------- */

static char path[64];

static void write_file(const char *text)
{
	int fd;
	FILE *f;

	strcpy(path, "/tmp/vfsim-pieces-XXXXXX");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	f = fdopen(fd, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

Test(scenario_pieces, run_file)
{
	struct vfsim_scenario_opts o = { .name = "named" };
	char *out = NULL, *err = NULL;
	size_t olen, elen;
	FILE *fo, *fe;

	write_file("boot empty\necho hi\nexpect EEXIST mkdir /\nbogus\n");
	fo = open_memstream(&out, &olen);
	fe = open_memstream(&err, &elen);
	o.err = fe;
	cr_expect_eq(vfsim_scenario_run_file(path, fo, &o), VFSIM_SCENARIO_EXIT_DATAERR);
	fclose(fo);
	fclose(fe);
	cr_expect_str_eq(out, "hi\n");
	cr_expect(strstr(err, "vfsim: named:4: "), "%s", err);
	free(out);
	free(err);

	/* Without options: the file's path names it, reports go to stderr. */
	cr_redirect_stderr();
	fo = open_memstream(&out, &olen);
	cr_expect_eq(vfsim_scenario_run_file(path, fo, NULL), VFSIM_SCENARIO_EXIT_DATAERR);
	fclose(fo);
	cr_expect_str_eq(out, "hi\n");
	free(out);
	unlink(path);

	EXPECT(vfsim_scenario_run_file(NULL, NULL, NULL), -EINVAL);
	cr_expect_eq(vfsim_scenario_run_file(path, NULL, NULL), VFSIM_SCENARIO_EXIT_NOINPUT);
}

/* ---- vfsim_decode_record ------------------------------------------------------- */

static void rec(unsigned char *r, unsigned int type, unsigned int subtype, unsigned int len,
		unsigned int info)
{
	unsigned int word0 = (type & 0xffffff) | subtype << 24;

	info |= len;
	memset(r, 0, 32);
	memcpy(r, &word0, 4);
	memcpy(r + 4, &info, 4);
}

Test(scenario_pieces, decode_edges)
{
	unsigned char r[32];
	uint64_t sb = 0x1234;
	char out[128];

	EXPECT(vfsim_decode_record(NULL, 8, out, sizeof(out)), -EINVAL);
	cr_expect_str_eq(out, "short record: 0 bytes");
	EXPECT(vfsim_decode_record(r, 4, out, sizeof(out)), -EINVAL);
	cr_expect_str_eq(out, "short record: 4 bytes");
	rec(r, WATCH_TYPE_KEY_NOTIFY, 1, 4, 0);
	EXPECT(vfsim_decode_record(r, 8, out, sizeof(out)), -EINVAL);
	cr_expect_str_eq(out, "bad record length 4 (8 bytes available)");
	rec(r, WATCH_TYPE_KEY_NOTIFY, 1, 16, 0);
	EXPECT(vfsim_decode_record(r, 8, out, sizeof(out)), -EINVAL);
	cr_expect_str_eq(out, "bad record length 16 (8 bytes available)");

	/* sb error with no room for the error words: the 16-byte form. */
	rec(r, WATCH_TYPE_SB_NOTIFY, NOTIFY_SUPERBLOCK_ERROR, 16, 0);
	memcpy(r + 8, &sb, 8);
	EXPECT(vfsim_decode_record(r, 16, out, sizeof(out)), 16);
	cr_expect_str_eq(out, "sb error id=0 sb_id=0x1234");
	rec(r, WATCH_TYPE_SB_NOTIFY, NOTIFY_SUPERBLOCK_EDQUOT, 8, 0);
	EXPECT(vfsim_decode_record(r, 8, out, sizeof(out)), 8);
	cr_expect_str_eq(out, "sb edquot id=0");

	/* No room at all, and room for a little. */
	EXPECT(vfsim_decode_record(r, 8, out, 0), 8);
	EXPECT(vfsim_decode_record(r, 8, out, 5), 8);
	cr_expect_str_eq(out, "sb e");
}

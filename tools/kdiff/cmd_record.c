// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim-kdiff record FILE.scn...`: run the kernel side and keep its
 * transcript as FILE.kernel, beside the scenario, for the machines where
 * the kernel side cannot run (and to notice when a kernel changes).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "compare.h"
#include "side.h"
#include "transcript.h"

/* Write through a temporary file: a failed run never leaves half a
 * transcript behind. */
static int write_file(const char *path, const struct kd_buf *text)
{
	char *tmp = kd_asprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	int ret = 0;

	if (!f || fwrite(text->s, 1, text->len, f) != text->len)
		ret = -errno;
	if (f && fclose(f) != 0 && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path) < 0)
		ret = -errno;
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}

static int record_one(const char *path)
{
	struct kd_transcript t;
	struct kd_eras eras;
	struct kd_script sc;
	struct kd_outcome o;
	const char *problem;
	char why[512], buf[64], *out, *era_path;
	int status, ret;

	status = kd_load_and_spawn(path, KD_KERNEL, &sc, &o);
	if (status != KD_EXIT_OK)
		return status;
	problem = kd_outcome_problem(&o, buf, sizeof(buf));
	if (problem) {
		kd_msg("%s: kernel side %s: nothing recorded", sc.stem, problem);
		status = KD_EXIT_FAIL;
		goto out;
	}
	if (kd_transcript_parse(o.text.s, &sc, &t, why, sizeof(why)) < 0) {
		kd_msg("%s: the kernel side's transcript: %s", sc.stem, why);
		status = KD_EXIT_FAIL;
		goto out;
	}
	/* the kernel is the reference: a wrong claim is the scenario's */
	era_path = kd_asprintf("%s/era-differences.txt", sc.dir);
	if (kd_era_load(era_path, false, &eras) != KD_EXIT_OK)
		kd_msg("%s: not used", era_path);
	free(era_path);
	if (kd_unmet_expects(&sc, &t, &eras, stdout))
		printf("kdiff: %s: warning: the kernel does not do what the scenario expects (era difference, or a wrong expect)\n",
		       sc.stem);
	kd_era_free(&eras);
	kd_transcript_free(&t);
	out = kd_script_sibling(&sc, ".kernel");
	ret = write_file(out, &o.text);
	if (ret < 0) {
		kd_msg("%s: %s", out, strerror(-ret));
		status = KD_EXIT_FAIL;
	} else {
		printf("kdiff: %s: recorded %s\n", sc.stem, out);
	}
	free(out);
out:
	kd_outcome_free(&o);
	kd_script_free(&sc);
	return status;
}

int cmd_record(int argc, char **argv)
{
	int i, status = KD_EXIT_OK;

	if (argc < 2) {
		kd_msg("usage: record FILE.scn...");
		return KD_EXIT_USAGE;
	}
	for (i = 1; i < argc; i++)
		status = kd_exit_worst(status, record_one(argv[i]));
	return status;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim-kdiff run --model|--kernel FILE.scn`: one side's transcript on
 * standard output.
 */
#include <string.h>

#include "cmd.h"
#include "side.h"

const char *kd_outcome_problem(const struct kd_outcome *o, char *buf,
			       size_t len)
{
	char sig[32];

	if (o->sig)
		snprintf(buf, len, "died: %s",
			 kd_signame(o->sig, sig, sizeof(sig)));
	else if (o->status != KD_EXIT_OK)
		snprintf(buf, len, "failed (exit %d)", o->status);
	else
		return NULL;
	return buf;
}

int kd_load_and_spawn(const char *path, enum kd_which which,
		      struct kd_script *sc, struct kd_outcome *o)
{
	char why[512];
	int status = kd_script_load(path, sc);

	if (status != KD_EXIT_OK)
		return status;
	if (which == KD_KERNEL && !kd_kernel_available(why, sizeof(why))) {
		kd_msg("%s: kernel not available (%s)", sc->stem, why);
		status = KD_EXIT_FAIL;
	} else if (kd_spawn_side(which, sc, o) < 0) {
		status = KD_EXIT_FAIL;
	}
	if (status != KD_EXIT_OK)
		kd_script_free(sc);
	return status;
}

int cmd_run(int argc, char **argv)
{
	enum kd_which which;
	struct kd_script sc;
	struct kd_outcome o;
	const char *problem;
	char buf[64];
	int status;

	if (argc != 3 || (strcmp(argv[1], "--model") != 0 &&
			  strcmp(argv[1], "--kernel") != 0)) {
		kd_msg("usage: run --model|--kernel FILE.scn");
		return KD_EXIT_USAGE;
	}
	which = strcmp(argv[1], "--kernel") == 0 ? KD_KERNEL : KD_MODEL;
	status = kd_load_and_spawn(argv[2], which, &sc, &o);
	if (status != KD_EXIT_OK)
		return status;
	fputs(o.text.s, stdout);
	fflush(stdout);
	problem = kd_outcome_problem(&o, buf, sizeof(buf));
	if (problem)
		kd_msg("%s: %s side %s", sc.stem,
		       which == KD_KERNEL ? "kernel" : "model", problem);
	kd_outcome_free(&o);
	kd_script_free(&sc);
	return problem ? KD_EXIT_FAIL : KD_EXIT_OK;
}

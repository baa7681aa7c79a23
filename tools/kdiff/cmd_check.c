// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim-kdiff check [--live|--recorded|--auto] [--era FILE]
 * [--unavailable-status N] FILE.scn...`:
 * the model's transcript against the kernel's, live or recorded.  A live
 * run is also held against the recorded transcript, so that one recorded
 * on an older run of the same kernel series cannot go stale unnoticed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "compare.h"
#include "side.h"
#include "transcript.h"

enum mode { MODE_AUTO, MODE_LIVE, MODE_RECORDED };

struct check {
	enum mode mode;
	const char *era;	/* --era, or NULL: beside each scenario */
	bool fell_back;		/* --auto, and the kernel was not available */
	struct kd_script sc;
	struct kd_eras eras;
	char *recorded_path;
	struct kd_buf recorded;	/* its text, if it could be read */
	int recorded_err;	/* or why not */
	bool live;
	struct kd_lines notes;	/* problems found before the comparison */
	unsigned int fails;
	unsigned int expected;	/* era differences seen */
};

/* The side's transcript parsed; false (and a failure) if it is not one. */
static bool parse_side(struct check *c, const char *side, const char *text,
		       struct kd_transcript *t)
{
	char why[512];

	if (kd_transcript_parse(text, &c->sc, t, why, sizeof(why)) == 0)
		return true;
	kd_lines_add(&c->notes, kd_asprintf("kdiff: %s: the %s side's transcript: %s",
					    c->sc.stem, side, why));
	c->fails++;
	return false;
}

/* Live or recorded?  An exit status, KD_EXIT_OK to go on. */
static int choose_kernel(struct check *c)
{
	char why[512];

	if (c->mode != MODE_RECORDED) {
		c->live = kd_kernel_available(why, sizeof(why));
		if (!c->live && c->mode == MODE_LIVE) {
			printf("kdiff: %s: kernel not available (%s)\n",
			       c->sc.stem, why);
			return KD_EXIT_FAIL;
		}
		if (!c->live)
			printf("kdiff: %s: kernel not available (%s): compared with the recorded transcript\n",
			       c->sc.stem, why);
	}
	if (!c->live && c->recorded_err) {
		kd_msg("%s: %s (record it with '" KD_NAME " record')",
		       c->recorded_path, strerror(-c->recorded_err));
		return KD_EXIT_NOINPUT;
	}
	return KD_EXIT_OK;
}

/* Run a side; false if no child could be made.  A side that did not
 * finish is a failure, noted for the report. */
static bool run_side(struct check *c, enum kd_which which,
		     struct kd_outcome *o)
{
	const char *name = which == KD_KERNEL ? "kernel" : "model";
	const char *problem;
	char buf[64];

	if (kd_spawn_side(which, &c->sc, o) < 0) {
		c->fails++;
		return false;
	}
	problem = kd_outcome_problem(o, buf, sizeof(buf));
	if (problem) {
		kd_lines_add(&c->notes, kd_asprintf("kdiff: %s: %s side %s",
						    c->sc.stem, name, problem));
		c->fails++;
	}
	return true;
}

/* "# kernel: " of a transcript that may not parse. */
static char *recorded_release(const char *text)
{
	const char *p = strstr(text, "# kernel: ");
	size_t n;

	if (!p)
		return kd_strdup("unknown");
	p += strlen("# kernel: ");
	n = strcspn(p, "\n");
	return kd_strndup(p, n);
}

/* The live kernel against the recorded one. */
static void check_stale(struct check *c, const struct kd_transcript *live)
{
	char *release = recorded_release(c->recorded.s), why[512];
	bool same = kd_release_same_minor(release, live->kernel ? live->kernel : "");
	struct kd_transcript rt;
	unsigned int n;

	if (c->recorded_err) {
		printf("kdiff: %s: warning: no recorded transcript %s: record it with '" KD_NAME " record'\n",
		       c->sc.stem, c->recorded_path);
		free(release);
		return;
	}
	if (kd_transcript_parse(c->recorded.s, &c->sc, &rt, why, sizeof(why)) < 0) {
		printf("kdiff: %s: recorded transcript %s: %s\n", c->sc.stem,
		       c->recorded_path, why);
		n = 1;
	} else {
		n = kd_compare_kernels(&c->sc, &rt, live, stdout);
		kd_transcript_free(&rt);
	}
	if (n && same) {
		printf("kdiff: %s: recorded transcript is stale: re-record with " KD_NAME " record (recorded on %s, running %s)\n",
		       c->sc.stem, release, live->kernel);
		c->fails++;
	} else if (n) {
		printf("kdiff: %s: warning: the recorded transcript (kernel %s) differs from the running kernel %s\n",
		       c->sc.stem, release, live->kernel);
	}
	free(release);
}

static void compare_sides(struct check *c, const struct kd_transcript *mt,
			  const struct kd_transcript *kt)
{
	struct kd_compare cmp = {
		.sc = &c->sc,
		.model = mt,
		.kernel = kt,
		.eras = &c->eras,
		.release = kt->kernel,
		.kernel_recorded = !c->live,
		.out = stdout,
	};

	c->fails += kd_compare(&cmp);
	c->expected = cmp.expected;
	if (mt->warnings) {
		printf("kdiff: %s: the model hit %lu warning%s (WARN_ON or refcount)\n",
		       c->sc.stem, mt->warnings, mt->warnings == 1 ? "" : "s");
		c->fails++;
	}
}

/*
 * Era entries whose scenario is gone (a renamed or deleted scenario):
 * stale.  A scenario is looked for beside the era file.  Each scenario's
 * check reports them, so that no run over any scenario lets them pass.
 */
static void stale_scenarios(struct check *c)
{
	const char *slash = strrchr(c->eras.path, '/');
	char *dir = slash ? kd_strndup(c->eras.path, slash - c->eras.path) :
			    kd_strdup(".");
	size_t i;

	for (i = 0; i < c->eras.nr; i++) {
		const struct kd_era *e = &c->eras.v[i];
		char *scn = kd_asprintf("%s/%s.scn", dir, e->scenario);

		if (access(scn, F_OK) < 0) {
			printf("kdiff: %s: stale era entry (%s:%lu, %s): there is no %s\n",
			       c->sc.stem, c->eras.path, e->at, e->commit, scn);
			c->fails++;
		}
		free(scn);
	}
	free(dir);
}

static void summary(struct check *c)
{
	if (c->fails)
		printf("kdiff: %s: FAILED (%u problem%s)\n", c->sc.stem,
		       c->fails, c->fails == 1 ? "" : "s");
	else if (c->expected)
		printf("kdiff: %s: agree, but for %u expected era difference%s\n",
		       c->sc.stem, c->expected, c->expected == 1 ? "" : "s");
	else
		printf("kdiff: %s: agree\n", c->sc.stem);
}

static int check_files(struct check *c)
{
	struct kd_outcome mo = { 0 }, ko = { 0 };
	struct kd_transcript mt = { 0 }, kt = { 0 };
	bool have_mt, have_kt = false;
	char why[512];
	int status;

	status = choose_kernel(c);
	if (status != KD_EXIT_OK)
		return status;
	have_mt = run_side(c, KD_MODEL, &mo) &&
		  parse_side(c, "model", mo.text.s, &mt);
	if (c->live) {
		have_kt = run_side(c, KD_KERNEL, &ko) &&
			  parse_side(c, "kernel", ko.text.s, &kt);
	} else if (kd_transcript_parse(c->recorded.s, &c->sc, &kt, why,
				       sizeof(why)) < 0) {
		kd_msg("%s: %s: re-record with '" KD_NAME " record'",
		       c->recorded_path, why);
		status = KD_EXIT_DATAERR;
	} else {
		have_kt = true;
	}
	if (status == KD_EXIT_OK) {
		size_t i;

		printf("kdiff: %s: model vs kernel %s (%s)\n", c->sc.stem,
		       have_kt && kt.kernel ? kt.kernel : "unknown",
		       c->live ? "live" : "recorded");
		for (i = 0; i < c->notes.nr; i++)
			printf("%s\n", c->notes.v[i]);
		stale_scenarios(c);
		if (have_mt && have_kt)
			compare_sides(c, &mt, &kt);
		if (c->live && have_kt)
			check_stale(c, &kt);
		summary(c);
	}
	if (have_mt)
		kd_transcript_free(&mt);
	if (have_kt)
		kd_transcript_free(&kt);
	kd_outcome_free(&mo);
	kd_outcome_free(&ko);
	if (status == KD_EXIT_OK && c->fails)
		status = KD_EXIT_FAIL;
	c->fell_back = c->mode == MODE_AUTO && !c->live;
	return status;
}

static int check_one(enum mode mode, const char *era, const char *path,
		     bool *fell_back)
{
	struct check c = { .mode = mode, .era = era };
	char *era_path;
	int status;

	status = kd_script_load(path, &c.sc);
	if (status != KD_EXIT_OK)
		return status;
	era_path = era ? kd_strdup(era) :
		   kd_asprintf("%s/era-differences.txt", c.sc.dir);
	status = kd_era_load(era_path, era != NULL, &c.eras);
	free(era_path);
	if (status == KD_EXIT_OK) {
		c.recorded_path = kd_script_sibling(&c.sc, ".kernel");
		c.recorded_err = kd_buf_read_file(&c.recorded, c.recorded_path);
		if (!c.recorded.s)
			kd_buf_puts(&c.recorded, "");
		status = check_files(&c);
	}
	kd_buf_free(&c.recorded);
	kd_lines_free(&c.notes);
	free(c.recorded_path);
	kd_era_free(&c.eras);
	kd_script_free(&c.sc);
	*fell_back |= c.fell_back;
	return status;
}

int cmd_check(int argc, char **argv)
{
	enum mode mode = MODE_AUTO;
	const char *era = NULL;
	int i, status = KD_EXIT_OK, unavailable = 0;
	bool fell_back = false;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--live") == 0)
			mode = MODE_LIVE;
		else if (strcmp(argv[i], "--recorded") == 0)
			mode = MODE_RECORDED;
		else if (strcmp(argv[i], "--auto") == 0)
			mode = MODE_AUTO;
		else if (strcmp(argv[i], "--era") == 0 && i + 1 < argc)
			era = argv[++i];
		else if (strcmp(argv[i], "--unavailable-status") == 0 &&
			 i + 1 < argc && (unavailable = atoi(argv[++i])) > 0 &&
			 unavailable < 256)
			continue;
		else
			break;
	}
	if (i == argc || argv[i][0] == '-') {
		kd_msg("usage: check [--live|--recorded|--auto] [--era FILE] [--unavailable-status N] FILE.scn...");
		return KD_EXIT_USAGE;
	}
	for (; i < argc; i++) {
		status = kd_exit_worst(status, check_one(mode, era, argv[i],
							 &fell_back));
		fflush(stdout);
	}
	/* Everything agreed, but not all of it with the live kernel that
	 * --auto stands for: a test harness's "skipped", said with its code. */
	if (status == KD_EXIT_OK && fell_back && unavailable)
		return unavailable;
	return status;
}

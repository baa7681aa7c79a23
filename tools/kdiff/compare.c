// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Comparing transcripts.  A difference is a failure unless an era entry
 * explains it: a result by its line and both results, a tree row by row
 * (rows.h), never a whole tree.  An era entry that explains nothing is a
 * failure too, and so is one that names a line the scenario does not
 * have, and an `expect` a side did not meet (the scenario's claim was
 * wrong for that side), unless an era entry covers that line, and a line
 * the engine did not run on a side (NOT RUN: malformed when it came).
 * What a line printed (canonical, side.c) must be the same on both sides
 * once the results agree; no era entry excuses it.  After the last line
 * both sides' final trees (`final tree:`, init's and each `as` task's)
 * are compared as a `tree` line's are.
 */
#include <stdlib.h>
#include <string.h>

#include <vfsim/vfsim.h>

#include "compare.h"
#include "diff.h"
#include "rows.h"

/* A successful tree's result is "OK" for `expect`; others as written. */
static const char *result_of(const struct kd_entry *e)
{
	return e->tree ? "OK" : e->result;
}

static struct kd_era *find_era(struct kd_compare *c, unsigned long lineno,
			       const char *model, const char *kernel)
{
	size_t i;

	if (!c->eras)
		return NULL;
	for (i = 0; i < c->eras->nr; i++) {
		struct kd_era *e = &c->eras->v[i];

		if (!e->tree && strcmp(e->scenario, c->sc->stem) == 0 &&
		    e->line == lineno && strcmp(e->model, model) == 0 &&
		    strcmp(e->kernel, kernel) == 0 &&
		    kd_era_applies(e, c->release))
			return e;
	}
	return NULL;
}

/* Did each side get what the line expects?  Failures. */
static unsigned int check_expect(struct kd_compare *c, const struct kd_op *op,
				 const struct kd_entry *me,
				 const struct kd_entry *ke, bool excused)
{
	const char *want = vfsim_errno_name(op->expect);
	const struct kd_entry *e[2] = { me, ke };
	const char *side[2] = { "model", "kernel" };
	unsigned int fails = 0;
	int i;

	if (!op->expect)
		return 0;
	for (i = 0; i < 2; i++) {
		if (strcmp(result_of(e[i]), want) == 0)
			continue;
		if (excused)
			continue;	/* the era entry already said why */
		fprintf(c->out, "L%lu %s: the scenario expects %s, the %s returned %s\n",
			op->lineno, op->words, want, side[i], result_of(e[i]));
		fails++;
	}
	return fails;
}

/* The tree era entry for row @r of the tree at @lineno, or NULL. */
static struct kd_era *find_row_era(struct kd_compare *c, unsigned long lineno,
				   const struct kd_row *r)
{
	size_t i;

	for (i = 0; c->eras && i < c->eras->nr; i++) {
		struct kd_era *e = &c->eras->v[i];

		if (e->tree && strcmp(e->scenario, c->sc->stem) == 0 &&
		    e->line == lineno && strcmp(e->mount, r->mount) == 0 &&
		    strcmp(e->field, r->field) == 0 &&
		    strcmp(e->model, r->model) == 0 &&
		    strcmp(e->kernel, r->kernel) == 0 &&
		    kd_era_applies(e, c->release))
			return e;
	}
	return NULL;
}

/*
 * Two trees that differ: each differing row is excused by its own era
 * entry or is a failure.  Only a `tree` (or the final tree) has rows;
 * printed output is never excused.  Returns the failures (0 or 1).
 */
static unsigned int compare_trees(struct kd_compare *c, unsigned long lineno,
				  const char *words, bool has_rows,
				  const struct kd_entry *me,
				  const struct kd_entry *ke)
{
	struct kd_rows rows = { NULL, 0 };
	unsigned int excused = 0, left = 0;
	const char *commit = NULL;
	size_t i;

	if (has_rows)
		kd_tree_rows(&me->lines, &ke->lines, &rows);
	for (i = 0; i < rows.nr; i++) {
		struct kd_era *era = find_row_era(c, lineno, &rows.v[i]);

		if (era) {
			era->seen = true;
			commit = era->commit;
			excused++;
		}
	}
	left = rows.nr - excused;
	if (!left && excused) {
		c->expected += excused;
		fprintf(c->out, "%s: trees differ in %u row%s: expected (era: %s)\n",
			words, excused, excused == 1 ? "" : "s", commit);
		kd_rows_free(&rows);
		return 0;
	}
	fprintf(c->out, "%s: trees differ\n", words);
	kd_diff_lines(c->out, "  ", "model", &me->lines, "kernel", &ke->lines);
	for (i = 0; i < rows.nr; i++) {
		const struct kd_row *r = &rows.v[i];

		fprintf(c->out, "  row %s %s: model %s, kernel %s%s\n", r->mount,
			r->field, r->model, r->kernel,
			find_row_era(c, lineno, r) ? ": expected (era)" : "");
	}
	kd_rows_free(&rows);
	return 1;
}

/* A line that did not run on a side: the scenario is wrong.  Failures. */
static unsigned int not_run(struct kd_compare *c, const struct kd_op *op,
			    const struct kd_entry *me, const struct kd_entry *ke)
{
	const struct kd_entry *e[2] = { me, ke };
	const char *side[2] = { "model", "kernel" };
	unsigned int fails = 0;
	int i;

	for (i = 0; i < 2; i++) {
		if (strcmp(e[i]->result, KD_NOT_RUN) != 0)
			continue;
		fprintf(c->out, "L%lu %s: the line did not run on the %s (see its transcript's # L%lu lines)\n",
			op->lineno, op->words, side[i], op->lineno);
		fails++;
	}
	return fails;
}

/* What two lines with the same result printed.  Failures (0 or 1). */
static unsigned int compare_printed(struct kd_compare *c,
				    const struct kd_op *op,
				    const struct kd_entry *me,
				    const struct kd_entry *ke)
{
	if (kd_lines_equal(&me->lines, &ke->lines))
		return 0;
	fprintf(c->out, "L%lu %s: printed output differs\n", op->lineno,
		op->words);
	kd_diff_lines(c->out, "  ", "model", &me->lines, "kernel", &ke->lines);
	return 1;
}

static unsigned int compare_op(struct kd_compare *c, const struct kd_op *op,
			       const struct kd_entry *me,
			       const struct kd_entry *ke)
{
	struct kd_era *era = NULL;
	unsigned int fails = not_run(c, op, me, ke);

	if (fails)
		return fails;
	if (me->tree && ke->tree) {
		char *words;

		if (kd_lines_equal(&me->lines, &ke->lines))
			return check_expect(c, op, me, ke, false);
		words = kd_asprintf("L%lu %s", op->lineno, op->words);
		fails = compare_trees(c, op->lineno, words,
				      strcmp(kd_op_verb(op), "tree") == 0, me, ke);
		free(words);
		return fails + check_expect(c, op, me, ke, false);
	}
	if (strcmp(result_of(me), result_of(ke)) == 0 && me->tree == ke->tree)
		return compare_printed(c, op, me, ke) +
		       check_expect(c, op, me, ke, false);
	era = find_era(c, op->lineno, result_of(me), result_of(ke));
	fprintf(c->out, "L%lu %s: model %s, kernel %s", op->lineno, op->words,
		me->tree ? "(tree)" : result_of(me),
		ke->tree ? "(tree)" : result_of(ke));
	if (era) {
		era->seen = true;
		c->expected++;
		fprintf(c->out, ": expected (era: %s)\n", era->commit);
		return check_expect(c, op, me, ke, true);
	}
	fputc('\n', c->out);
	return 1 + check_expect(c, op, me, ke, false);
}

/*
 * One final tree (side.c: init's, or an `as` task's, after the last
 * line).  Era entries of line `final` are init's.
 */
static unsigned int compare_final_one(struct kd_compare *c, const char *words,
				      const struct kd_entry *me,
				      const struct kd_entry *ke)
{
	bool init = strcmp(words, "tree") == 0;
	char *name = init ? kd_strdup("final tree") :
		     kd_asprintf("final tree (%.*s)", (int)(strlen(words) - 5), words);
	unsigned int fails = 0;

	if (!me || !ke) {
		fprintf(c->out, "%s: no result from the %s%s\n", name,
			!me ? "model" : "kernel",
			!ke && c->kernel_recorded ?
			" (a transcript recorded before final trees: re-record it with vfsim-kdiff record)" : "");
		fails = 1;
	} else if (me->tree && ke->tree) {
		if (!kd_lines_equal(&me->lines, &ke->lines))
			fails = compare_trees(c, KD_LINE_FINAL, name, init, me, ke);
	} else if (strcmp(me->result, ke->result) != 0 || me->tree != ke->tree) {
		fprintf(c->out, "%s: model %s, kernel %s\n", name,
			me->tree ? "(tree)" : me->result,
			ke->tree ? "(tree)" : ke->result);
		fails = 1;
	}
	free(name);
	return fails;
}

/* The final trees: every one either side has. */
static unsigned int compare_final(struct kd_compare *c)
{
	unsigned int fails;
	size_t i;

	fails = compare_final_one(c, "tree", kd_transcript_final(c->model, "tree"),
				  kd_transcript_final(c->kernel, "tree"));
	for (i = 0; i < c->model->nr; i++) {
		const struct kd_entry *e = &c->model->e[i];

		if (e->lineno == KD_LINE_FINAL && strcmp(e->words, "tree") != 0)
			fails += compare_final_one(c, e->words, e,
						   kd_transcript_final(c->kernel, e->words));
	}
	for (i = 0; i < c->kernel->nr; i++) {
		const struct kd_entry *e = &c->kernel->e[i];

		if (e->lineno == KD_LINE_FINAL && strcmp(e->words, "tree") != 0 &&
		    !kd_transcript_final(c->model, e->words))
			fails += compare_final_one(c, e->words, NULL, e);
	}
	return fails;
}

/*
 * Entries of this scenario naming a line it does not have, or a line of
 * the wrong kind (a row of what is no `tree`, a result of a `tree`):
 * stale, whatever the kernel's release.
 */
static unsigned int stale_eras(struct kd_compare *c)
{
	unsigned int fails = 0;
	size_t i;

	for (i = 0; c->eras && i < c->eras->nr; i++) {
		const struct kd_era *e = &c->eras->v[i];
		const struct kd_op *op;
		const char *why = NULL;

		if (strcmp(e->scenario, c->sc->stem) != 0 ||
		    e->line == KD_LINE_FINAL)
			continue;
		op = kd_script_op(c->sc, e->line);
		if (!op)
			why = "no operation on that line";
		else if (e->tree != (strcmp(kd_op_verb(op), "tree") == 0))
			why = e->tree ? "a tree entry, and the line is no `tree`" :
					"the line is a `tree`: a tree entry names a row";
		if (!why)
			continue;
		fprintf(c->out, "L%lu: stale era entry (%s:%lu, %s): %s\n",
			e->line, c->eras->path, e->at, e->commit, why);
		fails++;
	}
	return fails;
}
/* Era entries of this scenario that applied and explained nothing. */
static unsigned int unused_eras(struct kd_compare *c)
{
	unsigned int fails = 0;
	size_t i;

	for (i = 0; c->eras && i < c->eras->nr; i++) {
		struct kd_era *e = &c->eras->v[i];

		if (strcmp(e->scenario, c->sc->stem) != 0 || e->seen ||
		    !kd_era_applies(e, c->release))
			continue;
		if (e->line == KD_LINE_FINAL)
			fputs("final tree", c->out);
		else
			fprintf(c->out, "L%lu", e->line);
		fputs(": expected era difference did not happen: ", c->out);
		if (e->tree)
			fprintf(c->out, "row %s %s: ", e->mount, e->field);
		fprintf(c->out, "model %s, kernel %s since %s (%s:%lu, %s)\n",
			e->model, e->kernel, e->since, c->eras->path, e->at,
			e->commit);
		fails++;
	}
	return fails;
}

unsigned int kd_compare(struct kd_compare *c)
{
	unsigned int fails = stale_eras(c);
	bool whole = true;
	size_t i;

	for (i = 0; i < c->sc->nr; i++) {
		const struct kd_op *op = &c->sc->ops[i];
		const struct kd_entry *me, *ke;

		me = kd_transcript_find(c->model, op->lineno);
		ke = kd_transcript_find(c->kernel, op->lineno);
		if (!me || !ke) {
			fprintf(c->out, "L%lu %s: no result from the %s (its transcript ends before this line)\n",
				op->lineno, op->words, !me ? "model" : "kernel");
			fails++;
			whole = false;
			break;
		}
		fails += compare_op(c, op, me, ke);
	}
	if (whole)
		fails += compare_final(c);
	return fails + unused_eras(c);
}

/* An era entry for this line and kernel result (the model's is unknown
 * while recording)? */
static bool era_covers(const struct kd_eras *eras, const struct kd_script *sc,
		       unsigned long lineno, const char *kernel,
		       const char *release)
{
	size_t i;

	for (i = 0; eras && i < eras->nr; i++) {
		const struct kd_era *e = &eras->v[i];

		if (!e->tree && strcmp(e->scenario, sc->stem) == 0 &&
		    e->line == lineno && strcmp(e->kernel, kernel) == 0 &&
		    kd_era_applies(e, release))
			return true;
	}
	return false;
}

unsigned int kd_unmet_expects(const struct kd_script *sc,
			      const struct kd_transcript *t,
			      const struct kd_eras *eras, FILE *out)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < sc->nr; i++) {
		const struct kd_op *op = &sc->ops[i];
		const struct kd_entry *e = kd_transcript_find(t, op->lineno);
		const char *want = vfsim_errno_name(op->expect);

		if (!op->expect || !e || strcmp(result_of(e), want) == 0 ||
		    era_covers(eras, sc, op->lineno, result_of(e), t->kernel))
			continue;
		fprintf(out, "L%lu %s: the scenario expects %s, the kernel returned %s\n",
			op->lineno, op->words, want, result_of(e));
		n++;
	}
	return n;
}

/* One entry of each kernel transcript; 1 if they differ (printed). */
static unsigned int compare_kernel_entry(const char *words,
					 const struct kd_entry *r,
					 const struct kd_entry *l, FILE *out)
{
	if (r && l && kd_entries_equal(r, l))
		return 0;
	if (!r || !l) {
		fprintf(out, "  %s: %s\n", words,
			!r ? "not in the recorded transcript" : "no live result");
	} else if ((r->tree && l->tree) ||
		   strcmp(result_of(r), result_of(l)) == 0) {
		fprintf(out, "  %s: %s differ\n", words,
			r->tree ? "trees" : "printed lines");
		kd_diff_lines(out, "    ", "recorded", &r->lines, "live",
			      &l->lines);
	} else {
		fprintf(out, "  %s: recorded %s, live %s\n", words, result_of(r),
			result_of(l));
	}
	return 1;
}

unsigned int kd_compare_kernels(const struct kd_script *sc,
				const struct kd_transcript *recorded,
				const struct kd_transcript *live, FILE *out)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < sc->nr; i++) {
		const struct kd_op *op = &sc->ops[i];
		char *words = kd_asprintf("L%lu %s", op->lineno, op->words);

		n += compare_kernel_entry(words,
					  kd_transcript_find(recorded, op->lineno),
					  kd_transcript_find(live, op->lineno), out);
		free(words);
	}
	for (i = 0; i < live->nr; i++) {
		const struct kd_entry *l = &live->e[i];
		char *words;

		if (l->lineno != KD_LINE_FINAL)
			continue;
		words = kd_asprintf("final %s", l->words);
		n += compare_kernel_entry(words, kd_transcript_final(recorded, l->words),
					  l, out);
		free(words);
	}
	for (i = 0; i < recorded->nr; i++) {
		const struct kd_entry *r = &recorded->e[i];
		char *words;

		if (r->lineno != KD_LINE_FINAL || kd_transcript_final(live, r->words))
			continue;
		words = kd_asprintf("final %s", r->words);
		n += compare_kernel_entry(words, r, NULL, out);
		free(words);
	}
	return n;
}

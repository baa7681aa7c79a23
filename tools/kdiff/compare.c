// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Comparing transcripts.  A difference is a failure unless an era entry
 * explains it; an era entry that explains nothing is a failure too, and so
 * is an `expect` a side did not meet (the scenario's claim was wrong for
 * that side), unless an era entry covers that line.
 */
#include <string.h>

#include <vfsim/vfsim.h>

#include "compare.h"
#include "diff.h"

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

		if (strcmp(e->scenario, c->sc->stem) == 0 && e->line == lineno &&
		    strcmp(e->model, model) == 0 &&
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

static unsigned int compare_op(struct kd_compare *c, const struct kd_op *op,
			       const struct kd_entry *me,
			       const struct kd_entry *ke)
{
	struct kd_era *era = NULL;

	if (me->tree && ke->tree) {
		if (kd_lines_equal(&me->lines, &ke->lines))
			return check_expect(c, op, me, ke, false);
		era = find_era(c, op->lineno, "tree", "tree");
		if (era) {
			era->seen = true;
			c->expected++;
			fprintf(c->out, "L%lu %s: trees differ: expected (era: %s)\n",
				op->lineno, op->words, era->commit);
			return check_expect(c, op, me, ke, true);
		}
		fprintf(c->out, "L%lu %s: trees differ\n", op->lineno, op->words);
		kd_diff_lines(c->out, "  ", "model", &me->lines, "kernel",
			      &ke->lines);
		return 1 + check_expect(c, op, me, ke, false);
	}
	if (strcmp(result_of(me), result_of(ke)) == 0 && me->tree == ke->tree)
		return check_expect(c, op, me, ke, false);
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
		fprintf(c->out, "L%lu: expected era difference did not happen: model %s, kernel %s since %s (%s:%lu, %s)\n",
			e->line, e->model, e->kernel, e->since, c->eras->path,
			e->at, e->commit);
		fails++;
	}
	return fails;
}

unsigned int kd_compare(struct kd_compare *c)
{
	unsigned int fails = 0;
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
			break;
		}
		fails += compare_op(c, op, me, ke);
	}
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

		if (strcmp(e->scenario, sc->stem) == 0 && e->line == lineno &&
		    strcmp(e->kernel, kernel) == 0 &&
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

unsigned int kd_compare_kernels(const struct kd_script *sc,
				const struct kd_transcript *recorded,
				const struct kd_transcript *live, FILE *out)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < sc->nr; i++) {
		const struct kd_op *op = &sc->ops[i];
		const struct kd_entry *r = kd_transcript_find(recorded, op->lineno);
		const struct kd_entry *l = kd_transcript_find(live, op->lineno);

		if (r && l && kd_entries_equal(r, l))
			continue;
		n++;
		if (!r || !l) {
			fprintf(out, "  L%lu %s: %s\n", op->lineno, op->words,
				!r ? "not in the recorded transcript" :
				     "no live result");
		} else if (r->tree && l->tree) {
			fprintf(out, "  L%lu %s: trees differ\n", op->lineno,
				op->words);
			kd_diff_lines(out, "    ", "recorded", &r->lines, "live",
				      &l->lines);
		} else {
			fprintf(out, "  L%lu %s: recorded %s, live %s\n",
				op->lineno, op->words, result_of(r), result_of(l));
		}
	}
	return n;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A program as a scenario (docs/scenario.md): what `vfsim run` replays to
 * the same results, and what a person reads.  Each call that ran is one
 * line, prefixed with `expect ERRNAME` where it failed and `as UID[:GID]`
 * where another task ran it.
 */
#include <stdio.h>

#include "prog.h"

static const char *const prefix[PT_NR] = {
	[PT_INIT] = "", [PT_USER] = "as 1000 ", [PT_ROOT2] = "as 0:1 ",
};

void prog_print(const struct prog *p, FILE *out)
{
	int i, j;

	fprintf(out, "boot %s\n", p->boot_default ? "default" : "empty");
	for (i = 0; i < p->nops; i++) {
		const struct prog_op *op = &p->ops[i];

		if (!op->ran)
			continue;
		if (op->ret < 0)
			fprintf(out, "expect %s ", vfsim_errno_name((int)-op->ret));
		fputs(prefix[op->task], out);
		for (j = 0; j < op->nwords; j++)
			fprintf(out, "%s%s", j ? " " : "", op->words[j]);
		fputc('\n', out);
		if (p->finding[0] && p->finding_op == i)
			fprintf(out, "# FINDING: %s\n", p->finding);
	}
}

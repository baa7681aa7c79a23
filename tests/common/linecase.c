// SPDX-License-Identifier: LGPL-2.1-or-later
/* Table-driven scenario tests (linecase.h). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "linecase.h"

void line_case_run_len(const struct line_case *lc, size_t len, int index)
{
	struct vfsim_scenario_opts o = { .name = "t" };
	char *out = NULL, *err = NULL;
	size_t olen, elen;
	struct vfsim *v;
	FILE *in, *fout;
	int status;

	cr_assert_eq(vfsim_create(NULL, &v), 0);
	in = fmemopen((char *)lc->text, len, "r");
	fout = open_memstream(&out, &olen);
	o.err = open_memstream(&err, &elen);
	cr_assert(in && fout && o.err);
	status = vfsim_scenario_run(v, in, fout, &o);
	fclose(in);
	fclose(fout);
	fclose(o.err);

	cr_expect_eq(status, lc->status, "case %d: status %d, want %d\n%s\nout:\n%s\nerr:\n%s",
		     index, status, lc->status, lc->text, out, err);
	if (lc->out)
		cr_expect_str_eq(out, lc->out, "case %d: output\n%s\ngot:\n%s\nerr:\n%s",
				 index, lc->text, out, err);
	if (lc->err && !*lc->err)
		cr_expect_str_empty(err, "case %d: report %s", index, err);
	else if (lc->err)
		cr_expect(strstr(err, lc->err), "case %d: report\n%s\nlacks: %s",
			  index, err, lc->err);
	free(out);
	free(err);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0, "case %d leaks", index);
}

void line_case_run(const struct line_case *lc, int index)
{
	line_case_run_len(lc, strlen(lc->text), index);
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/* WARN/BUG/oops reporting for the compat layer. */
#include <stdio.h>
#include <stdlib.h>

#include <compat/ksim.h>
#include <linux/bug.h>

__thread struct task_struct *ksim_current_task;
__thread struct ksim_ctx *ksim_cur_ctx;
int ksim_fence_dummy;

void ksim_warn(const char *file, int line, const char *what)
{
	if (ksim_cur_ctx)
		atomic_long_inc(&ksim_cur_ctx->warnings);
	fprintf(stderr, "vfsim: WARNING at %s:%d: %s\n", file, line, what);
}

void ksim_bug(const char *file, int line, const char *what)
{
	fprintf(stderr, "vfsim: BUG at %s:%d: %s\n", file, line, what);
	abort();
}

/*
 * Where the posted patch would oops, the model calls this instead: the
 * harness's hook hears of it, the warning counter does not (an oops
 * reproduced on purpose by a quirk is not a model bug).
 */
void ksim_oops(const char *function, const char *reason)
{
	struct ksim_ctx *ctx = ksim_cur_ctx;

	if (ctx && ctx->oops_hook)
		ctx->oops_hook(ctx->oops_arg, function, reason);
	else
		fprintf(stderr, "vfsim: simulated oops in %s: %s\n", function, reason);
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A program as a scenario (docs/scenario.md): what `vfsim run` replays to
 * the same results, and what a person reads.  Each call that ran is one
 * line, prefixed with `expect ERRNAME` where it failed and `as UID[:GID]`
 * where another task ran it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <stdbool.h>

#include "prog.h"

static const char *const prefix[PT_NR] = {
	[PT_INIT] = "", [PT_USER] = "as 1000 ", [PT_ROOT2] = "as 0:1 ",
};

void prog_print(const struct prog *p, FILE *out)
{
	int i, j;

	/* Only a program that meets the limit replays differently without it. */
	fputs("# fuzz_ops instances: seed 1, fs.mount-max 1000\n", out);
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

/* Verbs of the programs vfsim-kdiff compares (both backends run them). */
static bool kdiff_verb(const struct prog_op *op)
{
	static const char *const verbs[] = {
		"mkdir", "symlink", "chmod", "chown", "cd", "chroot", "open", "close",
		"bind", "move", "umount", "remount", "setattr", "propagation",
		"open_tree", "move_mount", "mount_setattr", "fsopen", "fsconfig", "fsmount",
	};
	size_t i;

	if (strcmp(op->words[0], "mount") == 0)
		return strcmp(op->words[1], "tmpfs") == 0 || strcmp(op->words[1], "ramfs") == 0;
	if (strcmp(op->words[0], "close") == 0 && op->words[1][0] != 'f')
		return false;	/* a pipe end: pipes are not in the subset */
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (strcmp(op->words[0], verbs[i]) == 0)
			return true;
	return false;
}

int prog_print_kdiff(const struct prog *p, FILE *out)
{
	bool named[4] = { false };	/* f0..f3, as kdiff sees them */
	int i, j, n = 0;

	fputs("boot empty\n", out);
	for (i = 0; i < p->nops; i++) {
		const struct prog_op *op = &p->ops[i];

		if (!op->ran)
			continue;
		/*
		 * The harness's fs.mount-max is 1000 (prog_print), the
		 * kernel's 100,000: from the first call that met the limit on,
		 * the two run different programs, and the doubling rbinds
		 * that meet it would grow the kernel's tree past what kdiff's
		 * tree comparison can print (2^16 mounts, a chain per line).
		 */
		if (op->ret == -ENOSPC)
			break;
		/* The model's boot root is rootfs (no parent, locked: every
		 * pivot from it is EINVAL) while the kernel sandbox's root is a
		 * mount with a parent, so the two sides' pivots part: the
		 * programs stop before one that moved a root (docs/mount-api.md) */
		if (!strcmp(op->words[0], "pivot_root") && op->ret == 0)
			break;
		if (!kdiff_verb(op))
			continue;
		/*
		 * The engine binds a name only when its `open` (or
		 * `open_tree`, `fsopen`, `fsmount`) succeeds, and a `close`
		 * of a name not open is a malformed line, which vfsim-kdiff
		 * fails.  So a name is taken as the model's call took it, a
		 * `close` is printed only for a taken name, and a name still
		 * taken is closed before it is opened again, so that the
		 * calls on the new fd run there too.
		 */
		if (!strcmp(op->words[0], "open") || !strcmp(op->words[0], "open_tree") ||
		    !strcmp(op->words[0], "fsopen") || !strcmp(op->words[0], "fsmount") ||
		    !strcmp(op->words[0], "close")) {
			bool *taken = &named[(op->words[1][1] - '0') & 3];
			bool open = strcmp(op->words[0], "close") != 0;

			if (!open && !*taken)
				continue;
			if (*taken && open) {
				fprintf(out, "close %s\n", op->words[1]);
				n++;
			}
			*taken = open && op->ret >= 0;
		}
		fputs(prefix[op->task], out);
		for (j = 0; j < op->nwords; j++)
			fprintf(out, "%s%s", j ? " " : "", op->words[j]);
		fputc('\n', out);
		n++;
	}
	fputs("tree\n", out);
	return n;
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A scenario file, read and checked once before either side runs: one
 * struct kd_op per operation line, its prefixes taken apart.
 */
#ifndef VFSIM_KDIFF_SCRIPT_H
#define VFSIM_KDIFF_SCRIPT_H

#include <stdbool.h>
#include <sys/types.h>

#include <vfsim/scenario.h>

#include "tool_api.h"

struct kd_op {
	unsigned long lineno;
	char *words;		/* the line's words as written, no comment */
	struct vfsim_scenario_words tk;
	int verb;		/* index of the verb in tk.argv */
	int expect;		/* the errno `expect` names, or 0 */
	bool as;		/* `as` given */
	char *task;		/* the prefixes that name its task ("as
				 * UID:GID", "on NAME"); NULL for init */
};

static inline char **kd_op_argv(const struct kd_op *op)
{
	return op->tk.argv + op->verb;
}

static inline int kd_op_argc(const struct kd_op *op)
{
	return op->tk.argc - op->verb;
}

static inline const char *kd_op_verb(const struct kd_op *op)
{
	return op->tk.argv[op->verb];
}

struct kd_script {
	char *path;
	char *name;		/* the file's basename: x.scn */
	char *stem;		/* without .scn: x (era-differences.txt) */
	char *dir;		/* its directory */
	struct kd_op *ops;
	size_t nr;
};

/* Read and check @path: KD_EXIT_OK, or KD_EXIT_DATAERR or KD_EXIT_NOINPUT
 * (reported, and @sc left empty). */
int kd_script_load(const char *path, struct kd_script *sc);
void kd_script_free(struct kd_script *sc);

/* The op of line @lineno, or NULL. */
const struct kd_op *kd_script_op(const struct kd_script *sc,
				 unsigned long lineno);

/* @path with its .scn replaced by @ext (".kernel"); malloc'd. */
char *kd_script_sibling(const struct kd_script *sc, const char *ext);

#endif /* VFSIM_KDIFF_SCRIPT_H */

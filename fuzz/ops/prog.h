/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Programs of system calls for the program harness (fuzz/fuzz_ops.c).
 *
 * A program is what the bytes of one input decode to: a tree to boot and
 * up to PROG_MAX_OPS calls, each kept as the words of a scenario line
 * (docs/scenario.md), so that what runs and what is printed cannot
 * disagree: prog_exec() runs them through the scenario engine, and
 * prog_print() writes them out, with `expect ERRNAME` where the call
 * failed, as a scenario that `vfsim run` replays to the same results.
 *
 * Paths come from a small vocabulary (a few names, depth <= 4, ".", "..",
 * symlinks made by the program), fds and pipes are names of earlier
 * results (f0..f3, p0, p0.w, p1, p1.w), as syzkaller's resources are, so
 * that programs reach deep trees instead of ENOENT.
 */
#ifndef VFSIM_FUZZ_PROG_H
#define VFSIM_FUZZ_PROG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <vfsim/vfsim.h>

#define PROG_MAX_OPS 64
#define PROG_MAX_WORDS 8
#define PROG_WORD 128		/* an AFS mount's options */

/* Who runs a call: the init task or a task made by `as`. */
enum prog_task {
	PT_INIT,		/* no prefix */
	PT_USER,		/* as 1000: no capabilities */
	PT_ROOT2,		/* as 0:1: uid 0, all capabilities, own cwd */
	PT_NR
};

struct prog_op {
	enum prog_task task;
	int nwords;
	char words[PROG_MAX_WORDS][PROG_WORD];
	/* Filled in by prog_exec(). */
	bool ran;		/* false: skipped (a name not open, say) */
	long ret;
};

struct prog {
	bool boot_default;	/* boot default, else boot empty */
	/*
	 * Whether a walk may trigger an automount: the default tree has
	 * automount points, and so do the program's `automount` calls and its
	 * afs mounts (a dynamic root's cells, fs/afs/dynroot.c).
	 */
	bool automount;
	/* Whether the program has afs: the default tree's /afs, an afs mount. */
	bool afs;
	/* Whether it mounts a pseudo filesystem (devpts, mqueue, sysfs,
	 * cgroup2) whose directories make nothing or only directories: EPERM
	 * for mkdir and symlink there, as on afs's dynamic root. */
	bool pseudo;
	int nops;
	struct prog_op ops[PROG_MAX_OPS];
	/*
	 * Set before prog_exec(): a finding ends the program (the calls after
	 * it do not run) and is kept in @finding, for --print, instead of
	 * failing the harness.
	 */
	bool keep_going;
	char finding[512];
	int finding_op;		/* the call after which it was found */
};

/* The bytes of one input as a program; never fails (short input: fewer ops). */
void prog_decode(struct prog *p, const unsigned char *data, size_t len);

/*
 * Run @p on the booted instance @v, checking after each call that its
 * result is success or an errno of that call's set, that the invariants
 * hold and that no warning fired (fuzz_fail() otherwise).  What each call
 * returned (and the bytes reads gave) is appended to @trace (may be NULL)
 * for the determinism check: the engine's output (what reads gave) and
 * each result.  The tasks and fds the program made stay in @v (a reset or
 * vfsim_destroy() frees them).
 */
void prog_exec(struct prog *p, struct vfsim *v, FILE *trace);

/* Echo each call to stderr before it runs ("> WORDS"): fuzz_ops --print. */
extern bool prog_echo;

/* @p as a scenario (after prog_exec(): only the calls that ran). */
void prog_print(const struct prog *p, FILE *out);

/*
 * The part of @p that vfsim-kdiff can run on the kernel too
 * (docs/kernel-diff.md, "The scenarios"): `boot empty`, the calls on paths
 * and mounts of tmpfs and ramfs, no `expect` (kdiff compares each result
 * itself), and a `tree` at the end.  Returns the number of calls printed.
 */
int prog_print_kdiff(const struct prog *p, FILE *out);

#endif

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The scenario engine's pieces for the other programs of this tree, which
 * read scenario text themselves or print what the engine's verbs print:
 * vfsim-kdiff, the vfsim command (shell, fsinfo, mntinfo, statmount), the
 * unit tests and the Python package (python/vfsim/language.py and
 * scenario.py).  Not installed: a harness author has <vfsim/scenario.h>,
 * which runs scenarios whole or a line at a time; these may change with
 * the engine.  The commands find this header on their include path
 * (tools/vfsim/ and tools/kdiff/CMakeLists.txt) and link vfsim::vfsim_static; the functions
 * marked VFSIM_API stay exported from the shared library for the Python
 * package, which binds them with ctypes.
 */
#ifndef VFSIM_SCENARIO_TOOL_API_H
#define VFSIM_SCENARIO_TOOL_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

/* ---- the language's pieces, for tools that read scenarios themselves ------- */

/* The words of one line. */
struct vfsim_scenario_words {
	int argc;
	char **argv;		/* argc words, then NULL; one allocation */
	size_t start, end;	/* the words' extent in the line, without
				 * the comment: line[start, end) */
};

/**
 * vfsim_scenario_split - split @line into words as the engine does
 * (docs/scenario.md, "Lines and words"): blanks separate, '#' at the start
 * of a word begins a comment, "..." quotes (with \" and \\ inside).
 *
 * Returns 0 (argc is 0 for a blank or comment line), -ENOMEM, or -EINVAL
 * with the reason in @why (@whylen bytes; may be NULL); -EINVAL also for a
 * NULL @line or @w.  Free @w with vfsim_scenario_words_free() after a 0.
 */
VFSIM_API int vfsim_scenario_split(const char *line,
				   struct vfsim_scenario_words *w,
				   char *why, size_t whylen);
VFSIM_API void vfsim_scenario_words_free(struct vfsim_scenario_words *w);

/* Which verb mount options are for: what each accepts differs. */
enum vfsim_scenario_mount_use {
	VFSIM_SCENARIO_MOUNT,		/* flags, one propagation word, fs data */
	VFSIM_SCENARIO_REMOUNT,		/* flags, fs data */
	VFSIM_SCENARIO_SETATTR,		/* per-mount flags only */
};

/* Mount options as mount(8) reads -o. */
struct vfsim_scenario_mount_opts {
	unsigned long flags;		/* MS_* for the mount call itself */
	unsigned long propagation;	/* MS_SHARED etc. (| MS_REC), or 0:
					 * for a second mount() call */
	char propagation_word[16];	/* as written, for messages */
	char *data;			/* the filesystem's options joined
					 * by ',', or NULL */
};

/**
 * vfsim_scenario_mount_options - parse the comma-separated options @s for
 * @use into @o: flag words become MS_* bits (a later word wins), a
 * propagation word is kept apart, anything else is filesystem data, in
 * order (docs/scenario.md, "Mount options").
 *
 * Returns 0, -ENOMEM, or -EINVAL with the reason in @why (may be NULL);
 * -EINVAL also for a NULL @s or @o or an unknown @use.  Free @o with
 * vfsim_scenario_mount_options_free() whatever the result.
 */
VFSIM_API int vfsim_scenario_mount_options(const char *s,
					   enum vfsim_scenario_mount_use use,
					   struct vfsim_scenario_mount_opts *o,
					   char *why, size_t whylen);
VFSIM_API void vfsim_scenario_mount_options_free(struct vfsim_scenario_mount_opts *o);

/**
 * vfsim_scenario_propagation - shared, private, slave, unbindable, and
 * with an r in front (rshared...: | MS_REC), as MS_* flags; 0 for any
 * other word or NULL.
 */
VFSIM_API unsigned long vfsim_scenario_propagation(const char *word);

/*
 * The argument parsers below return 0, or -EINVAL with the engine's
 * message for the line in @why (@whylen bytes; may be NULL), and write
 * their results only on success.  A program that runs scenario lines
 * itself reads them exactly as `vfsim run` does through these.
 */

/**
 * vfsim_scenario_mode - @s as a MODE argument (mkdir, chmod): octal
 * digits only, at most 07777.  -EINVAL also for a NULL @s or @mode.
 */
VFSIM_API int vfsim_scenario_mode(const char *s, mode_t *mode,
				  char *why, size_t whylen);

/**
 * vfsim_scenario_ids - @s as UID[:GID] (chown, as): decimal, each at
 * most 4294967294 ((uid_t)-1 means "unchanged" to chown(2)); *@has_gid
 * says whether :GID was written (*@gid is 0 if not).  -EINVAL also for a
 * NULL argument.
 */
VFSIM_API int vfsim_scenario_ids(const char *s, uid_t *uid, gid_t *gid,
				 bool *has_gid, char *why, size_t whylen);

/**
 * vfsim_scenario_open_flags - the FLAG words of `open NAME PATH
 * [FLAG]...` (@argc words at @argv, each one flag or several joined by
 * ','), as the flags of openat(2): O_RDONLY | O_PATH etc.  -EINVAL also
 * for a NULL @flags.
 */
VFSIM_API int vfsim_scenario_open_flags(int argc, char *const *argv,
					int *flags, char *why, size_t whylen);

/* One system call of a mount verb. */
struct vfsim_scenario_mount_call {
	bool umount;		/* umount2(target, flags), else mount(2) */
	const char *source;	/* mount(2)'s arguments: pointers into the */
	const char *target;	/* line's words and the parsed options, or */
	const char *fstype;	/* NULL */
	unsigned long flags;	/* MS_*; for umount2, MNT_* and UMOUNT_* */
	const char *data;
};

/* The calls of one mount verb line, to be made in order until one fails. */
struct vfsim_scenario_mount_calls {
	int nr;					/* 1, or 2: mount, then the
						 * propagation OPTIONS named */
	struct vfsim_scenario_mount_call call[2];
	struct vfsim_scenario_mount_opts opts;	/* OPTIONS as parsed; the
						 * calls' data points here */
};

/**
 * vfsim_scenario_mount_calls - the mount(2) and umount2(2) calls of the
 * verb @verb (mount, bind, move, umount, remount, setattr, propagation)
 * with its @argc arguments @argv, as `vfsim run` makes them
 * (docs/scenario.md, "Mounts"): a propagation option of `mount` is a
 * second call, as mount(8) makes it.
 *
 * Returns 0, -ENOMEM, -EINVAL with the reason in @why (a malformed line,
 * or NULL @argv or @mc) or -ENOENT for a verb that is none of these.  The
 * calls point into @argv, which must outlive them.  Free @mc with
 * vfsim_scenario_mount_calls_free() whatever the result.
 */
VFSIM_API int vfsim_scenario_mount_calls(const char *verb, int argc,
					 char *const *argv,
					 struct vfsim_scenario_mount_calls *mc,
					 char *why, size_t whylen);
VFSIM_API void vfsim_scenario_mount_calls_free(struct vfsim_scenario_mount_calls *mc);

/* ---- the fsinfo printers of `vfsim fsinfo` and `vfsim mntinfo` ------------- */

/* How vfsim_scenario_fsinfo_all() asks and prints. */
struct vfsim_scenario_fsinfo_opts {
	unsigned int at_flags;	/* fsinfo_params.at_flags:
				 * AT_SYMLINK_NOFOLLOW, AT_NO_AUTOMOUNT */
	unsigned int query;	/* FSINFO_FLAGS_QUERY_PATH, or _MOUNT with
				 * the mount ID as the path */
	bool meta;		/* the table of attributes, not their values */
	bool raw;		/* each value as a hex dump */
	bool debug;		/* "fsinfo(PATH,NAME,N,M) = SIZE" per call */
	bool colour;		/* names coloured, as on a terminal */
	FILE *err;		/* complaints; NULL: stderr */
};

/**
 * vfsim_scenario_fsinfo_all - every fsinfo() attribute of @path as task
 * @t sees it, printed on @out as the patch set's samples/vfs/test-fsinfo.c
 * prints them (docs/vfsim-command.md, `vfsim fsinfo`).
 *
 * Returns test-fsinfo's exit status: 0, 1 after a failed call (reported
 * on @opts->err in the sample's words), 2 for an attribute list whose
 * length is not a multiple of 4; -EINVAL for a NULL @t, @path or @out.
 */
VFSIM_API int vfsim_scenario_fsinfo_all(struct vfsim_task *t, const char *path,
					FILE *out,
					const struct vfsim_scenario_fsinfo_opts *opts);

/**
 * vfsim_scenario_mntinfo - the mounts from mount @mnt_id down, on @out as
 * the patch set's samples/vfs/test-mntinfo.c prints them, the first row
 * labelled @label.  0, or the -errno of the first query that failed
 * (after what was printed); -EINVAL for a NULL argument.
 */
VFSIM_API long vfsim_scenario_mntinfo(struct vfsim_task *t, unsigned int mnt_id,
				      const char *label, FILE *out);

/**
 * vfsim_scenario_mount_id - the ID of the mount at @path (fsinfo()'s
 * MOUNT_INFO, as test-mntinfo finds it), or -errno.
 */
VFSIM_API long vfsim_scenario_mount_id(struct vfsim_task *t, const char *path);

/*
 * statmount(2) and listmount(2) results, printed (docs/statmount.md):
 * what the `statmount` and `listmount` verbs and the `vfsim statmount` and
 * `vfsim listmount` commands show.
 */
struct statmount;

/* Every STATMOUNT_* request bit Linux 6.18 has. */
#define VFSIM_STATMOUNT_ALL 0x7fffULL

/** Add the STATMOUNT_* bit named @name ("sb_basic", ..., "all") to *@mask:
 * 0, or -EINVAL for an unknown name. */
VFSIM_API int vfsim_scenario_statmount_mask(const char *name, uint64_t *mask);

/** Print @sm: one "field: value" line per field its mask has. */
VFSIM_API void vfsim_scenario_print_statmount(const struct statmount *sm, FILE *out);

/**
 * vfsim_scenario_statmount - statmount @mnt_id (a unique mount ID) for
 * @mask as @t, with a buffer grown until the strings fit, and print it.
 * 0 or the call's -errno.
 */
VFSIM_API long vfsim_scenario_statmount(struct vfsim_task *t, uint64_t mnt_id,
					uint64_t mask, FILE *out);

/**
 * vfsim_scenario_listmount - listmount below @mnt_id (LSMT_ROOT: @t's
 * root) after @last, at most @count, with @flags, as @t; print one line
 * per mount: "UNIQUE_ID (ID) MOUNT_POINT FSTYPE".  The count, or -errno.
 */
VFSIM_API long vfsim_scenario_listmount(struct vfsim_task *t, uint64_t mnt_id,
					uint64_t last, size_t count,
					unsigned int flags, FILE *out);

/**
 * vfsim_scenario_mount_api_words - the flag words of the new mount API's
 * verbs (docs/scenario.md): @what names the list ("fsopen", "fspick",
 * "fsconfig" (its COMMAND), "fsmount", "attr" (mount_setattr's ATTRS),
 * "open_tree", "move_mount", "mount_setattr" (its FLAGs), "propagation",
 * and fanotify's: "fanotify" (fanotify_init()'s FAN_* flags),
 * "fanotify_mark" (FAN_MARK_*), "fanotify_events" (attach, detach, none));
 * @words is one word or several joined by ','.  Their values are or'ed
 * into *@flags (fsmount's `cloexec` as FSMOUNT_CLOEXEC << 32).  0, or
 * -EINVAL with the reason in @why.
 */
VFSIM_API int vfsim_scenario_mount_api_words(const char *what, const char *words,
					     unsigned long *flags, char *why,
					     size_t whylen);


/**
 * vfsim_scenario_validate_kernel - check the scenario text @text (@len
 * bytes) for the running kernel before anything runs: a line whose verb
 * is the model's alone is reported on @err as "vfsim: NAME:LINE: ..."
 * (VFSIM_SCENARIO_EXIT_DATAERR); else VFSIM_SCENARIO_EXIT_OK.
 */
int vfsim_scenario_validate_kernel(const char *text, size_t len,
				   const char *name, FILE *err);

/**
 * vfsim_scenario_prefix_words - how many of the @argc words at @argv are
 * prefixes, each with its one argument (`as UID`, `expect ERRNAME`, and
 * whatever prefix the engine has): the verb is word number that.  A
 * tool that reads lines learns new prefixes from the engine here.
 */
int vfsim_scenario_prefix_words(int argc, char *const *argv);

#endif /* VFSIM_SCENARIO_TOOL_API_H */

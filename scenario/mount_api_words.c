// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The flag words of the new mount API's verbs and of the fanotify verbs
 * (docs/scenario.md), one table per verb: read by the scenario engine's
 * verbs (verbs_mount_api.c, verbs_fanotify.c) and by vfsim-kdiff alike,
 * so that a line means the same to both.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/scenario.h>

#include <vfsim/uapi/linux/fanotify.h>
#include <vfsim/uapi/linux/mount.h>

#include "tool_api.h"

struct word_flag {
	const char *word;
	unsigned long flag;
};

static const struct word_flag fsopen_words[] = {
	{ "cloexec", FSOPEN_CLOEXEC },
	{ NULL, 0 },
};

static const struct word_flag fspick_words[] = {
	{ "cloexec", FSPICK_CLOEXEC },
	{ "nofollow", FSPICK_SYMLINK_NOFOLLOW },
	{ "noautomount", FSPICK_NO_AUTOMOUNT },
	{ "empty", FSPICK_EMPTY_PATH },
	{ NULL, 0 },
};

static const struct word_flag fsconfig_words[] = {
	{ "flag", FSCONFIG_SET_FLAG },
	{ "string", FSCONFIG_SET_STRING },
	{ "binary", FSCONFIG_SET_BINARY },
	{ "path", FSCONFIG_SET_PATH },
	{ "path-empty", FSCONFIG_SET_PATH_EMPTY },
	{ "fd", FSCONFIG_SET_FD },
	{ "create", FSCONFIG_CMD_CREATE },
	{ "create-excl", FSCONFIG_CMD_CREATE_EXCL },
	{ "reconfigure", FSCONFIG_CMD_RECONFIGURE },
	{ NULL, 0 },
};

/* fsmount()'s and mount_setattr()'s attributes; fsmount's cloexec in the
 * high half (VFSIM_SCENARIO_FSMOUNT_FLAGS()). */
static const struct word_flag attr_words[] = {
	{ "ro", MOUNT_ATTR_RDONLY },
	{ "nosuid", MOUNT_ATTR_NOSUID },
	{ "nodev", MOUNT_ATTR_NODEV },
	{ "noexec", MOUNT_ATTR_NOEXEC },
	{ "relatime", MOUNT_ATTR_RELATIME },
	{ "noatime", MOUNT_ATTR_NOATIME },
	{ "strictatime", MOUNT_ATTR_STRICTATIME },
	{ "atime", MOUNT_ATTR__ATIME },
	{ "nodiratime", MOUNT_ATTR_NODIRATIME },
	{ "idmap", MOUNT_ATTR_IDMAP },
	{ "nosymfollow", MOUNT_ATTR_NOSYMFOLLOW },
	{ "cloexec", (unsigned long)FSMOUNT_CLOEXEC << 32 },
	{ NULL, 0 },
};

static const struct word_flag open_tree_words[] = {
	{ "clone", OPEN_TREE_CLONE },
	{ "recursive", AT_RECURSIVE },
	{ "cloexec", OPEN_TREE_CLOEXEC },
	{ "nofollow", AT_SYMLINK_NOFOLLOW },
	{ "noautomount", AT_NO_AUTOMOUNT },
	{ "empty", AT_EMPTY_PATH },
	{ NULL, 0 },
};

static const struct word_flag move_mount_words[] = {
	{ "f_symlinks", MOVE_MOUNT_F_SYMLINKS },
	{ "f_automounts", MOVE_MOUNT_F_AUTOMOUNTS },
	{ "f_empty", MOVE_MOUNT_F_EMPTY_PATH },
	{ "t_symlinks", MOVE_MOUNT_T_SYMLINKS },
	{ "t_automounts", MOVE_MOUNT_T_AUTOMOUNTS },
	{ "t_empty", MOVE_MOUNT_T_EMPTY_PATH },
	{ "set_group", MOVE_MOUNT_SET_GROUP },
	{ "beneath", MOVE_MOUNT_BENEATH },
	{ NULL, 0 },
};

static const struct word_flag setattr_words[] = {
	{ "recursive", AT_RECURSIVE },
	{ "nofollow", AT_SYMLINK_NOFOLLOW },
	{ "noautomount", AT_NO_AUTOMOUNT },
	{ "empty", AT_EMPTY_PATH },
	{ NULL, 0 },
};

static const struct word_flag propagation_words[] = {
	{ "shared", MS_SHARED },
	{ "slave", MS_SLAVE },
	{ "private", MS_PRIVATE },
	{ "unbindable", MS_UNBINDABLE },
	{ NULL, 0 },
};

static const struct word_flag fanotify_init_words[] = {
	{ "report_mnt", FAN_REPORT_MNT },
	{ "nonblock", FAN_NONBLOCK },
	{ "cloexec", FAN_CLOEXEC },
	{ "class_notif", FAN_CLASS_NOTIF },
	{ "class_content", FAN_CLASS_CONTENT },
	{ "class_pre_content", FAN_CLASS_PRE_CONTENT },
	{ "unlimited_queue", FAN_UNLIMITED_QUEUE },
	{ "unlimited_marks", FAN_UNLIMITED_MARKS },
	{ "enable_audit", FAN_ENABLE_AUDIT },
	{ "report_pidfd", FAN_REPORT_PIDFD },
	{ "report_tid", FAN_REPORT_TID },
	{ "report_fid", FAN_REPORT_FID },
	{ "report_dir_fid", FAN_REPORT_DIR_FID },
	{ "report_name", FAN_REPORT_NAME },
	{ "report_target_fid", FAN_REPORT_TARGET_FID },
	{ "report_fd_error", FAN_REPORT_FD_ERROR },
	{ NULL, 0 },
};

static const struct word_flag fanotify_mark_words[] = {
	{ "add", FAN_MARK_ADD },
	{ "remove", FAN_MARK_REMOVE },
	{ "flush", FAN_MARK_FLUSH },
	{ "mntns", FAN_MARK_MNTNS },
	{ "inode", FAN_MARK_INODE },
	{ "mount", FAN_MARK_MOUNT },
	{ "filesystem", FAN_MARK_FILESYSTEM },
	{ "dont_follow", FAN_MARK_DONT_FOLLOW },
	{ "onlydir", FAN_MARK_ONLYDIR },
	{ "ignored_mask", FAN_MARK_IGNORED_MASK },
	{ "ignored_surv_modify", FAN_MARK_IGNORED_SURV_MODIFY },
	{ "ignore", FAN_MARK_IGNORE },
	{ "evictable", FAN_MARK_EVICTABLE },
	{ NULL, 0 },
};

static const struct word_flag fanotify_event_words[] = {
	{ "attach", FAN_MNT_ATTACH },
	{ "detach", FAN_MNT_DETACH },
	{ "none", 0 },
	{ NULL, 0 },
};

static const struct {
	const char *what;
	const struct word_flag *tbl;
} tables[] = {
	{ "fsopen", fsopen_words },
	{ "fspick", fspick_words },
	{ "fsconfig", fsconfig_words },
	{ "fsmount", attr_words },
	{ "attr", attr_words },
	{ "open_tree", open_tree_words },
	{ "move_mount", move_mount_words },
	{ "mount_setattr", setattr_words },
	{ "propagation", propagation_words },
	{ "fanotify", fanotify_init_words },
	{ "fanotify_mark", fanotify_mark_words },
	{ "fanotify_events", fanotify_event_words },
};

static int one_word(const struct word_flag *tbl, const char *word, unsigned long *flags,
		    char *why, size_t whylen)
{
	const struct word_flag *w;
	size_t n;

	for (w = tbl; w->word; w++)
		if (!strcmp(w->word, word)) {
			*flags |= w->flag;
			return 0;
		}
	n = (size_t)snprintf(why, whylen, "unknown flag '%s' (", word);
	for (w = tbl; w->word && n < whylen; w++)
		n += (size_t)snprintf(why + n, whylen - n, "%s%s", w == tbl ? "" : ", ", w->word);
	if (n < whylen)
		snprintf(why + n, whylen - n, ")");
	return -EINVAL;
}

int vfsim_scenario_mount_api_words(const char *what, const char *words,
				   unsigned long *flags, char *why, size_t whylen)
{
	char buf[256], *w, *save = NULL;
	size_t i;

	if (!what || !words || !flags || !why || !whylen)
		return -EINVAL;
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		if (!strcmp(tables[i].what, what))
			break;
	if (i == sizeof(tables) / sizeof(tables[0]) || strlen(words) >= sizeof(buf)) {
		snprintf(why, whylen, "%s: no such word list, or words too long", what);
		return -EINVAL;
	}
	snprintf(buf, sizeof(buf), "%s", words);
	for (w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save))
		if (one_word(tables[i].tbl, w, flags, why, whylen) < 0)
			return -EINVAL;
	return 0;
}

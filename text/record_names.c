// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The names of watch types, subtypes and info flags that the decoder, the
 * filter syntax and the `vfsim` command share: those of the patch set's
 * watch_test sample.
 */
#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/vfsim.h>

#define N(a) (unsigned int)(sizeof(a) / sizeof((a)[0]))

static const char *const meta_subtypes[] = { "removal", "loss" };
static const char *const key_subtypes[] = {
	"instantiated", "updated", "linked", "unlinked",
	"cleared", "revoked", "invalidated", "setattr",
};
static const char *const mount_subtypes[] = {
	"new_mount", "unmount", "expiry", "readonly", "setattr", "move_from", "move_to",
};
static const char *const sb_subtypes[] = { "readonly", "error", "edquot", "network" };
/* Flag i is WATCH_INFO_FLAG_0 << i (NOTIFY_MOUNT_*, NOTIFY_SUPERBLOCK_*). */
static const char *const mount_flags[] = {
	"in_subtree", "is_recursive", "is_now_ro", "is_submount",
};
static const char *const sb_flags[] = { "is_now_ro" };

static const struct vfsim_record_names names[WATCH_TYPE___NR] = {
	[WATCH_TYPE_META] = { "meta", meta_subtypes, N(meta_subtypes), NULL, 0 },
	[WATCH_TYPE_KEY_NOTIFY] = { "key", key_subtypes, N(key_subtypes), NULL, 0 },
	[WATCH_TYPE_MOUNT_NOTIFY] = { "mount", mount_subtypes, N(mount_subtypes),
				      mount_flags, N(mount_flags) },
	[WATCH_TYPE_SB_NOTIFY] = { "sb", sb_subtypes, N(sb_subtypes),
				   sb_flags, N(sb_flags) },
};

const struct vfsim_record_names *vfsim_record_names(unsigned int *nr)
{
	if (nr)
		*nr = N(names);
	return names;
}

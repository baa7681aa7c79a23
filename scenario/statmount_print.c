// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * statmount(2) and listmount(2) results as a person reads them: one
 * "field: value" line per field whose bit came back in the result mask
 * (vfsim_scenario_statmount()), one line per mount of a listing with its
 * mount point (vfsim_scenario_listmount()).  The `statmount` and
 * `listmount` verbs and the `vfsim statmount`/`vfsim listmount` commands
 * print with these (docs/statmount.md).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "engine.h"

static const struct {
	const char *name;
	uint64_t bit;
} sm_names[] = {
	{ "sb_basic", STATMOUNT_SB_BASIC },
	{ "mnt_basic", STATMOUNT_MNT_BASIC },
	{ "propagate_from", STATMOUNT_PROPAGATE_FROM },
	{ "mnt_root", STATMOUNT_MNT_ROOT },
	{ "mnt_point", STATMOUNT_MNT_POINT },
	{ "fs_type", STATMOUNT_FS_TYPE },
	{ "mnt_ns_id", STATMOUNT_MNT_NS_ID },
	{ "mnt_opts", STATMOUNT_MNT_OPTS },
	{ "fs_subtype", STATMOUNT_FS_SUBTYPE },
	{ "sb_source", STATMOUNT_SB_SOURCE },
	{ "opt_array", STATMOUNT_OPT_ARRAY },
	{ "opt_sec_array", STATMOUNT_OPT_SEC_ARRAY },
	{ "supported_mask", STATMOUNT_SUPPORTED_MASK },
	{ "mnt_uidmap", STATMOUNT_MNT_UIDMAP },
	{ "mnt_gidmap", STATMOUNT_MNT_GIDMAP },
};
#define NR_SM_NAMES (sizeof(sm_names) / sizeof(sm_names[0]))

int vfsim_scenario_statmount_mask(const char *name, uint64_t *mask)
{
	size_t i;

	if (!name || !mask)
		return -EINVAL;
	if (!strcmp(name, "all")) {
		*mask |= VFSIM_STATMOUNT_ALL;
		return 0;
	}
	for (i = 0; i < NR_SM_NAMES; i++) {
		if (!strcmp(name, sm_names[i].name)) {
			*mask |= sm_names[i].bit;
			return 0;
		}
	}
	return -EINVAL;
}

static void put_mask(FILE *out, uint64_t mask)
{
	const char *sep = "";
	size_t i;

	for (i = 0; i < NR_SM_NAMES; i++) {
		if (mask & sm_names[i].bit) {
			fprintf(out, "%s%s", sep, sm_names[i].name);
			sep = ",";
		}
	}
	mask &= ~(uint64_t)VFSIM_STATMOUNT_ALL;
	if (mask)
		fprintf(out, "%s%#" PRIx64, sep, mask);
	else if (!*sep)
		fputs("-", out);
}

static void put_attr(FILE *out, uint64_t attr)
{
	static const struct {
		uint64_t bit;
		const char *name;
	} attrs[] = {
		{ MOUNT_ATTR_NOSUID, "nosuid" },
		{ MOUNT_ATTR_NODEV, "nodev" },
		{ MOUNT_ATTR_NOEXEC, "noexec" },
		{ MOUNT_ATTR_NOATIME, "noatime" },
		{ MOUNT_ATTR_STRICTATIME, "strictatime" },
		{ MOUNT_ATTR_NODIRATIME, "nodiratime" },
		{ MOUNT_ATTR_IDMAP, "idmap" },
		{ MOUNT_ATTR_NOSYMFOLLOW, "nosymfollow" },
	};
	size_t i;

	fputs(attr & MOUNT_ATTR_RDONLY ? "ro" : "rw", out);
	for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
		if (attr & attrs[i].bit)
			fprintf(out, ",%s", attrs[i].name);
	if (!(attr & (MOUNT_ATTR_NOATIME | MOUNT_ATTR_STRICTATIME)))
		fputs(",relatime", out);
}

static void put_propagation(FILE *out, const struct statmount *sm)
{
	if (sm->mnt_propagation & MS_SHARED)
		fprintf(out, " shared:%" PRIu64, (uint64_t)sm->mnt_peer_group);
	if (sm->mnt_propagation & MS_SLAVE)
		fprintf(out, " master:%" PRIu64, (uint64_t)sm->mnt_master);
	if (sm->mnt_propagation & MS_UNBINDABLE)
		fputs(" unbindable", out);
	if (sm->mnt_propagation & MS_PRIVATE)
		fputs(" private", out);
}

/* @n NUL-terminated strings from @s, as "[a, b]". */
static void put_array(FILE *out, const char *s, uint32_t n)
{
	uint32_t i;

	fputc('[', out);
	for (i = 0; i < n; i++) {
		fprintf(out, "%s%s", i ? ", " : "", s);
		s += strlen(s) + 1;
	}
	fputs("]\n", out);
}

void vfsim_scenario_print_statmount(const struct statmount *sm, FILE *out)
{
	const char *str = sm->str;

	fputs("mask:           ", out);
	put_mask(out, sm->mask);
	fputc('\n', out);
	if (sm->mask & STATMOUNT_MNT_BASIC) {
		fprintf(out, "mnt_id:         %#" PRIx64 " (%" PRIu32 ")\n",
			(uint64_t)sm->mnt_id, sm->mnt_id_old);
		fprintf(out, "mnt_parent_id:  %#" PRIx64 " (%" PRIu32 ")\n",
			(uint64_t)sm->mnt_parent_id, sm->mnt_parent_id_old);
		fputs("mnt_attr:       ", out);
		put_attr(out, sm->mnt_attr);
		fputs("\npropagation:   ", out);
		put_propagation(out, sm);
		fputc('\n', out);
	}
	if (sm->mask & STATMOUNT_PROPAGATE_FROM)
		fprintf(out, "propagate_from: %" PRIu64 "\n", (uint64_t)sm->propagate_from);
	if (sm->mask & STATMOUNT_SB_BASIC)
		fprintf(out, "sb:             dev %" PRIu32 ":%" PRIu32 " magic %#" PRIx64
			" flags %#" PRIx32 "\n", sm->sb_dev_major, sm->sb_dev_minor,
			(uint64_t)sm->sb_magic, sm->sb_flags);
	if (sm->mask & STATMOUNT_FS_TYPE)
		fprintf(out, "fs_type:        %s\n", str + sm->fs_type);
	if (sm->mask & STATMOUNT_FS_SUBTYPE)
		fprintf(out, "fs_subtype:     %s\n", str + sm->fs_subtype);
	if (sm->mask & STATMOUNT_SB_SOURCE)
		fprintf(out, "sb_source:      %s\n", str + sm->sb_source);
	if (sm->mask & STATMOUNT_MNT_ROOT)
		fprintf(out, "mnt_root:       %s\n", str + sm->mnt_root);
	if (sm->mask & STATMOUNT_MNT_POINT)
		fprintf(out, "mnt_point:      %s\n", str + sm->mnt_point);
	if (sm->mask & STATMOUNT_MNT_OPTS)
		fprintf(out, "mnt_opts:       %s\n", str + sm->mnt_opts);
	if (sm->mask & STATMOUNT_OPT_ARRAY) {
		fputs("opt_array:      ", out);
		put_array(out, str + sm->opt_array, sm->opt_num);
	}
	if (sm->mask & STATMOUNT_OPT_SEC_ARRAY) {
		fputs("opt_sec_array:  ", out);
		put_array(out, str + sm->opt_sec_array, sm->opt_sec_num);
	}
	if (sm->mask & STATMOUNT_MNT_UIDMAP) {
		fputs("mnt_uidmap:     ", out);
		put_array(out, str + sm->mnt_uidmap, sm->mnt_uidmap_num);
	}
	if (sm->mask & STATMOUNT_MNT_GIDMAP) {
		fputs("mnt_gidmap:     ", out);
		put_array(out, str + sm->mnt_gidmap, sm->mnt_gidmap_num);
	}
	if (sm->mask & STATMOUNT_MNT_NS_ID)
		fprintf(out, "mnt_ns_id:      %" PRIu64 "\n", (uint64_t)sm->mnt_ns_id);
	if (sm->mask & STATMOUNT_SUPPORTED_MASK) {
		fputs("supported_mask: ", out);
		put_mask(out, sm->supported_mask);
		fputc('\n', out);
	}
}

/* statmount into a buffer that grows until the strings fit; malloc()ed. */
static long statmount_alloc(const struct scn_sys *sys, struct scn_task *t,
			    uint64_t mnt_id, uint64_t mask, struct statmount **res)
{
	struct mnt_id_req req = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = mnt_id,
				  .param = mask };
	size_t size = 4096;
	long ret;

	for (;;) {
		struct statmount *sm = calloc(1, size);

		if (!sm)
			return -ENOMEM;
		ret = sys->statmount(t, &req, sm, size, 0);
		if (ret == 0) {
			*res = sm;
			return 0;
		}
		free(sm);
		if (ret != -EOVERFLOW || size >= (1u << 20))
			return ret;
		size *= 2;
	}
}

long scn_print_statmount(const struct scn_sys *sys, struct scn_task *t,
			 uint64_t mnt_id, uint64_t mask, FILE *out)
{
	struct statmount *sm;
	long ret;

	ret = statmount_alloc(sys, t, mnt_id, mask, &sm);
	if (ret != 0)
		return ret;
	vfsim_scenario_print_statmount(sm, out);
	free(sm);
	return 0;
}

long vfsim_scenario_statmount(struct vfsim_task *t, uint64_t mnt_id, uint64_t mask,
			      FILE *out)
{
	if (!t || !out)
		return -EINVAL;
	return scn_print_statmount(&scn_sys_model, scn_task_of(t), mnt_id, mask, out);
}

/*
 * What `listmount -s` asks of each mount: every field but the filesystem's
 * own options (mnt_opts, opt_array...), which differ between the model and
 * a kernel for legitimate reasons (tmpfs's size=, inode64), as the
 * canonical tree of vfsim-kdiff leaves them out.
 */
#define LISTMOUNT_STAT_MASK (STATMOUNT_SB_BASIC | STATMOUNT_MNT_BASIC | \
			     STATMOUNT_PROPAGATE_FROM | STATMOUNT_MNT_ROOT | \
			     STATMOUNT_MNT_POINT | STATMOUNT_FS_TYPE | \
			     STATMOUNT_MNT_NS_ID | STATMOUNT_SB_SOURCE | \
			     STATMOUNT_SUPPORTED_MASK)

/* @sm's lines, each indented by four blanks under its mount's line. */
static void print_statmount_indented(const struct statmount *sm, FILE *out)
{
	char *text = NULL, *line, *nl;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	vfsim_scenario_print_statmount(sm, m);
	if (fclose(m) != 0) {
		free(text);
		return;
	}
	for (line = text; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			break;
		fprintf(out, "    %.*s\n", (int)(nl - line), line);
	}
	free(text);
}

long scn_print_listmount(const struct scn_sys *sys, struct scn_task *t,
			 uint64_t mnt_id, uint64_t last, size_t count,
			 unsigned int flags, bool stat, FILE *out)
{
	struct mnt_id_req req = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = mnt_id,
				  .param = last };
	uint64_t *ids;
	long n, i;

	ids = calloc(count ? count : 1, sizeof(*ids));
	if (!ids)
		return -ENOMEM;
	n = sys->listmount(t, &req, ids, count, flags);
	for (i = 0; i < n; i++) {
		struct statmount *sm;

		fprintf(out, "%#" PRIx64, ids[i]);
		if (statmount_alloc(sys, t, ids[i], STATMOUNT_MNT_BASIC | STATMOUNT_MNT_POINT |
				    STATMOUNT_FS_TYPE, &sm) == 0) {
			fprintf(out, " (%" PRIu32 ") %s %s", sm->mnt_id_old,
				sm->mask & STATMOUNT_MNT_POINT ? sm->str + sm->mnt_point : "-",
				sm->str + sm->fs_type);
			free(sm);
		}
		fputc('\n', out);
		/* every field, indented under its mount's line */
		if (stat && statmount_alloc(sys, t, ids[i], LISTMOUNT_STAT_MASK, &sm) == 0) {
			print_statmount_indented(sm, out);
			free(sm);
		}
	}
	free(ids);
	return n;
}

long vfsim_scenario_listmount(struct vfsim_task *t, uint64_t mnt_id, uint64_t last,
			      size_t count, unsigned int flags, FILE *out)
{
	if (!t || !out)
		return -EINVAL;
	return scn_print_listmount(&scn_sys_model, scn_task_of(t), mnt_id, last,
				   count, flags, false, out);
}

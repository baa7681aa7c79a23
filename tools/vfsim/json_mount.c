// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The -J forms of `vfsim statmount`, `listmount` and `mntinfo`
 * (docs/vfsim-command.md, "JSON"; schemas in docs/vfsim-json.schema.json;
 * fsinfo's is json_fsinfo.c):
 * the values the system calls return, by the UAPI's field names, for
 * scripts (jq) rather than eyes.  Built on the public API alone.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "json.h"
#include "tool_json.h"

/* ---- statmount ---------------------------------------------------------------- */

static const char *const sm_names[] = {
	"sb_basic", "mnt_basic", "propagate_from", "mnt_root", "mnt_point",
	"fs_type", "mnt_ns_id", "mnt_opts", "fs_subtype", "sb_source",
	"opt_array", "opt_sec_array", "supported_mask", "mnt_uidmap",
	"mnt_gidmap",
};
#define NR_SM_NAMES (sizeof(sm_names) / sizeof(sm_names[0]))

/* statmount() of @id into a buffer that grows until it fits. */
static long get_statmount(struct vfsim_task *t, uint64_t id, uint64_t mask,
			  struct statmount **smp)
{
	struct mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER1, .mnt_id = id, .param = mask,
	};
	size_t size = 4096;
	long ret;

	for (;;) {
		struct statmount *sm = calloc(1, size);

		if (!sm)
			return -ENOMEM;
		ret = vfsim_statmount(t, &req, sm, size, 0);
		if (ret == -EOVERFLOW && size < (1U << 24)) {
			free(sm);
			size *= 4;
			continue;
		}
		if (ret < 0) {
			free(sm);
			return ret;
		}
		*smp = sm;
		return 0;
	}
}

/* @n NUL-terminated strings from @off of @sm's string area, as an array. */
static void str_array(struct json *j, const char *key,
		      const struct statmount *sm, uint32_t off, uint32_t n)
{
	const char *p = sm->str + off, *end = (const char *)sm + sm->size;
	uint32_t i;

	json_array(j, key);
	for (i = 0; i < n && p < end; i++) {
		size_t len = strnlen(p, (size_t)(end - p));

		json_strn(j, NULL, p, len);
		p += len + 1;
	}
	json_array_end(j);
}

static void str_field(struct json *j, const char *key,
		      const struct statmount *sm, uint32_t off)
{
	const char *p = sm->str + off, *end = (const char *)sm + sm->size;

	json_strn(j, key, p, p < end ? strnlen(p, (size_t)(end - p)) : 0);
}

static void statmount_object(struct json *j, const struct statmount *sm)
{
	size_t i;

	json_object(j, NULL);
	json_array(j, "mask");
	for (i = 0; i < NR_SM_NAMES; i++)
		if (sm->mask & (1ULL << i))
			json_str(j, NULL, sm_names[i]);
	json_array_end(j);
	if (sm->mask & STATMOUNT_SB_BASIC) {
		json_u64(j, "sb_dev_major", sm->sb_dev_major);
		json_u64(j, "sb_dev_minor", sm->sb_dev_minor);
		json_u64(j, "sb_magic", sm->sb_magic);
		json_u64(j, "sb_flags", sm->sb_flags);
	}
	if (sm->mask & STATMOUNT_MNT_BASIC) {
		json_u64(j, "mnt_id", sm->mnt_id);
		json_u64(j, "mnt_parent_id", sm->mnt_parent_id);
		json_u64(j, "mnt_id_old", sm->mnt_id_old);
		json_u64(j, "mnt_parent_id_old", sm->mnt_parent_id_old);
		json_u64(j, "mnt_attr", sm->mnt_attr);
		json_u64(j, "mnt_propagation", sm->mnt_propagation);
		json_u64(j, "mnt_peer_group", sm->mnt_peer_group);
		json_u64(j, "mnt_master", sm->mnt_master);
	}
	if (sm->mask & STATMOUNT_PROPAGATE_FROM)
		json_u64(j, "propagate_from", sm->propagate_from);
	if (sm->mask & STATMOUNT_MNT_ROOT)
		str_field(j, "mnt_root", sm, sm->mnt_root);
	if (sm->mask & STATMOUNT_MNT_POINT)
		str_field(j, "mnt_point", sm, sm->mnt_point);
	if (sm->mask & STATMOUNT_FS_TYPE)
		str_field(j, "fs_type", sm, sm->fs_type);
	if (sm->mask & STATMOUNT_MNT_NS_ID)
		json_u64(j, "mnt_ns_id", sm->mnt_ns_id);
	if (sm->mask & STATMOUNT_MNT_OPTS)
		str_field(j, "mnt_opts", sm, sm->mnt_opts);
	if (sm->mask & STATMOUNT_FS_SUBTYPE)
		str_field(j, "fs_subtype", sm, sm->fs_subtype);
	if (sm->mask & STATMOUNT_SB_SOURCE)
		str_field(j, "sb_source", sm, sm->sb_source);
	if (sm->mask & STATMOUNT_OPT_ARRAY)
		str_array(j, "opt_array", sm, sm->opt_array, sm->opt_num);
	if (sm->mask & STATMOUNT_OPT_SEC_ARRAY)
		str_array(j, "opt_sec_array", sm, sm->opt_sec_array, sm->opt_sec_num);
	if (sm->mask & STATMOUNT_SUPPORTED_MASK)
		json_u64(j, "supported_mask", sm->supported_mask);
	if (sm->mask & STATMOUNT_MNT_UIDMAP)
		str_array(j, "mnt_uidmap", sm, sm->mnt_uidmap, sm->mnt_uidmap_num);
	if (sm->mask & STATMOUNT_MNT_GIDMAP)
		str_array(j, "mnt_gidmap", sm, sm->mnt_gidmap, sm->mnt_gidmap_num);
	json_object_end(j);
}

long json_statmount(struct vfsim_task *t, uint64_t id, uint64_t mask, FILE *out)
{
	struct statmount *sm;
	struct json j;
	long ret = get_statmount(t, id, mask, &sm);

	if (ret < 0)
		return ret;
	json_start(&j, out, true);
	statmount_object(&j, sm);
	json_end(&j);
	free(sm);
	return 0;
}

/* ---- listmount ------------------------------------------------------------------ */

long json_listmount(struct vfsim_task *t, uint64_t id, uint64_t last,
		    size_t count, unsigned int flags, FILE *out)
{
	struct mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER1, .mnt_id = id, .param = last,
	};
	uint64_t *ids = calloc(count ? count : 1, sizeof(*ids));
	struct json j;
	long n, i;

	if (!ids)
		return -ENOMEM;
	n = vfsim_listmount(t, &req, ids, count, flags);
	if (n < 0) {
		free(ids);
		return n;
	}
	json_start(&j, out, true);
	json_object(&j, NULL);
	json_array(&j, "mounts");
	for (i = 0; i < n; i++) {
		struct statmount *sm = NULL;

		json_object(&j, NULL);
		json_u64(&j, "mnt_id", ids[i]);
		/* what the text form shows of each: its old ID, point, type */
		if (get_statmount(t, ids[i], STATMOUNT_MNT_BASIC | STATMOUNT_MNT_POINT |
				  STATMOUNT_FS_TYPE, &sm) == 0) {
			json_u64(&j, "mnt_id_old", sm->mnt_id_old);
			if (sm->mask & STATMOUNT_MNT_POINT)
				str_field(&j, "mnt_point", sm, sm->mnt_point);
			else
				json_null(&j, "mnt_point");
			str_field(&j, "fs_type", sm, sm->fs_type);
			free(sm);
		}
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_end(&j);
	free(ids);
	return 0;
}

/* ---- mntinfo --------------------------------------------------------------------- */

static long mnt_value(struct vfsim_task *t, unsigned int id, unsigned int attr,
		      void **v)
{
	char file[16];

	snprintf(file, sizeof(file), "%u", id);
	return tool_fsinfo_value(t, file, true, 0, attr, 0, 0, v);
}

static long mntinfo_mount(struct json *j, struct vfsim_task *t, unsigned int id,
			  const char *point, unsigned int level)
{
	struct fsinfo_mount_info *info = NULL;
	struct fsinfo_mount_child *kids = NULL;
	struct fsinfo_ids *ids = NULL;
	long ret, n, i;

	ret = mnt_value(t, id, FSINFO_ATTR_MOUNT_INFO, (void **)&info);
	if (ret >= 0)
		ret = mnt_value(t, id, FSINFO_ATTR_IDS, (void **)&ids);
	if (ret >= 0)
		ret = mnt_value(t, id, FSINFO_ATTR_MOUNT_CHILDREN, (void **)&kids);
	if (ret < 0)
		goto out;
	json_object(j, NULL);
	json_u64(j, "mnt_id", info->mnt_id);
	if (point)
		json_str(j, "mount_point", point);
	else
		json_null(j, "mount_point");
	json_u64(j, "parent_id", info->parent_id);
	json_u64(j, "change_counter", info->change_counter);
	json_u64(j, "attr", info->attr);
	json_u64(j, "propagation", info->propagation);
	json_u64(j, "group_id", info->group_id);
	json_u64(j, "master_id", info->master_id);
	json_u64(j, "dev_major", ids->f_dev_major);
	json_u64(j, "dev_minor", ids->f_dev_minor);
	json_strn(j, "fs_name", ids->f_fs_name,
		  strnlen(ids->f_fs_name, sizeof(ids->f_fs_name)));
	json_array(j, "children");
	n = ret / (long)sizeof(*kids) - 1;	/* the last is the mount itself */
	for (i = 0; i < n && level < 4096; i++) {
		char *mp = NULL, *s;

		ret = mnt_value(t, kids[i].mnt_id, FSINFO_ATTR_MOUNT_POINT, (void **)&mp);
		if (ret < 0)
			break;
		s = strndup(mp, (size_t)ret);	/* with or without its NUL (S8) */
		free(mp);
		if (!s) {
			ret = -ENOMEM;
			break;
		}
		ret = mntinfo_mount(j, t, kids[i].mnt_id, s, level + 1);
		free(s);
		if (ret < 0)
			break;
	}
	json_array_end(j);
	json_object_end(j);
out:
	free(kids);
	free(ids);
	free(info);
	return ret < 0 ? ret : 0;
}

long json_mntinfo(struct vfsim_task *t, unsigned int mnt_id, FILE *out)
{
	struct json j;
	long ret;

	/* The first call, before any output, says whether the mount is there. */
	void *probe = NULL;

	ret = mnt_value(t, mnt_id, FSINFO_ATTR_MOUNT_INFO, &probe);
	free(probe);
	if (ret < 0)
		return ret;
	json_start(&j, out, true);
	json_object(&j, NULL);
	json_array(&j, "mounts");
	ret = mntinfo_mount(&j, t, mnt_id, NULL, 0);
	json_array_end(&j);
	json_object_end(&j);
	json_end(&j);
	return ret;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The -J forms of `vfsim statmount`, `listmount`, `mntinfo` and `fsinfo`
 * (docs/vfsim-command.md, "JSON"; schemas in docs/vfsim-json.schema.json):
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

/* ---- fsinfo ---------------------------------------------------------------------- */

/* One fsinfo() value into *@value (malloc'd, grown to fit): its size or -errno. */
static long get_value(struct vfsim_task *t, const char *path, bool by_id,
		      unsigned int at_flags, unsigned int attr, unsigned int nth,
		      unsigned int mth, void **value)
{
	struct fsinfo_params p = {
		.at_flags = at_flags,
		.flags = by_id ? FSINFO_FLAGS_QUERY_MOUNT : FSINFO_FLAGS_QUERY_PATH,
		.request = attr, .Nth = nth, .Mth = mth,
	};
	size_t size = 256;
	long ret;

	for (;;) {
		void *buf = calloc(1, size);

		if (!buf)
			return -ENOMEM;
		ret = vfsim_fsinfo(t, AT_FDCWD, path, &p, buf, size);
		if (ret > (long)size && size < (1U << 24)) {
			free(buf);
			size = (size_t)ret;
			continue;
		}
		if (ret < 0) {
			free(buf);
			return ret;
		}
		*value = buf;
		return ret;
	}
}

static const struct {
	unsigned int id;
	const char *name;
} attr_names[] = {
	{ FSINFO_ATTR_STATFS, "statfs" },
	{ FSINFO_ATTR_IDS, "ids" },
	{ FSINFO_ATTR_LIMITS, "limits" },
	{ FSINFO_ATTR_SUPPORTS, "supports" },
	{ FSINFO_ATTR_TIMESTAMP_INFO, "timestamp_info" },
	{ FSINFO_ATTR_VOLUME_ID, "volume_id" },
	{ FSINFO_ATTR_VOLUME_UUID, "volume_uuid" },
	{ FSINFO_ATTR_VOLUME_NAME, "volume_name" },
	{ FSINFO_ATTR_FEATURES, "features" },
	{ FSINFO_ATTR_SB_NOTIFICATIONS, "sb_notifications" },
	{ FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, "fsinfo_attribute_info" },
	{ FSINFO_ATTR_FSINFO_ATTRIBUTES, "fsinfo_attributes" },
	{ FSINFO_ATTR_MOUNT_INFO, "mount_info" },
	{ FSINFO_ATTR_MOUNT_DEVNAME, "mount_devname" },
	{ FSINFO_ATTR_MOUNT_POINT, "mount_point" },
	{ FSINFO_ATTR_MOUNT_CHILDREN, "mount_children" },
	{ FSINFO_ATTR_AFS_CELL_NAME, "afs_cell_name" },
	{ FSINFO_ATTR_AFS_SERVER_NAME, "afs_server_name" },
	{ FSINFO_ATTR_AFS_SERVER_ADDRESSES, "afs_server_addresses" },
	{ FSINFO_ATTR_EXT4_TIMESTAMPS, "ext4_timestamps" },
	{ FSINFO_ATTR_NFS_INFO, "nfs_info" },
	{ FSINFO_ATTR_NFS_SERVER_NAME, "nfs_server_name" },
	{ FSINFO_ATTR_NFS_SERVER_ADDRESSES, "nfs_server_addresses" },
	{ FSINFO_ATTR_NFS_GSSAPI_NAME, "nfs_gssapi_name" },
};

static const char *attr_name(unsigned int id)
{
	size_t i;

	for (i = 0; i < sizeof(attr_names) / sizeof(attr_names[0]); i++)
		if (attr_names[i].id == id)
			return attr_names[i].name;
	return NULL;
}

static const char *const type_names[] = { "vstruct", "string", "opaque", "list" };

/* One value: a string as text, anything else as hex bytes. */
static void put_value(struct json *j, unsigned int type, const void *v, long len,
		      unsigned int nth, unsigned int mth, bool nm)
{
	json_object(j, NULL);
	if (nm)
		json_u64(j, "n", nth);
	if (nm)
		json_u64(j, "m", mth);
	json_u64(j, "size", (uint64_t)len);
	if (type == FSINFO_TYPE_STRING) {
		json_strn(j, "string", v, strnlen(v, (size_t)len));
	} else {
		json_hex(j, "hex", v, (size_t)len);
	}
	json_object_end(j);
}

long json_fsinfo(struct vfsim_task *t, const char *path, bool by_id,
		 unsigned int at_flags, FILE *out)
{
	uint32_t *attrs = NULL;
	struct json j;
	long n, i;

	n = get_value(t, path, by_id, at_flags, FSINFO_ATTR_FSINFO_ATTRIBUTES,
		      0, 0, (void **)&attrs);
	if (n < 0)
		return n;
	n /= (long)sizeof(*attrs);
	json_start(&j, out, true);
	json_object(&j, NULL);
	if (by_id)
		json_u64(&j, "mount", strtoull(path, NULL, 0));
	else
		json_str(&j, "path", path);
	json_array(&j, "attributes");
	for (i = 0; i < n; i++) {
		struct fsinfo_attribute_info *info = NULL;
		unsigned int nth, mth;
		const char *name;
		bool multi, nm;
		long ret;

		ret = get_value(t, path, by_id, at_flags, FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO,
				attrs[i], 0, (void **)&info);
		if (ret < 0)
			continue;
		json_object(&j, NULL);
		json_u64(&j, "id", attrs[i]);
		name = attr_name(attrs[i]);
		if (name)
			json_str(&j, "name", name);
		else
			json_null(&j, "name");
		json_str(&j, "type", info->type < 4 ? type_names[info->type] : "unknown");
		multi = info->flags & (FSINFO_FLAGS_N | FSINFO_FLAGS_NM);
		nm = info->flags & FSINFO_FLAGS_NM;
		json_array(&j, "values");
		for (nth = 0; nth < 1000; nth++) {
			for (mth = 0; mth < 1000; mth++) {
				void *v = NULL;

				ret = get_value(t, path, by_id, at_flags, attrs[i],
						nth, mth, &v);
				if (ret < 0)
					break;
				put_value(&j, info->type, v, ret, nth, mth, multi || nm);
				free(v);
				if (!nm)
					break;
			}
			if (!multi || (mth == 0 && ret < 0))
				break;
		}
		json_array_end(&j);
		json_object_end(&j);
		free(info);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_end(&j);
	free(attrs);
	return 0;
}

/* ---- mntinfo --------------------------------------------------------------------- */

static long mnt_value(struct vfsim_task *t, unsigned int id, unsigned int attr,
		      void **v)
{
	char file[16];

	snprintf(file, sizeof(file), "%u", id);
	return get_value(t, file, true, 0, attr, 0, 0, v);
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

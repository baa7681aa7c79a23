// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim fsinfo -J` (docs/vfsim-command.md, "JSON"): every attribute of
 * FSINFO_ATTR_FSINFO_ATTRIBUTES with its type and values, a string as
 * text and any other value as its bytes in hex.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/vfsim.h>

#include "json.h"
#include "tool_json.h"

long tool_fsinfo_value(struct vfsim_task *t, const char *path, bool by_id,
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

	n = tool_fsinfo_value(t, path, by_id, at_flags, FSINFO_ATTR_FSINFO_ATTRIBUTES,
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

		ret = tool_fsinfo_value(t, path, by_id, at_flags, FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO,
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

				ret = tool_fsinfo_value(t, path, by_id, at_flags, attrs[i],
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


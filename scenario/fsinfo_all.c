// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The patch set's samples/vfs/test-fsinfo.c run on a task of the model:
 * the attribute list is fetched and sorted, and each attribute's values
 * are asked for with Nth and Mth from 0 until ENODATA and printed
 * (fsinfo_dump.c), with the sample's complaints and exit statuses.  For
 * `vfsim fsinfo`; docs/vfsim-command.md says where it differs from the
 * sample.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "fsinfo_dump.h"
#include "tool_api.h"

struct fsinfo_run {
	struct vfsim_task *t;
	const char *file;
	const struct vfsim_scenario_fsinfo_opts *o;
	FILE *out, *err;
};

/* A complaint in the sample's words, after what was printed. */
static void complain(struct fsinfo_run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void complain(struct fsinfo_run *r, const char *fmt, ...)
{
	va_list ap;

	fflush(r->out);
	va_start(ap, fmt);
	vfprintf(r->err, fmt, ap);
	va_end(ap);
}

static long get_traced(struct fsinfo_run *r, const char *name,
		       struct fsinfo_params *params, void **value)
{
	long ret = fsd_get(r->t, AT_FDCWD, r->file, params, value);

	if (r->o->debug && ret >= 0)
		fprintf(r->out, "fsinfo(%s,%s,%u,%u) = %ld\n", r->file, name,
			params->Nth, params->Mth, ret);
	return ret;
}

/*
 * One value (Nth, Mth) of an attribute.  Returns 0 to go on with the next
 * Mth, 1 for the next Nth, 2 for the next attribute, or a negative exit
 * status to stop, as test-fsinfo's try_one() decides.
 */
static int try_one(struct fsinfo_run *r, struct fsinfo_params *params,
		   const struct fsinfo_attribute_info *info)
{
	char namebuf[32], ebuf[128];
	const char *name = fsd_display_name(params->request, namebuf, sizeof(namebuf));
	void *value;
	long size = get_traced(r, name, params, &value);

	if (size == -ENODATA) {
		/*
		 * test-fsinfo stops here with "Unexpected ENODATA": on its
		 * systems "/" always has a parent mount.  A single value may
		 * be absent, though (MOUNT_POINT of a mount with no parent,
		 * such as the namespace root): say so and go on.
		 */
		if (!(info->flags & (FSINFO_FLAGS_N | FSINFO_FLAGS_NM)) &&
		    params->Nth == 0 && params->Mth == 0) {
			fsd_print_label(r->out, name, info->flags, 0, 0, r->o->colour);
			fprintf(r->out, "<no value (ENODATA)>\n");
			return 2;
		}
		return params->Mth == 0 ? 2 : 1;
	}
	if (size == -EOPNOTSUPP) {
		if (params->Nth > 0 || params->Mth > 0) {
			complain(r, "Should return -ENODATA (0x%x{%u}{%u})\n",
				 params->request, params->Nth, params->Mth);
			return -1;
		}
		return 2;
	}
	if (size < 0) {
		complain(r, "vfsim: fsinfo: %s: %s\n", r->file,
			 vfsim_scenario_strerror(size, ebuf, sizeof(ebuf)));
		return -1;
	}

	if (r->o->raw) {
		fsd_dump_hex(r->out, value, size > 4096 ? 4096 : (unsigned int)size);
	} else {
		fsd_print_label(r->out, name, info->flags, params->Nth,
				params->Mth, r->o->colour);
		fsd_dump_value(r->out, params->request, info, value,
			       (unsigned int)size);
	}
	free(value);
	return 0;
}

static int cmp_u32(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

/* Every value of attribute @id: Nth 0..99, Mth 0..99, until ENODATA. */
static int dump_attribute(struct fsinfo_run *r, struct fsinfo_params *params,
			  unsigned int id, const struct fsinfo_attribute_info *info)
{
	unsigned int nth, mth;
	int ret = 0;

	for (nth = 0; nth < 100; nth++) {
		for (mth = 0; mth < 100; mth++) {
			params->request = id;
			params->Nth = nth;
			params->Mth = mth;
			ret = try_one(r, params, info);
			if (ret != 0)
				break;
		}
		if (ret < 0)
			return -ret;
		if (ret == 0) {
			complain(r, "Fishy: Mth %x[%u][%u]\n", id, nth, mth);
			return 0;
		}
		if (ret == 2)
			return 0;
	}
	complain(r, "Fishy: Nth %x[%u]\n", id, nth);
	return 0;
}

/* The attribute list, sorted: its length, or a negative exit status. */
static long attribute_list(struct fsinfo_run *r, struct fsinfo_params *params,
			   unsigned int **attrs)
{
	char ebuf[128];
	long ret;

	params->request = FSINFO_ATTR_FSINFO_ATTRIBUTES;
	params->Nth = 0;
	params->Mth = 0;
	ret = get_traced(r, "attributes", params, (void **)attrs);
	if (ret < 0) {
		complain(r, "Unable to get attribute list: %s\n",
			 vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		return -1;
	}
	if (ret % sizeof(**attrs)) {
		complain(r, "Bad length of attribute list (0x%lx)\n", ret);
		free(*attrs);
		return -2;
	}
	ret /= (long)sizeof(**attrs);
	qsort(*attrs, (size_t)ret, sizeof(**attrs), cmp_u32);
	return ret;
}

int vfsim_scenario_fsinfo_all(struct vfsim_task *t, const char *path,
			      FILE *out,
			      const struct vfsim_scenario_fsinfo_opts *opts)
{
	static const struct vfsim_scenario_fsinfo_opts defaults;
	struct fsinfo_run r = { .t = t, .file = path, .out = out };
	struct fsinfo_params params = { 0 };
	struct fsinfo_attribute_info info;
	unsigned int *attrs;
	long nr, i, ret;
	int status = 0;
	char ebuf[128];

	if (!t || !path || !out)
		return -EINVAL;
	r.o = opts ? opts : &defaults;
	r.err = r.o->err ? r.o->err : stderr;
	params.at_flags = r.o->at_flags;
	params.flags = r.o->query;

	nr = attribute_list(&r, &params, &attrs);
	if (nr < 0)
		return (int)-nr;
	if (r.o->meta) {
		fprintf(out, "ATTR ID  TYPE         FLAGS    SIZE  NAME\n");
		fprintf(out, "======== ============ ======== ===== =========\n");
	}
	for (i = 0; i < nr && status == 0; i++) {
		params.request = FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO;
		params.Nth = attrs[i];
		params.Mth = 0;
		ret = vfsim_fsinfo(t, AT_FDCWD, path, &params, &info, sizeof(info));
		if (ret < 0) {
			complain(&r, "Can't get info for attribute %x: %s\n", attrs[i],
				 vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
			status = 1;
			break;
		}
		if (r.o->meta) {
			fsd_dump_attribute_info(out, &info);
			continue;
		}
		if (attrs[i] == FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO ||
		    attrs[i] == FSINFO_ATTR_FSINFO_ATTRIBUTES)
			continue;
		if (attrs[i] != info.attr_id) {
			complain(&r, "ID for %03x returned %03x\n", attrs[i],
				 info.attr_id);
			break;
		}
		status = dump_attribute(&r, &params, attrs[i], &info);
	}
	free(attrs);
	return status;
}

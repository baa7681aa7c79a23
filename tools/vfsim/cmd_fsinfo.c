// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim fsinfo [-adlmr] PATH` and `vfsim fsinfo [-dr] -M MNT_ID`: every
 * fsinfo() attribute of an object of the default tree, printed as the
 * patch set's samples/vfs/test-fsinfo.c prints them (-m: the table of
 * attributes instead).  Our own program, on the public API.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* AT_EMPTY_PATH, AT_NO_AUTOMOUNT */
#endif
#include <fcntl.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vfsim/vfsim.h>

#include "fsinfo_dump.h"
#include "tool.h"

struct fsinfo_run {
	struct vfsim_task *t;
	const char *file;
	bool debug, raw, colour;
};

static void fsinfo_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " fsinfo [-adlmr] PATH\n"
	      "       " TOOL_NAME " fsinfo [-dr] -M MNT_ID\n", out);
}

static void fsinfo_help(void)
{
	fsinfo_usage(stdout);
	fputs("\n"
	      "Boot the default tree and print every fsinfo() attribute of PATH\n"
	      "(or of mount MNT_ID) as the patch set's test-fsinfo does.\n"
	      "\n"
	      "  -a  do not trigger an automount at PATH (AT_NO_AUTOMOUNT)\n"
	      "  -d  trace each call: fsinfo(FILE,NAME,N,M) = SIZE\n"
	      "  -l  follow a symlink at PATH (default: query the link)\n"
	      "  -m  list the attributes: ID, type, flags, size, name\n"
	      "  -r  raw: hex dump of each value\n"
	      "  -M  PATH is a mount ID (FSINFO_FLAGS_QUERY_MOUNT)\n",
	      stdout);
}

static int fail_errno(struct fsinfo_run *r, const char *what, long err)
{
	char ebuf[128];

	fprintf(stderr, TOOL_NAME ": fsinfo: %s: %s\n", what,
		tool_strerror(err, ebuf, sizeof(ebuf)));
	return TOOL_EXIT_FAIL;
}

static long get_traced(struct fsinfo_run *r, const char *name,
		       struct fsinfo_params *params, void **value)
{
	long ret = fsd_get(r->t, AT_FDCWD, r->file, params, value);

	if (r->debug && ret >= 0)
		printf("fsinfo(%s,%s,%u,%u) = %ld\n", r->file, name, params->Nth,
		       params->Mth, ret);
	return ret;
}

/*
 * One value (Nth, Mth) of an attribute.  Returns 0 to go on with the next
 * Mth, 1 for the next Nth, 2 for the next attribute, or a negative exit
 * status (-TOOL_EXIT_*) to stop, as test-fsinfo's try_one() decides.
 */
static int try_one(struct fsinfo_run *r, struct fsinfo_params *params,
		   const struct fsinfo_attribute_info *info)
{
	char namebuf[32];
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
			fsd_print_label(stdout, name, info->flags, 0, 0, r->colour);
			printf("<no value (ENODATA)>\n");
			return 2;
		}
		return params->Mth == 0 ? 2 : 1;
	}
	if (size == -EOPNOTSUPP) {
		if (params->Nth > 0 || params->Mth > 0) {
			fprintf(stderr, "Should return -ENODATA (0x%x{%u}{%u})\n",
				params->request, params->Nth, params->Mth);
			return -TOOL_EXIT_FAIL;
		}
		return 2;
	}
	if (size < 0)
		return -fail_errno(r, r->file, size);

	if (r->raw) {
		fsd_dump_hex(stdout, value, size > 4096 ? 4096 : (unsigned int)size);
	} else {
		fsd_print_label(stdout, name, info->flags, params->Nth, params->Mth,
				r->colour);
		fsd_dump_value(stdout, params->request, info, value, (unsigned int)size);
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
			fprintf(stderr, "Fishy: Mth %x[%u][%u]\n", id, nth, mth);
			return TOOL_EXIT_OK;
		}
		if (ret == 2)
			return TOOL_EXIT_OK;
	}
	fprintf(stderr, "Fishy: Nth %x[%u]\n", id, nth);
	return TOOL_EXIT_OK;
}

static int fsinfo_all(struct fsinfo_run *r, struct fsinfo_params *params, bool meta)
{
	struct fsinfo_attribute_info info;
	unsigned int *attrs, nr, i;
	long ret;
	int status = TOOL_EXIT_OK;

	params->request = FSINFO_ATTR_FSINFO_ATTRIBUTES;
	params->Nth = 0;
	params->Mth = 0;
	ret = get_traced(r, "attributes", params, (void **)&attrs);
	if (ret < 0) {
		char ebuf[128];

		fprintf(stderr, "Unable to get attribute list: %s\n",
			tool_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	if (ret % sizeof(attrs[0])) {
		fprintf(stderr, "Bad length of attribute list (0x%lx)\n", ret);
		free(attrs);
		return TOOL_EXIT_USAGE;
	}
	nr = (unsigned int)(ret / (long)sizeof(attrs[0]));
	qsort(attrs, nr, sizeof(attrs[0]), cmp_u32);

	if (meta) {
		printf("ATTR ID  TYPE         FLAGS    SIZE  NAME\n");
		printf("======== ============ ======== ===== =========\n");
	}
	for (i = 0; i < nr && status == TOOL_EXIT_OK; i++) {
		params->request = FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO;
		params->Nth = attrs[i];
		params->Mth = 0;
		ret = vfsim_fsinfo(r->t, AT_FDCWD, r->file, params, &info, sizeof(info));
		if (ret < 0) {
			char ebuf[128];

			fprintf(stderr, "Can't get info for attribute %x: %s\n", attrs[i],
				tool_strerror(ret, ebuf, sizeof(ebuf)));
			status = TOOL_EXIT_FAIL;
			break;
		}
		if (meta) {
			fsd_dump_attribute_info(stdout, &info);
			continue;
		}
		if (attrs[i] == FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO ||
		    attrs[i] == FSINFO_ATTR_FSINFO_ATTRIBUTES)
			continue;
		if (attrs[i] != info.attr_id) {
			fprintf(stderr, "ID for %03x returned %03x\n", attrs[i], info.attr_id);
			break;
		}
		status = dump_attribute(r, params, attrs[i], &info);
	}
	free(attrs);
	return status;
}

int cmd_fsinfo(int argc, char **argv)
{
	struct fsinfo_params params = {
		.at_flags = AT_SYMLINK_NOFOLLOW,
		.flags = FSINFO_FLAGS_QUERY_PATH,
	};
	struct fsinfo_run r = { .colour = isatty(STDOUT_FILENO) };
	bool meta = false;
	struct vfsim *v;
	int opt, status;
	long err;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fsinfo_help();
		return TOOL_EXIT_OK;
	}
	optind = 1;
	opterr = 0;
	while ((opt = getopt(argc, argv, "Madlmr")) != -1) {
		switch (opt) {
		case 'M':
			params.at_flags = 0;
			params.flags = FSINFO_FLAGS_QUERY_MOUNT;
			break;
		case 'a':
			params.at_flags |= AT_NO_AUTOMOUNT;
			break;
		case 'd':
			r.debug = true;
			break;
		case 'l':
			params.at_flags &= ~(unsigned int)AT_SYMLINK_NOFOLLOW;
			break;
		case 'm':
			meta = true;
			break;
		case 'r':
			r.raw = true;
			break;
		default:
			fprintf(stderr, TOOL_NAME ": fsinfo: unknown option '-%c'\n", optopt);
			fsinfo_usage(stderr);
			return TOOL_EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		fsinfo_usage(stderr);
		return TOOL_EXIT_USAGE;
	}
	r.file = argv[optind];

	err = vfsim_create(NULL, &v);
	if (err < 0)
		return fail_errno(&r, "cannot create a kernel", err);
	err = vfsim_boot(v, "default");
	if (err < 0) {
		vfsim_destroy(v);
		return fail_errno(&r, "cannot boot the default tree", err);
	}
	r.t = vfsim_init_task(v);
	status = fsinfo_all(&r, &params, meta);
	vfsim_destroy(v);
	return status;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs on fsinfo(): `fsinfo` asks for one attribute value and
 * prints it as test-fsinfo would (or its size, or the raw bytes of a
 * buffer of a chosen size); `mntinfo` prints test-mntinfo's tree.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* AT_EMPTY_PATH, AT_NO_AUTOMOUNT */
#endif
#include <fcntl.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "fsinfo_dump.h"
#include "engine.h"

/* The largest buffer of -b SIZE (as read's BUFSIZE). */
#define FSINFO_BUF_MAX 1048576u

struct fsinfo_verb {
	struct fsinfo_params params;
	int dfd;
	const char *pathname;
	bool raw, size_only;
	long buf_size;		/* -b: one call with this buffer (0 too);
				 * -1: grow */
};

static long parse_u32(struct scn_call *c, const char *what, const char *s,
		      unsigned int *out)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (!*s || *s == '-' || errno || *end || v > 0xffffffffUL)
		return scn_syntax(c, "bad %s '%s'", what, s);
	*out = (unsigned int)v;
	return 0;
}

/* An fd NAME of the scenario as a dfd (it must belong to the caller). */
static long named_fd(struct scn_call *c, const char *name, int *fd)
{
	struct vfsim_task *owner;

	if (scn_fd_lookup_model(c, name, false, &owner, fd) < 0)
		return SCN_SYNTAX;
	if (owner != scn_model_task(c))
		return scn_syntax(c, "fd '%s' belongs to another task", name);
	return 0;
}

static long parse_fsinfo(struct scn_call *c, struct fsinfo_verb *q)
{
	int i, nargs;
	long ret;

	memset(q, 0, sizeof(*q));
	q->params.at_flags = AT_SYMLINK_NOFOLLOW;
	q->dfd = AT_FDCWD;
	q->buf_size = -1;
	for (i = 0; i < c->argc && c->argv[i][0] == '-' && c->argv[i][1]; i++) {
		const char *o = c->argv[i];

		if (!strcmp(o, "-a")) {
			q->params.at_flags |= AT_NO_AUTOMOUNT;
		} else if (!strcmp(o, "-l")) {
			q->params.at_flags &= ~(unsigned int)AT_SYMLINK_NOFOLLOW;
		} else if (!strcmp(o, "-e")) {
			q->params.at_flags |= AT_EMPTY_PATH;
		} else if (!strcmp(o, "-M")) {
			q->params.at_flags = 0;
			q->params.flags = FSINFO_FLAGS_QUERY_MOUNT;
		} else if (!strcmp(o, "-F")) {
			q->params.flags = FSINFO_FLAGS_QUERY_FD;
		} else if (!strcmp(o, "-r")) {
			q->raw = true;
		} else if (!strcmp(o, "-s")) {
			q->size_only = true;
		} else if (!strcmp(o, "-D") || !strcmp(o, "-b")) {
			if (++i == c->argc)
				return scn_syntax(c, "%s needs an argument", o);
			if (o[1] == 'D') {
				ret = named_fd(c, c->argv[i], &q->dfd);
			} else {
				unsigned int n = 0;

				ret = parse_u32(c, "buffer size", c->argv[i], &n);
				if (ret == 0 && n > FSINFO_BUF_MAX)
					return scn_syntax(c, "buffer size %u: at most %u",
							  n, FSINFO_BUF_MAX);
				q->buf_size = n;
			}
			if (ret < 0)
				return ret;
		} else {
			return scn_syntax(c, "unknown fsinfo option '%s'", o);
		}
	}
	nargs = c->argc - i;
	if (nargs < 2 || nargs > 4)
		return scn_syntax(c, "fsinfo: want PATH ATTR [N [M]] after the options");
	if (q->params.flags == FSINFO_FLAGS_QUERY_FD) {
		/* PATH is the fd NAME; pathname stays NULL */
		ret = named_fd(c, c->argv[i], &q->dfd);
		if (ret < 0)
			return ret;
	} else {
		q->pathname = c->argv[i];
	}
	if (fsd_parse_attr(c->argv[i + 1], &q->params.request) < 0)
		return scn_syntax(c, "unknown fsinfo attribute '%s'", c->argv[i + 1]);
	if (nargs > 2 && parse_u32(c, "Nth", c->argv[i + 2], &q->params.Nth) < 0)
		return SCN_SYNTAX;
	if (nargs > 3 && parse_u32(c, "Mth", c->argv[i + 3], &q->params.Mth) < 0)
		return SCN_SYNTAX;
	return 0;
}

/* What kind of value it is: the kernel says, else the tool's own table. */
static void attr_info(struct scn_call *c, const struct fsinfo_verb *q,
		      struct fsinfo_attribute_info *info)
{
	struct fsinfo_params p = q->params;
	const struct fsd_attr *a;

	p.request = FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO;
	p.Nth = q->params.request;
	p.Mth = 0;
	if (vfsim_fsinfo(scn_model_task(c), q->dfd, q->pathname, &p, info, sizeof(*info)) >= 0)
		return;
	a = fsd_attr_by_id(q->params.request);
	memset(info, 0, sizeof(*info));
	info->attr_id = q->params.request;
	info->type = a ? a->type : FSINFO_TYPE_OPAQUE;
	info->size = a ? a->size : 0;
}

/* What EPERM means for a query by mount ID. */
#define NO_SUCH_MOUNT "no such mount, or not reachable from the root"

/* The call(s) of verb_fsinfo() and what they print. */
static long fsinfo_call(struct scn_call *c, struct fsinfo_verb *q, FILE *out)
{
	struct fsinfo_attribute_info info;
	char namebuf[32];
	const char *name;
	void *value = NULL;
	long ret;

	name = fsd_display_name(q->params.request, namebuf, sizeof(namebuf));

	if (q->size_only) {
		ret = vfsim_fsinfo(scn_model_task(c), q->dfd, q->pathname, &q->params, NULL, 0);
		if (ret >= 0)
			fprintf(out, "%s: size %ld\n", name, ret);
		return ret;
	}
	if (q->buf_size >= 0) {
		/* A real buffer even for SIZE 0: the call is told 0 bytes. */
		value = malloc((size_t)q->buf_size + 1);
		if (!value)
			return scn_fail(c, "out of memory");
		memset(value, 0xbd, (size_t)q->buf_size);
		ret = vfsim_fsinfo(scn_model_task(c), q->dfd, q->pathname, &q->params, value,
				   (size_t)q->buf_size);
		if (ret >= 0) {
			fprintf(out, "%s: size %ld, buffer %ld:\n", name, ret, q->buf_size);
			fsd_dump_hex(out, value, (unsigned int)q->buf_size);
		}
		free(value);
		return ret;
	}

	ret = fsd_get(scn_model_task(c), q->dfd, q->pathname, &q->params, &value);
	if (ret < 0)
		return ret;
	attr_info(c, q, &info);
	fsd_print_label(out, name, info.flags, q->params.Nth, q->params.Mth, false);
	if (q->raw) {
		fputc('\n', out);
		fsd_dump_hex(out, value, (unsigned int)ret);
	} else {
		fsd_dump_value(out, q->params.request, &info, value, (unsigned int)ret);
	}
	free(value);
	return ret;
}

/* fsinfo [OPTION]... PATH ATTR [N [M]] */
static long verb_fsinfo(struct scn_call *c)
{
	struct fsinfo_verb q;
	long ret;

	ret = parse_fsinfo(c, &q);
	if (ret < 0)
		return ret;
	ret = fsinfo_call(c, &q, scn_out(c));
	if (ret == -EPERM && q.params.flags == FSINFO_FLAGS_QUERY_MOUNT)
		scn_set_detail(c, NO_SUCH_MOUNT);
	return ret;
}

/* mntinfo [PATH | -M ID] */
static long verb_mntinfo(struct scn_call *c)
{
	const char *label = "ROOT";
	unsigned int id = 0;	/* -O3 cannot see parse_u32 set it */
	long ret;

	if (c->argc == 2) {
		if (strcmp(c->argv[0], "-M") != 0)
			return scn_syntax(c, "mntinfo: want PATH or -M ID");
		if (parse_u32(c, "mount ID", c->argv[1], &id) < 0)
			return SCN_SYNTAX;
		label = c->argv[1];
		ret = vfsim_scenario_mntinfo(scn_model_task(c), id, label, scn_out(c));
		if (ret == -EPERM)
			scn_set_detail(c, NO_SUCH_MOUNT);
		return ret;
	}
	if (c->argc == 1)
		label = c->argv[0];
	ret = vfsim_scenario_mount_id(scn_model_task(c), c->argc == 1 ? c->argv[0] : "/");
	if (ret < 0)
		return ret;
	id = (unsigned int)ret;
	return vfsim_scenario_mntinfo(scn_model_task(c), id, label, scn_out(c));
}

const struct scn_verb scn_verbs_fsinfo[] = {
	{ "fsinfo", 2, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_fsinfo,
	  "[-a|-l|-e|-M|-F|-r|-s|-D FD|-b SIZE]... PATH ATTR [N [M]]",
	  "print one fsinfo() value as test-fsinfo does" },
	{ "mntinfo", 0, 2, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_mntinfo, "[PATH | -M ID]",
	  "print the mounts from PATH (or mount ID) down, as test-mntinfo does" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Running one scenario in one call: vfsim_scenario_run() on the caller's
 * instance, vfsim_scenario_run_file() on an instance of its own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "engine.h"

int vfsim_scenario_run(struct vfsim *v, FILE *in, FILE *out,
		       const struct vfsim_scenario_opts *opts)
{
	struct vfsim_scenario *s;
	int ret;

	if (!v || !in)
		return -EINVAL;
	ret = vfsim_scenario_begin(v, out, opts, &s);
	if (ret < 0) {
		fprintf(opts && opts->err ? opts->err : stderr,
			SCN_PROG ": %s: out of memory\n",
			opts && opts->name ? opts->name : "-");
		return VFSIM_SCENARIO_EXIT_FAIL;
	}
	vfsim_scenario_feed(s, in, opts ? opts->name : NULL,
			    opts ? opts->trace : false);
	return vfsim_scenario_end(s);
}

int vfsim_scenario_run_file(const char *path, FILE *out,
			    const struct vfsim_scenario_opts *opts)
{
	struct vfsim_scenario_opts o = { 0 };
	struct vfsim *v;
	char ebuf[128];
	FILE *in;
	int ret;

	if (!path)
		return -EINVAL;
	if (opts)
		o = *opts;
	if (!o.name)
		o.name = path;
	if (!o.err)
		o.err = stderr;

	in = fopen(path, "re");
	if (!in) {
		fprintf(o.err, SCN_PROG ": cannot open %s: %s\n", path,
			strerror(errno));
		return VFSIM_SCENARIO_EXIT_NOINPUT;
	}
	ret = vfsim_create(NULL, &v);
	if (ret < 0) {
		fprintf(o.err, SCN_PROG ": %s: cannot create a simulated kernel: %s\n",
			o.name, vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		fclose(in);
		return VFSIM_SCENARIO_EXIT_FAIL;
	}
	ret = vfsim_scenario_run(v, in, out, &o);
	vfsim_destroy(v);
	fclose(in);
	return ret;
}

/* The whole of @in into *@text (malloc()ed), its length in *@len: 0, or
 * -ENOMEM, or -EIO (errno says why). */
static int slurp(FILE *in, char **text, size_t *len)
{
	char *buf = NULL, *p;
	size_t n = 0, cap = 0, got;

	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 65536;
			p = realloc(buf, cap);
			if (!p) {
				free(buf);
				return -ENOMEM;
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n, in);
		n += got;
	} while (got > 0);
	if (ferror(in)) {
		free(buf);
		return -EIO;
	}
	*text = buf;
	*len = n;
	return 0;
}

int vfsim_scenario_run_kernel(FILE *in, FILE *out,
			      const struct vfsim_scenario_opts *opts)
{
	return vfsim_scenario_run_kernel_results(in, out, opts, NULL, NULL);
}

int vfsim_scenario_run_kernel_results(FILE *in, FILE *out,
				      const struct vfsim_scenario_opts *opts,
				      vfsim_scenario_result_fn fn, void *arg)
{
	const char *name = opts && opts->name ? opts->name : "-";
	FILE *err = opts && opts->err ? opts->err : stderr;
	struct vfsim_scenario *s;
	char why[256] = "", *text;
	size_t len;
	FILE *mem;
	int ret;

	if (!in)
		return -EINVAL;
	ret = slurp(in, &text, &len);
	if (ret < 0) {
		fprintf(err, SCN_PROG ": %s: %s\n", name,
			ret == -ENOMEM ? "out of memory" : strerror(errno));
		return ret == -ENOMEM ? VFSIM_SCENARIO_EXIT_FAIL :
					VFSIM_SCENARIO_EXIT_NOINPUT;
	}
	ret = scn_validate(&scn_sys_kernel, text, len, name, err);
	if (ret != VFSIM_SCENARIO_EXIT_OK) {
		free(text);
		return ret;
	}
	ret = vfsim_scenario_begin_kernel(out, opts, &s, why, sizeof(why));
	if (ret < 0) {
		fprintf(err, SCN_PROG ": %s: the running kernel cannot run it here: %s\n",
			name, why);
		free(text);
		return VFSIM_SCENARIO_EXIT_UNAVAILABLE;
	}
	vfsim_scenario_set_result(s, fn, arg);
	mem = fmemopen(text, len ? len : 1, "r");
	if (!mem) {
		vfsim_scenario_end(s);
		free(text);
		fprintf(err, SCN_PROG ": %s: out of memory\n", name);
		return VFSIM_SCENARIO_EXIT_FAIL;
	}
	if (len)
		vfsim_scenario_feed(s, mem, name, opts ? opts->trace : false);
	fclose(mem);
	free(text);
	return vfsim_scenario_end(s);
}

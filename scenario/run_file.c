// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Running one scenario in one call: vfsim_scenario_run() on the caller's
 * instance, vfsim_scenario_run_file() on an instance of its own.
 */
#include <errno.h>
#include <stdio.h>
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

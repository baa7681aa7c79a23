// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A harness outside the project runs a scenario file on an instance it
 * made and set up itself, and compares what the scenario printed with a
 * golden file: the pattern of docs/scenario.md ("From C"), here with the
 * harness's own setup as scenario text fed first (vfsim_scenario_begin(),
 * _feed() for each input, _end()), so that names made by the setup (the
 * fd "held") carry into the test's file.
 *
 *   scenario_harness SCENARIO GOLDEN
 *
 * Exit status 0 if the run succeeded and printed exactly GOLDEN.  Built
 * by ctest (consumer.scenario_harness) and, against the installed
 * package, by `make install-check`.
 */
#define _GNU_SOURCE		/* open_memstream */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

/* The harness's own setup: a tmpfs on /srv, held busy by an open fd. */
static const char setup[] =
	"mkdir /srv\n"
	"mount tmpfs srv /srv size=1m\n"
	"open held /srv directory\n";

static char *slurp(const char *path)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "r");

	if (f && getdelim(&text, &len, '\0', f) < 0) {
		free(text);
		text = NULL;
	}
	if (f)
		fclose(f);
	return text;
}

int main(int argc, char **argv)
{
	struct vfsim_scenario_opts opts = { .check = true };
	struct vfsim_scenario *s = NULL;
	char *got = NULL, *want;
	FILE *out, *setup_in, *in;
	struct vfsim *v;
	size_t len;
	int status;

	if (argc != 3) {
		fprintf(stderr, "usage: %s SCENARIO GOLDEN\n", argv[0]);
		return 2;
	}
	want = slurp(argv[2]);
	in = fopen(argv[1], "r");
	out = open_memstream(&got, &len);
	setup_in = fmemopen((char *)setup, strlen(setup), "r");
	if (!want || !in || !out || !setup_in ||
	    vfsim_create(NULL, &v) < 0 || vfsim_boot(v, "default") < 0) {
		fprintf(stderr, "%s: cannot set up\n", argv[0]);
		return 1;
	}
	if (vfsim_scenario_begin(v, out, &opts, &s) < 0)
		return 1;
	vfsim_scenario_feed(s, setup_in, "setup", false);
	vfsim_scenario_feed(s, in, argv[1], false);
	status = vfsim_scenario_end(s);
	fclose(out);
	if (status == VFSIM_SCENARIO_EXIT_OK && strcmp(got, want) != 0) {
		fprintf(stderr, "%s: output differs from %s:\n%s", argv[1],
			argv[2], got);
		status = 1;
	}
	fclose(setup_in);
	fclose(in);
	free(got);
	free(want);
	vfsim_destroy(v);
	return status;
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The scenario engine's pieces for the other programs of this tree
 * (vfsim-kdiff, the vfsim command, the Python package's tests), which
 * read scenario text themselves.  Not installed: a harness author has
 * <vfsim/scenario.h>, which runs scenarios whole or a line at a time;
 * these are the engine's internals and may change with it.  Tools find
 * this header on their include path (tools/kdiff/CMakeLists.txt) and
 * link vfsim::vfsim_static.
 */
#ifndef VFSIM_SCENARIO_TOOL_API_H
#define VFSIM_SCENARIO_TOOL_API_H

#include <stddef.h>
#include <stdio.h>

#include <vfsim/scenario.h>

/**
 * vfsim_scenario_validate_kernel - check the scenario text @text (@len
 * bytes) for the running kernel before anything runs: a line whose verb
 * is the model's alone is reported on @err as "vfsim: NAME:LINE: ..."
 * (VFSIM_SCENARIO_EXIT_DATAERR); else VFSIM_SCENARIO_EXIT_OK.
 */
int vfsim_scenario_validate_kernel(const char *text, size_t len,
				   const char *name, FILE *err);

#endif /* VFSIM_SCENARIO_TOOL_API_H */

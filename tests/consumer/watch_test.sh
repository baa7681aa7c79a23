#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The live shim against an installed vfsim: the patch set's
# samples/watch_queue/watch_test.c as v17 leaves it (../shared/clients/,
# read there, never copied into the repository), not edited, built with
#
#   cc watch_test.c $(pkg-config --cflags --libs vfsim-shim)
#
# and driven by tests/shim/watch_test.scn (VFSIM_SHIM_SCRIPT): its output
# must be tests/shim/watch_test.out, the golden ctest checks with the
# build tree's shim.  Without the sample this prints why and exits
# 77, which ctest counts as skipped (tests/consumer/CMakeLists.txt).
#
# Environment: OUT (a directory for the program and its output), CC,
# PKG_CONFIG_PATH (the staged .pc files), LD_LIBRARY_PATH (the staged lib).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
sample="$here/../../../shared/clients/watch_test.c"
out=${OUT:?OUT must name a directory}

if [ ! -f "$sample" ]; then
	echo "watch_test: the sample is absent ($sample): skipped"
	exit 77
fi
mkdir -p "$out"
# The sample's own warnings are not ours: no -Werror here.
${CC:-cc} -o "$out/watch_test" "$sample" $(pkg-config --cflags --libs vfsim-shim)
VFSIM_SHIM_SCRIPT="$here/../shim/watch_test.scn" "$out/watch_test" >"$out/watch_test.log"
if ! diff -u "$here/../shim/watch_test.out" "$out/watch_test.log"; then
	echo "watch_test: the output differs from tests/shim/watch_test.out" >&2
	exit 1
fi
echo "watch_test: ok, $(grep -c '^KEY' "$out/watch_test.log") KEY, $(grep -c '^MOUNT' "$out/watch_test.log") MOUNT, $(grep -c '^SUPER' "$out/watch_test.log") SUPER lines"

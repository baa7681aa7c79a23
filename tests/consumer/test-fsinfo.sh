#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The syscall shim's promise, checked against an installed vfsim: the
# seed's samples/vfs/test-fsinfo.c, not edited, built with
#
#   cc test-fsinfo.c $(pkg-config --cflags --libs vfsim-shim)
#
# and run on "/" with and without -m:
# exit 0 and none of the messages it prints when something is wrong.  The
# file is extracted from ../shared/seeds/004-*.patch into $OUT, never into
# the repository; without the seed this prints why and
# exits 77, which ctest counts as skipped (tests/consumer/CMakeLists.txt).
#
# Environment: OUT (a directory for the file and the program), CC, CMAKE,
# PKG_CONFIG_PATH (the staged .pc files), LD_LIBRARY_PATH (the staged lib).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
seed="$here/../../../shared/seeds/004-patch-fsinfo-add-fsinfo-syscall-to-query-filesystem-informatio.patch"
out=${OUT:?OUT must name a directory}

if [ ! -f "$seed" ]; then
	echo "test-fsinfo: seed 004 is absent ($seed): skipped"
	exit 77
fi
mkdir -p "$out"
"${CMAKE:-cmake}" -DPATCH="$seed" -DFILE=samples/vfs/test-fsinfo.c \
	-DOUT="$out/test-fsinfo.c" -P "$here/../shim/extract_sample.cmake"
# The program compares signed with unsigned throughout: no -Werror here.
${CC:-cc} -o "$out/test-fsinfo" "$out/test-fsinfo.c" \
	$(pkg-config --cflags --libs vfsim-shim)

for args in "/" "-m /"; do
	status=0
	# shellcheck disable=SC2086 # $args is two words on purpose
	"$out/test-fsinfo" $args >"$out/test-fsinfo.log" 2>&1 || status=$?
	if [ "$status" -ne 0 ]; then
		cat "$out/test-fsinfo.log"
		echo "test-fsinfo $args: exit status $status" >&2
		exit 1
	fi
	if grep -E "Unexpected|Should return|Unable to get|Bad length|Can't get info|ID for .* returned|Fishy|<short data" \
		"$out/test-fsinfo.log"; then
		echo "test-fsinfo $args: it reported a failure" >&2
		exit 1
	fi
	echo "test-fsinfo $args: ok, $(wc -l <"$out/test-fsinfo.log") lines"
done

#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Run the benchmarks one after another (`make bench`, the CMake target
# bench): each one's "== NAME" and output on standard output, as before,
# and on a terminal a progress line on standard error ("bench 3 of 11:
# bench_mount, 2 done in 4 s"; scripts/progress.sh: not on a pipe, not
# with VFSIM_QUIET).
#
#   bench_run.sh [LAUNCHER... --] PROGRAM...
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=progress.sh
. "$here/progress.sh"

launcher=()
for a in "$@"; do
	if [ "$a" = "--" ]; then
		while [ "$1" != "--" ]; do
			launcher+=("$1")
			shift
		done
		shift
		break
	fi
done

n=$# i=0 status=0 start=$SECONDS
for prog in "$@"; do
	i=$((i + 1))
	name=$(basename "$prog")
	progress "bench $i of $n: $name, $((i - 1)) done in $((SECONDS - start)) s"
	echo "== $name"
	"${launcher[@]}" "$prog" || status=1
done
progress "bench: $n done in $((SECONDS - start)) s"
progress_end
exit $status

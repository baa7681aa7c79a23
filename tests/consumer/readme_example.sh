#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The README's C example against an installed vfsim, built with the
# README's own build line and run with nothing telling the loader where
# the library is: the rpath of vfsim.pc must be enough, from any prefix
# (issue 30, item 2).  Its output must be the README's `$ ./prog` block.
#
# Usage: readme_example.sh PREFIX OUT   (CC: the compiler, default cc)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
readme="$here/../../README.md"
prefix=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"

# The program: the ```c block after <!-- example: cc prog.c -->.
awk '/<!-- example: cc prog.c -->/ { f = 1; next }
     f && /^```c/ { p = 1; next }
     p && /^```/ { exit }
     p' "$readme" > "$out/prog.c"
# What it prints: the lines after "$ ./prog" in the console block.
awk '/^\$ \.\/prog$/ { p = 1; next } p && /^```/ { exit } p' "$readme" > "$out/prog.expected"
# The build line, as written.
line=$(grep -m1 '^cc prog.c \$(pkg-config' "$readme")
[ -s "$out/prog.c" ] && [ -s "$out/prog.expected" ] && [ -n "$line" ] || {
	echo "readme_example: README.md has no C example, output or build line" >&2
	exit 1
}
pc=$(dirname "$(find "$prefix" -name vfsim.pc | head -1)")
cd "$out"
# shellcheck disable=SC2086
line="${CC:-cc}${line#cc}"
echo "readme_example: $line"
PKG_CONFIG_PATH=$pc sh -c "$line -o prog"
env -u LD_LIBRARY_PATH ./prog > prog.out
diff -u prog.expected prog.out
echo "readme_example: ./prog from $prefix: ok"

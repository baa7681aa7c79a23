#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Our own program of the successors' calls (successors_prog.c), one binary
# built against the host's headers only, run on the real kernel and
# through the shim (docs/shim.md, "The successors' calls"):
#
#   successors.sh shim   PROGRAM SHIM GOLDEN   LD_PRELOAD=SHIM PROGRAM: prints GOLDEN
#   successors.sh kernel PROGRAM SHIM GOLDEN   as root, in a private mount
#                                              namespace, on the kernel: prints GOLDEN
#   successors.sh same   PROGRAM SHIM GOLDEN   both runs print the same
#   successors.sh doc    DOC GOLDEN            the fenced block after the
#       line "<!-- shim.successors.doc: ... -->" of DOC is GOLDEN
#
# kernel and same exit 77 (skipped) without root, unshare -m or a kernel
# with statmount/listmount (6.8).  The scratch directory is made under
# /tmp, which is not a host prefix: through the shim it is the model's
# (the program makes it there; the host's /tmp is never mounted on:
# mkdir and mount go to the model), on the kernel the host's, mounted on
# only inside the private namespace.  With VFSIM_UPDATE_GOLDEN=1, shim
# rewrites GOLDEN.
set -u
if [ "$1" = doc ]; then
	doc=$2 golden=$3
	block=$(awk '/^<!-- shim.successors.doc:/ { want = 1; next }
		want && /^```/ { if (inside) exit; inside = 1; next }
		inside { print }' "$doc")
	if [ "$block" != "$(cat "$golden")" ]; then
		echo "successors: the example in $doc is not $golden:"
		printf '%s\n' "$block" | diff -u "$golden" -
		exit 1
	fi
	echo "successors: the example in $doc is $golden"
	exit 0
fi
mode=$1 prog=$2 shim=$3 golden=$4
tmp=$(mktemp -d) || exit 1
scratch=$(mktemp -d /tmp/vfsim-successors.XXXXXX) || exit 1
trap 'rm -rf "$tmp"; rmdir "$scratch"' EXIT

# A sanitizer's runtime must come first among the libraries: preload the
# shim's (gcc's are shared), in ldd's order (ASan before UBSan), before it.
preload=$(ldd "$shim" | awk '/lib(asan|tsan|ubsan)\.so/ { printf "%s:", $3 }')$shim

run_shim() {
	LD_PRELOAD=$preload "$prog" "$scratch" >"$tmp/shim.out"
	rc=$?
	if [ $rc != 0 ]; then
		echo "successors: through the shim, $prog exited $rc:"
		cat "$tmp/shim.out"
		exit 1
	fi
}

run_kernel() {
	if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null 2>&1 ||
	   ! unshare -m --propagation private true 2>/dev/null; then
		echo "successors: needs root and unshare -m: skipped"
		exit 77
	fi
	unshare -m --propagation private "$prog" "$scratch" >"$tmp/kernel.out" 2>"$tmp/kernel.err"
	rc=$?
	if [ $rc != 0 ]; then
		if grep -q "Function not implemented" "$tmp/kernel.err"; then
			echo "successors: the kernel ($(uname -r)) lacks a call:"
			cat "$tmp/kernel.err"
			echo "successors: skipped"
			exit 77
		fi
		echo "successors: on the kernel, $prog exited $rc:"
		cat "$tmp/kernel.out" "$tmp/kernel.err"
		exit 1
	fi
}

same() {
	if ! diff -u "$1" "$2"; then
		echo "successors: $3"
		exit 1
	fi
}

case $mode in
shim)
	run_shim
	if [ "${VFSIM_UPDATE_GOLDEN:-}" = 1 ]; then
		cp "$tmp/shim.out" "$golden"
		exit 0
	fi
	same "$golden" "$tmp/shim.out" "through the shim, the output differs from $golden"
	echo "successors: through the shim, the output is $golden"
	;;
kernel)
	run_kernel
	same "$golden" "$tmp/kernel.out" "on the kernel, the output differs from $golden"
	echo "successors: on the kernel ($(uname -r)), the output is $golden"
	;;
same)
	run_kernel
	run_shim
	same "$tmp/kernel.out" "$tmp/shim.out" "the kernel (-) and the shim (+) differ"
	echo "successors: the kernel ($(uname -r)) and the shim print the same ($(wc -l <"$tmp/shim.out") lines)"
	;;
*)
	echo "successors: mode $mode: shim, kernel or same"
	exit 2
	;;
esac

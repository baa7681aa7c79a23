#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# shim.mounts.private_ns: run PROGRAM (built against the shim, it mounts,
# binds, remounts, unmounts, chroots) as root in a private mount namespace
# and compare the namespace's /proc/self/mountinfo before and after: had
# one of its mount calls reached the host kernel, the two would differ.
# Exit 77 (skipped) where a mount namespace cannot be made (not root, no
# unshare).
set -u
prog=$1
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null 2>&1 ||
   ! unshare -m --propagation private true 2>/dev/null; then
	echo "private_ns: needs root and unshare -m: skipped"
	exit 77
fi
exec unshare -m --propagation private sh -c '
	before=$(cat /proc/self/mountinfo) || exit 1
	"$1" || exit 1
	after=$(cat /proc/self/mountinfo) || exit 1
	if [ "$before" != "$after" ]; then
		echo "private_ns: the mount namespace changed:"
		printf "%s\n" "$before" >/tmp/private_ns.before.$$
		printf "%s\n" "$after" | diff /tmp/private_ns.before.$$ - 
		rm -f /tmp/private_ns.before.$$
		exit 1
	fi
	echo "private_ns: /proc/self/mountinfo unchanged ($(printf "%s\n" "$after" | wc -l) mounts)"
' sh "$prog"

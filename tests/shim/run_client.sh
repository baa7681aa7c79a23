#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Run a client program built against the shim, driven by a scenario, and
# compare its standard output with a golden file (docs/shim.md, "Driving
# a running program"):
#
#   run_client.sh script PROGRAM SCRIPT GOLDEN
#       VFSIM_SHIM_SCRIPT=SCRIPT PROGRAM
#   run_client.sh ctl PROGRAM SCRIPT GOLDEN VFSIM
#       VFSIM_SHIM_CONTROL=SOCKET PROGRAM in the background, and
#       `VFSIM ctl SOCKET - < SCRIPT` from this second process
#
# Both must exit 0 and the program print exactly GOLDEN; `vfsim ctl`
# prints what the scenario's lines print (`key add`'s serials), which must
# be exactly GOLDEN with .out replaced by .ctl.out (nothing at all when
# there is no such file).  With VFSIM_UPDATE_GOLDEN=1 the golden files are
# rewritten instead.
set -u
mode=$1 prog=$2 script=$3 golden=$4
out=$(mktemp) || exit 1
trap 'rm -f "$out" "$out.sock" "$out.ctl"' EXIT
case $mode in
script)
	VFSIM_SHIM_SCRIPT=$script "$prog" >"$out"
	rc=$?
	;;
ctl)
	vfsim=$5
	VFSIM_SHIM_CONTROL=$out.sock "$prog" >"$out" &
	pid=$!
	"$vfsim" ctl --wait "$out.sock" - <"$script" >"$out.ctl"
	ctl=$?
	wait $pid
	rc=$?
	if [ $ctl != 0 ]; then
		echo "run_client: vfsim ctl exited $ctl"
		exit 1
	fi
	ctl_golden=${golden%.out}.ctl.out
	if [ "${VFSIM_UPDATE_GOLDEN:-}" = 1 ] && [ -s "$out.ctl" ]; then
		cp "$out.ctl" "$ctl_golden"
	elif [ -f "$ctl_golden" ]; then
		if ! diff -u "$ctl_golden" "$out.ctl"; then
			echo "run_client: vfsim ctl's output differs from $ctl_golden"
			exit 1
		fi
	elif [ -s "$out.ctl" ]; then
		echo "run_client: vfsim ctl printed:"
		cat "$out.ctl"
		exit 1
	fi
	;;
*)
	echo "run_client: mode $mode: script or ctl"
	exit 2
	;;
esac
if [ $rc != 0 ]; then
	echo "run_client: $prog exited $rc"
	cat "$out"
	exit 1
fi
if [ "${VFSIM_UPDATE_GOLDEN:-}" = 1 ]; then
	cp "$out" "$golden"
	exit 0
fi
if ! diff -u "$golden" "$out"; then
	echo "run_client: the output differs from $golden"
	exit 1
fi
echo "run_client: $mode: the output is $golden"

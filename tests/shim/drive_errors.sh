#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The script thread and the control channel when things go wrong
# (docs/shim.md, "Driving a running program"), on shim_drive:
#   script_fails  a failing, a malformed and a missing VFSIM_SHIM_SCRIPT end
#                 the program with the engine's status and report; `exit`
#                 flushes what the program printed
#   ctl_errors    over `vfsim ctl`: a malformed line gets the engine's
#                 error and status 65 and the connection goes on; output
#                 comes back; `exit 3` ends the program with 3; lines after
#                 it, and a channel nobody listens on, are clear errors
#                 within VFSIM_CTL_TIMEOUT, never a hang
set -u
what=$1 prog=$2 vfsim=$3 dir=$4
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "drive_errors: $*"; exit 1; }
# expect STATUS FILE TEXT: FILE holds TEXT (a fixed string)
has() { grep -qF -- "$2" "$1" || { echo "--- $1:"; cat "$1"; fail "no '$2' in $1"; }; }

case $what in
script_fails)
	printf 'wait watches 1\nmount tmpfs x /mnt\nwait reads\nmount nosuchfs x /tmp\n' >"$tmp/fails.scn"
	VFSIM_SHIM_SCRIPT=$tmp/fails.scn "$prog" >"$tmp/out" 2>"$tmp/err"
	[ $? = 1 ] || fail "a failing script: exit status not 1"
	has "$tmp/err" "fails.scn:4: mount nosuchfs x /tmp: ENODEV"
	has "$tmp/err" "VFSIM_SHIM_SCRIPT=$tmp/fails.scn failed (exit status 1"
	has "$tmp/out" "read 16"
	printf 'wait watches 1\nwait sideways\n' >"$tmp/bad.scn"
	VFSIM_SHIM_SCRIPT=$tmp/bad.scn "$prog" >"$tmp/out" 2>"$tmp/err"
	[ $? = 65 ] || fail "a malformed script: exit status not 65"
	has "$tmp/err" "bad.scn:2: usage: wait watches N | wait reads"
	VFSIM_SHIM_SCRIPT=$tmp/none.scn "$prog" >"$tmp/out" 2>"$tmp/err"
	[ $? = 66 ] || fail "a missing script: exit status not 66"
	has "$tmp/err" "VFSIM_SHIM_SCRIPT=$tmp/none.scn: No such file or directory"
	printf 'wait watches 1\nmount tmpfs x /mnt\nwait reads\nsleep 10\nexit 7\n' >"$tmp/exit.scn"
	VFSIM_SHIM_SCRIPT=$tmp/exit.scn "$prog" >"$tmp/out" 2>"$tmp/err"
	[ $? = 7 ] || fail "exit 7: another exit status"
	[ "$(cat "$tmp/out")" = "read 16" ] || fail "exit 7: stdout not flushed"
	;;
ctl_errors)
	sock=$tmp/sock
	VFSIM_SHIM_CONTROL=$sock "$prog" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	# --wait: the program is starting; the reports come on stderr
	"$vfsim" ctl --wait "$sock" "wait watches 1" "wait sideways" >"$tmp/c1" 2>"$tmp/c1.err"
	[ $? = 65 ] || fail "a malformed line: status not 65"
	has "$tmp/c1.err" "usage: wait watches N | wait reads"
	[ -s "$tmp/c1" ] && fail "a malformed line: its report on stdout"
	"$vfsim" ctl "$sock" "mount nosuchfs x /mnt" >"$tmp/c2" 2>"$tmp/c2.err"
	[ $? = 1 ] || fail "a failing line: status not 1"
	has "$tmp/c2.err" "mount nosuchfs x /mnt: ENODEV"
	printf 'mount tmpfs x /mnt\nwait reads\ntree -o TARGET\n' |
		"$vfsim" ctl "$sock" - >"$tmp/c3" || fail "lines from stdin failed"
	has "$tmp/c3" "/mnt"
	"$vfsim" ctl "$sock" "exit 3" "tree" >"$tmp/c4" 2>"$tmp/c4.err"
	[ $? = 1 ] || fail "a line after exit: status not 1"
	has "$tmp/c4.err" "closed the connection"
	wait $pid
	[ $? = 3 ] || fail "exit 3: the program's status is not 3"
	[ "$(cat "$tmp/out")" = "read 16" ] || fail "exit 3: stdout not flushed"
	VFSIM_CTL_TIMEOUT=1 "$vfsim" ctl --wait "$sock" "tree" 2>"$tmp/c5"
	[ $? = 1 ] || fail "nobody listening: status not 1"
	has "$tmp/c5" "is a program running with VFSIM_SHIM_CONTROL=$sock?"
	"$vfsim" ctl "$sock" >/dev/null 2>&1
	[ $? = 2 ] || fail "ctl without lines: not a usage error"
	;;
esac
echo "drive_errors: $what: as documented"

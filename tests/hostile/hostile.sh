#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Hostile inputs to the vfsim command: each must end with its exit status
# and the first line of its standard error as the table below says, never
# as a success that lost something (docs/vfsim-command.md, "Exit status").
#
#   hostile.sh VFSIM [WORKDIR]
#
# The inputs are made in WORKDIR (a new temporary directory by default),
# the 50 MB scenario too: nothing large is committed.  Each row:
#
#   NAME | STATUS | FIRST LINE OF STDERR | COMMAND (run by bash in WORKDIR)
#
# The stderr column is compared exactly, or as a prefix when it ends in
# '*'; "-" is no stderr at all.  $V is the command under test.  A row may
# also check what the command wrote to the file `out` with `out_is TEXT`,
# `out_has TEXT` or `out_lacks TEXT` after it (they keep its status).  No timing: every row is a plain run to its end.
set -u

V=${1:?usage: hostile.sh VFSIM [WORKDIR]}
case $V in /*) ;; *) V=$PWD/$V ;; esac
if [ $# -ge 2 ]; then
	W=$2
	rm -rf "$W"
	mkdir -p "$W"
else
	W=$(mktemp -d)
	trap 'rm -rf "$W"' EXIT
fi
cd "$W" || exit 1

# ---- the inputs -------------------------------------------------------------

# n copies of string s, without a newline
rep() { local s=$1 n=$2; head -c $(( ${#s} * n )) < <(yes "$s" | tr -d '\n'); }

{ echo "boot empty"; rep a $((2 * 1024 * 1024)); } > huge.scn
{ printf 'echo '; rep a $((1048576 - 5)); echo; } > max.scn
{ printf 'echo '; rep a $((1048576 - 4)); echo; } > over.scn
{ echo "boot default"; printf 'mkdir /%s\n' "$(rep a 5000)"; } > longname.scn
{ echo "boot default"; printf 'mkdir /%s\n' "$(rep a/ 2040)"; } > longpath.scn
{ echo "boot default"; printf 'mkdir /%sx\n' "$(rep a/ 10000)"; } > deep.scn
{ echo "boot default"; printf 'cd /%s\n' "$(rep ./ 2040)"; echo "echo ok"; } > dots.scn
printf 'boot empty\necho \0x\n' > nul.scn
printf 'boot empty\r\nmkdir /a\r\necho crlf\r\n' > crlf.scn
printf 'boot empty\rmkdir /a\recho cr\r' > cr.scn
printf 'boot empty\necho a\rb\n' > midcr.scn
: > empty.scn
mkdir dir.scn
printf 'foo\377\001bar\n' > binverb.scn
printf 'boot empty\n\303\251cho x\n' > utf8verb.scn
printf 'boot empty\nas 99999999999 mkdir /x\n' > biguid.scn
printf 'boot empty\nchown / 1:-1\n' > badgid.scn
printf 'boot default\nexpect EINVAL fsinfo -b 0 / volume_id\nexpect EPERM fsinfo -M 999 ids\n' > b0.scn
printf 'boot default\nfsinfo -M 999 ids\n' > nomount.scn
printf 'boot default\ntree\n' > tree.scn
printf 'mkdir "/\377x"\nmount tmpfs "s\001" "/\377x"\n' > bytes.scn
# 50 MB: comment lines, then one line that prints
{ echo "boot empty"
  yes '# a comment line of a large scenario file, padded out to be long' | head -c $((50 * 1024 * 1024))
  printf '\necho done\n'; } > big50.scn

# ---- the table ----------------------------------------------------------------

TABLE=$(cat <<'ROWS'
huge line (2 MiB, no newline)   | 65 | vfsim: huge.scn:2: line longer than 1048576 bytes | $V run huge.scn
line of exactly 1 MiB           | 0  | -                                                | $V run max.scn >/dev/null
line of 1 MiB + 1               | 65 | vfsim: over.scn:1: line longer than 1048576 bytes | $V run over.scn
run /dev/zero                   | 65 | vfsim: /dev/zero:1: line longer than 1048576 bytes | $V run /dev/zero
watch /dev/zero                 | 65 | vfsim: /dev/zero:1: line longer than 1048576 bytes | $V watch /dev/zero >out; out_lacks -- END --
run - < /dev/zero               | 65 | vfsim: <stdin>:1: line longer than 1048576 bytes | $V run - </dev/zero
name of 5000 bytes              | 1  | vfsim: longname.scn:2: mkdir /aaaa*              | $V run longname.scn
  ... cut short, errno kept    | 1  | -                                                | $V run longname.scn 2>out; out_has 'aaa...: ENAMETOOLONG (File name too long)'
path of 4081 bytes              | 1  | vfsim: longpath.scn:2: mkdir /a/a/a/*            | $V run longpath.scn
10k-component path              | 1  | vfsim: deep.scn:2: mkdir /a/a/a/*                | $V run deep.scn
2040 '.' components (< PATH_MAX)| 0  | -                                                | $V run dots.scn >out; out_is ok
fsinfo of a 10k-component path  | 1  | vfsim: fsinfo: /a/a/a/*                          | $V fsinfo "/$(rep a/ 10000)"
mntinfo of a 10k-component path | 1  | vfsim: mntinfo: /a/a/a/*                         | $V mntinfo "/$(rep a/ 10000)" >/dev/null
NUL byte in a line              | 65 | vfsim: nul.scn:2: NUL byte in line (column 6)    | $V run nul.scn
CRLF line ends                  | 0  | -                                                | $V run crlf.scn >out; out_is crlf
bare CR line ends               | 65 | vfsim: cr.scn:1: bare CR in line (column 11): lines end in LF or CR LF | $V run cr.scn
bare CR inside a line           | 65 | vfsim: midcr.scn:2: bare CR in line (column 7): lines end in LF or CR LF | $V run midcr.scn
empty file                      | 0  | -                                                | $V run empty.scn >out; out_is ''
a directory as the scenario     | 66 | vfsim: dir.scn: read error: Is a directory       | $V run dir.scn
a directory as stdin            | 66 | vfsim: <stdin>: read error: Is a directory       | $V run - <dir.scn
watch: a directory              | 66 | vfsim: dir.scn: read error: Is a directory       | $V watch dir.scn >out; out_lacks -- END --
no such file                    | 66 | vfsim: cannot open nofile.scn: No such file or directory | $V run nofile.scn
closed stdin (<&-)              | 66 | vfsim: <stdin>: read error: Bad file descriptor  | $V run - <&-
watch with closed stdin         | 66 | vfsim: <stdin>: read error: Bad file descriptor  | $V watch - <&- >out; out_lacks -- END --
50 MB scenario                  | 0  | -                                                | $V run big50.scn >out; out_is done
binary bytes in a verb          | 65 | vfsim: binverb.scn:1: unknown verb 'foo\377\001bar' | $V run binverb.scn
UTF-8 in a verb                 | 65 | vfsim: utf8verb.scn:2: unknown verb '\303\251cho' | $V run utf8verb.scn
binary command name             | 2  | vfsim: unknown command 'x\033[2Jy' (see 'vfsim --help') | $V $'x\e[2Jy'
UID out of range                | 65 | vfsim: biguid.scn:2: bad UID[:GID] '99999999999': the UID is out of range (0 to 4294967294; 4294967295 is (uid_t)-1, "unchanged") | $V run biguid.scn
GID with a sign                 | 65 | vfsim: badgid.scn:2: bad UID[:GID] '1:-1': the GID is not a decimal number (digits only, no sign) | $V run badgid.scn
fsinfo -b 0, EPERM by mount ID  | 0  | -                                                | $V run b0.scn
fsinfo -M 999 in a scenario     | 1  | vfsim: nomount.scn:2: fsinfo -M 999 ids: EPERM (Operation not permitted): no such mount, or not reachable from the root | $V run nomount.scn
fsinfo /nonexist                | 1  | vfsim: fsinfo: /nonexist: Unable to get attribute list: ENOENT (No such file or directory) | $V fsinfo /nonexist
fsinfo -M 999                   | 1  | vfsim: fsinfo: mount 999: Unable to get attribute list: EPERM (Operation not permitted): no such mount, or not reachable from the root | $V fsinfo -M 999
mntinfo -M 999                  | 1  | vfsim: mntinfo: mount 999: EPERM (Operation not permitted): no such mount, or not reachable from the root | $V mntinfo -M 999 >/dev/null
demo --help                     | 0  | -                                                | $V demo --help >out; out_has 'usage: vfsim demo'
help run                        | 0  | -                                                | $V help run >out; out_has 'usage: vfsim run'
help nothing                    | 2  | vfsim: help: unknown command 'nothing' (see 'vfsim --help') | $V help nothing
mntinfo >/dev/full              | 1  | vfsim: write error on standard output: No space left on device | $V mntinfo >/dev/full
fsinfo >/dev/full               | 1  | vfsim: write error on standard output: No space left on device | $V fsinfo /home >/dev/full
fsinfo -m >/dev/full            | 1  | vfsim: write error on standard output: No space left on device | $V fsinfo -m / >/dev/full
--help >/dev/full               | 1  | vfsim: write error on standard output: No space left on device | $V --help >/dev/full
--version >/dev/full            | 1  | vfsim: write error on standard output: No space left on device | $V --version >/dev/full
help run >/dev/full             | 1  | vfsim: write error on standard output: No space left on device | $V help run >/dev/full
demo --help >/dev/full          | 1  | vfsim: write error on standard output: No space left on device | $V demo --help >/dev/full
watch >/dev/full                | 1  | vfsim: watch_begin.scn: write error on the output* | $V watch >/dev/full
watch -q >/dev/full             | 1  | vfsim: watch_steps.scn: write error on the output* | $V watch -q >/dev/full
demo >/dev/full                 | 1  | vfsim: demo.scn:9: tree: ENOSPC (No space left on device) | $V demo >/dev/full
run (tree) >/dev/full           | 1  | vfsim: tree.scn:2: tree: ENOSPC (No space left on device) | $V run tree.scn >/dev/full
tree -J >/dev/full              | 1  | vfsim: write error on standard output: No space left on device | $V tree -J >/dev/full
tree --dot >/dev/full           | 1  | vfsim: write error on standard output: No space left on device | $V tree --dot >/dev/full
statmount -J >/dev/full         | 1  | vfsim: write error on standard output: No space left on device | $V statmount -J /tmp >/dev/full
listmount -J >/dev/full         | 1  | vfsim: write error on standard output: No space left on device | $V listmount -J >/dev/full
mntinfo -J >/dev/full           | 1  | vfsim: write error on standard output: No space left on device | $V mntinfo -J >/dev/full
fsinfo -J >/dev/full            | 1  | vfsim: write error on standard output: No space left on device | $V fsinfo -J /home >/dev/full
watch -J >/dev/full             | 1  | vfsim: watch_begin.scn: write error on the output* | $V watch -J >/dev/full
fsinfo -J into a closed pipe    | 1  | vfsim: write error on standard output: Broken pipe | closed_pipe $V fsinfo -J /home
tree -lrJ >/dev/full            | 1  | vfsim: write error on standard output: No space left on device | $V tree -lrJ >/dev/full
--version >/dev/full, unbuffered| 1  | vfsim: write error on standard output: No space left on device | unbuffered -o0 $V --version >/dev/full
run --help >/dev/full, unbuffered| 1 | vfsim: write error on standard output: No space left on device | unbuffered -o0 $V run --help >/dev/full
tree -J >/dev/full, unbuffered  | 1  | vfsim: write error on standard output: No space left on device | unbuffered -o0 $V tree -J >/dev/full
tree -J >/dev/full, 1 KiB buffer| 1  | vfsim: write error on standard output: No space left on device | unbuffered -o1024 $V tree -J >/dev/full
tree -J into a closed pipe, unbuffered | 1 | vfsim: write error on standard output: Broken pipe | closed_pipe bash -c 'unbuffered -o0 "$0" tree -J' $V
tree -J into a closed pipe      | 1  | vfsim: write error on standard output: Broken pipe | closed_pipe $V tree -J
tree --dot into a closed pipe   | 1  | vfsim: write error on standard output: Broken pipe | closed_pipe $V tree --dot
mntinfo into a closed pipe      | 1  | vfsim: write error on standard output: Broken pipe | closed_pipe $V mntinfo
shell (tree) into a closed pipe | 1  | vfsim: <stdin>:1: tree: EPIPE (Broken pipe)      | echo tree | closed_pipe $V shell
ctl: no such socket, at once    | 1  | vfsim: ctl: nosock: No such file or directory (is a program running with VFSIM_SHIM_CONTROL=nosock?) | $V ctl nosock 'echo x' >out; out_is ''
ctl: a file that is no socket   | 1  | vfsim: ctl: empty.scn: Connection refused (is a program running with VFSIM_SHIM_CONTROL=empty.scn?) | $V ctl empty.scn 'echo x'
ctl: VFSIM_CTL_TIMEOUT=abc      | 2  | vfsim: ctl: VFSIM_CTL_TIMEOUT='abc': seconds from 1 to 86400 | VFSIM_CTL_TIMEOUT=abc $V ctl nosock 'echo x'
ctl: VFSIM_CTL_TIMEOUT=0        | 2  | vfsim: ctl: VFSIM_CTL_TIMEOUT='0': seconds from 1 to 86400 | VFSIM_CTL_TIMEOUT=0 $V ctl nosock 'echo x'
ctl: VFSIM_CTL_TIMEOUT=-1       | 2  | vfsim: ctl: VFSIM_CTL_TIMEOUT='-1': seconds from 1 to 86400 | VFSIM_CTL_TIMEOUT=-1 $V ctl nosock 'echo x'
ctl: no line                    | 2  | vfsim: ctl: PATH and at least one LINE (or -) (see 'vfsim ctl --help') | $V ctl nosock
tree -J of bytes not UTF-8      | 0  | -                                                | $V tree --tree empty -J bytes.scn | python3 -m json.tool >out; out_has '\u00ffx'
tree -lrJ, as its usage says    | 0  | -                                                | $V tree -lrJ >out; out_has '"filesystems": ['
tree: options after the file    | 0  | -                                                | $V tree --tree empty empty.scn -rn -o target >out; out_is /
tree: usage error is one line   | 2  | vfsim: tree: unknown option '--frobnicate' (see 'vfsim tree --help') | $V tree --frobnicate 2>&1 >/dev/null | wc -l | grep -qx 1 && $V tree --frobnicate
tree -t without its value       | 2  | vfsim: tree: -t needs a value (see 'vfsim tree --help') | $V tree -t
tree: unknown column            | 1  | vfsim: tree: unknown column 'NOPE' (see 'vfsim tree --help') | $V tree -o target,NOPE
unknown command: one line       | 2  | vfsim: unknown command 'frob' (see 'vfsim --help') | $V frob
run (echo) >/dev/full           | 1  | vfsim: crlf.scn: write error on the output: No space left on device | $V run crlf.scn >/dev/full
run 50 MB >/dev/full            | 1  | vfsim: big50.scn: write error on the output: No space left on device | $V run big50.scn >/dev/full
closed stdout (>&-)             | 1  | vfsim: write error on standard output: Bad file descriptor | $V --version >&-
shell < /dev/zero               | 65 | vfsim: <stdin>:1: line longer than 1048576 bytes | $V shell </dev/zero
shell: NUL byte, then goes on   | 65 | vfsim: <stdin>:2: NUL byte in line (column 6)    | printf 'boot empty\necho \0x\necho next\n' | $V shell --tree none >out; out_is next
shell: bare CR                  | 65 | vfsim: <stdin>:1: bare CR in line (column 11): lines end in LF or CR LF | $V shell --tree none <cr.scn
shell: CRLF line ends           | 0  | -                                                | $V shell --tree none <crlf.scn >out; out_is crlf
shell: a directory as stdin     | 66 | vfsim: <stdin>: read error: Is a directory       | $V shell <dir.scn
shell: closed stdin (<&-)       | 66 | vfsim: <stdin>: read error: Bad file descriptor  | $V shell <&-
shell: binary bytes in a verb   | 65 | vfsim: <stdin>:1: unknown verb 'foo\377\001bar' | $V shell <binverb.scn
shell: help of a binary verb    | 65 | vfsim: <stdin>:1: help: no verb 'x\033[2Jy' ('help' lists them) | printf 'help x\033[2Jy\n' | $V shell
shell: 50 MB from a pipe        | 0  | -                                                | $V shell --tree none <big50.scn >out; out_is done
shell (echo) >/dev/full         | 1  | vfsim: <stdin>:3: write error on the output: No space left on device | $V shell --tree none <crlf.scn >/dev/full
shell (tree) >/dev/full         | 1  | vfsim: <stdin>:1: tree: ENOSPC (No space left on device) | echo tree | $V shell >/dev/full
ROWS
)

# ---- running it ----------------------------------------------------------------

# Checks of the output in the file out, after the command: each keeps the
# command's exit status ($? on entry), or fails with 200.
out_is() {
	local rc=$? want=$1 got
	got=$(cat out)
	[ "$got" = "$want" ] || { echo "stdout: '${got:0:200}', want '$want'" >&2; return 200; }
	return $rc
}
out_has() {
	local rc=$?
	grep -qF -- "$1" out || { echo "output lacks '$1'" >&2; return 200; }
	return $rc
}
out_lacks() {
	local rc=$?
	if [ "$1" = "--" ]; then shift; fi
	! grep -qF -- "$*" out || { echo "output has '$*'" >&2; return 200; }
	return $rc
}
# Run a command with its standard output on a pipe whose reading end is
# closed, SIGPIPE ignored: its writes fail with EPIPE, every time.
# stdbuf(1) with MODE (-o0: unbuffered): its preloaded library comes before
# an ASan build's runtime, which ASan would refuse by default.
unbuffered() {
	local mode=$1
	shift
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 stdbuf "$mode" "$@"
}

closed_pipe() {
	python3 -c '
import os, signal, subprocess, sys
signal.signal(signal.SIGPIPE, signal.SIG_IGN)
r, w = os.pipe()
os.close(r)
sys.exit(subprocess.run(sys.argv[1:], stdout=w, restore_signals=False).returncode)
' "$@"
}
export -f out_is out_has out_lacks rep closed_pipe unbuffered
export V

failed=0
rows=0
printf '%-32s %-6s %s\n' "INPUT" "STATUS" "FIRST LINE OF STDERR"
while IFS='|' read -r name status err cmd; do
	name=$(echo "$name" | sed 's/ *$//')
	status=$(echo "$status" | tr -d ' ')
	err=$(echo "$err" | sed 's/^ //; s/ *$//')
	cmd=${cmd# }
	rows=$((rows + 1))
	rm -f out
	# A subshell of its own: `<&-` and `>&-` close its descriptors only.
	bash -c "$cmd" 2>stderr </dev/null
	rc=$?
	first=$(head -n 1 stderr)
	ok=1
	if [ "$rc" != "$status" ]; then
		ok=0
		why="exit status $rc, want $status"
	elif [ "$err" = "-" ]; then
		if [ -s stderr ]; then
			ok=0
			why="unexpected stderr"
		fi
	elif [ "${err%\*}" != "$err" ]; then
		p=${err%\*}
		if [ "${first:0:${#p}}" != "$p" ]; then
			ok=0
			why="stderr does not start with: $p"
		fi
	elif [ "$first" != "$err" ]; then
		ok=0
		why="stderr, want: $err"
	fi
	printf '%-32s %-6s %s\n' "$name" "$rc" "${first:0:120}"
	if [ $ok = 0 ]; then
		failed=$((failed + 1))
		echo "  FAILED: $why" >&2
		echo "  command: ${cmd:0:200}" >&2
		sed 's/^/  stderr: /' stderr | cut -c1-300 | head -n 5 >&2
	fi
done <<<"$TABLE"

echo "$rows inputs, $failed failed"
[ $failed = 0 ] || exit 1
# The inputs are large: kept only when something failed.
cd / && rm -rf "$W"

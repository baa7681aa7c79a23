#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The bash completion of vfsim (tools/vfsim/completion/vfsim), loaded as
# bash-completion loads it (its bash_completion first, when installed),
# asked for the completions of command lines as a TAB would ask:
#
#   completion.sh VFSIM COMPLETION_FILE
set -u
vfsim=$1 file=$2
case $vfsim in /*) ;; *) vfsim=$PWD/$vfsim ;; esac
for bc in /usr/share/bash-completion/bash_completion /etc/bash_completion; do
	if [ -r "$bc" ]; then
		# shellcheck disable=SC1090
		. "$bc"
		echo "with $bc"
		break
	fi
done
# shellcheck disable=SC1090
. "$file"
# The verbs come from `vfsim run --help`, of the vfsim on the line.
PATH=$(dirname "$vfsim"):$PATH
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
touch setup.scn steps.scn

failed=0
# want "LINE" "COMPLETIONS": LINE as typed (a trailing space: a new word)
want() {
	local line=$1 expected=$2 got
	read -r -a COMP_WORDS <<<"$line"
	[ "${line% }" != "$line" ] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMP_LINE=$line
	COMP_POINT=${#line}
	COMPREPLY=()
	_vfsim
	got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
	got=${got% }
	if [ "$got" = "$expected" ]; then
		echo "ok: '$line' -> $got"
	else
		echo "FAILED: '$line' -> '$got', want '$expected'"
		failed=$((failed + 1))
	fi
}

want "vfsim " "--help --version ctl demo fsinfo help listmount mntinfo run shell statmount tree watch"
want "vfsim tr" "tree"
want "vfsim help wa" "watch"
want "vfsim tree --ou" "--output --output-all"
want "vfsim tree -o TARGET,SO" "TARGET,SOURCE"
want "vfsim tree -o +PA" "+PARENT"
want "vfsim tree -t nop" "noproc"
want "vfsim tree -t tmpfs,noa" "tmpfs,noafs"
want "vfsim tree -t tm" "tmpfs"
want "vfsim tree --tree e" "empty"
want "vfsim tree -T /n" "/net/fileserver"
want "vfsim tree -lJ se" "setup.scn"
want "vfsim run s" "setup.scn steps.scn"
want "vfsim run --tr" "--trace"
want "vfsim run --j" "--json"
want "vfsim watch --v" "--v17"
want "vfsim shell --tree n" "none"
want "vfsim shell --" "--check --help --trace --tree"
want "vfsim fsinfo /h" "/home"
want "vfsim fsinfo -" "--help -M -a -d -l -m -r"
want "vfsim statmount /t" "/tmp"
want "vfsim statmount /tmp mnt_b" "mnt_basic"
want "vfsim listmount -" "--help -l -n -r"
want "vfsim ctl --w" "--wait"
want "vfsim ctl sock mou" "mount mount_setattr"
want "vfsim ctl sock exp" "expect expire"
want "vfsim ctl --wait sock umo" "umount"
echo "$failed failed"
[ $failed = 0 ]

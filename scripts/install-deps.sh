#!/usr/bin/env bash
# Install what vfsim needs to build and test (Debian 12).  Quiet and quick if
# everything is there; as root, installs what is missing from Debian's
# archive; otherwise prints the command to run and fails.
set -euo pipefail

packages=(
	build-essential      # gcc 12, make, libc headers, gcc's sanitizer runtimes
	cmake                # >= 3.25
	pkg-config
	clang                # the clang build, afl-clang-fast
	libclang-rt-14-dev   # clang's sanitizer runtimes (only Recommended by clang)
	libcriterion-dev     # unit tests
	liburcu-dev          # RCU, rculfhash
	libjemalloc-dev      # default allocator
	gcovr                # coverage report
	afl++                # fuzzing
	python3              # scripts/layers.py (ctest layout.layers), the Python package,
	                     # the shell's pty test
	python3-pytest       # the Python package's tests (ctest -L python)
	libedit-dev          # vfsim shell's line editing (optional: plain lines without)
	libsmartcols-dev     # vfsim tree: findmnt's tables (util-linux's libsmartcols)
	bash-completion      # ctest completion.bash: the completion file, as bash loads it
	groff-base           # ctest man.render: the man pages render without warnings
	man-db               # ctest man.render: man --warnings
	graphviz             # make demo's pictures (dot -Tsvg), make layers; ctest demo.svg
)

missing=()
for pkg in "${packages[@]}"; do
	status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)
	[[ $status == ii* ]] || missing+=("$pkg")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "install-deps: missing packages: ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
	echo "install-deps: not root; run:" >&2
	echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
	exit 1
fi
apt-get -o Acquire::Retries=3 update
DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Retries=3 install -y \
	--no-install-recommends "${missing[@]}"

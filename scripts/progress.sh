# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Progress of long work on a terminal (sourced by fuzz_campaign.sh and
# bench_run.sh): one line on standard error, rewritten in place, only when
# standard error is a terminal and VFSIM_QUIET is not set (`make ...
# QUIET=1`); nothing at all otherwise, so that logs and pipes stay clean.
#
#   progress_enabled      0 (true) when progress is shown
#   progress TEXT...      show TEXT as the progress line
#   progress_end          end the progress line (a newline), if one was shown

_progress_shown=0

progress_enabled()
{
	[ -z "${VFSIM_QUIET:-}" ] && [ -t 2 ]
}

progress()
{
	progress_enabled || return 0
	printf '\r\033[K%s' "$*" >&2
	_progress_shown=1
}

progress_end()
{
	if [ "$_progress_shown" = 1 ]; then
		printf '\n' >&2
		_progress_shown=0
	fi
}

#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A parallel AFL++ campaign over the fuzz harnesses (`make fuzz`):
#
#   scripts/fuzz_campaign.sh BUILD_DIR SECONDS JOBS HARNESS...
#
# For each harness, one after another: a main instance (-M main) and JOBS-1
# secondaries (-S s1, s2, ...) share build/fuzz-out/<harness>, each for
# SECONDS; then afl-whatsup's summary and, from every instance's
# fuzzer_stats, one line per harness: executions, executions per second,
# corpus size, stability and crashes.  Crashes are kept in
# build/fuzz-out/<harness>/*/crashes; `fuzz_<harness> FILE` replays one
# (built by any preset), and fuzz_ops --print turns it into a scenario.
#
# On a terminal, a progress line on standard error while the instances
# run: seconds of SECONDS, executions, corpus and crashes so far, from
# their fuzzer_stats (scripts/progress.sh: not on a pipe, not with
# VFSIM_QUIET, `make fuzz QUIET=1`).
#
# Exit status: 0 when no instance saved a crash or a hang, 1 otherwise.
set -euo pipefail
# shellcheck source=progress.sh
. "$(dirname "$0")/progress.sh"

# "fuzz H: T of S s, E execs, corpus C, K crashes": the instances' stats so far.
fuzz_progress()
{
	local h=$1 dir=$2 t=$3 total=$4 stats
	# (no fuzzer_stats yet in the first seconds: cat fails, the line stays)
	stats=$(cat "$dir"/*/fuzzer_stats 2>/dev/null | awk -F': *' '
		$1 ~ /execs_done/    { e += $2 }
		$1 ~ /corpus_count/  { if ($2 > c) c = $2 }
		$1 ~ /saved_crashes/ { k += $2 }
		END { printf "%d execs, corpus %d, %d crashes", e, c, k }') || true
	progress "fuzz $h: $t of $total s, $stats"
}

build=$1 seconds=$2 jobs=$3
shift 3
out=build/fuzz-out
mkdir -p "$out"
status=0

for h in "$@"; do
	dir=$out/$h
	dict=()
	[ -f "fuzz/$h.dict" ] && dict=(-x "fuzz/$h.dict")
	printf '\n==================== afl-fuzz %s: %s jobs, %s s -> %s ====================\n' \
		"$h" "$jobs" "$seconds" "$dir"
	pids=()
	for ((i = 0; i < jobs; i++)); do
		if ((i == 0)); then role=(-M main); else role=(-S "s$i"); fi
		AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_AUTORESUME=1 \
		AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
			afl-fuzz "${role[@]}" -V "$seconds" -i "fuzz/corpus/$h" -o "$dir" \
			"${dict[@]}" -- "$build/fuzz/fuzz_$h" >"$dir.${role[1]}.log" 2>&1 &
		pids+=($!)
	done
	start=$SECONDS
	while progress_enabled; do
		alive=0
		for p in "${pids[@]}"; do
			kill -0 "$p" 2>/dev/null && alive=1
		done
		[ $alive = 1 ] || break
		fuzz_progress "$h" "$dir" $((SECONDS - start)) "$seconds"
		sleep 1
	done
	for p in "${pids[@]}"; do
		wait "$p" || { progress_end; echo "fuzz: an afl-fuzz of $h failed: see $dir.*.log"; status=1; }
	done
	fuzz_progress "$h" "$dir" $((SECONDS - start)) "$seconds"
	progress_end
	afl-whatsup -s "$dir" || true

	# The campaign's figures, summed over the instances (stability: the
	# lowest, as the weakest instance is the one to worry about).
	awk -F': *' -v h="$h" '
		$1 ~ /execs_done/      { execs += $2 }
		$1 ~ /execs_per_sec/   { rate += $2 }
		$1 ~ /corpus_count/    { if ($2 > corpus) corpus = $2 }
		$1 ~ /stability/       { s = $2 + 0; if (!seen || s < stab) stab = s; seen = 1 }
		$1 ~ /saved_crashes/   { crashes += $2 }
		$1 ~ /saved_hangs/     { hangs += $2 }
		END {
			printf "fuzz %s: %d execs, %.0f execs/s, corpus %d, stability %.2f%%, %d crashes, %d hangs\n",
				h, execs, rate, corpus, stab, crashes, hangs
			exit (crashes + hangs) ? 1 : 0
		}' "$dir"/*/fuzzer_stats || status=1
done
exit $status

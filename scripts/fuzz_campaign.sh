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
# Exit status: 0 when no instance saved a crash or a hang, 1 otherwise.
set -euo pipefail

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
	for p in "${pids[@]}"; do
		wait "$p" || { echo "fuzz: an afl-fuzz of $h failed: see $dir.*.log"; status=1; }
	done
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

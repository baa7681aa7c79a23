#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Build the fuzz harnesses for an in-process engine, the way OSS-Fuzz and
# ClusterFuzzLite call a project's build.sh: the compiler and flags come
# from the environment, the fuzz targets and what goes with them land in
# $OUT.
#
#   CC                  compiler (default clang)
#   CFLAGS              flags for everything: sanitizers and the engine's
#                       coverage instrumentation (default ASan + UBSan +
#                       -fsanitize=fuzzer-no-link)
#   LIB_FUZZING_ENGINE  what a fuzz target links with (default
#                       -fsanitize=fuzzer: libFuzzer, which Debian's clang
#                       ships in libclang-rt-14-dev)
#   OUT                 where the targets go (default build/libfuzzer/out)
#   WORK                scratch space for the build (default build/libfuzzer/work)
#   SRC                 where vfsim is (default: this script's parent)
#
# In $OUT, for each harness fuzz/fuzz_<name>.c: the target fuzz_<name>,
# fuzz_<name>_seed_corpus.zip (fuzz/corpus/<name> and
# fuzz/regressions/<name>), fuzz_<name>.dict and fuzz_<name>.options where
# fuzz/ has them.  Run one with  $OUT/fuzz_ops -max_total_time=60 CORPUS_DIR
set -euo pipefail

SRC=${SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
OUT=${OUT:-$SRC/build/libfuzzer/out}
WORK=${WORK:-$SRC/build/libfuzzer/work}
CC=${CC:-clang}
CFLAGS=${CFLAGS:--g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined -fsanitize=fuzzer-no-link}
LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}

# The library is built with $CFLAGS (the sanitizers are theirs, so vfsim's
# own VFSIM_SANITIZE stays none) and libc's malloc, which the sanitizers
# replace; warnings are not errors with flags we did not choose.
cmake -S "$SRC" -B "$WORK" \
	-DCMAKE_C_COMPILER="$CC" \
	-DCMAKE_C_FLAGS="$CFLAGS" \
	-DCMAKE_BUILD_TYPE=None \
	-DVFSIM_FUZZING_ENGINE="$LIB_FUZZING_ENGINE" \
	-DVFSIM_ALLOCATOR=libc \
	-DVFSIM_BUILD_TESTS=OFF -DVFSIM_BUILD_BENCH=OFF -DVFSIM_WERROR=OFF >/dev/null

mkdir -p "$OUT"
targets=()
for src in "$SRC"/fuzz/fuzz_*.c; do
	targets+=("$(basename "$src" .c)")
done
cmake --build "$WORK" -j "${JOBS:-2}" --target "${targets[@]}"

for t in "${targets[@]}"; do
	name=${t#fuzz_}
	cp "$WORK/fuzz/$t" "$OUT/"
	seeds=()
	for d in corpus regressions; do
		[ -d "$SRC/fuzz/$d/$name" ] && seeds+=("$SRC/fuzz/$d/$name")
	done
	rm -f "$OUT/${t}_seed_corpus.zip"
	# zip is not always there; python3 is (scripts/install-deps.sh).
	python3 - "$OUT/${t}_seed_corpus.zip" "${seeds[@]}" <<'EOF'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for d in sys.argv[2:]:
        for f in sorted(os.listdir(d)):
            p = os.path.join(d, f)
            if os.path.isfile(p) and not f.startswith("."):
                z.write(p, os.path.basename(d) + "-" + f)
EOF
	[ -f "$SRC/fuzz/$name.dict" ] && cp "$SRC/fuzz/$name.dict" "$OUT/$t.dict"
	[ -f "$SRC/fuzz/$name.options" ] && cp "$SRC/fuzz/$name.options" "$OUT/$t.options"
done
echo "fuzz/build.sh: ${targets[*]} in $OUT"

# vfsim — convenience driver over the CMake presets (CMakePresets.json).
#
#   make demo     install dependencies, build (preset default), run `vfsim demo`,
#                 and draw build/demo/default-tree.svg and propagation.svg (the
#                 default tree, and tests/cmd/tree_propagation.scn on the empty
#                 one: `vfsim tree --dot` through Graphviz's dot, which deps
#                 installs)
#   make check    everything CI runs: default + clang + release + asan + tsan + coverage
#                 builds and tests, then install and build consumers against it,
#                 then the libFuzzer build of every harness, run briefly; last,
#                 the tests each configuration skipped, with why, failing when
#                 one was skipped where CI runs everything (root, unshare -m,
#                 ../shared: scripts/ctest_skips.py)
#   make bench    build (preset default) and run the benchmarks
#   make clean    remove build/
#   make layers   redraw docs/layers.dot and docs/layers.svg (the folders'
#                 #includes and calls, scripts/layers.py, from the library
#                 built in build/default; needs graphviz)
#   make docs     run the docs' examples and check their links (what ctest -L
#                 docs does); make docs UPDATE=1 rewrites the expected outputs
#                 in place from the runs: read git diff before keeping it
#
#   make fuzz     build the fuzz harnesses (preset fuzz, afl-clang-fast) and
#                 run a parallel afl-fuzz campaign on each for SECONDS seconds
#                 (-M main and JOBS-1 secondaries, one harness after another;
#                 scripts/fuzz_campaign.sh prints execs, execs/s, corpus,
#                 stability and crashes); FUZZ=<name> picks one, e.g.
#                 make fuzz FUZZ=ops SECONDS=600 JOBS=2
#                 On a terminal, make fuzz and make bench show a progress
#                 line on stderr (executions, corpus, crashes so far; the
#                 benchmark running); QUIET=1 turns it off.
#   make fuzz-coverage  replay the corpora, regressions and the campaign's
#                 queues on the coverage build and print gcovr's line and
#                 branch figures for the library: what the fuzzers never reach
#
#   make libfuzzer  fuzz/build.sh (clang, libFuzzer, ASan+UBSan, OSS-Fuzz's
#                 conventions) into build/libfuzzer/out, then each harness
#                 for LIBFUZZER_SECONDS seconds on a copy of its corpus
#
# Single steps: make deps | default | clang | asan | tsan | coverage | install-check | libfuzzer

CMAKE ?= cmake
CTEST ?= ctest
CC ?= cc
JOBS ?= 2
# Every ctest run goes through this: it lists what the run skipped.
SKIPCHECK = python3 scripts/ctest_skips.py run

# make fuzz: harness names (fuzz/fuzz_<name>.c) and seconds per harness.
FUZZ ?= $(patsubst fuzz/fuzz_%.c,%,$(sort $(wildcard fuzz/fuzz_*.c)))
SECONDS ?= 60
LIBFUZZER_SECONDS ?= 5
# QUIET=1: no progress lines (scripts/progress.sh).
export VFSIM_QUIET := $(QUIET)
FUZZ_TARGETS = $(addprefix fuzz_,$(FUZZ))

STAGE := $(CURDIR)/build/stage
STAGE_LIBDIR := $(STAGE)/lib
CONSUMER := $(CURDIR)/tests/consumer

MAKEFLAGS += --no-print-directory

# The steps run one after another; each one builds with -j$(JOBS) itself.
.NOTPARALLEL:
.PHONY: all demo check skips-reset deps default clang release asan tsan coverage install-check libfuzzer \
	bench fuzz fuzz-coverage clean layers docs

all: default

BANNER = @printf '\n==================== %s ====================\n'

deps:
	$(BANNER) "dependencies"
	bash scripts/install-deps.sh

demo: deps
	$(BANNER) "build: default"
	$(CMAKE) --preset default
	$(CMAKE) --build --preset default -j $(JOBS)
	$(BANNER) "vfsim demo"
	build/default/vfsim demo
	$(BANNER) "pictures: build/demo/*.svg"
	@mkdir -p build/demo
	build/default/vfsim tree --dot > build/demo/default-tree.dot
	build/default/vfsim tree --tree empty --dot tests/cmd/tree_propagation.scn \
		> build/demo/propagation.dot
	@for g in default-tree propagation; do \
		dot -Tsvg build/demo/$$g.dot -o build/demo/$$g.svg || exit 1; \
		echo "demo: build/demo/$$g.svg"; \
	done

check: deps skips-reset default clang release asan tsan coverage install-check libfuzzer
	$(BANNER) "skipped tests"
	python3 scripts/ctest_skips.py report
	$(BANNER) "make check: all passed"

skips-reset:
	rm -rf build/skips

default: deps
	$(BANNER) "default (gcc, RelWithDebInfo, jemalloc): build + test"
	$(CMAKE) --preset default
	$(CMAKE) --build --preset default -j $(JOBS)
	$(SKIPCHECK) default -- $(CTEST) --preset default --output-on-failure -j $(JOBS)

clang: deps
	$(BANNER) "clang: build with -Werror"
	$(CMAKE) --preset clang
	$(CMAKE) --build --preset clang -j $(JOBS)

# -O3 sees what -O2 does not (maybe-uninitialized, nonnull after inlining):
# the library and the commands, as the benchmarks and packagers build them.
release: deps
	$(BANNER) "release (gcc, -O3): build the library and the commands with -Werror"
	$(CMAKE) --preset release
	$(CMAKE) --build --preset release -j $(JOBS) --target vfsim vfsim_static vfsim_tool vfsim_kdiff

asan: deps
	$(BANNER) "asan (AddressSanitizer + UBSan, libc malloc): build + test"
	$(CMAKE) --preset asan
	$(CMAKE) --build --preset asan -j $(JOBS)
	$(SKIPCHECK) asan -- $(CTEST) --preset asan --output-on-failure -j $(JOBS)

tsan: deps
	$(BANNER) "tsan (ThreadSanitizer, libc malloc): build + stress programs"
	$(CMAKE) --preset tsan
	$(CMAKE) --build --preset tsan -j $(JOBS)
	$(SKIPCHECK) tsan -- $(CTEST) --preset tsan --output-on-failure -j $(JOBS) -L stress --no-tests=ignore

coverage: deps
	$(BANNER) "coverage (gcc --coverage): build + test + floors 97% lines, 90% branches"
	$(CMAKE) --preset coverage
	$(CMAKE) --build --preset coverage -j $(JOBS)
	$(CMAKE) --build --preset coverage --target coverage-reset
	$(SKIPCHECK) coverage -- $(CTEST) --preset coverage --output-on-failure -j $(JOBS)
	$(CMAKE) --build --preset coverage --target coverage

install-check: deps
	$(BANNER) "install (build/default -> build/stage)"
	$(CMAKE) --preset default
	$(CMAKE) --build --preset default -j $(JOBS)
	rm -rf $(STAGE)
	$(CMAKE) --install build/default --prefix $(STAGE)
	test -f $(STAGE)/share/man/man1/vfsim.1 && test -f $(STAGE)/share/man/man5/vfsim-scenario.5
	test -f $(STAGE)/share/doc/vfsim/scenario.md && test -f $(STAGE)/share/doc/vfsim/README.md
	$(BANNER) "consumer via pkg-config"
	mkdir -p build/consumer-pkgconfig
	flags=$$(PKG_CONFIG_PATH=$(STAGE_LIBDIR)/pkgconfig pkg-config --cflags --libs vfsim) && \
	$(CC) -Wall -Wextra -Werror -o build/consumer-pkgconfig/consumer $(CONSUMER)/consumer.c $$flags
	LD_LIBRARY_PATH=$(STAGE_LIBDIR) build/consumer-pkgconfig/consumer
	$(BANNER) "the README's C example, with its build line, from the stage"
	CC="$(CC)" LD_LIBRARY_PATH= sh $(CONSUMER)/readme_example.sh $(STAGE) build/consumer-readme
	$(BANNER) "shim consumers via pkg-config (vfsim-shim)"
	flags=$$(PKG_CONFIG_PATH=$(STAGE_LIBDIR)/pkgconfig pkg-config --cflags --libs vfsim-shim) && \
	$(CC) -Wall -Wextra -Werror -o build/consumer-pkgconfig/shim_consumer $(CONSUMER)/shim_consumer.c $$flags
	LD_LIBRARY_PATH=$(STAGE_LIBDIR) build/consumer-pkgconfig/shim_consumer
	$(BANNER) "consumer via find_package(vfsim)"
	rm -rf build/consumer-cmake
	$(CMAKE) -S $(CONSUMER) -B build/consumer-cmake -DCMAKE_PREFIX_PATH=$(STAGE)
	$(CMAKE) --build build/consumer-cmake -j $(JOBS)
	build/consumer-cmake/consumer
	build/consumer-cmake/consumer_static
	build/consumer-cmake/shim_consumer
	cd $(CONSUMER) && $(CURDIR)/build/consumer-cmake/scenario_harness \
		scenario_harness.scn scenario_harness.out
	$(BANNER) "the seed's test-fsinfo and the patch set's watch_test via pkg-config (ctest)"
	$(SKIPCHECK) install-check -- $(CTEST) --test-dir build/consumer-cmake --output-on-failure
	$(BANNER) "the commands (tools/) against the installed package"
	rm -rf build/tools-installed
	$(CMAKE) -S tools -B build/tools-installed -DCMAKE_PREFIX_PATH=$(STAGE)
	$(CMAKE) --build build/tools-installed -j $(JOBS)
	build/tools-installed/vfsim demo | cmp - tests/cmd/demo.out
	build/tools-installed/vfsim-kdiff check --recorded tests/kernel/*.scn
	$(BANNER) "the Python package against the installed library"
	env -u VFSIM_LIBRARY -u GLIBC_TUNABLES -u LD_PRELOAD \
		PYTHONPATH=$(STAGE)/lib/python3/dist-packages PYTHONDONTWRITEBYTECODE=1 \
		/usr/bin/python3 python/tests/check_installed.py $(STAGE) tests/scenarios/basic.scn
	cd $(STAGE)/lib/python3/dist-packages && env -i /usr/bin/python3 -B -c \
		'import vfsim; v = vfsim.Instance("default"); print(repr(v)); assert v.destroy() == 0'

libfuzzer: deps
	$(BANNER) "libFuzzer: fuzz/build.sh, then each harness for $(LIBFUZZER_SECONDS) s"
	OUT=$(CURDIR)/build/libfuzzer/out WORK=$(CURDIR)/build/libfuzzer/work JOBS=$(JOBS) \
		bash fuzz/build.sh
	@set -e; for t in build/libfuzzer/out/fuzz_*; do \
		case $$t in *.zip|*.dict|*.options) continue;; esac; \
		n=$$(basename $$t); c=build/libfuzzer/corpus/$$n; \
		rm -rf $$c; mkdir -p $$c; \
		python3 -m zipfile -e $$t\_seed_corpus.zip $$c; \
		dict=; [ ! -f $$t.dict ] || dict=-dict=$$t.dict; \
		echo "libfuzzer: $$n for $(LIBFUZZER_SECONDS) s"; \
		rc=0; $$t -max_total_time=$(LIBFUZZER_SECONDS) -print_final_stats=1 \
			-artifact_prefix=build/libfuzzer/$$n- $$dict $$c \
			> build/libfuzzer/$$n.log 2>&1 || rc=$$?; \
		grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)' \
			build/libfuzzer/$$n.log || true; \
		if [ $$rc -ne 0 ]; then tail -40 build/libfuzzer/$$n.log; \
			echo "libfuzzer: $$n found a bug: build/libfuzzer/$$n-*"; exit 1; fi; \
	done

bench: deps
	$(BANNER) "benchmarks (preset default)"
	$(CMAKE) --preset default
	$(CMAKE) --build --preset default -j $(JOBS) --target bench

fuzz: deps
	$(BANNER) "fuzz: build $(FUZZ_TARGETS) (preset fuzz, afl-clang-fast)"
	$(CMAKE) --preset fuzz
	$(CMAKE) --build --preset fuzz -j $(JOBS) --target $(FUZZ_TARGETS)
	bash scripts/fuzz_campaign.sh build/fuzz $(SECONDS) $(JOBS) $(FUZZ)

fuzz-coverage: deps
	$(BANNER) "fuzz-coverage: the corpora (and build/fuzz-out queues) replayed on the coverage build"
	$(CMAKE) --preset coverage
	$(CMAKE) --build --preset coverage -j $(JOBS) --target $(FUZZ_TARGETS)
	$(CMAKE) --build --preset coverage --target coverage-reset
	@set -e; for h in $(FUZZ); do \
		files=$$(find fuzz/corpus/$$h fuzz/regressions/$$h build/fuzz-out/$$h/*/queue \
			-type f ! -name '.*' 2>/dev/null | sort); \
		echo "fuzz-coverage: $$h: $$(echo "$$files" | wc -l) inputs"; \
		echo "$$files" | xargs -r build/coverage/fuzz/fuzz_$$h > /dev/null; \
	done
	$(CMAKE) --build --preset coverage --target coverage-report

layers:
	$(CMAKE) --preset default > /dev/null
	$(CMAKE) --build --preset default -j$(JOBS) --target vfsim
	python3 scripts/layers.py --build build/default --dot docs/layers.dot
	dot -Tsvg docs/layers.dot | sed '1a <!-- SPDX-License-Identifier: LGPL-2.1-or-later -->' > docs/layers.svg

docs:
	$(CMAKE) --preset default > /dev/null
	$(CMAKE) --build --preset default -j$(JOBS) --target vfsim_tool vfsim
	python3 scripts/doccheck.py --vfsim build/default/vfsim $(if $(UPDATE),--update) \
		--cc "$(CC) -std=gnu11 -Wall -Wextra -Werror -I$(CURDIR)/include" \
		--cc-libs "$(CURDIR)/build/default/libvfsim.so -Wl,-rpath,$(CURDIR)/build/default -lpthread" \
		README.md $(wildcard docs/*.md) $(filter-out build/%,$(wildcard */README.md */*/README.md))

clean:
	rm -rf build

#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""scripts/ctest_skips.py lists skipped tests with their reasons and fails
the report only where CI runs everything.

    check_ctest_skips.py SCRIPT WORKDIR

A three-test project (one skipped by SKIP_RETURN_CODE, one by
SKIP_REGULAR_EXPRESSION, one run) is configured in WORKDIR and run
through `ctest_skips.py run`; then `report` must pass when the machine is
said not to be like CI (VFSIM_SKIPS_CI=0) and fail when it is.
"""
import os
import shutil
import subprocess
import sys

PROJECT = """cmake_minimum_required(VERSION 3.25)
project(skips NONE)
enable_testing()
add_test(NAME by_code COMMAND sh -c "echo 'starting'; echo 'needs root: skipped'; exit 77")
set_tests_properties(by_code PROPERTIES SKIP_RETURN_CODE 77)
add_test(NAME runs COMMAND sh -c "echo fine")
add_test(NAME by_regex COMMAND sh -c "echo 'the sample is absent: skipped'")
set_tests_properties(by_regex PROPERTIES SKIP_REGULAR_EXPRESSION skipped)
"""


def main(script, work):
    shutil.rmtree(work, ignore_errors=True)
    src, build, skips = (os.path.join(work, d) for d in ("src", "build", "skips"))
    os.makedirs(src)
    with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
        f.write(PROJECT)
    subprocess.run(["cmake", "-S", src, "-B", build], check=True, stdout=subprocess.DEVNULL)
    env = dict(os.environ, VFSIM_SKIPS_DIR=skips)
    r = subprocess.run([sys.executable, script, "run", "demo", "--", "ctest", "--test-dir", build],
                       env=env, capture_output=True, text=True)
    fails = 0
    want = ["skipped (demo): by_code: needs root: skipped",
            "skipped (demo): by_regex: the sample is absent: skipped"]
    for line in want:
        if line not in r.stdout.splitlines():
            print("missing from run's output: %r\n%s" % (line, r.stdout))
            fails += 1
    if r.returncode != 0 or "runs" in open(os.path.join(skips, "demo.txt")).read():
        print("run: status %d, or a test that ran listed" % r.returncode)
        fails += 1
    for ci, status in (("0", 0), ("1", 1)):
        r = subprocess.run([sys.executable, script, "report"], capture_output=True, text=True,
                           env=dict(env, VFSIM_SKIPS_CI=ci))
        if r.returncode != status or not all(l in r.stdout for l in want):
            print("report, VFSIM_SKIPS_CI=%s: status %d, want %d\n%s" % (
                ci, r.returncode, status, r.stdout))
            fails += 1
    print("check_ctest_skips: %s" % ("ok" if not fails else "%d failures" % fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

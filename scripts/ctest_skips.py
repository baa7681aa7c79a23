#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""No silent skips in `make check`.

    scripts/ctest_skips.py run CONFIG -- CTEST_ARGS...
    scripts/ctest_skips.py report

`run` runs ctest with CTEST_ARGS (plus --output-junit), then lists the
tests it did not run (skipped: SKIP_RETURN_CODE, SKIP_REGULAR_EXPRESSION,
a failed fixture, disabled), each with the last line it printed, which is
why; they are kept in build/skips/CONFIG.txt.  The exit status is
ctest's.

`report`, the last step of `make check`, prints every configuration's
skipped tests, and fails when one was skipped where CI runs everything:
as root, where `unshare -m` makes a private mount namespace, with
../shared (the seeds and the clients) beside the repository, as .ci/run
does.  Elsewhere the list is only printed.  A test that may skip even
there must be listed in ALWAYS_SKIPPABLE, with why.
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
# VFSIM_SKIPS_DIR and VFSIM_SKIPS_CI (1: like CI, 0: not) are for the
# script's own test (tests/skips/check_ctest_skips.py).
SKIPS = os.environ.get("VFSIM_SKIPS_DIR") or os.path.join(ROOT, "build", "skips")

# Tests that may be skipped even where CI has root, namespaces and
# ../shared: none today.  {"NAME": "why"}
ALWAYS_SKIPPABLE = {}
WHY = re.compile(r"skip|not available|absent|needs|not run", re.I)


def skipped(junit):
    """(name, reason) of each test of a ctest JUnit file that did not run."""
    out = []
    for case in ET.parse(junit).getroot().iter("testcase"):
        if case.get("status") == "run":
            continue
        text = (case.findtext("system-out") or "").strip().splitlines()
        # the line that says why (a test that skips must print one), else
        # the last
        said = [l for l in text if WHY.search(l)]
        why = (said or text or [""])[-1].strip()
        node = case.find("skipped")
        if node is not None and not why:
            why = node.get("message", "")
        out.append((case.get("name"), why or case.get("status", "not run")))
    return out


def run(config, args):
    os.makedirs(SKIPS, exist_ok=True)
    fd, junit = tempfile.mkstemp(suffix=".xml", prefix="ctest-" + config + "-")
    os.close(fd)
    try:
        rc = subprocess.call(args + ["--output-junit", junit])
        try:
            skips = skipped(junit)
        except (ET.ParseError, FileNotFoundError):
            skips = []  # ctest ran nothing (a usage error): rc says so
    finally:
        os.unlink(junit)
    with open(os.path.join(SKIPS, config + ".txt"), "w") as f:
        for name, why in skips:
            f.write("%s\t%s\n" % (name, why))
    for name, why in skips:
        print("skipped (%s): %s: %s" % (config, name, why))
    if not skips:
        print("skipped (%s): none" % config)
    return rc


def ci_like():
    """Does this machine have what CI has?  (why not, or None)"""
    forced = os.environ.get("VFSIM_SKIPS_CI")
    if forced is not None:
        return None if forced == "1" else "VFSIM_SKIPS_CI=0"
    if os.geteuid() != 0:
        return "not root"
    if subprocess.call(["unshare", "-m", "--propagation", "private", "true"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) != 0:
        return "unshare -m does not work here"
    if not os.path.isdir(os.path.join(ROOT, "..", "shared", "seeds")):
        return "../shared is absent"
    return None


def report():
    files = sorted(f for f in os.listdir(SKIPS) if f.endswith(".txt")) \
        if os.path.isdir(SKIPS) else []
    bad = 0
    why_not = ci_like()
    for f in files:
        config = f[:-4]
        for line in open(os.path.join(SKIPS, f)):
            name, _, why = line.rstrip("\n").partition("\t")
            allowed = ALWAYS_SKIPPABLE.get(name)
            print("skipped (%s): %s: %s%s" % (config, name, why,
                                             " (allowed: %s)" % allowed if allowed else ""))
            if not allowed and why_not is None:
                bad += 1
    if not files:
        print("skips: no ctest run recorded its skips (build/skips/ is empty)")
    if why_not:
        print("skips: this machine is not like CI (%s): skipped tests are listed, not failed" % why_not)
    elif bad:
        print("skips: %d test%s skipped where CI runs everything (root, mount namespaces, "
              "../shared): FAILED" % (bad, "" if bad == 1 else "s"))
        return 1
    else:
        print("skips: no test skipped")
    return 0


def main(argv):
    if len(argv) >= 3 and argv[0] == "run" and "--" in argv:
        at = argv.index("--")
        return run(argv[1], argv[at + 1:])
    if argv == ["report"]:
        return report()
    print(__doc__.strip().splitlines()[2], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

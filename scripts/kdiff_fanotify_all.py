#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Every kernel scenario again, watched by fanotify (docs/fanotify.md).

    scripts/kdiff_fanotify_all.py [--build DIR] [--out DIR] [SCENARIO...]

Each scenario of tests/kernel/ (or those named) is rewritten with a
fanotify group watching the mount namespace from the line after `boot`
(`mntns`, `fanotify`, `fanotify_mark ... attach,detach`) and a `fanread`
after every later line, and run with `vfsim-kdiff check --live` (as root,
where unshare works).  Only the fanread lines are judged: the inserted
lines shift the line numbers the era file keys on, so its expected
differences no longer match and are not counted here.  Prints one line per
scenario whose event sequences differ (the kdiff report is in
OUT/NAME.out) and exits 1 if there is one.
"""
import argparse
import pathlib
import subprocess
import sys
import tempfile

WATCH = ["mntns zns", "fanotify zfa", "fanotify_mark zfa add zns attach,detach"]


def watched(text):
    out, booted = [], False
    for line in text.splitlines():
        out.append(line)
        words = line.split()
        if not booted:
            if words and words[0] == "boot":
                booted = True
                out.extend(WATCH)
            continue
        if words and not line.lstrip().startswith("#"):
            out.append("fanread zfa")
    return "\n".join(out) + "\n"


def main():
    src = pathlib.Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(src / "build" / "default"))
    ap.add_argument("--out", default=None)
    ap.add_argument("scenarios", nargs="*")
    a = ap.parse_args()
    kdiff = pathlib.Path(a.build) / "vfsim-kdiff"
    out = pathlib.Path(a.out or tempfile.mkdtemp(prefix="kdiff-fanotify-"))
    out.mkdir(parents=True, exist_ok=True)
    scns = [pathlib.Path(s) for s in a.scenarios] or sorted((src / "tests" / "kernel").glob("*.scn"))
    differ = 0
    for scn in scns:
        w = out / scn.name
        w.write_text(watched(scn.read_text()))
        r = subprocess.run([str(kdiff), "check", "--live", "--era", "/dev/null", str(w)],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        (out / (scn.stem + ".out")).write_text(r.stdout)
        bad = [l for l in r.stdout.splitlines() if l.startswith("L") and " fanread zfa: " in l]
        if bad:
            differ += 1
            print(f"{scn.stem}: {len(bad)} fanread(s) differ ({out / (scn.stem + '.out')})")
    print(f"{len(scns)} scenarios, {differ} with different event sequences")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

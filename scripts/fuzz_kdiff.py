#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The real kernel as a second oracle for the program fuzzer.

    scripts/fuzz_kdiff.py [--build DIR] [--out DIR] [--max N] [--jobs N] INPUT_OR_DIR...

Each input of fuzz_ops (a corpus file, or every file of a corpus
directory) becomes the scenario of its calls that the kernel has too
(`fuzz_ops --kdiff`), which `vfsim-kdiff check --live` runs on the model
and, in a private mount namespace, on the running kernel, comparing every
result and the final tree.  A scenario where they differ is shrunk line by
line (delta debugging: drop chunks of lines while the difference stays)
and written to OUT/<input>.scn with kdiff's report beside it (.diff); each
one is then either a bug to fix in the model or a later-kernel change to
list in tests/kernel/era-differences.txt and docs/kernel-diff.md, and joins
tests/kernel/ as a named scenario.

A difference with the verb and results of one listed in
tests/kernel/era-differences.txt (EPERM vs ENOENT for an unprivileged
umount, say) is counted as that later-kernel change and not written out;
so is a tree difference that, once shrunk, differs in exactly the lines
a listed tree difference's scenario does (the 6.17 side mounts).

Needs root and unshare(CLONE_NEWNS) (kdiff's live mode).  Exit status: 0
when every scenario agrees or differs only as listed, 1 when some differ
otherwise, 2 on a usage or tool error, 77 (skipped) when not root.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
import threading


# "L3 move / /: model EINVAL, kernel ENOENT" or "L4 tree: trees differ"
DIFF_RE = re.compile(r"^L\d+ (?:(?:as \S+|expect \S+) )*(\S+).*?: (model \S+, kernel \S+|trees differ)")


def signature(report):
    """The first difference kdiff reports, as (verb, what differs)."""
    for line in report.splitlines():
        m = DIFF_RE.match(line)
        if m:
            return (m.group(1), m.group(2))
    return None


def tree_signature(report):
    """The lines of the first tree difference kdiff reports, as a key."""
    lines, inside = [], False
    for line in report.splitlines():
        if inside:
            if line.startswith(("  --- ", "  +++ ")):
                continue
            if line.startswith(("  -", "  +")):
                lines.append(line)
                continue
            if line.startswith("   "):
                continue
            break
        elif DIFF_RE.match(line) and line.endswith("trees differ"):
            inside = True
    return ("tree", tuple(sorted(lines))) if lines else None


# Since 6.17 (ffdc52fbbd58, "prevent mount hash conflicts") no two mounts
# hang on the same mountpoint of the same parent: kdiff prints the second
# of such "side mounts" with " [2]" (as it does a mount on the root).  5.8 makes them where propagation
# meets an overmounted copy (tests/kernel/rbind_shared_root_twice.scn).
SIDE_MOUNTS_COMMIT = "ffdc52fbbd58"
SIDE_RE = re.compile(r"^\S.*? \[\d+\]  fstype=")


def side_mounts_only_in_model(tsig):
    """A shrunk tree difference in which the model has side mounts and the
    kernel none: the 6.17 change, whatever else follows from it."""
    model = [l[3:] for l in tsig[1] if l.startswith("  -")]
    kernel = [l[3:] for l in tsig[1] if l.startswith("  +")]
    # Side by side in the model, tucked elsewhere by the kernel: as many
    # mounts on each side.  (" [n]" alone is not enough: it also names a
    # mount stacked on the root, "/ [2]", so an extra mount the model made
    # wrongly would show the same way; it would not be matched one for one.)
    return (len(model) == len(kernel) and any(SIDE_RE.match(l) for l in model)
            and not any(SIDE_RE.match(l) for l in kernel))


def era_tree_signatures(tool, root, workdir):
    """tree_signature() of each listed tree difference, from its scenario
    run live with no era list (so that kdiff reports it as a difference):
    a shrunk program whose tree differs in exactly those lines is the same
    later-kernel change."""
    known = {}
    era = os.path.join(root, "tests", "kernel", "era-differences.txt")
    empty = os.path.join(workdir, "no-era.txt")
    open(empty, "w").close()
    for entry in open(era):
        f = entry.split()
        if not f or f[0].startswith("#") or f[2] != "tree":
            continue
        scn = os.path.join(root, "tests", "kernel", f[0] + ".scn")
        r = subprocess.run([tool, "check", "--live", "--era", empty, scn],
                           capture_output=True, text=True)
        sig = tree_signature(r.stdout + r.stderr)
        if sig:
            known[sig] = f[5]
    return known


def era_signatures(root):
    """(verb, "model X, kernel Y") of each listed 5.8-vs-later difference.

    tests/kernel/era-differences.txt names a scenario and a line; the verb
    is that line's.  A generated scenario whose difference has the same
    verb and results is taken for the same later-kernel change (reported,
    not failed); a tree difference never is.
    """
    known = {}
    era = os.path.join(root, "tests", "kernel", "era-differences.txt")
    for entry in open(era):
        f = entry.split()
        if not f or f[0].startswith("#") or f[2] == "tree":
            continue
        scn = os.path.join(root, "tests", "kernel", f[0] + ".scn")
        lines = open(scn).read().splitlines()
        words = [w for w in lines[int(f[1]) - 1].split() if not w.startswith("#")]
        while words and words[0] in ("as", "expect"):
            words = words[2:]
        known[(words[0], "model %s, kernel %s" % (f[2], f[3]))] = f[5]
    return known


def kdiff(tool, lines, workdir, name="candidate"):
    """Run the scenario @lines; 'agree', 'differ' or 'invalid', and the report."""
    path = os.path.join(workdir, name + ".scn")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    r = subprocess.run([tool, "check", "--live", path], capture_output=True, text=True)
    report = r.stdout + r.stderr
    if r.returncode == 0:
        return "agree", report
    if r.returncode == 1:
        return "differ", report
    return "invalid", report


def shrink(tool, lines, workdir, sig, name="candidate"):
    """ddmin over the lines between `boot empty` and the final `tree`,
    keeping the difference @sig (not drifting to another one)."""
    head, body, tail = lines[:1], lines[1:-1], lines[-1:]

    def differs(candidate):
        verdict, report = kdiff(tool, head + candidate + tail, workdir, name)
        return verdict == "differ" and signature(report) == sig

    n = 2
    while len(body) >= 2:
        chunk = max(1, len(body) // n)
        for start in range(0, len(body), chunk):
            candidate = body[:start] + body[start + chunk:]
            if differs(candidate):
                body = candidate
                n = max(n - 1, 2)
                break
        else:
            if chunk == 1:
                break
            n = min(n * 2, len(body))
    return head + body + tail


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(here, "..", "build", "default"),
                    help="the build tree with fuzz/fuzz_ops and vfsim-kdiff")
    ap.add_argument("--out", default="fuzz-kdiff-out", help="where the differences go")
    ap.add_argument("--max", type=int, default=0, help="look at this many inputs at most")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="inputs checked at once (default: one per CPU)")
    ap.add_argument("inputs", nargs="+")
    args = ap.parse_args()

    if os.geteuid() != 0:
        print("fuzz_kdiff: skipped: the kernel side needs root (unshare, mount)")
        return 77
    ops = os.path.join(args.build, "fuzz", "fuzz_ops")
    tool = os.path.join(args.build, "vfsim-kdiff")
    for exe in (ops, tool):
        if not os.access(exe, os.X_OK):
            print("fuzz_kdiff: %s is not built" % exe, file=sys.stderr)
            return 2
    files = []
    for i in args.inputs:
        if os.path.isdir(i):
            files += sorted(os.path.join(i, f) for f in os.listdir(i)
                            if not f.startswith(".") and os.path.isfile(os.path.join(i, f)))
        else:
            files.append(i)
    if args.max:
        files = files[:args.max]
    os.makedirs(args.out, exist_ok=True)

    known = era_signatures(os.path.join(here, ".."))

    def judge(f, work):
        """One input: (verdict, message, shrunk scenario or None, report)."""
        name = os.path.basename(f)
        with open(os.path.join(work, name + ".scn")) as scn:
            lines = [l.rstrip("\n") for l in scn if not l.startswith("#")]
        # Each worker thread its own candidate file for kdiff and ddmin.
        tag = "candidate-%d" % threading.get_ident()
        verdict, report = kdiff(tool, lines, work, tag)
        if verdict == "agree":
            return "agree", None, None, None
        if verdict == "invalid":
            return "invalid", "fuzz_kdiff: %s: kdiff refused it:\n%s" % (name, report), None, None
        sig = signature(report)
        # A listed later-kernel change is recognised by its first
        # difference: no need to shrink it (ddmin is most of the cost).
        if sig in known:
            return "era", ("fuzz_kdiff: %s: %s %s: a listed later-kernel change (%s)" %
                           (name, sig[0], sig[1], known[sig])), None, None
        small = shrink(tool, lines, work, sig, tag)
        verdict, report = kdiff(tool, small, work, tag)
        # Where did the trees first part?  A tree after every line: when
        # the first difference is the model's side mounts, what follows
        # (an errno, a tree) follows from the 6.17 change.
        traced = [small[0]]
        for l in small[1:-1]:
            traced += [l, "tree"]
        traced.append(small[-1])
        _, treport = kdiff(tool, traced, work, tag)
        first = signature(treport)
        tsig = tree_signature(treport) if first and first[1] == "trees differ" else None
        if tsig and side_mounts_only_in_model(tsig):
            return "era", ("fuzz_kdiff: %s: side mounts in the model's tree only: a listed later-kernel change (%s)" %
                           (name, SIDE_MOUNTS_COMMIT)), None, None
        if tsig in known_trees:
            return "era", ("fuzz_kdiff: %s: tree differs as a listed later-kernel change does (%s)" %
                           (name, known_trees[tsig])), None, None
        return "differ", None, small, report

    counts = {"agree": 0, "invalid": 0, "era": 0, "differ": 0}
    with tempfile.TemporaryDirectory() as work:
        known_trees = era_tree_signatures(tool, os.path.join(here, ".."), work)
    with tempfile.TemporaryDirectory() as work, \
            concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for start in range(0, len(files), 200):
            batch = files[start:start + 200]
            r = subprocess.run([ops, "--kdiff", work] + batch, capture_output=True, text=True)
            if r.returncode != 0:
                print(r.stderr, file=sys.stderr)
                return 2
            for f, (verdict, msg, small, report) in zip(
                    batch, pool.map(lambda f: judge(f, work), batch)):
                counts[verdict] += 1
                if msg:
                    print(msg)
                if verdict != "differ":
                    continue
                name = os.path.basename(f)
                with open(os.path.join(args.out, name + ".scn"), "w") as o:
                    o.write("# %s, shrunk by scripts/fuzz_kdiff.py\n" % f)
                    o.write("\n".join(small) + "\n")
                with open(os.path.join(args.out, name + ".diff"), "w") as o:
                    o.write(report)
                print("fuzz_kdiff: %s differs (%d lines after shrinking): %s" %
                      (name, len(small), os.path.join(args.out, name + ".scn")))
            sys.stdout.flush()
    agree, era, differ, invalid = (counts[k] for k in ("agree", "era", "differ", "invalid"))
    print("fuzz_kdiff: %d inputs: %d agree, %d differ as listed later-kernel "
          "changes, %d differ otherwise, %d refused by kdiff" %
          (len(files), agree, era, differ, invalid))
    return 1 if differ or invalid else 0


if __name__ == "__main__":
    sys.exit(main())

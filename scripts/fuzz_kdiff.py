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

Differences are excused one by one, each only at the line where a listed
change applies (judge_differences()): a result difference with the verb
and results of an entry of tests/kernel/era-differences.txt (EPERM vs
ENOENT for an unprivileged umount, say) at its own line; tree rows, seen
with a tree after every line, that are exactly the rows a listed tree
entry excuses, or 6.17's side mounts, or 5.10's nosymfollow that a
remount clears, after the line that made them.  An
excused line is dropped and the rest run again, so what follows it is
still compared.  An input whose differences are all excused counts as
listed later-kernel changes; every difference that is not is reported,
and the input is shrunk keeping the first of them.

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
RESULT_RE = re.compile(r"^L(\d+) (?:(?:as \S+|expect \S+) )*(\S+).*?: (model \S+, kernel \S+)$")
TREE_RE = re.compile(r"^(?:L(\d+) .*|final tree(?: \(as [^)]*\))?): trees differ$")
ROW_RE = re.compile(r"^  row (\S+) (\S+): model (\S+), kernel (\S+)$")
# Anything else kdiff reports as a problem: a side that died or stopped,
# an unmet expect, a line the engine did not run, printed output that
# differs, a warning, a final tree that failed.
OTHER_RE = re.compile(r"^(?:L\d+ .*: (?:no result from|the scenario expects|the line did not run on|printed output differs)|final tree(?: \(as [^)]*\))?: |kdiff: \S+: (?:model|kernel) side |kdiff: \S+: the model hit)")


def signature(report):
    """The first difference kdiff reports, as (verb, what differs)."""
    for line in report.splitlines():
        m = DIFF_RE.match(line)
        if m:
            return (m.group(1), m.group(2))
    return None


def differences(report):
    """Every difference of a report, in order: ("result", line, verb, what),
    ("tree", line or 0 for the final tree, rows) with rows a frozenset of
    (mount, field, model, kernel), or ("other", 0, text)."""
    out, lines = [], report.splitlines()
    for i, line in enumerate(lines):
        m = RESULT_RE.match(line)
        if m:
            out.append(("result", int(m.group(1)), m.group(2), m.group(3)))
            continue
        m = TREE_RE.match(line)
        if m:
            rows = set()
            for more in lines[i + 1:]:
                r = ROW_RE.match(more)
                if r:
                    rows.add(r.groups())
                elif not more.startswith("  "):
                    break
            out.append(("tree", int(m.group(1) or 0), frozenset(rows)))
            continue
        if OTHER_RE.match(line):
            out.append(("other", 0, line))
    return out


# Since 6.17 (ffdc52fbbd58, "prevent mount hash conflicts") no two mounts
# hang on the same mountpoint of the same parent: kdiff names the second of
# such "side mounts" with "[2]" (as it does a mount on the root).  5.8 makes
# them where propagation meets an overmounted copy
# (tests/kernel/rbind_shared_root_twice.scn).
SIDE_MOUNTS_COMMIT = "ffdc52fbbd58"


def side_mounts_only_in_model(rows):
    """Rows of one tree in which the model has side mounts that the kernel
    has elsewhere, and nothing else differs: the 6.17 change."""
    model = [r for r in rows if r[1] == "mount" and r[3] == "absent"]
    kernel = [r for r in rows if r[1] == "mount" and r[2] == "absent"]
    # As many mounts on each side, the model's side mounts ("[n]"), the
    # kernel's not: "[n]" alone is not enough, it also names a mount
    # stacked on the root, so an extra mount the model made wrongly would
    # show the same way; it would not be matched one for one.
    return (bool(model) and len(model) + len(kernel) == len(rows)
            and len(model) == len(kernel)
            and all(re.search(r"\[\d+\]$", r[0]) for r in model)
            and not any(re.search(r"\[\d+\]$", r[0]) for r in kernel))


# Since 5.10 (dab741e0e02b) MS_NOSYMFOLLOW is a mount(2) flag, so a remount
# without it clears the nosymfollow that mount_setattr() or fsmount() set;
# 5.8 keeps it (tests/kernel/remount_keeps_nosymfollow.scn).
NOSYMFOLLOW_COMMIT = "dab741e0e02b"


def nosymfollow_kept_in_model(rows, line):
    """Rows after a remount in which the model's mount options are the
    kernel's and nosymfollow, nothing else: the 5.10 change."""
    words = [w for w in line.split() if not w.startswith("#")]
    while words and words[0] in ("as", "expect"):
        words = words[2:]

    def without(v):
        return ",".join(o for o in v.split(",") if o != "nosymfollow")
    return (bool(words) and words[0] in ("remount", "setattr") and bool(rows)
            and all(r[1] == "mnt" and "nosymfollow" in r[2].split(",")
                    and without(r[2]) == r[3] for r in rows))


def era_entries(root):
    """The entries of tests/kernel/era-differences.txt, split."""
    era = os.path.join(root, "tests", "kernel", "era-differences.txt")
    return [l.split() for l in open(era) if l.split() and not l.startswith("#")]


def era_tree_signatures(root):
    """The rows each listed tree difference excuses at one line, as a
    frozenset: a tree of a generated program that first parts in exactly
    those rows is the same later-kernel change."""
    known = {}
    for f in era_entries(root):
        if f[2] == "tree" and f[1] != "final":
            known.setdefault((f[0], f[1], f[8]), set()).add(tuple(f[3:7]))
    return {frozenset(rows): key[2] for key, rows in known.items()}


def era_signatures(root):
    """(verb, "model X, kernel Y") of each listed 5.8-vs-later difference.

    tests/kernel/era-differences.txt names a scenario and a line; the verb
    is that line's.  A difference of a generated scenario with the same
    verb and results, at its own line, is taken for the same later-kernel
    change (reported, not failed).
    """
    known = {}
    for f in era_entries(root):
        if f[2] == "tree":
            continue
        scn = os.path.join(root, "tests", "kernel", f[0] + ".scn")
        lines = open(scn).read().splitlines() if os.path.exists(scn) else []
        if not f[1].isdigit() or not 0 < int(f[1]) <= len(lines):
            # vfsim-kdiff check fails on it (kernel.* tests): said here too
            print("fuzz_kdiff: stale era entry (no %s line %s): not used" % (scn, f[1]))
            continue
        words = [w for w in lines[int(f[1]) - 1].split() if not w.startswith("#")]
        while words and words[0] in ("as", "expect"):
            words = words[2:]
        known[(words[0], "model %s, kernel %s" % (f[2], f[3]))] = f[5]
    return known


def traced(lines):
    """@lines with a `tree` after every operation: the first tree that
    differs is right after the line where the sides part."""
    out = [lines[0]]
    for l in lines[1:]:
        out += [l, "tree"]
    return out


def judge_differences(tool, lines, workdir, name, known, known_trees):
    """Excuse the differences of @lines one by one, each only at the line
    where its listed change applies.

    The program runs with a tree after every line, so that a tree that
    differs follows the line that made the difference.  If the first
    difference is a listed one (a result with a listed verb and results,
    at its own line; tree rows that are exactly a listed tree change's, or
    6.17's side mounts, or 5.10's nosymfollow kept by a remount, after the
    line that made them), it is excused at
    that line, the line is dropped, and the rest runs again: both sides
    then skip it alike, so what follows is compared, not taken for a
    consequence.  The first difference that is not listed stops that:
    it and every later difference are reported (tree rows once, not in
    every later tree).  Returns (program left, [excuses], [unexcused]).
    """
    excuses = []
    while True:
        program = traced(lines)
        verdict, report = kdiff(tool, program, workdir, name)
        if verdict != "differ":
            return lines, excuses, ([] if verdict == "agree" else [("other", 0, report)])
        diffs = differences(report)
        first = diffs[0] if diffs else ("other", 0, report)
        drop = None
        if first[0] == "result" and (first[2], first[3]) in known and first[1] % 2 == 0:
            drop = first[1] // 2        # traced line 2i is lines[i]
            excuses.append("%s at `%s` (%s)" % (first[3], lines[drop],
                                                known[(first[2], first[3])]))
        elif first[0] == "tree" and first[1] % 2 == 1 and first[1] > 1:
            made_by = lines[(first[1] - 1) // 2]
            commit = known_trees.get(first[2])
            if not commit and side_mounts_only_in_model(first[2]):
                commit = SIDE_MOUNTS_COMMIT
            if not commit and nosymfollow_kept_in_model(first[2], made_by):
                commit = NOSYMFOLLOW_COMMIT
            if commit:
                drop = (first[1] - 1) // 2  # traced line 2i+1 follows lines[i]
                excuses.append("tree rows after `%s` (%s)" % (lines[drop], commit))
        if drop is None:
            unexcused, reported = [], set()
            for d in diffs or [first]:
                if d[0] == "tree":
                    rows = d[2] - reported
                    if not rows:
                        continue
                    reported |= rows
                    d = ("tree", d[1], frozenset(rows))
                unexcused.append(d)
            return lines, excuses, unexcused
        lines = lines[:drop] + lines[drop + 1:]


def describe(d, program):
    """One unexcused difference, for the report."""
    if d[0] == "result":
        return "L%d `%s`: %s" % (d[1], program[d[1] - 1], d[3])
    if d[0] == "tree":
        return "tree after `%s`: %s" % (
            program[d[1] - 2] if d[1] >= 2 else "the end",
            "; ".join("%s %s: model %s, kernel %s" % r for r in sorted(d[2])))
    return d[2].strip()


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


def key(d):
    """What shrinking keeps of the first unexcused difference."""
    return d if d[0] != "result" else ("result", d[2], d[3])


def shrink(tool, lines, workdir, sig, known, known_trees, name="candidate"):
    """ddmin over the lines between `boot empty` and the final `tree`,
    keeping the first unexcused difference @sig (not drifting to another
    one)."""
    head, body, tail = lines[:1], lines[1:-1], lines[-1:]

    def differs(candidate):
        _, _, unexcused = judge_differences(tool, head + candidate + tail, workdir,
                                            name, known, known_trees)
        return bool(unexcused) and key(unexcused[0]) == sig

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
    known_trees = era_tree_signatures(os.path.join(here, ".."))

    def judge(f, work):
        """One input: (verdict, messages, shrunk scenario or None, report)."""
        name = os.path.basename(f)
        with open(os.path.join(work, name + ".scn")) as scn:
            lines = [l.rstrip("\n") for l in scn if not l.startswith("#")]
        # Each worker thread its own candidate file for kdiff and ddmin.
        tag = "candidate-%d" % threading.get_ident()
        verdict, report = kdiff(tool, lines, work, tag)
        if verdict == "agree":
            return "agree", [], None, None
        if verdict == "invalid":
            return "invalid", ["fuzz_kdiff: %s: kdiff refused it:\n%s" % (name, report)], None, None
        left, excuses, unexcused = judge_differences(tool, lines, work, tag, known, known_trees)
        msgs = ["fuzz_kdiff: %s: a listed later-kernel change: %s" % (name, e) for e in excuses]
        if not unexcused:
            return "era", msgs, None, None
        program = traced(left)
        msgs += ["fuzz_kdiff: %s: not excused: %s" % (name, describe(d, program))
                 for d in unexcused]
        small = shrink(tool, left, work, key(unexcused[0]), known, known_trees, tag)
        _, report = kdiff(tool, traced(small), work, tag)
        return "differ", msgs, small, report

    counts = {"agree": 0, "invalid": 0, "era": 0, "differ": 0}
    with tempfile.TemporaryDirectory() as work, \
            concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for start in range(0, len(files), 200):
            batch = files[start:start + 200]
            r = subprocess.run([ops, "--kdiff", work] + batch, capture_output=True, text=True)
            if r.returncode != 0:
                print(r.stderr, file=sys.stderr)
                return 2
            for f, (verdict, msgs, small, report) in zip(
                    batch, pool.map(lambda f: judge(f, work), batch)):
                counts[verdict] += 1
                for msg in msgs:
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

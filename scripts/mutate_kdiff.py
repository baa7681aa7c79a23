#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Mutation test of the kernel comparison: does it catch what Linux disagrees with?

    scripts/mutate_kdiff.py [--build DIR] [--keep DIR]

Each model mutation below is one small change to one source file of the
library that Linux disagrees with.  The script compiles the mutated copy of
that file alone, with the command the build tree used for the original
(compile_commands.json; the original's directory stays on the quoted
include path), links a vfsim-kdiff from the build tree's own objects with
the mutated object ahead of libvfsim.a (which then never pulls the
original in), and runs `check --auto` on every tests/kernel scenario: live
as root where unshare(CLONE_NEWNS) works, else against the recorded
transcripts.  A mutation is caught when the scenarios it names fail; the
sources and the build tree are never touched, so normal builds pay nothing.

`nosymfollow_shows_nodev` is the one that the `tree tree` era entries of
before 2026-12-07 hid: its only effect is in remount_keeps_nosymfollow's
tree at line 10, which such an entry excused whole (and there was no final
tree); its row entries excuse `rw,relatime,nosymfollow` against
`rw,relatime` alone, so the script also checks that every failure it
causes is in a tree with era rows.

Two comparison mutations follow: a recorded transcript edited (a bogus
source and `ro` on a line of a tree with era entries), checked with
--recorded; and era entries gone stale (a scenario, a line, a row that no
longer differs), each of which must fail the check.

Then the invariant checker, without the kernel: slave_copy_not_shared
must break what propagation guarantees (a master that is not shared).
Last, scripts/fuzz_kdiff.py's judging (as root only: it runs live): a
program whose first difference is a listed one and whose later one is a
mutation's must have the later one reported.

Exit status: 0 when every mutation is caught, 1 when one is not (or no
longer applies: update it), 2 on a usage or build error.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
KERNEL_DIR = os.path.join(ROOT, "tests", "kernel")

# (name, file, what it replaces, by what, scenarios that must fail, why
# Linux disagrees).  `old` must occur exactly once in the file.
MUTATIONS = [
    ("slave_copy_not_shared", "vfs/pnode.c",
     "\t\tif (IS_MNT_SHARED(m))\n\t\t\ttype |= CL_MAKE_SHARED;\n",
     "\t\tif (IS_MNT_SHARED(m))\n\t\t\ttype |= 0;\n",
     ["shared_slave_receives_mount", "slave_of_slave"],
     "a copy propagated to a shared slave is shared too (propagate_one(): CL_SLAVE | CL_MAKE_SHARED)"),
    ("busy_umount_einval", "vfs/namespace.c",
     "\t\tretval = -EBUSY;\n\t\tif (!propagate_mount_busy(mnt, 2)) {",
     "\t\tretval = -EINVAL;\n\t\tif (!propagate_mount_busy(mnt, 2)) {",
     ["busy_cwd"],
     "umount2() of a busy mount is EBUSY (do_umount())"),
    ("nosymfollow_shows_nodev", "vfs/proc_namespace.c",
     "\t\t{ MNT_NOSYMFOLLOW, \",nosymfollow\" },\n",
     "\t\t{ MNT_NOSYMFOLLOW, \",nodev,nosymfollow\" },\n",
     ["remount_keeps_nosymfollow"],
     "mountinfo shows what is set (show_mnt_opts()): a nosymfollow mount is not nodev; "
     "hidden under the old whole-tree era entry of remount_keeps_nosymfollow:10"),
]


HIDDEN = "nosymfollow_shows_nodev"


def era_tree_lines(stem):
    """The lines (`L10`, `final tree`) where tests/kernel/era-differences.txt
    has tree rows for scenario @stem."""
    lines = set()
    for entry in open(os.path.join(KERNEL_DIR, "era-differences.txt")):
        f = entry.split()
        if len(f) > 2 and f[0] == stem and f[2] == "tree":
            lines.add("final tree" if f[1] == "final" else "L" + f[1])
    return lines


def only_in_era_trees(report, stem):
    """Is every failure of @report at a tree with era rows (one that the
    old whole-tree entries excused: there was no final tree then)?"""
    era_lines = era_tree_lines(stem)
    blocks = re.split(r"^(?=L\d+[ :]|final tree)", report, flags=re.M)
    fails = [b.splitlines()[0] for b in blocks if re.match(r"(L\d+[ :]|final tree)", b)
             and "expected (era" not in b.splitlines()[0]]
    return bool(fails) and all(re.match(r"(L\d+|final tree)", f).group(1) in era_lines
                               for f in fails)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def scenarios():
    return sorted(os.path.join(KERNEL_DIR, f) for f in os.listdir(KERNEL_DIR)
                  if f.endswith(".scn"))


def failed(report):
    """The scenarios a check's report says FAILED."""
    return sorted(set(re.findall(r"^kdiff: (\S+): FAILED", report, re.M)))


def link_command(build):
    """vfsim-kdiff's link line (Makefiles generator) and where it runs."""
    for d, _, files in os.walk(build):
        if "link.txt" in files and d.endswith("vfsim_kdiff.dir"):
            cmd = shlex.split(open(os.path.join(d, "link.txt")).read())
            # CMakeFiles/vfsim_kdiff.dir/link.txt runs in the target's dir
            return cmd, os.path.dirname(os.path.dirname(d))
    raise SystemExit("mutate_kdiff: no link.txt for vfsim_kdiff under %s "
                     "(configure it with the Makefiles generator)" % build)


MUTANTS = {}


def build_mutant(build, work, name, rel, old, new):
    """The vfsim-kdiff of one mutation (built once), or an error string."""
    if name in MUTANTS:
        return MUTANTS[name], None
    src = os.path.join(ROOT, rel)
    text = open(src).read()
    if text.count(old) != 1:
        return None, "%s: the text to mutate occurs %d times in %s: update the mutation" % (
            name, text.count(old), rel)
    mutated = os.path.join(work, name + "-" + os.path.basename(rel))
    with open(mutated, "w") as f:
        f.write(text.replace(old, new))
    db = json.load(open(os.path.join(build, "compile_commands.json")))
    entry = next((e for e in db if os.path.realpath(e["file"]) == os.path.realpath(src)), None)
    if not entry:
        return None, "%s: %s is not in %s/compile_commands.json" % (name, rel, build)
    args = shlex.split(entry["command"])
    obj = os.path.join(work, name + ".o")
    args[args.index("-o") + 1] = obj
    args[args.index("-c") + 1] = mutated
    args[1:1] = ["-iquote", os.path.dirname(src)]
    r = run(args, cwd=entry["directory"])
    if r.returncode:
        return None, "%s: the mutated %s does not compile:\n%s" % (name, rel, r.stderr)
    link, cwd = link_command(build)
    exe = os.path.join(work, "vfsim-kdiff-" + name)
    link[link.index("-o") + 1] = exe
    link[1:1] = [obj]
    r = run(link, cwd=cwd)
    if r.returncode:
        return None, "%s: link failed:\n%s" % (name, r.stderr)
    MUTANTS[name] = exe
    return exe, None


def model_mutation(build, work, m):
    name, rel, old, new, must, why = m
    exe, err = build_mutant(build, work, name, rel, old, new)
    if err:
        print("mutate_kdiff: " + err)
        return False
    r = run([exe, "check", "--auto"] + scenarios())
    caught = failed(r.stdout)
    missed = [s for s in must if s not in caught]
    print("mutate_kdiff: %s (%s; %s): %s" % (
        name, rel, why,
        "caught by %d scenario%s: %s" % (len(caught), "" if len(caught) == 1 else "s",
                                        " ".join(caught)) if caught else "NOT CAUGHT"))
    if missed:
        print("mutate_kdiff: %s: not caught by %s" % (name, " ".join(missed)))
        print(r.stdout[-3000:])
        return False
    if name == HIDDEN:
        # The point is the scenario whose old whole-tree entry hid it:
        # others catching it too (statfs_mount_flags) is all to the good.
        alone = run([exe, "check", "--auto"] +
                    [s for s in scenarios() if os.path.basename(s) == must[0] + ".scn"])
        hidden = must[0] in caught and only_in_era_trees(alone.stdout, must[0])
        print("mutate_kdiff: %s: every failure is at a tree with era rows: %s" % (
            name, "yes: a whole-tree era entry would have hidden it" if hidden else "NO"))
        if not hidden:
            print(alone.stdout[-3000:])
            return False
    return r.returncode == 1


def scratch_kernel_dir(work, name):
    """A copy of tests/kernel to spoil."""
    d = os.path.join(work, name)
    shutil.copytree(KERNEL_DIR, d)
    return d


def available(tool):
    """Can the kernel side run here (vfsim-kdiff's --auto test)?"""
    r = run([tool, "check", "--auto", os.path.join(KERNEL_DIR, "slave.scn")])
    return "kernel not available" not in r.stdout


def check(tool, args):
    r = run([tool, "check"] + args)
    return r.returncode, r.stdout + r.stderr


def transcript_mutation(tool, work):
    """The issue's example: a tree line of a transcript edited to a bogus
    source and ro, in a tree whose other rows era entries excuse: a line
    both sides have, and the line of the mount only the kernel has (whose
    presence an entry excuses, with its fields)."""
    root = "  /  fstype=tmpfs source=kdiff-root root=/ mnt=rw,relatime sb=rw shared:1\n"
    only = "  / > / > / > / > /  fstype=tmpfs source=kdiff-root root=/ mnt=rw,relatime sb=rw shared:1\n"
    ok = True
    for i, (what, line, want) in enumerate((
            ("a mount both sides have", root,
             ["row / source: model kdiff-root, kernel bogus",
              "row / mnt: model rw,relatime, kernel ro,relatime"]),
            ("the mount only the kernel has", only,
             ["row />/>/>/>/ mount: model absent, kernel "
              "fstype=tmpfs|source=bogus|root=/|mnt=ro,relatime|sb=rw|shared:1"]))):
        d = scratch_kernel_dir(work, "edited-%d" % i)
        path = os.path.join(d, "rbind_shared_root_twice.kernel")
        text = open(path).read()
        at = text.find("L14 tree:")
        if at < 0 or line not in text[at:]:
            print("mutate_kdiff: edited_transcript: the line to edit is gone: update the mutation")
            return False
        text = text[:at] + text[at:].replace(
            line, line.replace("source=kdiff-root", "source=bogus").replace("mnt=rw", "mnt=ro"), 1)
        open(path, "w").write(text)
        rc, out = check(tool, ["--recorded", os.path.join(d, "rbind_shared_root_twice.scn")])
        good = rc == 1 and all(w in out for w in want)
        print("mutate_kdiff: edited_transcript (source=bogus and ro in rbind_shared_root_twice's "
              "L14 tree, whose era rows are excused; %s): %s" % (what, "caught" if good else "NOT CAUGHT"))
        if not good:
            print(out)
        ok = ok and good
    return ok


def stale_mutations(tool, work):
    """Era entries that no longer name a difference must fail the check."""
    cases = [
        ("scenario gone", "no_such_scenario 3 EPERM ENOENT 5.9 41525f56e256 gone\n",
         "there is no"),
        ("line gone", "unprivileged 999 EPERM ENOENT 5.9 41525f56e256 no such line\n",
         "stale era entry"),
        ("row that does not differ",
         "unprivileged final tree / source kdiff-root x 5.9 41525f56e256 no such difference\n",
         "expected era difference did not happen"),
    ]
    ok = True
    for what, entry, want in cases:
        d = scratch_kernel_dir(work, "stale-" + what.replace(" ", "_"))
        with open(os.path.join(d, "era-differences.txt"), "a") as f:
            f.write(entry)
        rc, out = check(tool, ["--recorded", os.path.join(d, "unprivileged.scn")])
        good = rc == 1 and want in out
        print("mutate_kdiff: stale era entry (%s): %s" % (what, "caught" if good else "NOT CAUGHT"))
        if not good:
            print(out)
        ok = ok and good
    return ok


def invariant_mutation(build, work):
    """The invariant checker sees slave_copy_not_shared without the kernel:
    a copy that should be shared gets slaves (api/invariants_pnode.c)."""
    m = next(m for m in MUTATIONS if m[0] == "slave_copy_not_shared")
    exe, err = build_mutant(build, work, *m[:4])
    if err:
        print("mutate_kdiff: " + err)
        return False
    scn = os.path.join(work, "slave_of_slave.scn")
    with open(scn, "w") as f:
        f.write(open(os.path.join(KERNEL_DIR, "slave_of_slave.scn")).read() + "check\n")
    r = run([exe, "run", "--model", scn])
    ok = "has slaves but is not shared" in r.stdout
    print("mutate_kdiff: invariant checker (%s, slave_of_slave with a check, model only): %s" % (
        m[0], "caught" if ok else "NOT CAUGHT"))
    if not ok:
        print(r.stdout)
    return ok


def fuzz_judging(build, work):
    """fuzz_kdiff.py excuses a listed difference at its line and still
    sees a mutation's later one (live only)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("fuzz_kdiff", os.path.join(HERE, "fuzz_kdiff.py"))
    fk = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fk)
    m = next(m for m in MUTATIONS if m[0] == "busy_umount_einval")
    exe, err = build_mutant(build, work, *m[:4])
    if err:
        print("mutate_kdiff: " + err)
        return False
    prog = ["boot empty", "as 1000 umount /nonexistent", "mkdir /b", "mount tmpfs b /b",
            "cd /b", "umount /b", "tree"]
    _, excuses, unexcused = fk.judge_differences(
        exe, prog, work, "fuzz", fk.era_signatures(ROOT), fk.era_tree_signatures(ROOT))
    ok = len(excuses) == 1 and "41525f56e256" in excuses[0] and \
        [d[:4] for d in unexcused] == [("result", 8, "umount", "model EINVAL, kernel EBUSY")]
    print("mutate_kdiff: fuzz_kdiff judging (a listed 5.9 difference first, %s later): %s" % (
        m[0], "the listed one excused at its line, the later one reported" if ok else
        "NOT CAUGHT: %s %s" % (excuses, unexcused)))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "default"),
                    help="a configured and built build tree (vfsim-kdiff built)")
    ap.add_argument("--keep", help="keep the mutants and scratch copies here")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    tool = os.path.join(build, "vfsim-kdiff")
    if not os.access(tool, os.X_OK):
        print("mutate_kdiff: %s is not built" % tool, file=sys.stderr)
        return 2
    start = time.monotonic()
    work = args.keep or tempfile.mkdtemp(prefix="mutate-kdiff-")
    os.makedirs(work, exist_ok=True)
    try:
        results = [model_mutation(build, work, m) for m in MUTATIONS]
        results.append(transcript_mutation(tool, work))
        results.append(stale_mutations(tool, work))
        results.append(invariant_mutation(build, work))
        if available(tool):
            results.append(fuzz_judging(build, work))
        else:
            print("mutate_kdiff: fuzz_kdiff judging: not run (the kernel side cannot run here: it is live only)")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print("mutate_kdiff: %d of %d mutation groups caught (%.1f s)" %
          (sum(results), len(results), time.monotonic() - start))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())

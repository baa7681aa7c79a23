#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The doc checker's own test: it passes what matches, fails what does not.

    tests/docs/selftest.py --vfsim PATH --cc 'CC FLAGS' --cc-libs 'LIBS'

Runs scripts/doccheck.py on the fixtures beside this file: pass.md must
pass; fail_output.md, fail_command.md, fail_status.md, fail_marker.md,
fail_c.md and fail_links.md must fail, each with the message that names
the file, the line and the reason (a unified diff for a wrong output);
and --update on a copy of fail_output.md must rewrite it into one that
passes.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CHECKER = os.path.join(ROOT, "scripts", "doccheck.py")
CC = []         # --cc and --cc-libs, for the C examples


def check(vfsim, path, *extra):
    p = subprocess.run([sys.executable, CHECKER, "--vfsim", vfsim, "--root", ROOT] + CC
                       + list(extra) + [path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vfsim", required=True)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--cc-libs", required=True)
    args = ap.parse_args()
    vfsim = args.vfsim
    CC.extend(["--cc", args.cc, "--cc-libs", args.cc_libs])
    failures = []

    def expect(name, want_rc, *needles, path=None, extra=()):
        path = path or os.path.join(HERE, name)
        rc, out = check(vfsim, path, *extra)
        if rc != want_rc:
            failures.append("%s: status %d, wanted %d\n%s" % (name, rc, want_rc, out))
            return out
        for n in needles:
            if n not in out:
                failures.append("%s: the report lacks %r\n%s" % (name, n, out))
        return out

    expect("pass.md", 0)
    fo = os.path.join(HERE, "fail_output.md")
    expect("fail_output.md", 1,
           "%s:8: example output differs" % fo,
           "--- %s:8 (expected)" % fo, "+++ actual output", "-7  /", "+1  /")
    fc = os.path.join(HERE, "fail_command.md")
    expect("fail_command.md", 1, "%s:5: cannot run `ls /`" % fc)
    fs = os.path.join(HERE, "fail_status.md")
    expect("fail_status.md", 1,
           "%s:7: `printf 'frob\\n' | vfsim run -` exits with status 65: show it with `$ echo $?`"
           % fs)
    fm = os.path.join(HERE, "fail_marker.md")
    expect("fail_marker.md", 1, "%s:4: cannot run `bash s.scn`" % fm,
           "%s:12: example without an output block after it" % fm,
           "%s:18: malformed example marker" % fm)
    fcc = os.path.join(HERE, "fail_c.md")
    expect("fail_c.md", 1, "%s:6: the C example does not build" % fcc,
           "%s:19: cannot run `./other`" % fcc)
    fl = os.path.join(HERE, "fail_links.md")
    out = expect("fail_links.md", 1,
                 "%s:4: link 'no-such-file.md': no such file" % fl,
                 "%s:5: link 'pass.md#no-such-heading': no heading" % fl,
                 "%s:6: link '../../../shared/design.md' leaves the repository" % fl,
                 "%s:8: link 'wrapped-missing.md': no such file" % fl,
                 "%s:10: `tests/docs/no-such-fixture.md`: no such file" % fl)
    if any(w in out for w in ("not-checked.md", "links-and-files", "pass.md`", "pipe.c")):
        failures.append("fail_links.md: a good link or a code span was reported\n" + out)

    # --update rewrites the expected output; the file then passes.
    tmp = tempfile.mkdtemp(prefix="vfsim-doccheck-")
    try:
        copy = os.path.join(tmp, "fail_output.md")
        shutil.copy(fo, copy)
        expect("fail_output.md --update", 0, "output updated", path=copy,
               extra=("--update",))
        expect("fail_output.md updated", 0, path=copy)
        with open(copy) as f:
            text = f.read()
        if "ID TARGET\n1  /\n```" not in text or "7  /" in text:
            failures.append("--update did not write the run's output:\n" + text)
    finally:
        shutil.rmtree(tmp)

    for f in failures:
        print("FAIL " + f, file=sys.stderr)
    print("doccheck self-test: %d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

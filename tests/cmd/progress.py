#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The progress lines of long work (scripts/progress.sh): `make bench`'s
scripts/bench_run.sh and `make fuzz`'s scripts/fuzz_campaign.sh show one
on standard error when it is a terminal, and nothing on a pipe or with
VFSIM_QUIET=1; standard output is the same either way.  `vfsim run` of a
scenario shows lines done of the total and the mounts made, and nothing
with --quiet either.  The benchmarks
are stand-ins (echo), the fuzzer a stub afl-fuzz that writes a
fuzzer_stats as AFL++ does and ends.  ctest cmd.progress.

  progress.py SOURCE_DIR [VFSIM]
"""
import os
import pty
import subprocess
import sys
import tempfile

FAKE_AFL = """#!/bin/sh
# afl-fuzz -M|-S NAME ... -o DIR ...: a fuzzer_stats, then the end
while [ $# -gt 0 ]; do
	case $1 in -M|-S) name=$2; shift ;; -o) out=$2; shift ;; esac
	shift
done
mkdir -p "$out/$name"
printf 'execs_done        : 1000\\nexecs_per_sec     : 50.00\\ncorpus_count      : 7\\nstability         : 100.00%%\\nsaved_crashes     : 0\\nsaved_hangs       : 0\\n' >"$out/$name/fuzzer_stats"
"""


def run(cmd, tty, env, cwd):
    """@cmd's (stdout, stderr); stderr on a pseudo-terminal if @tty."""
    if not tty:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd)
        return p.stdout, p.stderr
    master, slave = pty.openpty()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=slave, env=env, cwd=cwd)
    os.close(slave)
    out = p.stdout.read().decode()
    err = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        err += chunk
    p.wait()
    os.close(master)
    return out, err.decode()


def main():
    src = os.path.abspath(sys.argv[1])
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        bindir = os.path.join(tmp, "bin")
        os.mkdir(bindir)
        for name, text in (("afl-fuzz", FAKE_AFL), ("afl-whatsup", "#!/bin/sh\n")):
            path = os.path.join(bindir, name)
            with open(path, "w") as f:
                f.write(text)
            os.chmod(path, 0o755)
        base = dict(os.environ, PATH=bindir + ":" + os.environ["PATH"])
        base.pop("VFSIM_QUIET", None)
        quiet = dict(base, VFSIM_QUIET="1")
        quiet_args = {}
        cases = [
            ("bench", ["bash", os.path.join(src, "scripts/bench_run.sh"),
                       "--", "/bin/echo", "/bin/true"],
             "bench: 2 done in"),
            ("fuzz", ["bash", os.path.join(src, "scripts/fuzz_campaign.sh"),
                      "build/fuzz", "1", "2", "h"],
             "fuzz h: "),
        ]
        if len(sys.argv) > 2:
            scn = os.path.join(tmp, "big.scn")
            with open(scn, "w") as f:
                f.write("boot empty\n")
                for i in range(200):
                    f.write("mkdir -p /m/%d\nmount tmpfs t%d /m/%d\n" % (i, i, i))
            cmd = [os.path.abspath(sys.argv[2]), "run", scn]
            cases.append(("run", cmd, "run: 401 of 401 lines, 200 mounts made"))
            quiet_args["run"] = cmd[:2] + ["--quiet"] + cmd[2:]
        for name, cmd, line in cases:
            want_progress = line
            out_tty, err_tty = run(cmd, True, base, tmp)
            out_pipe, err_pipe = run(cmd, False, base, tmp)
            out_quiet, err_quiet = run(cmd, True, quiet, tmp)
            if name in quiet_args:
                out_q2, err_q2 = run(quiet_args[name], True, base, tmp)
                out_quiet += "" if out_q2 == out_quiet else "(--quiet differs)"
                err_quiet += err_q2
            checks = [
                ("a terminal shows progress", want_progress in err_tty),
                ("the fuzz line counts", name != "fuzz" or
                 "2000 execs, corpus 7, 0 crashes" in err_tty),
                ("a pipe shows none", want_progress not in err_pipe),
                ("VFSIM_QUIET shows none", want_progress not in err_quiet),
                ("stdout is the same", out_tty == out_pipe == out_quiet),
            ]
            for what, ok in checks:
                print("%s: %s: %s" % ("ok" if ok else "FAILED", name, what))
                if not ok:
                    failed += 1
                    print("  terminal stderr: %r" % err_tty[-300:])
                    print("  pipe stderr: %r" % err_pipe[-300:])
    print("%d failed" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

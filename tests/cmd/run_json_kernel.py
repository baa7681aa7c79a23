#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""`vfsim run -J --kernel` (the running kernel, in a private mount
namespace) against `vfsim run -J` (the model) on run_json_kernel.scn: as
many JSON lines, each valid for docs/vfsim-json.schema.json's run_line,
and equal field for field, but for what names the kernel's own mounts: a
`tree` line's output and mountinfo are compared by their mount points,
filesystem types, sources and options.  A failing line ends both runs the
same way.  Skipped (77) where no private mount namespace can be made
(vfsim exits 69).  ctest cmd.run_json_kernel_live.

  run_json_kernel.py VFSIM SCHEMA
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from json_schema import check  # noqa: E402

SKIP = 77


def run(vfsim, *args):
    p = subprocess.run([vfsim, "run", "-J"] + list(args), capture_output=True, text=True)
    return p.returncode, [json.loads(line) for line in p.stdout.splitlines()], p.stderr


def mounts(mountinfo):
    """(mount point, type, source, options) of each mountinfo line."""
    out = []
    for line in mountinfo.splitlines():
        left, right = line.split(" - ")
        f, r = left.split(), right.split()
        out.append((f[4], f[5], r[0], r[1], r[2]))
    return out


def main():
    vfsim, schema_path = sys.argv[1], sys.argv[2]
    with open(schema_path) as f:
        root = json.load(f)
    scn = os.path.join(HERE, "run_json_kernel.scn")
    krc, klines, kerr = run(vfsim, "--kernel", scn)
    if krc == 69:
        print("skipped: %s" % kerr.strip())
        return SKIP
    mrc, mlines, merr = run(vfsim, scn)
    errors = []
    if (krc, kerr) != (mrc, merr):
        errors.append("exit %d %r, the model's %d %r" % (krc, kerr, mrc, merr))
    if len(klines) != len(mlines):
        errors.append("%d lines, the model's %d" % (len(klines), len(mlines)))
    for i, (k, m) in enumerate(zip(klines, mlines)):
        check(k, root["definitions"]["run_line"], root, "line %d" % (i + 1), errors)
        if "mountinfo" in m:
            if "mountinfo" not in k:
                errors.append("line %d: no mountinfo" % k["line"])
            elif mounts(k["mountinfo"])[1:] != mounts(m["mountinfo"])[1:]:
                # the root is each backend's own (rootfs, the sandbox's tmpfs)
                errors.append("line %d: mounts %r, the model's %r" % (
                    k["line"], mounts(k["mountinfo"]), mounts(m["mountinfo"])))
            k = dict(k, output=None, mountinfo=None)
            m = dict(m, output=None, mountinfo=None)
        if k != m:
            errors.append("line %d: %r, the model's %r" % (k["line"], k, m))
    if not klines or klines[-1]["words"] != ["umount", "/mnt/a/c"]:
        errors.append("the run did not reach its last line")
    for e in errors:
        print("FAILED: " + e)
    print("%d lines compared, %d errors" % (len(klines), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

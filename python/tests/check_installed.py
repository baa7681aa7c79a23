#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The installed package finds the installed library: `make install-check`
runs this with PYTHONPATH=PREFIX/lib/python3/dist-packages and nothing
else pointing at a library.  Usage: check_installed.py PREFIX GOLDEN.scn"""
import os
import sys

prefix, scn = os.path.realpath(sys.argv[1]), sys.argv[2]
assert "VFSIM_LIBRARY" not in os.environ, "VFSIM_LIBRARY would hide the installed one"

import vfsim  # noqa: E402

pkg = os.path.realpath(os.path.dirname(vfsim.__file__))
lib = os.path.realpath(vfsim.library_path)
assert pkg.startswith(prefix + os.sep), f"package from {pkg}, not {prefix}"
assert lib.startswith(prefix + os.sep), f"library from {lib}, not {prefix}"
r = vfsim.run_file(scn)
r.check()
with open(scn[:-len(".scn")] + ".out") as f:
    assert r.output == f.read(), "scenario output differs"
with vfsim.Instance("default") as v:
    assert v.init.tree()["filesystems"][0]["target"] == "/"
assert v.leak_report == ""
print(f"python: vfsim {vfsim.version()} from {pkg}, library {lib}: ok")

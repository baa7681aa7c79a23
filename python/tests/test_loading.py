# SPDX-License-Identifier: LGPL-2.1-or-later
"""How the package finds the library (docs/python.md, "Loading the
library"), each case in a fresh interpreter."""
import os
import shutil
import subprocess
import sys

import vfsim


def run(code, env_changes, cwd=None):
    env = dict(os.environ)
    for k, v in env_changes.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def test_vfsim_library_names_the_file():
    r = run("import vfsim; print(vfsim.library_path)", {})
    assert r.returncode == 0 and r.stdout.strip() == os.environ["VFSIM_LIBRARY"]


def test_a_missing_library_is_an_import_error():
    r = run("import vfsim", {"VFSIM_LIBRARY": "/nonexistent/libvfsim.so"})
    assert r.returncode != 0
    assert "ImportError: cannot load libvfsim (set VFSIM_LIBRARY" in r.stderr


def test_the_installed_place_is_found(tmp_path):
    # A copy of the package with the _paths.py cmake --install writes,
    # pointing at the build's library: found with VFSIM_LIBRARY unset.
    pkg = tmp_path / "site" / "vfsim"
    shutil.copytree(os.path.dirname(vfsim.__file__), pkg,
                    ignore=shutil.ignore_patterns("__pycache__", "_paths.py"))
    rel = os.path.relpath(os.environ["VFSIM_LIBRARY"], pkg)
    (pkg / "_paths.py").write_text(f"LIBRARY = {rel!r}\n")
    r = run("import vfsim; print(vfsim.library_path, vfsim.__file__)",
            {"VFSIM_LIBRARY": None, "PYTHONPATH": str(tmp_path / "site")})
    assert r.returncode == 0, r.stderr
    lib, init = r.stdout.split()
    assert os.path.samefile(lib, os.environ["VFSIM_LIBRARY"])
    assert init.startswith(str(pkg))
    # A _paths.py naming nothing falls back to the loader's search.
    (pkg / "_paths.py").write_text("LIBRARY = 'nowhere/libvfsim.so.0'\n")
    libdir = os.path.dirname(os.environ["VFSIM_LIBRARY"])
    r = run("import vfsim; print(vfsim.library_path)",
            {"VFSIM_LIBRARY": None, "PYTHONPATH": str(tmp_path / "site"),
             "LD_LIBRARY_PATH": libdir})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "libvfsim.so.0"


def _links_jemalloc():
    with open("/proc/self/maps") as f:
        return "libjemalloc" in f.read()


def test_jemalloc_without_the_tunable_says_what_to_do():
    if not _links_jemalloc():
        # A libc-allocator build (coverage, VFSIM_ALLOCATOR=libc) loads
        # without help: nothing to explain.
        r = run("import vfsim", {"GLIBC_TUNABLES": None})
        assert r.returncode == 0, r.stderr
        return
    r = run("import vfsim", {"GLIBC_TUNABLES": None, "LD_PRELOAD": None})
    assert r.returncode != 0
    assert "static TLS" in r.stderr and "GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096" in r.stderr

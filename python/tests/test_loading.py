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


def _built_with_jemalloc():
    # The library's .note.dlopen names libjemalloc.so.2 in a jemalloc build
    # (compat/alloc_jemalloc.c); a libc build has no such note.
    with open(os.environ["VFSIM_LIBRARY"], "rb") as f:
        return b"libjemalloc.so.2" in f.read()


def _bare_package(tmp_path):
    """A copy of the package whose _paths.py names the build's library."""
    pkg = tmp_path / "bare" / "vfsim"
    if not pkg.exists():
        shutil.copytree(os.path.dirname(vfsim.__file__), pkg,
                        ignore=shutil.ignore_patterns("__pycache__", "_paths.py"))
        (pkg / "_paths.py").write_text(
            f"LIBRARY = {os.path.realpath(os.environ['VFSIM_LIBRARY'])!r}\n")
    return tmp_path / "bare"


STATS = ("import vfsim; v = vfsim.Instance('default'); "
         "s = v.alloc_stats(); print(s['allocator']); print(s['allocator_note']); "
         "print(repr(v)); assert v.destroy() == 0")


def bare(code, cwd, **env):
    """python3 -c CODE with nothing in the environment but @env (and, in
    a sanitizer build, the runtime ctest preloads for the library)."""
    full = {}
    if "san" in os.environ.get("LD_PRELOAD", ""):
        full = {k: os.environ[k] for k in ("LD_PRELOAD", "ASAN_OPTIONS",
                                           "UBSAN_OPTIONS", "PYTHONMALLOC")
                if k in os.environ}
        if "LD_PRELOAD" in env:
            env["LD_PRELOAD"] = full["LD_PRELOAD"] + " " + env["LD_PRELOAD"]
    full.update(env)
    return subprocess.run(["/usr/bin/python3", "-B", "-c", code], env=full, cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def test_import_needs_nothing_in_the_environment(tmp_path):
    # Issue 30, item 1: with jemalloc a dependency of libvfsim, this failed
    # with "libjemalloc.so.2: cannot allocate memory in static TLS block".
    r = bare(STATS, _bare_package(tmp_path))
    assert r.returncode == 0, r.stderr
    allocator, note, rep = r.stdout.splitlines()
    # jemalloc cannot be loaded by a process that did not load it at
    # start: the instance runs on libc malloc and says why.
    assert allocator == "libc"
    if _built_with_jemalloc():
        assert "libjemalloc.so.2" in note and "static TLS" in note, note
    else:
        assert note.startswith("built without jemalloc"), note
    assert rep == f"<vfsim.Instance live allocator=libc ({note})>"


def test_jemalloc_is_used_where_the_process_has_it(tmp_path):
    # Preloaded (or linked by the program), jemalloc serves the instances
    # with their arenas, as in a C program linked with vfsim.
    r = bare(STATS, _bare_package(tmp_path), LD_PRELOAD="libjemalloc.so.2")
    assert r.returncode == 0, r.stderr
    allocator, note, rep = r.stdout.splitlines()
    if _built_with_jemalloc():
        assert (allocator, note) == ("jemalloc", "")
        assert rep == "<vfsim.Instance live allocator=jemalloc>"
    else:
        assert allocator == "libc"
    # Asked for by name where it cannot be had: EOPNOTSUPP, never a crash.
    code = ("import errno, vfsim\n"
            "try:\n    vfsim.Instance(allocator=vfsim.ALLOC_JEMALLOC)\n"
            "except OSError as e:\n    print(e.errno == errno.EOPNOTSUPP)\n"
            "else:\n    print('ok')\n")
    r = bare(code, _bare_package(tmp_path))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "True"

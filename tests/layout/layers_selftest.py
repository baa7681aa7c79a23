#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""scripts/layers.py's link check on small trees of its own: a call up the
layers, a cycle of calls between folders, the listed cycle, an object
missing or older than its source, and a clean tree, whose picture has the
call as a dashed arrow.  Each tree is a few C files compiled with CC into
the places a build puts the library's objects.

    layers_selftest.py CC
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LAYERS = os.path.join(HERE, "..", "..", "scripts", "layers.py")
LIBRARY = {"api": "vfsim_api"}     # the others are the kernel's


def make_tree(top, files, cc):
    """Write @files ({path: C source}) under top/src and compile each into
    top/build, where CMake would put its object."""
    root, build = os.path.join(top, "src"), os.path.join(top, "build")
    for path, text in files.items():
        src = os.path.join(root, path)
        os.makedirs(os.path.dirname(src), exist_ok=True)
        with open(src, "w") as f:
            f.write(text)
        lib = LIBRARY.get(path.split("/")[0], "vfsim_kernel")
        obj = os.path.join(build, "CMakeFiles", lib + ".dir", path + ".o")
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        subprocess.run([cc, "-c", "-o", obj, src], check=True)
    return root, build


def run(root, build, *extra):
    p = subprocess.run([sys.executable, LAYERS, "--root", root, "--build", build] +
                       list(extra), capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


CASES = [
    # (name, files, exit status, what the output must say)
    ("call up", {
        "vfs/a.c": "int api_fn(void);\nint k_fn(void) { return api_fn(); }\n",
        "api/b.c": "int k_fn(void);\nint api_fn(void) { return 0; }\n"
                   "int api_use(void) { return k_fn(); }\n",
    }, 1, "vfs/a.c calls api_fn of api/b.c: vfs (kernel) may not call api"),
    ("cycle", {
        "vfs/a.c": "int n_fn(void);\nint v_fn(void) { return n_fn(); }\n",
        "fs/nfs/n.c": "int v_fn(void);\nint n_fn(void) { return v_fn(); }\n",
    }, 1, "folders call each other: fs/nfs, vfs"),
    ("listed cycle", {
        "vfs/a.c": "int w_fn(void);\nint v_fn(void) { return w_fn(); }\n",
        "watch_queue/w.c": "int v_fn(void);\nint w_fn(void) { return v_fn(); }\n",
    }, 0, "2 call arrows, none upward"),
    ("clean", {
        "vfs/a.c": "int v_fn(void) { return 0; }\n",
        "fs/nfs/n.c": "int v_fn(void);\nint n_fn(void) { return v_fn(); }\n",
    }, 0, "1 call arrows, none upward"),
]


def main():
    cc = sys.argv[1] if len(sys.argv) > 1 else "cc"
    failed = 0
    for name, files, status, want in CASES:
        with tempfile.TemporaryDirectory() as top:
            root, build = make_tree(top, files, cc)
            rc, out = run(root, build, "--dot", os.path.join(top, "l.dot"))
            ok = rc == status and want in out
            if ok and name == "clean":
                with open(os.path.join(top, "l.dot")) as f:
                    ok = '"fs/nfs" -> "vfs" [label="1", style=dashed' in f.read()
            if not ok:
                failed += 1
                print("FAIL %s: exit %d, want %d and %r:\n%s" % (name, rc, status, want, out))
    # An object missing, then one older than its source.
    with tempfile.TemporaryDirectory() as top:
        root, build = make_tree(top, {"vfs/a.c": "int v_fn(void) { return 0; }\n"}, cc)
        with open(os.path.join(root, "vfs", "b.c"), "w") as f:
            f.write("int b_fn(void) { return 1; }\n")
        rc, out = run(root, build)
        if rc != 1 or "vfs/b.c: no object" not in out:
            failed += 1
            print("FAIL missing object: exit %d:\n%s" % (rc, out))
        os.remove(os.path.join(root, "vfs", "b.c"))
        later = os.path.getmtime(os.path.join(root, "vfs", "a.c")) + 10
        os.utime(os.path.join(root, "vfs", "a.c"), (later, later))
        rc, out = run(root, build)
        if rc != 1 or "vfs/a.c: its object is older" not in out:
            failed += 1
            print("FAIL stale object: exit %d:\n%s" % (rc, out))
    print("%d of %d cases failed" % (failed, len(CASES) + 2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

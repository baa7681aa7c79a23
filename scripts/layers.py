#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The import and link picture of vfsim, and its check.

Includes: reads every #include of the library, the commands and the shim,
resolves it against the include path the build gives that folder, and
draws one arrow per pair of folders.  The check: every arrow goes to a
layer the source's layer may use (tools -> scenario engine -> public API
-> kernel model -> compat; the text utilities and the engine see the
public headers only), and the folders form no cycle.

Links (with --build): reads the symbols of every object file of the
library's OBJECT libraries (`nm`: what each defines and what it leaves
undefined), and draws one arrow per pair of folders where an object of
the one uses a symbol an object of the other defines.  The check: every
call goes to a layer the caller's layer may call (the kernel never calls
the API, compat never calls the kernel, the engine calls the public API
and the text utilities), and the folders that call each other are only
the ones listed in CALL_CYCLES, with the reason.  The objects must be
there and newer than their sources: build the library first.

    scripts/layers.py [--build DIR] [--dot FILE] [--check-dot FILE] [--root DIR]

--dot writes the picture (Graphviz); --check-dot compares a committed
picture (docs/layers.dot) with the one the tree gives, so that the picture
in the docs is the tree's.  `make layers` redraws docs/layers.dot and
docs/layers.svg from build/default.

Exit 0 when the picture is clean (and, with --check-dot, current), 1 with
the offending includes and calls listed.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

# Folder (relative to the root) -> layer.  The longest matching prefix wins.
FOLDERS = [
    ("compat/include/linux", "compat"),
    ("compat/lib", "compat"),
    ("compat", "compat"),
    ("include/vfsim/uapi", "uapi"),
    ("include/vfsim", "public"),
    ("vfs", "kernel"),
    ("watch_queue", "kernel"),
    ("fsinfo", "kernel"),
    ("fs", "kernel"),
    ("fs/afs", "kernel"),
    ("fs/ext4", "kernel"),
    ("fs/nfs", "kernel"),
    ("fs/proc", "kernel"),
    ("fs/ramfs", "kernel"),
    ("security/keys", "kernel"),
    ("api", "api"),
    ("text", "text"),
    ("scenario", "scenario"),
    ("tools/vfsim", "tools"),
    ("tools/kdiff", "tools"),
    ("shim", "tools"),
]

# What each layer may include (besides its own folder).
MAY_USE = {
    "compat": {"compat", "uapi"},
    "uapi": {"uapi"},
    "kernel": {"kernel", "compat", "uapi"},
    "public": {"public", "uapi"},
    "api": {"api", "kernel", "compat", "public", "uapi"},
    "text": {"public", "uapi"},
    "scenario": {"text", "public", "uapi"},
    # the engine's tool header, scenario/tool_api.h (not installed)
    "tools": {"public", "uapi", "scenario"},
}

# What each layer's objects may call (besides their own folder): symbols
# of the public headers are the API layer's, where api/ defines them.
MAY_CALL = {
    "compat": {"compat"},
    "kernel": {"kernel", "compat"},
    "api": {"api", "kernel", "compat"},
    "text": {"text", "api"},
    "scenario": {"scenario", "text", "api"},
    "tools": {"tools", "scenario", "text", "api"},
}

# Folders of one layer that may call each other, and why.  Any other
# cycle of calls between folders fails, and so does a folder that joins
# one of these.
CALL_CYCLES = [
    ({"vfs", "watch_queue", "security/keys"},
     "as in Linux: the pipe code and the notification queue call each "
     "other (fs/pipe.c, kernel/watch_queue.c), the mount and key "
     "notifications post into the queue, and the task code calls the "
     "key model's fork and exit hooks (kernel/cred.c)"),
]

# Symbols only some builds use, left out so that every preset draws the
# same picture (the calls' counts are checked against docs/layers.dot).
BUILD_ONLY_SYMBOLS = {
    # ThreadSanitizer builds' stand-in for a fence (compat/include/linux/atomic.h)
    "ksim_fence_dummy",
    # the lock checker's entry points (compat/lockdep.c), called only where
    # CONFIG_LOCKDEP is on: the debug, asan and tsan presets
    "lock_acquire", "lock_release", "lock_is_held", "lock_is_held_write",
    "lockdep_init_map", "lockdep_rcu_suspicious", "lockdep_last_report",
    "lockdep_reports", "lockdep_nr_classes",
}

# The library's OBJECT libraries (CMakeLists.txt, vfsim_layer()).
OBJECT_LIBRARIES = ["vfsim_kernel", "vfsim_api", "vfsim_text", "vfsim_scenario"]

# Where <...> includes are looked up, per layer (as CMakeLists.txt sets it).
KERNEL_PATH = ["compat/include", ".", "include/vfsim"]
PUBLIC_PATH = ["include"]
INCLUDE_PATH = {
    "compat": KERNEL_PATH,
    "kernel": KERNEL_PATH,
    "uapi": PUBLIC_PATH,
    "public": PUBLIC_PATH,
    "api": KERNEL_PATH + PUBLIC_PATH,
    "text": PUBLIC_PATH,
    "scenario": PUBLIC_PATH + ["text"],
    "tools": PUBLIC_PATH + ["scenario"],
}

ALL_PATH = sorted({d for p in INCLUDE_PATH.values() for d in p} |
                  {prefix for prefix, _ in FOLDERS})

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def folder_of(path):
    best = None
    for prefix, layer in FOLDERS:
        if path == prefix or path.startswith(prefix + "/"):
            if best is None or len(prefix) > len(best[0]):
                best = (prefix, layer)
    return best


def resolve(root, src, kind, name, layer):
    if kind == '"':
        cand = os.path.normpath(os.path.join(os.path.dirname(src), name))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    for d in INCLUDE_PATH[layer]:
        cand = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    return None     # a system header


def sources(root):
    for prefix, _ in FOLDERS:
        top = os.path.join(root, prefix)
        if not os.path.isdir(top):
            continue
        for dirpath, _, files in os.walk(top):
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    rel = os.path.relpath(os.path.join(dirpath, f), root)
                    if folder_of(rel)[0] == prefix:
                        yield rel


def find_cycle(edges):
    graph = {}
    for (a, b) in edges:
        if a != b:
            graph.setdefault(a, set()).add(b)
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if not state.get(m):
                c = visit(m)
                if c:
                    return c
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if not state.get(n):
            c = visit(n)
            if c:
                return c
    return None


# The picture's rows, top to bottom: the folders of each row in one box.
ROWS = [
    ("commands", ["tools"]),
    ("scenario engine, text utilities (public headers only)", ["scenario", "text"]),
    ("public API: the headers and api/", ["public", "api"]),
    ("kernel model", ["kernel"]),
    ("compat", ["compat"]),
    ("UAPI headers", ["uapi"]),
]


def objects(root, build):
    """(source, object) of every object of the library, with the problems:
    a source without an object, or with an older one."""
    found, bad = [], []
    for lib in OBJECT_LIBRARIES:
        top = os.path.join(build, "CMakeFiles", lib + ".dir")
        for obj in sorted(glob.glob(os.path.join(top, "**", "*.c.o"), recursive=True)):
            src = os.path.relpath(obj, top)[:-2]
            if os.path.isfile(os.path.join(root, src)):
                found.append((src, obj))
    have = {src for src, _ in found}
    for src in sources(root):
        layer = folder_of(src)[1]
        if src.endswith(".c") and layer in MAY_CALL and layer != "tools" and src not in have:
            bad.append("%s: no object in %s: build the library first" % (src, build))
    for src, obj in found:
        if os.path.getmtime(obj) < os.path.getmtime(os.path.join(root, src)):
            bad.append("%s: its object is older: build the library first" % src)
    return found, bad


def symbols(objs):
    """{object: (the global symbols it defines, those it leaves undefined)},
    from one run of nm over all of @objs."""
    out = subprocess.run(["nm", "-P", "-A"] + objs, check=True,
                         capture_output=True, text=True).stdout
    syms = {obj: (set(), set()) for obj in objs}
    for line in out.splitlines():
        obj, _, rest = line.partition(": ")
        f = rest.split()
        if obj not in syms or len(f) < 2:
            continue
        if f[1] in ("U", "w", "v"):
            syms[obj][1].add(f[0])
        elif f[1].isupper():
            syms[obj][0].add(f[0])
    return syms


def link_edges(root, build, layers, bad):
    """{(caller folder, callee folder): number of symbols} from the objects."""
    found, problems = objects(root, build)
    bad.extend(problems)
    where, uses = {}, {}
    syms = symbols([obj for _, obj in found]) if found else {}
    for src, obj in found:
        defined, undefined = syms[obj]
        for s in defined:
            where[s] = src
        uses[src] = undefined
    calls, names = {}, {}
    for src, undefined in sorted(uses.items()):
        folder, layer = folder_of(src)
        layers[folder] = layer
        for s in sorted(undefined):
            if s not in where or s in BUILD_ONLY_SYMBOLS:
                continue            # libc, liburcu, jemalloc; see above
            tfolder, tlayer = folder_of(where[s])
            if tfolder == folder:
                continue
            names.setdefault((folder, tfolder), set()).add(s)
            if tlayer not in MAY_CALL[layer]:
                bad.append("%s calls %s of %s: %s (%s) may not call %s" %
                           (src, s, where[s], folder, layer, tlayer))
    for pair, syms in names.items():
        calls[pair] = len(syms)
    return calls


def call_cycles(calls):
    """The sets of folders that call each other (strongly connected
    components of more than one folder)."""
    graph = {}
    for (a, b) in calls:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on, out = {}, {}, [], set(), []

    def connect(n):
        index[n] = low[n] = len(index)
        stack.append(n)
        on.add(n)
        for m in sorted(graph[n]):
            if m not in index:
                connect(m)
                low[n] = min(low[n], low[m])
            elif m in on:
                low[n] = min(low[n], index[m])
        if low[n] == index[n]:
            comp = set()
            while True:
                m = stack.pop()
                on.discard(m)
                comp.add(m)
                if m == n:
                    break
            if len(comp) > 1:
                out.append(comp)

    for n in sorted(graph):
        if n not in index:
            connect(n)
    return out


def dot(edges, layers, calls):
    out = ["// SPDX-License-Identifier: LGPL-2.1-or-later",
           "// The folders of vfsim, their #includes and their calls, drawn by "
           "scripts/layers.py (`make layers`): do not edit.",
           "digraph vfsim_layers {", "\tnewrank=true;", "\trankdir=TB;",
           '\tlabel="solid: #include lines; dashed: symbols used '
           '(nm of the library\'s objects)";',
           '\tnode [shape=box, fontname="monospace"];',
           '\tedge [color="#555555", fontsize=10];']
    firsts = []
    for i, (label, members_of) in enumerate(ROWS):
        members = sorted(f for f, l in layers.items() if l in members_of)
        if not members:
            continue
        firsts.append(members[0])
        out.append('\tsubgraph "cluster_%d" {' % i)
        out.append('\t\tlabel="%s";' % label)
        for m in members:
            out.append('\t\t"%s";' % m)
        out.append("\t}")
    # Keep the rows in order whatever the arrows are.
    for a, b in zip(firsts, firsts[1:]):
        out.append('\t"%s" -> "%s" [style=invis, weight=10];' % (a, b))
    for (a, b), n in sorted(edges.items()):
        if a != b:
            out.append('\t"%s" -> "%s" [label="%d"];' % (a, b, n))
    for (a, b), n in sorted(calls.items()):
        out.append('\t"%s" -> "%s" [label="%d", style=dashed, color="#1f5fa8", '
                   'fontcolor="#1f5fa8"];' % (a, b, n))
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--dot", help="write the picture (Graphviz) here")
    ap.add_argument("--check-dot", help="fail unless this file is the picture")
    ap.add_argument("--build", help="a build tree: check and draw the calls "
                    "between the library's objects too")
    args = ap.parse_args()
    root = os.path.abspath(args.root)

    edges, layers, bad = {}, {}, []
    for src in sources(root):
        folder, layer = folder_of(src)
        layers[folder] = layer
        with open(os.path.join(root, src), encoding="utf-8", errors="replace") as f:
            for lineno, line in enumerate(f, 1):
                m = INCLUDE_RE.match(line)
                if not m:
                    continue
                target = resolve(root, src, m.group(1), m.group(2), layer)
                if target is None:
                    # Not ours, or ours but off this layer's path (the
                    # build would have to add a directory to reach it).
                    elsewhere = [d for d in ALL_PATH if os.path.isfile(
                        os.path.join(root, d, m.group(2)))]
                    if m.group(1) == '"' or elsewhere:
                        bad.append("%s:%d: %s is not on the include path of "
                                   "layer %s" % (src, lineno, m.group(2), layer))
                    continue
                tf = folder_of(target)
                if tf is None:
                    bad.append("%s:%d: includes %s, outside every layer" %
                               (src, lineno, target))
                    continue
                tfolder, tlayer = tf
                layers[tfolder] = tlayer
                edges[(folder, tfolder)] = edges.get((folder, tfolder), 0) + 1
                if tfolder != folder and tlayer not in MAY_USE[layer]:
                    bad.append("%s:%d: %s (%s) may not include %s (%s)" %
                               (src, lineno, folder, layer, target, tlayer))
    cycle = find_cycle(edges)
    if cycle:
        bad.append("folders in a cycle: " + " -> ".join(cycle))
    calls = {}
    if args.build:
        calls = link_edges(root, os.path.abspath(args.build), layers, bad)
        for comp in call_cycles(calls):
            if not any(comp <= allowed for allowed, _ in CALL_CYCLES):
                bad.append("folders call each other: " + ", ".join(sorted(comp)))
    picture = dot(edges, layers, calls)
    if args.dot:
        with open(args.dot, "w") as f:
            f.write(picture)
    if args.check_dot:
        with open(args.check_dot, encoding="utf-8") as f:
            if f.read() != picture:
                bad.append("%s is not the tree's picture: run `make layers`" %
                           args.check_dot)
    for b in bad:
        print("layers: " + b)
    if not bad:
        print("layers: %d folders, %d include arrows, all downward, no cycle" %
              (len(layers), sum(1 for a, b in edges if a != b)))
        if args.build:
            print("layers: %d call arrows, none upward, no cycle but the "
                  "listed ones" % len(calls))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

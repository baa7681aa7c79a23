#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Check the lock dependencies lockdep saw against docs/internals.md.

    VFSIM_LOCKDEP_GRAPH=/tmp/deps ctest --preset debug
    scripts/lockdep_order.py [--doc docs/internals.md] /tmp/deps
    scripts/lockdep_order.py [--doc docs/internals.md] --run PROGRAM...

A lockdep build (VFSIM_LOCKDEP) appends, at the exit of each process run
with VFSIM_LOCKDEP_GRAPH set, every dependency "A -> B" it recorded (B
taken while A was held) with where each was taken.  The "Locks" section
of docs/internals.md lists the locks in the order they nest, two on one
line never held together.  Each dependency must go down that list; each
lock class must be one the list names (CLASSES below maps the classes,
named by their init sites' expressions, to the list's names).
Dependencies between the unit tests' own locks (taken in tests/) are
left out.  With --run, the programs are run (each must succeed) and
what they record is checked (ctest's lockdep.order).  Exit status 0 when the model agrees with the document, 1 with
each disagreement and where it was seen.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# lockdep class (the lock's expression at its init site) -> the name
# docs/internals.md's list gives it.
CLASSES = {
    "&net->mount_mutex": "net->mount_mutex",
    "&v->pipe_mnt_lock": "pipe_mnt_lock",
    "&v->anon_inode_mnt_lock": "anon_inode_mnt_lock",
    "&kn->key_lock": "key_lock",
    "&ff->uapi_mutex": "fc->uapi_mutex",
    "&v->dir_mutex": "dir_mutex",
    "&v->namespace_sem": "namespace_sem",
    "&m->lock": "seq_file->lock",
    "&ns->ns_lock": "ns->ns_lock",
    "&fsnotify_net(v)->fsnotify_mark_lock": "fsnotify_mark_lock",
    "&s->s_umount": "sb->s_umount",
    "&clp->cl_lock": "clp->cl_lock",
    "&net->lock": "net->lock",
    "&pipe->mutex": "pipe->mutex",
    "&m->i_rwsem": "i_rwsem",
    "&v->mount_lock": "mount_lock",
    "&v->rename_lock": "rename_lock",
    "&v->sb_lock": "sb_lock",
    "&ida->lock": "each IDA's lock",
    "&t->sig_lock": "task->sig_lock",
    "&watch_queue_net(v)->test_objects_lock": "test_objects_lock",
    "&wqueue->lock": "wqueue->lock",
    "&wlist->lock": "wlist->lock",
    "&pipe->rd_wait": "a wait queue's lock",
    "&pipe->wr_wait": "a wait queue's lock",
    "&group->notification_waitq": "a wait queue's lock",
    "&v->dcache_lock": "dcache_lock",
    "&d->d_lock": "d_lock",
    "&v->tasks_lock": "tasks_lock",
    "&fs->lock": "fs->lock",
    "&files->file_lock": "files->file_lock",
    "&newf->file_lock": "files->file_lock",	# dup_fd(): a copied table
    "&nn->nfs_client_lock": "nfs_client_lock",
    "&sbinfo->stat_lock": "a tmpfs's stat_lock",
    "&v->check_lock": "check_lock",
}


def doc_order(path):
    """{name: rank} from the fenced list of the "## Locks" section."""
    text = open(path, encoding="utf-8").read()
    section = text.split("\n## Locks\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```\n", 2)[1]
    ranks = {}
    rank = 0
    for line in block.splitlines():
        if not line or line[0] == " ":
            continue  # a description's continuation
        names = re.split(r"\s{2,}", line, maxsplit=1)[0]
        for name in names.split(", "):
            ranks[name.strip().rstrip(",")] = rank
        rank += 1
    return ranks


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--doc", default="docs/internals.md")
    ap.add_argument("--run", action="store_true",
                    help="the arguments are programs to run, not graph files")
    ap.add_argument("graph", nargs="+")
    args = ap.parse_args()
    ranks = doc_order(args.doc)
    if args.run:
        fd, dump = tempfile.mkstemp(prefix="lockdep-graph-")
        os.close(fd)
        try:
            for prog in args.graph:
                env = dict(os.environ, VFSIM_LOCKDEP_GRAPH=dump)
                r = subprocess.run([prog], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
                if r.returncode:
                    print(f"{prog}: exit status {r.returncode}\n{r.stderr}")
                    return 1
            return check(ranks, [dump], args.doc)
        finally:
            os.unlink(dump)
    return check(ranks, args.graph, args.doc)


def check(ranks, graphs, doc):
    bad = {}
    seen = set()
    for path in graphs:
        for line in open(path, encoding="utf-8"):
            dep, to_site, from_site = line.rstrip("\n").split("\t")
            if "/tests/" in to_site and "/tests/" in from_site:
                continue
            a, b = (re.sub(r"/\d+$", "", c) for c in dep.split(" -> "))
            if (a, b) in seen:
                continue
            seen.add((a, b))
            why = None
            for c in (a, b):
                if c not in CLASSES or CLASSES[c] not in ranks:
                    why = f"{c} is not in the list"
            if not why and a != b and ranks[CLASSES[a]] >= ranks[CLASSES[b]]:
                why = (f"{CLASSES[b]} taken under {CLASSES[a]}, which the list "
                       f"puts {'on the same line' if ranks[CLASSES[a]] == ranks[CLASSES[b]] else 'below it'}")
            if why:
                bad[(a, b)] = f"{a} -> {b}: {why} (taken at {to_site}, under the lock taken at {from_site})"
    for msg in bad.values():
        print(msg)
    print(f"lockdep_order: {len(seen)} dependencies, {len(bad)} against {doc}",
          file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

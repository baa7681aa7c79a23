#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""`vfsim tree` against util-linux's findmnt on the same tree (ctest
cmd.findmnt_live, label kernel; root only, skipped with the reason
otherwise).

The tree is a scenario run by `vfsim tree --tree empty SCENARIO ARGS`;
the same operations are done on the host in a private mount namespace
(unshare(1) --mount --propagation private, as scenario/kernel_task.c does
it), under a ramfs named "rootfs" that a child process chroots into, and
`findmnt --ascii -F /proc/CHILD/mountinfo ARGS` prints that child's view:
its root is the ramfs, as the model's is its rootfs.  Each ARGS is run on
both sides and the outputs must be equal, byte for byte.

The kernel's mount IDs are renumbered 1, 2, ... in the order of its
mountinfo (the order the mounts were made, as the model numbers them);
what differs by nature is left out of the columns compared: peer group
numbers (the kernel's are system-wide), MAJ:MIN, sizes (a
statvfs() of the child's paths would need findmnt inside the chroot), the
root's FSTYPE (ramfs here, rootfs in the model) and -T (findmnt -F
resolves the path on the host).

  findmnt_live.py VFSIM
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile

SKIP = 77

SCENARIO = """\
mkdir /proc
mkdir /mnt
mkdir /b
mkdir /ro
mount proc proc /proc nosuid,nodev,noexec
mount tmpfs src /mnt mode=700
mkdir /mnt/d
mkdir /mnt/sub
propagation /mnt shared
mount tmpfs sub /mnt/sub
bind /mnt/d /b
propagation /b slave
mount tmpfs r /ro ro,nosuid
propagation /ro unbindable
mkdir /mnt/sub/deep
mount tmpfs deep /mnt/sub/deep noexec,nodev
"""

COMPARED = "ID,PARENT,TARGET,SOURCE,VFS-OPTIONS,FS-OPTIONS,PROPAGATION,FSROOT"

RUNS = [
    ["-o", COMPARED],
    ["-l", "-o", COMPARED],
    ["-r", "-o", COMPARED],
    ["-J", "-o", COMPARED],
    ["-lJ", "-o", COMPARED],
    ["-P", "-o", COMPARED],
    ["-n", "-o", "TARGET,SOURCE"],
    ["-rn", "-o", "TARGET,VFS-OPTIONS"],
    ["-u", "-o", "TARGET,OPTIONS"],
    ["-t", "tmpfs,proc", "-o", "TARGET,SOURCE,FSTYPE,OPTIONS"],
    ["-t", "tmpfs", "-o", "TARGET,FSTYPE,OPTIONS"],
    ["-t", "noproc", "-o", "TARGET,SOURCE"],
    ["-Jt", "tmpfs", "-o", "TARGET,FSTYPE,PROPAGATION"],
    ["-O", "noexec", "-o", "TARGET,OPTIONS"],
    ["-O", "ro,nosuid", "-o", "TARGET"],
    ["-O", "nosuid,nodev", "-lo", "TARGET"],
    ["-S", "sub", "-o", "TARGET,SOURCE,FSTYPE"],
    ["-M", "/mnt/", "-o", "TARGET,SOURCE,FSTYPE"],
    ["-M", "/b", "-Po", "TARGET,FSROOT,PROPAGATION"],
    ["-o", "TARGET,LABEL,UUID"],
    ["-lo", "TARGET,LABEL,UUID"],
]


def skip(why):
    print("findmnt_live: skipped: " + why)
    sys.exit(SKIP)


def build_host_tree(root):
    """The scenario's operations on the host, under @root."""
    def run(*cmd):
        subprocess.run(cmd, check=True)

    for line in SCENARIO.splitlines():
        w = line.split()
        verb, args = w[0], w[1:]
        if verb == "mkdir":
            os.mkdir(root + args[0])
        elif verb == "mount":
            fstype, src, tgt = args[:3]
            opts = ["-o", args[3]] if len(args) > 3 else []
            run("mount", "-t", fstype, *opts, src, root + tgt)
        elif verb == "bind":
            run("mount", "--bind", root + args[0], root + args[1])
        elif verb == "propagation":
            run("mount", "--make-" + args[1], root + args[0])
        else:
            raise SystemExit("findmnt_live: no host form for " + line)


def renumbered(path, tmpdir):
    """@path's mountinfo with the mount IDs 1, 2, ... in line order (6.18
    lists mounts in the order they were made, as the model numbers them
    from an empty tree), the root its own parent, in a file of @tmpdir's
    parent.  The kernel's own IDs come from one allocator for the whole
    machine: their values, and so the order of findmnt's tree, would
    depend on what else mounts meanwhile."""
    with open(path) as f:
        lines = [l.split(" ") for l in f.read().splitlines()]
    new = {l[0]: str(i + 1) for i, l in enumerate(lines)}
    for l in lines:
        l[1] = new.get(l[1], new[l[0]])
        l[0] = new[l[0]]
    out = os.path.join(os.path.dirname(tmpdir), os.path.basename(tmpdir) + ".mountinfo")
    with open(out, "w") as f:
        f.write("".join(" ".join(l) + "\n" for l in lines))
    return out


def host_side(argv):
    """In the private namespace: the tree, a chrooted child, findmnt."""
    root = tempfile.mkdtemp(prefix="vfsim-findmnt.")
    subprocess.run(["mount", "-t", "ramfs", "rootfs", root], check=True)
    build_host_tree(root)
    r, w = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(r)
        os.chroot(root)
        os.chdir("/")
        os.write(w, b"x")
        os.close(w)
        while True:		# until the parent kills it
            signal.pause()
    os.close(w)
    os.read(r, 1)
    info = renumbered("/proc/%d/mountinfo" % child, root)
    out = []
    for args in RUNS:
        p = subprocess.run(["findmnt", "--ascii", "-F", info] + args,
                           capture_output=True, text=True)
        out.append("%d\n%s%s" % (p.returncode, p.stdout, p.stderr))
    os.kill(child, 9)
    os.waitpid(child, 0)
    os.unlink(info)
    # The mounts go with the private namespace; the directory they were
    # on is the host's /tmp's, and stays unless it is removed here.
    subprocess.run(["umount", "-l", root], check=True)
    os.rmdir(root)
    sys.stdout.write("\0".join(out))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--host-side":
        host_side(sys.argv[2:])
        return 0
    if len(sys.argv) != 2:
        raise SystemExit("usage: findmnt_live.py VFSIM")
    vfsim = sys.argv[1]
    if os.geteuid() != 0:
        skip("not root (the tree is put on the host in a private mount namespace)")
    for tool in ("findmnt", "unshare", "mount"):
        if not shutil.which(tool):
            skip(tool + " is not installed")
    host = subprocess.run(["unshare", "--mount", "--propagation", "private",
                           sys.executable, os.path.abspath(__file__),
                           "--host-side", "x"],
                          capture_output=True, text=True)
    if host.returncode != 0:
        skip("no private mount namespace here: " + host.stderr.strip())
    kernel = host.stdout.split("\0")

    with tempfile.NamedTemporaryFile("w", suffix=".scn") as scn:
        scn.write(SCENARIO)
        scn.flush()
        failed = 0
        for args, want in zip(RUNS, kernel):
            p = subprocess.run([vfsim, "tree", "--tree", "empty", scn.name] + args,
                               capture_output=True, text=True)
            got = "%d\n%s%s" % (p.returncode, p.stdout, p.stderr)
            name = "vfsim tree " + " ".join(args)
            if got == want:
                print("same: " + name)
                continue
            failed += 1
            print("DIFFERENT: " + name)
            print("--- findmnt\n" + want + "--- vfsim tree\n" + got)
    print("%d forms compared, %d different" % (len(RUNS), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

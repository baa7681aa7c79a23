# SPDX-License-Identifier: LGPL-2.1-or-later
"""The system calls: results, OSError with the errno, bad Python
arguments stopped before C."""
import ctypes
import errno
import pathlib

import pytest

import vfsim


def errno_of(call, *args, **kw):
    with pytest.raises(OSError) as e:
        call(*args, **kw)
    assert vfsim.errno_name(e.value.errno) in str(e.value)
    return e.value.errno


def test_mkdir_open_close(init):
    assert init.mkdir("/mnt/d", 0o755) == 0
    assert errno_of(init.mkdir, "/mnt/d") == errno.EEXIST
    assert errno_of(init.mkdir, "/none/d") == errno.ENOENT
    fd = init.open("/mnt/d", vfsim.O_DIRECTORY)
    assert fd >= 0
    fd2 = init.open(pathlib.Path("/mnt/f"), vfsim.O_CREAT | vfsim.O_RDONLY, 0o644)
    assert fd2 != fd
    assert errno_of(init.open, "/mnt/f", vfsim.O_CREAT | vfsim.O_EXCL, 0o644) == errno.EEXIST
    assert init.mkdir("sub", dfd=fd) == 0
    assert init.open(b"/mnt/d/sub", vfsim.O_PATH) >= 0
    assert init.close(fd) == 0
    assert errno_of(init.close, fd) == errno.EBADF


def test_oserror_subclasses_and_message(init):
    with pytest.raises(FileNotFoundError) as e:
        init.chdir("/nonexistent")
    assert e.value.errno == errno.ENOENT
    assert e.value.filename == "/nonexistent"
    assert "ENOENT" in str(e.value) and "chdir" in str(e.value)
    with pytest.raises(FileExistsError):
        init.mkdir("/tmp")


def test_chdir_fchdir_chroot(init):
    init.mkdir("/mnt/c")
    init.chdir("/mnt")
    init.mkdir("rel")
    init.open("/mnt/rel", vfsim.O_DIRECTORY)
    fd = init.open("/mnt/c", vfsim.O_DIRECTORY)
    init.fchdir(fd)
    init.mkdir("inner")
    init.open("/mnt/c/inner", vfsim.O_PATH)
    assert errno_of(init.fchdir, 999) == errno.EBADF
    init.chroot("/mnt")
    init.open("/c/inner", vfsim.O_PATH)
    assert errno_of(init.chroot, "/nowhere") == errno.ENOENT


def test_pivot_root(init):
    # the namespace's first mount has no parent: a root with one first
    init.mkdir("/mnt/host")
    init.mount("host", "/mnt/host", "tmpfs")
    init.chroot("/mnt/host")
    init.chdir("/")
    init.mkdir("/new")
    init.mount("new", "/new", "tmpfs")
    init.mkdir("/new/old")
    assert errno_of(init.pivot_root, "/new", "/nowhere") == errno.ENOENT
    assert errno_of(init.pivot_root, "/", "/new/old") == errno.EBUSY
    assert errno_of(init.pivot_root, "/new/old", "/new/old") == errno.EINVAL
    init.pivot_root("/new", "/new/old")
    init.open("/old/new", vfsim.O_PATH)
    init.chdir("/")
    init.umount("/old", vfsim.MNT_DETACH)
    assert errno_of(init.open, "/old/new", vfsim.O_PATH) == errno.ENOENT


def test_permissions(inst, init):
    init.mkdir("/mnt/p", 0o700)
    user = inst.task(1000, 1000)
    assert errno_of(user.mkdir, "/mnt/p/x") == errno.EACCES
    init.chmod("/mnt/p", 0o777)
    user.mkdir("/mnt/p/x")
    init.chown("/mnt/p", 1000, -1)
    assert errno_of(user.chown, "/mnt/p", 0, 0) == errno.EPERM
    assert errno_of(user.chmod, "/tmp", 0o700) == errno.EPERM
    assert errno_of(user.mount, "x", "/mnt/p", "tmpfs") == errno.EPERM


def test_mknod(init):
    import os
    import stat
    assert init.mknod("/mnt/null", stat.S_IFCHR | 0o666, os.makedev(1, 3)) == 0
    assert init.mknod("/mnt/fifo", stat.S_IFIFO | 0o600) == 0
    assert errno_of(init.mknod, "/mnt/null", stat.S_IFCHR, os.makedev(1, 3)) == errno.EEXIST
    assert errno_of(init.mknod, "/mnt/d", stat.S_IFDIR | 0o755) == errno.EPERM
    assert errno_of(init.mknod, "/mnt/x", stat.S_IFCHR, 1 << 32) == errno.EINVAL
    with pytest.raises((TypeError, ValueError, OverflowError)):
        init.mknod("/mnt/y", stat.S_IFIFO, -1)
    fd = init.open("/mnt/null", vfsim.O_RDONLY)
    assert fd >= 0


def test_symlink(init):
    init.mkdir("/mnt/target")
    init.symlink("/mnt/target", "/mnt/link")
    assert errno_of(init.symlink, "/x", "/mnt/link") == errno.EEXIST
    init.mkdir("/mnt/link/in")
    fd = init.open("/mnt/link", vfsim.O_PATH | vfsim.O_NOFOLLOW)
    assert errno_of(init.open, "/mnt/link", vfsim.O_NOFOLLOW) == errno.ELOOP
    assert errno_of(init.open, "/mnt/link", vfsim.O_DIRECTORY | vfsim.O_NOFOLLOW) == errno.ENOTDIR
    init.close(fd)


def test_mount_umount(init):
    init.mkdir("/mnt/m")
    init.mount("src", "/mnt/m", "tmpfs", vfsim.MS_NOSUID, "size=1m,mode=700")
    m = init.mount_by_id(init.path_mnt_id("/mnt/m"))
    assert m["fstype"] == "tmpfs" and m["source"] == "src"
    assert "size=1024k" in m["sb_options"] and m["attr"] & vfsim.ATTR_NOSUID
    init.mount(None, "/mnt/m", None, vfsim.MS_SHARED)
    assert init.mount_by_id(m["mnt_id"])["propagation"] == vfsim.PROPAGATION_SHARED
    init.mkdir("/mnt/b")
    init.mount("/mnt/m", "/mnt/b", None, vfsim.MS_BIND)
    assert errno_of(init.mount, "x", "/mnt/nowhere", "tmpfs") == errno.ENOENT
    assert errno_of(init.mount, "x", "/mnt/b", "nosuchfs") == errno.ENODEV
    init.umount("/mnt/b")
    init.umount("/mnt/m", vfsim.MNT_DETACH)
    assert errno_of(init.umount, "/mnt/m") == errno.EINVAL


def test_automount(inst, init):
    init.mkautomount("/mnt/auto", "tmpfs", "auto")   # makes the directory
    assert errno_of(init.mkautomount, "/mnt/auto", "tmpfs") == errno.EEXIST
    init.mkdir("/mnt/auto/inside")   # walking in triggers the mount
    assert init.mount_by_id(init.path_mnt_id("/mnt/auto"))["sb_flags"] & vfsim.SB_SUBMOUNT
    assert errno_of(init.mkautomount, "/none/x", "tmpfs") == errno.ENOENT
    with pytest.raises(TypeError):
        init.mkautomount("/mnt/auto", None)


def test_plain_pipe(init):
    r, w = init.pipe2()
    assert init.write(w, b"hello") == 5
    n = ctypes.c_int()
    assert init.ioctl(r, vfsim.FIONREAD, ctypes.addressof(n)) == 0 and n.value == 5
    assert errno_of(init.ioctl, r, vfsim.FIONREAD, 0) == errno.EFAULT
    assert init.read(r, 3) == b"hel"
    assert init.read(r, 10) == b"lo"
    assert init.write(w, bytearray(b"xy")) == 2
    assert init.write(w, memoryview(b"z")) == 1
    buf = ctypes.create_string_buffer(8)
    assert init.read_into(r, buf) == 3 and buf.raw[:3] == b"xyz"
    assert errno_of(init.ioctl, r, 0x1234) == errno.ENOTTY
    init.close(r)
    assert errno_of(init.write, w, b"x") == errno.EPIPE
    assert errno_of(init.read, 99, 1) == errno.EBADF


def test_bad_arguments_never_reach_c(init):
    with pytest.raises(TypeError):
        init.mkdir(5)
    with pytest.raises(ValueError, match="NUL"):
        init.mkdir("/mnt/a\0b")
    with pytest.raises(TypeError):
        init.mkdir("/mnt/x", "755")
    with pytest.raises(ValueError):
        init.mkdir("/mnt/x", -1)
    with pytest.raises(TypeError):
        init.close("3")
    with pytest.raises(TypeError):
        init.close(True)
    with pytest.raises(ValueError):
        init.close(2**40)
    with pytest.raises(TypeError):
        init.write(1, "text")
    with pytest.raises(TypeError):
        init.write(1, 12)
    with pytest.raises(TypeError):
        init.read_into(1, b"immutable")
    with pytest.raises(ValueError):
        init.read(1, -1)
    with pytest.raises(ValueError):
        init.mount("a", "/b", "tmpfs", -1)
    with pytest.raises(ValueError):
        init.chown("/tmp", -2, 0)
    with pytest.raises(TypeError):
        init.mount("a", None, "tmpfs")
    with pytest.raises(TypeError):
        init.ioctl(0, vfsim.FIONREAD, "arg")
    with pytest.raises(ValueError):
        init.ioctl(0, -1)


def test_a_blocking_read_waits_for_another_thread():
    # ctypes lets go of the GIL during a call: a reader asleep in the
    # model does not stop the writer's thread (nosleep off, as in C).
    import threading
    with vfsim.Instance("default", nosleep=False) as v:
        r, w = v.init.pipe2()
        got = []
        reader = threading.Thread(target=lambda: got.append(v.init.read(r, 5)))
        reader.start()
        v.init.write(w, b"hello")
        reader.join(timeout=30)
        assert not reader.is_alive() and got == [b"hello"]


def test_mkdir_p(inst, init):
    init.mkdir_p("/mnt/p/q/r", 0o755)
    assert init.mkdir_p("/mnt/p/q/r") == 0      # already there: fine
    init.open("/mnt/p/f", vfsim.O_CREAT | vfsim.O_RDONLY, 0o644)
    with pytest.raises(FileExistsError):
        init.mkdir_p("/mnt/p/f")
    with pytest.raises(NotADirectoryError):
        init.mkdir_p("/mnt/p/f/g")


def test_directories_and_names(inst, init):
    init.mount("t", "/mnt", "tmpfs")
    init.mkdir("/mnt/a")
    init.close(init.open("/mnt/f", vfsim.O_CREAT | vfsim.O_RDWR, 0o644))
    init.symlink("f", "/mnt/l")
    assert init.listdir("/mnt") == [".", "..", "l", "f", "a"]
    fd = init.open("/mnt", vfsim.O_RDONLY)
    ents = init.getdents64(fd, 64)
    assert [e[0] for e in ents] == [".", ".."]
    assert [e[2] for e in ents] == [1, 2]
    init.close(fd)
    assert init.readlink("/mnt/l") == "f"
    assert errno_of(init.readlink, "/mnt/f") == errno.EINVAL
    init.rename("/mnt/f", "/mnt/g")
    assert errno_of(init.rename, "/mnt/g", "/mnt/l", 1) == errno.EEXIST
    init.link("/mnt/g", "/mnt/a/h")
    assert errno_of(init.link, "/mnt/a", "/mnt/b") == errno.EPERM
    assert errno_of(init.rmdir, "/mnt/a") == errno.ENOTEMPTY
    init.unlink("/mnt/a/h")
    init.rmdir("/mnt/a")
    assert errno_of(init.unlink, "/mnt/a") == errno.ENOENT
    init.utimensat("/mnt/g", ((100, 0), (200, 0)))
    init.utimensat("/mnt/g")
    assert init.access("/mnt/g", 4 | 2) == 0
    user = inst.task(1000, 1000)
    assert errno_of(user.access, "/mnt/g", 2) == errno.EACCES
    assert init.listdir("/mnt") == [".", "..", "g", "l"]
    init.umount("/mnt")

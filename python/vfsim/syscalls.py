# SPDX-License-Identifier: LGPL-2.1-or-later
"""The system calls of vfsim.h, as methods of a Task.  Each returns what
the call returns (>= 0) or raises OSError with the errno."""
import ctypes

from . import _lib
from ._lib import lib
from .constants import AT_FDCWD, O_RDONLY
from .errors import (ULONG_MAX, check, fd_arg, int_arg, path_arg, str_arg,
                     u32_arg, u64_arg)

__all__ = ["Syscalls", "buffer_arg"]


def _id_arg(v, name):
    """A uid/gid: -1 is (uid_t)-1, "unchanged" to chown(2)."""
    if v == -1:
        return 0xFFFFFFFF
    return u32_arg(v, name)


def buffer_arg(data, name="data", writable=False):
    """(pointer, length, keep-alive) for bytes-like data or a ctypes
    buffer.  A ctypes buffer is passed by address, so the user-memory
    seam (Instance.uaccess_unmap) can be aimed at it."""
    if isinstance(data, ctypes.Array):
        return ctypes.addressof(data), ctypes.sizeof(data), data
    if writable:
        raise TypeError(f"{name} must be a ctypes buffer "
                        "(ctypes.create_string_buffer)")
    if isinstance(data, str):
        raise TypeError(f"{name} must be bytes-like, not str")
    try:
        b = bytes(memoryview(data))
    except TypeError:
        raise TypeError(f"{name} must be bytes-like, not "
                        f"{type(data).__name__}") from None
    buf = ctypes.create_string_buffer(b, max(len(b), 1))
    return ctypes.addressof(buf), len(b), buf


class Syscalls:
    """Mixed into Task: self.ptr is the struct vfsim_task *."""

    def mkdir(self, path, mode=0o777, *, dfd=AT_FDCWD):
        return check(lib.vfsim_mkdirat(self.ptr, fd_arg(dfd, "dfd"),
                                       path_arg(path), u32_arg(mode, "mode")),
                     "mkdirat", path)

    def mkdir_p(self, path, mode=0o777, *, dfd=AT_FDCWD):
        """vfsim_mkdir_p(): `mkdir -p` (not a system call): every missing
        directory of @path; fine if @path is already a directory."""
        return check(lib.vfsim_mkdir_p(self.ptr, fd_arg(dfd, "dfd"),
                                       path_arg(path), u32_arg(mode, "mode")),
                     "mkdir_p", path)

    def symlink(self, target, path, *, dfd=AT_FDCWD):
        return check(lib.vfsim_symlinkat(self.ptr, path_arg(target, "target"),
                                         fd_arg(dfd, "dfd"), path_arg(path)),
                     "symlinkat", path)

    def mknod(self, path, mode, dev=0, *, dfd=AT_FDCWD):
        """mknodat(): a device node (@dev as os.makedev() gives it), a FIFO,
        a socket or a regular file, by the S_IFMT bits of @mode."""
        return check(lib.vfsim_mknodat(self.ptr, fd_arg(dfd, "dfd"),
                                       path_arg(path), u32_arg(mode, "mode"),
                                       u64_arg(dev, "dev")),
                     "mknodat", path)

    def open(self, path, flags=O_RDONLY, mode=0, *, dfd=AT_FDCWD):
        """openat(): the new fd."""
        return check(lib.vfsim_openat(self.ptr, fd_arg(dfd, "dfd"),
                                      path_arg(path),
                                      int_arg(flags, "flags", -2**31, 2**31 - 1),
                                      u32_arg(mode, "mode")),
                     "openat", path)

    def close(self, fd):
        return check(lib.vfsim_close(self.ptr, fd_arg(fd)), "close")

    def chdir(self, path):
        return check(lib.vfsim_chdir(self.ptr, path_arg(path)), "chdir", path)

    def fchdir(self, fd):
        return check(lib.vfsim_fchdir(self.ptr, fd_arg(fd)), "fchdir")

    def chroot(self, path):
        return check(lib.vfsim_chroot(self.ptr, path_arg(path)), "chroot", path)

    def chmod(self, path, mode):
        return check(lib.vfsim_chmod(self.ptr, path_arg(path),
                                     u32_arg(mode, "mode")), "chmod", path)

    def chown(self, path, uid, gid):
        return check(lib.vfsim_chown(self.ptr, path_arg(path),
                                     _id_arg(uid, "uid"), _id_arg(gid, "gid")),
                     "chown", path)

    def mount(self, source, target, fstype=None, flags=0, data=None):
        """mount(2): MS_* @flags, @data the filesystem's option string."""
        d = str_arg(data, "data")
        return check(lib.vfsim_mount(self.ptr, str_arg(source, "source"),
                                     path_arg(target, "target"),
                                     str_arg(fstype, "fstype"),
                                     int_arg(flags, "flags", 0, ULONG_MAX),
                                     d),
                     "mount", target)

    def umount(self, target, flags=0):
        """umount2(2): MNT_FORCE, MNT_DETACH, MNT_EXPIRE, UMOUNT_NOFOLLOW."""
        return check(lib.vfsim_umount2(self.ptr, path_arg(target, "target"),
                                       int_arg(flags, "flags", -2**31, 2**31 - 1)),
                     "umount2", target)

    def pivot_root(self, new_root, put_old):
        """pivot_root(2): the root mount onto @put_old, @new_root the root;
        every task whose root or cwd was the old root moves with it."""
        return check(lib.vfsim_pivot_root(self.ptr, path_arg(new_root, "new_root"),
                                          path_arg(put_old, "put_old")),
                     "pivot_root", new_root)

    def mnt_set_expiry(self, path):
        return check(lib.vfsim_mnt_set_expiry(self.ptr, path_arg(path)),
                     "vfsim_mnt_set_expiry", path)

    def mkautomount(self, path, fstype, source=None, data=None):
        return check(lib.vfsim_mkautomount(self.ptr, path_arg(path),
                                           str_arg(fstype, "fstype", False),
                                           str_arg(source, "source"),
                                           str_arg(data, "data")),
                     "vfsim_mkautomount", path)

    # ---- directories and names -----------------------------------------

    def getdents64(self, fd, size=4096):
        """getdents64(2) of at most @size bytes: a list of
        (name, d_ino, d_off, d_type), [] at the end."""
        size = int_arg(size, "size", 0, 2**31 - 1)
        buf = ctypes.create_string_buffer(max(size, 1))
        n = check(lib.vfsim_getdents64(self.ptr, fd_arg(fd), buf, size),
                  "getdents64")
        out, off, raw = [], 0, buf.raw
        while off < n:
            ino = int.from_bytes(raw[off:off + 8], "little")
            d_off = int.from_bytes(raw[off + 8:off + 16], "little", signed=True)
            reclen = int.from_bytes(raw[off + 16:off + 18], "little")
            name = raw[off + 19:off + reclen].split(b"\0", 1)[0]
            out.append((name.decode("utf-8", "surrogateescape"), ino, d_off,
                        raw[off + 18]))
            off += reclen
        return out

    def listdir(self, path, *, dfd=AT_FDCWD):
        """The names of a directory in getdents64 order, "." and ".."
        included (opened O_RDONLY | O_DIRECTORY, read to the end)."""
        fd = self.open(path, O_RDONLY | 0o200000, dfd=dfd)
        try:
            names = []
            while True:
                ents = self.getdents64(fd)
                if not ents:
                    return names
                names.extend(e[0] for e in ents)
        finally:
            self.close(fd)

    def unlink(self, path, flags=0, *, dfd=AT_FDCWD):
        """unlinkat(2): AT_REMOVEDIR (0x200) is rmdir."""
        return check(lib.vfsim_unlinkat(self.ptr, fd_arg(dfd, "dfd"), path_arg(path),
                                        int_arg(flags, "flags", -2**31, 2**31 - 1)),
                     "unlinkat", path)

    def rmdir(self, path, *, dfd=AT_FDCWD):
        return self.unlink(path, 0x200, dfd=dfd)

    def rename(self, old, new, flags=0, *, olddfd=AT_FDCWD, newdfd=AT_FDCWD):
        """renameat2(2): RENAME_NOREPLACE 1, RENAME_EXCHANGE 2,
        RENAME_WHITEOUT 4."""
        return check(lib.vfsim_renameat2(self.ptr, fd_arg(olddfd, "olddfd"),
                                         path_arg(old, "old"), fd_arg(newdfd, "newdfd"),
                                         path_arg(new, "new"), u32_arg(flags, "flags")),
                     "renameat2", old)

    def link(self, old, new, flags=0, *, olddfd=AT_FDCWD, newdfd=AT_FDCWD):
        """linkat(2): AT_SYMLINK_FOLLOW 0x400, AT_EMPTY_PATH 0x1000."""
        return check(lib.vfsim_linkat(self.ptr, fd_arg(olddfd, "olddfd"),
                                      path_arg(old, "old"), fd_arg(newdfd, "newdfd"),
                                      path_arg(new, "new"),
                                      int_arg(flags, "flags", -2**31, 2**31 - 1)),
                     "linkat", old)

    def readlink(self, path, size=4096, *, dfd=AT_FDCWD):
        """readlinkat(2): the body (str), cut to @size bytes."""
        size = int_arg(size, "size", 0, 2**31 - 1)
        buf = ctypes.create_string_buffer(max(size, 1))
        n = check(lib.vfsim_readlinkat(self.ptr, fd_arg(dfd, "dfd"), path_arg(path),
                                       buf, size), "readlinkat", path)
        return buf.raw[:n].decode("utf-8", "surrogateescape")

    def utimensat(self, path, times=None, flags=0, *, dfd=AT_FDCWD):
        """utimensat(2): @times ((atime_sec, atime_nsec), (mtime_sec,
        mtime_nsec)) or None for both now; UTIME_NOW/UTIME_OMIT as nsec."""
        ts = None
        if times is not None:
            ts = (ctypes.c_long * 4)(int(times[0][0]), int(times[0][1]),
                                     int(times[1][0]), int(times[1][1]))
        return check(lib.vfsim_utimensat(self.ptr, fd_arg(dfd, "dfd"), path_arg(path),
                                         ts, int_arg(flags, "flags", -2**31, 2**31 - 1)),
                     "utimensat", path)

    def access(self, path, mode=0, flags=0, *, dfd=AT_FDCWD):
        """faccessat2(2): F_OK 0 or R_OK 4 | W_OK 2 | X_OK 1; AT_EACCESS
        0x200, AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH.  0, or OSError."""
        return check(lib.vfsim_faccessat2(self.ptr, fd_arg(dfd, "dfd"), path_arg(path),
                                          int_arg(mode, "mode", -2**31, 2**31 - 1),
                                          int_arg(flags, "flags", -2**31, 2**31 - 1)),
                     "faccessat2", path)

    # ---- pipes ---------------------------------------------------------

    def pipe2(self, flags=0):
        """pipe2(2): (read fd, write fd)."""
        fds = (ctypes.c_int * 2)()
        check(lib.vfsim_pipe2(self.ptr, fds,
                              int_arg(flags, "flags", -2**31, 2**31 - 1)),
              "pipe2")
        return fds[0], fds[1]

    def read(self, fd, size):
        """read(2) of at most @size bytes: the bytes read."""
        size = int_arg(size, "size", 0, 2**31 - 1)
        buf = ctypes.create_string_buffer(max(size, 1))
        n = check(lib.vfsim_read(self.ptr, fd_arg(fd), buf, size), "read")
        return buf.raw[:n]

    def read_into(self, fd, buffer):
        """read(2) into a ctypes buffer: the count."""
        addr, size, _keep = buffer_arg(buffer, "buffer", writable=True)
        return check(lib.vfsim_read(self.ptr, fd_arg(fd), addr, size), "read")

    def write(self, fd, data):
        """write(2) of bytes (or a ctypes buffer): the count written."""
        addr, size, _keep = buffer_arg(data)
        return check(lib.vfsim_write(self.ptr, fd_arg(fd), addr, size), "write")

    def ioctl(self, fd, cmd, arg=0):
        """ioctl(2); @arg an int, or bytes / a ctypes buffer passed by
        address."""
        keep = None
        if isinstance(arg, int) and not isinstance(arg, bool):
            a = int_arg(arg, "arg", 0, ULONG_MAX)
        else:
            a, _n, keep = buffer_arg(arg, "arg")
        rc = lib.vfsim_ioctl(self.ptr, fd_arg(fd),
                             int_arg(cmd, "cmd", 0, ULONG_MAX), a)
        del keep
        return check(rc, "ioctl")

    def notification_pipe(self, size=256, filter=None, flags=0):
        """A notification pipe (vfsim.pipes.NotificationPipe)."""
        from .pipes import NotificationPipe
        return NotificationPipe(self, size=size, filter=filter, flags=flags)

    # ---- notifications -------------------------------------------------

    def watch_mount(self, path, watch_fd, watch_id, *, dfd=AT_FDCWD, at_flags=0):
        return check(lib.vfsim_watch_mount(self.ptr, fd_arg(dfd, "dfd"),
                                           path_arg(path),
                                           u32_arg(at_flags, "at_flags"),
                                           fd_arg(watch_fd, "watch_fd"),
                                           fd_arg(watch_id, "watch_id")),
                     "watch_mount", path)

    def watch_sb(self, path, watch_fd, watch_id, *, dfd=AT_FDCWD, at_flags=0):
        return check(lib.vfsim_watch_sb(self.ptr, fd_arg(dfd, "dfd"),
                                        path_arg(path),
                                        u32_arg(at_flags, "at_flags"),
                                        fd_arg(watch_fd, "watch_fd"),
                                        fd_arg(watch_id, "watch_id")),
                     "watch_sb", path)

    def sb_error(self, path, error):
        return check(lib.vfsim_sb_error(self.ptr, path_arg(path),
                                        fd_arg(error, "error")),
                     "vfsim_sb_error", path)

    def sb_edquot(self, path):
        return check(lib.vfsim_sb_edquot(self.ptr, path_arg(path)),
                     "vfsim_sb_edquot", path)

    def sb_network(self, path, info_flags):
        return check(lib.vfsim_sb_network(self.ptr, path_arg(path),
                                          u32_arg(info_flags, "info_flags")),
                     "vfsim_sb_network", path)

    # ---- the watchable test objects of testing.h -----------------------

    def test_watch(self, watch_fd, obj, watch_id):
        return check(lib.vfsim_test_watch(self.ptr, fd_arg(watch_fd, "watch_fd"),
                                          u64_arg(obj, "object"),
                                          fd_arg(watch_id, "watch_id")),
                     "vfsim_test_watch")

    def test_unwatch(self, watch_fd, obj):
        return check(lib.vfsim_test_unwatch(self.ptr, fd_arg(watch_fd, "watch_fd"),
                                            u64_arg(obj, "object")),
                     "vfsim_test_unwatch")

    def test_post(self, obj, record):
        """Post @record (bytes whose info field holds its length, or a
        Record, e.g. from Record.build()) to @obj's watchers."""
        from .pipes import Record
        if isinstance(record, Record):
            record = record.raw
        # Padded to the largest record: the C side reads as many bytes as
        # the info field claims.
        addr, _n, _keep = buffer_arg(bytes(record).ljust(128, b"\0"), "record")
        return check(lib.vfsim_test_post(self.ptr, u64_arg(obj, "object"), addr),
                     "vfsim_test_post")

    def test_destroy_object(self, obj):
        return check(lib.vfsim_test_destroy_object(self.ptr, u64_arg(obj, "object")),
                     "vfsim_test_destroy_object")

    # ---- filesystems ---------------------------------------------------

    def nfs_server_status(self, path):
        """What the NFS client knows of the server of @path, as a dict."""
        st = _lib.NfsServerStatus()
        check(lib.vfsim_nfs_server_status(self.ptr, path_arg(path),
                                          ctypes.byref(st)),
              "vfsim_nfs_server_status", path)
        return {"info_flags": st.info_flags, "changes": st.changes,
                "superblocks": st.superblocks}

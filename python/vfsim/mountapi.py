# SPDX-License-Identifier: LGPL-2.1-or-later
"""The new mount API (Linux 5.2 / 5.12 as 6.18 has it, docs/mount-api.md):
fsopen, fsconfig, fsmount, fspick, open_tree, move_mount, mount_setattr,
as methods of a Task.  Each returns what the call returns (an fd or 0)
or raises OSError with the errno."""
import ctypes
import errno as _errno
import struct

from ._lib import lib
from .constants import (AT_FDCWD, FSCONFIG_SET_BINARY, MOUNT_ATTR_SIZE_VER0)
from .errors import (INT_MAX, INT_MIN, check, fd_arg, int_arg, path_arg,
                     str_arg, u32_arg, u64_arg)

__all__ = ["MountApi"]


def _value_arg(value):
    """fsconfig's value: None (NULL), str (a C string), bytes-like (as
    is, for FSCONFIG_SET_BINARY).  (pointer-able object, length)."""
    if value is None:
        return None, 0
    if isinstance(value, str):
        b = str_arg(value, "value")
        return ctypes.create_string_buffer(b), len(b)
    try:
        b = bytes(memoryview(value))
    except TypeError:
        raise TypeError("value must be None, str or bytes-like, not "
                        f"{type(value).__name__}") from None
    return ctypes.create_string_buffer(b, max(len(b), 1)), len(b)


class MountApi:
    """Mixed into Task: self.ptr is the struct vfsim_task *."""

    def fsopen(self, fs_name, flags=0):
        """fsopen(2): an fs_context fd for filesystem type @fs_name."""
        return check(lib.vfsim_fsopen(self.ptr, str_arg(fs_name, "fs_name", False),
                                      u32_arg(flags, "flags")),
                     "fsopen", fs_name)

    def fsconfig(self, fd, cmd, key=None, value=None, aux=None):
        """fsconfig(2) as it is: @value None, a str or bytes; @aux None is
        the length of @value for FSCONFIG_SET_BINARY and 0 otherwise."""
        buf, n = _value_arg(value)
        if aux is None:
            aux = n if cmd == FSCONFIG_SET_BINARY else 0
        return check(lib.vfsim_fsconfig(self.ptr, fd_arg(fd), u32_arg(cmd, "cmd"),
                                        str_arg(key, "key"), buf,
                                        int_arg(aux, "aux", INT_MIN, INT_MAX)),
                     "fsconfig", key)

    def fsconfig_messages(self, fd):
        """The fs_context's messages ("e ...", "w ...", "i ..."), read until
        none is left (ENODATA)."""
        out = []
        while True:
            try:
                data = self.read(fd, 1024)
            except OSError as e:
                if e.errno == _errno.ENODATA:
                    return out
                raise
            out.append(data.decode(errors="replace").rstrip("\n"))

    def fsmount(self, fs_fd, flags=0, attr_flags=0):
        """fsmount(2): a detached mount's fd (O_PATH); MOUNT_ATTR_* @attr_flags."""
        return check(lib.vfsim_fsmount(self.ptr, fd_arg(fs_fd, "fs_fd"),
                                       u32_arg(flags, "flags"),
                                       u32_arg(attr_flags, "attr_flags")),
                     "fsmount")

    def fspick(self, path, flags=0, *, dfd=AT_FDCWD):
        """fspick(2): an fs_context fd to reconfigure @path's superblock."""
        return check(lib.vfsim_fspick(self.ptr, fd_arg(dfd, "dfd"),
                                      path_arg(path, none_ok=True),
                                      u32_arg(flags, "flags")),
                     "fspick", path)

    def open_tree(self, path, flags=0, *, dfd=AT_FDCWD):
        """open_tree(2): OPEN_TREE_CLONE (| AT_RECURSIVE) makes a detached
        copy, freed on close unless move_mount() attaches it."""
        return check(lib.vfsim_open_tree(self.ptr, fd_arg(dfd, "dfd"),
                                         path_arg(path, none_ok=True),
                                         u32_arg(flags, "flags")),
                     "open_tree", path)

    def move_mount(self, from_path, to_path, flags=0, *, from_dfd=AT_FDCWD,
                   to_dfd=AT_FDCWD):
        """move_mount(2); a detached tree's fd goes in @from_dfd with
        from_path "" and MOVE_MOUNT_F_EMPTY_PATH."""
        return check(lib.vfsim_move_mount(self.ptr, fd_arg(from_dfd, "from_dfd"),
                                          path_arg(from_path, "from_path", True),
                                          fd_arg(to_dfd, "to_dfd"),
                                          path_arg(to_path, "to_path", True),
                                          u32_arg(flags, "flags")),
                     "move_mount", to_path)

    def mount_setattr(self, path, flags=0, *, attr_set=0, attr_clr=0,
                      propagation=0, userns_fd=0, dfd=AT_FDCWD,
                      size=MOUNT_ATTR_SIZE_VER0):
        """mount_setattr(2) with a struct mount_attr of these fields;
        @flags AT_* (AT_RECURSIVE, AT_EMPTY_PATH, ...), @size the size
        passed (bytes past the struct are zeros)."""
        size = int_arg(size, "size", 0, 1 << 20)
        attr = struct.pack("<4Q", u64_arg(attr_set, "attr_set"),
                           u64_arg(attr_clr, "attr_clr"),
                           u64_arg(propagation, "propagation"),
                           u64_arg(userns_fd, "userns_fd"))
        buf = ctypes.create_string_buffer(attr, max(size, len(attr)))
        return check(lib.vfsim_mount_setattr(self.ptr, fd_arg(dfd, "dfd"),
                                             path_arg(path, none_ok=True),
                                             u32_arg(flags, "flags"), buf, size),
                     "mount_setattr", path)

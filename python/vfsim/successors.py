# SPDX-License-Identifier: LGPL-2.1-or-later
"""What Linux has instead of fsinfo's mount queries (docs/statmount.md):
statx's 64-bit unique mount ID, statmount(2) as a Statmount object with
its strings decoded, and listmount(2), paged."""
import ctypes
import dataclasses
import errno as _errno
import os
import struct

from ._lib import lib
from .constants import (AT_FDCWD, LISTMOUNT_REVERSE, LSMT_ROOT,
                        MNT_ID_REQ_SIZE_VER1, STATMOUNT_ALL,
                        STATMOUNT_FS_SUBTYPE, STATMOUNT_FS_TYPE,
                        STATMOUNT_MNT_BASIC, STATMOUNT_MNT_GIDMAP,
                        STATMOUNT_MNT_NS_ID, STATMOUNT_MNT_OPTS,
                        STATMOUNT_MNT_POINT, STATMOUNT_MNT_ROOT,
                        STATMOUNT_MNT_UIDMAP, STATMOUNT_OPT_ARRAY,
                        STATMOUNT_OPT_SEC_ARRAY, STATMOUNT_PROPAGATE_FROM,
                        STATMOUNT_SB_BASIC, STATMOUNT_SB_SOURCE,
                        STATMOUNT_SUPPORTED_MASK, STATX_MNT_ID,
                        STATX_MNT_ID_UNIQUE)
from .errors import (INT_MAX, check, fd_arg, int_arg, path_arg, u32_arg,
                     u64_arg)

__all__ = ["Statmount", "Successors", "decode_statmount", "STATMOUNT_FIELDS"]

# struct statmount before its strings (512 bytes), field by field.
_SM_FIELDS = [
    ("size", "I"), ("mnt_opts", "I"), ("mask", "Q"), ("sb_dev_major", "I"),
    ("sb_dev_minor", "I"), ("sb_magic", "Q"), ("sb_flags", "I"),
    ("fs_type", "I"), ("mnt_id", "Q"), ("mnt_parent_id", "Q"),
    ("mnt_id_old", "I"), ("mnt_parent_id_old", "I"), ("mnt_attr", "Q"),
    ("mnt_propagation", "Q"), ("mnt_peer_group", "Q"), ("mnt_master", "Q"),
    ("propagate_from", "Q"), ("mnt_root", "I"), ("mnt_point", "I"),
    ("mnt_ns_id", "Q"), ("fs_subtype", "I"), ("sb_source", "I"),
    ("opt_num", "I"), ("opt_array", "I"), ("opt_sec_num", "I"),
    ("opt_sec_array", "I"), ("supported_mask", "Q"), ("mnt_uidmap_num", "I"),
    ("mnt_uidmap", "I"), ("mnt_gidmap_num", "I"), ("mnt_gidmap", "I"),
]
_SM_FMT = "<" + "".join(f for _n, f in _SM_FIELDS)
_SM_HEAD = struct.calcsize(_SM_FMT)     # 168; then __spare2[43]
SIZEOF_STATMOUNT = 512
assert _SM_HEAD == 168

# Which fields each request bit fills: numbers as they are, a string
# field (its offset in the struct) as str, an array as a list of str.
STATMOUNT_FIELDS = {
    STATMOUNT_SB_BASIC: ("sb_dev_major", "sb_dev_minor", "sb_magic", "sb_flags"),
    STATMOUNT_MNT_BASIC: ("mnt_id", "mnt_parent_id", "mnt_id_old",
                          "mnt_parent_id_old", "mnt_attr", "mnt_propagation",
                          "mnt_peer_group", "mnt_master"),
    STATMOUNT_PROPAGATE_FROM: ("propagate_from",),
    STATMOUNT_MNT_ROOT: ("mnt_root",),
    STATMOUNT_MNT_POINT: ("mnt_point",),
    STATMOUNT_FS_TYPE: ("fs_type",),
    STATMOUNT_MNT_NS_ID: ("mnt_ns_id",),
    STATMOUNT_MNT_OPTS: ("mnt_opts",),
    STATMOUNT_FS_SUBTYPE: ("fs_subtype",),
    STATMOUNT_SB_SOURCE: ("sb_source",),
    STATMOUNT_OPT_ARRAY: ("opt_num", "opt_array"),
    STATMOUNT_OPT_SEC_ARRAY: ("opt_sec_num", "opt_sec_array"),
    STATMOUNT_SUPPORTED_MASK: ("supported_mask",),
    STATMOUNT_MNT_UIDMAP: ("mnt_uidmap_num", "mnt_uidmap"),
    STATMOUNT_MNT_GIDMAP: ("mnt_gidmap_num", "mnt_gidmap"),
}
_STRINGS = {"mnt_opts", "fs_type", "mnt_root", "mnt_point", "fs_subtype",
            "sb_source"}
# array field -> its count field
_ARRAYS = {"opt_array": "opt_num", "opt_sec_array": "opt_sec_num",
           "mnt_uidmap": "mnt_uidmap_num", "mnt_gidmap": "mnt_gidmap_num"}


@dataclasses.dataclass
class Statmount:
    """What statmount(2) wrote: size and mask always; every other field
    is None unless its STATMOUNT_* bit is in .mask (what was written: a
    bit asked for that the mount has nothing for stays clear, as
    STATMOUNT_FS_SUBTYPE does for every filesystem of the model).
    Strings are str, the arrays (opt_array, ...) lists of str."""
    size: int
    mask: int
    sb_dev_major: int = None
    sb_dev_minor: int = None
    sb_magic: int = None
    sb_flags: int = None
    mnt_id: int = None
    mnt_parent_id: int = None
    mnt_id_old: int = None
    mnt_parent_id_old: int = None
    mnt_attr: int = None
    mnt_propagation: int = None
    mnt_peer_group: int = None
    mnt_master: int = None
    propagate_from: int = None
    mnt_root: str = None
    mnt_point: str = None
    fs_type: str = None
    mnt_ns_id: int = None
    mnt_opts: str = None
    fs_subtype: str = None
    sb_source: str = None
    opt_num: int = None
    opt_array: list = None
    opt_sec_num: int = None
    opt_sec_array: list = None
    supported_mask: int = None
    mnt_uidmap_num: int = None
    mnt_uidmap: list = None
    mnt_gidmap_num: int = None
    mnt_gidmap: list = None

    def as_dict(self):
        """The fields that were written, {name: value}."""
        return {k: v for k, v in dataclasses.asdict(self).items()
                if v is not None}


def _cstr(buf, off):
    end = buf.find(b"\0", off)
    if end < 0:
        end = len(buf)
    return buf[off:end].decode(errors="surrogateescape")


def _cstrs(buf, off, n):
    out = []
    for _ in range(n):
        s = _cstr(buf, off)
        out.append(s)
        off += len(os.fsencode(s)) + 1
    return out


def decode_statmount(data):
    """A Statmount from the bytes of a statmount(2) buffer (the struct,
    then the strings from byte 512); a short buffer reads as zeros."""
    data = bytes(data)
    raw = dict(zip((n for n, _f in _SM_FIELDS),
                   struct.unpack_from(_SM_FMT, data.ljust(_SM_HEAD, b"\0"))))
    strs = data[SIZEOF_STATMOUNT:]
    sm = Statmount(size=raw["size"], mask=raw["mask"])
    for bit, names in STATMOUNT_FIELDS.items():
        if not raw["mask"] & bit:
            continue
        for n in names:
            if n in _STRINGS:
                setattr(sm, n, _cstr(strs, raw[n]))
            elif n in _ARRAYS:
                setattr(sm, n, _cstrs(strs, raw[n], raw[_ARRAYS[n]]))
            else:
                setattr(sm, n, raw[n])
    return sm


def _mnt_id_req(mnt_id, param, mnt_ns_id, mnt_ns_fd, req_size):
    """struct mnt_id_req's bytes, @req_size long (zeros past the struct)."""
    req_size = int_arg(req_size, "req_size", 0, U32_MAX)
    b = struct.pack("<IIQQQ", req_size,
                    0 if mnt_ns_fd is None else u32_arg(mnt_ns_fd, "mnt_ns_fd"),
                    u64_arg(mnt_id, "mnt_id"), u64_arg(param, "param"),
                    u64_arg(mnt_ns_id, "mnt_ns_id"))
    # The kernel reads @req_size bytes (at most a page before E2BIG).
    return ctypes.create_string_buffer(b, max(len(b), min(req_size, 8192)))


U32_MAX = 2**32 - 1
_MAX_BUF = 1 << 20


class Successors:
    """Mixed into Task: self.ptr is the struct vfsim_task *."""

    def open_mntns(self, flags=0):
        """open("/proc/self/ns/mnt", O_RDONLY | @flags) as vfsim_open_mntns()
        gives it: the task's mount namespace as an fd, for statmount's and
        listmount's mnt_ns_fd and fanotify_mark()'s FAN_MARK_MNTNS."""
        return check(lib.vfsim_open_mntns(self.ptr, u32_arg(flags, "flags")),
                     "open_mntns")

    def statx_mnt_id(self, path, *, unique=True, dfd=AT_FDCWD, flags=0):
        """statx(2)'s stx_mnt_id of @path: the 64-bit unique mount ID
        (STATX_MNT_ID_UNIQUE), or with unique=False the 32-bit one."""
        buf = ctypes.create_string_buffer(256)
        mask = STATX_MNT_ID_UNIQUE if unique else STATX_MNT_ID
        check(lib.vfsim_statx(self.ptr, fd_arg(dfd, "dfd"), path_arg(path),
                              int_arg(flags, "flags", -2**31, INT_MAX), mask,
                              buf),
              "statx", path)
        return struct.unpack_from("<Q", buf.raw, 0x90)[0]

    def _mnt_id_of(self, target):
        if isinstance(target, int) and not isinstance(target, bool):
            return u64_arg(target, "mnt_id")
        return self.statx_mnt_id(target)

    def statmount_raw(self, mnt_id, mask=STATMOUNT_ALL, bufsize=4096, *,
                      mnt_ns_id=0, mnt_ns_fd=None, flags=0,
                      req_size=MNT_ID_REQ_SIZE_VER1):
        """vfsim_statmount() once, as it is: the bytes of the buffer
        (@bufsize of them; the strings start at byte 512 even when
        @bufsize is smaller, so the memory passed has room for them)."""
        req = _mnt_id_req(mnt_id, mask, mnt_ns_id, mnt_ns_fd, req_size)
        bufsize = int_arg(bufsize, "bufsize", 0, _MAX_BUF)
        buf = ctypes.create_string_buffer(max(bufsize, SIZEOF_STATMOUNT + 1))
        check(lib.vfsim_statmount(self.ptr, req, buf, bufsize,
                                  u32_arg(flags, "flags")), "statmount")
        return buf.raw[:max(bufsize, SIZEOF_STATMOUNT + 1)]

    def statmount(self, target, mask=STATMOUNT_ALL, *, mnt_ns_id=0,
                  mnt_ns_fd=None, flags=0, req_size=MNT_ID_REQ_SIZE_VER1,
                  bufsize=None):
        """statmount(2) of @target, a unique mount ID or a path (through
        statx_mnt_id()): a Statmount with the fields @mask (STATMOUNT_*)
        asks for.  @bufsize None grows the buffer on EOVERFLOW (up to
        1 MiB); an int is the one size tried."""
        mnt_id = self._mnt_id_of(target)
        size = 4096 if bufsize is None else bufsize
        while True:
            try:
                data = self.statmount_raw(mnt_id, mask, size, mnt_ns_id=mnt_ns_id,
                                          mnt_ns_fd=mnt_ns_fd, flags=flags,
                                          req_size=req_size)
            except OSError as e:
                if (bufsize is None and e.errno == _errno.EOVERFLOW and
                        size < _MAX_BUF):
                    size *= 2
                    continue
                raise
            return decode_statmount(data)

    def listmount_raw(self, mnt_id=LSMT_ROOT, count=64, *, last_mnt_id=0,
                      reverse=False, mnt_ns_id=0, mnt_ns_fd=None, flags=None,
                      req_size=MNT_ID_REQ_SIZE_VER1):
        """vfsim_listmount() once: up to @count unique IDs below @mnt_id
        after @last_mnt_id (0: from the start), ascending or, with
        @reverse, descending.  @flags overrides what @reverse sets."""
        count = int_arg(count, "count", 0, 2**32)
        if flags is None:
            flags = LISTMOUNT_REVERSE if reverse else 0
        req = _mnt_id_req(mnt_id, last_mnt_id, mnt_ns_id, mnt_ns_fd, req_size)
        ids = (ctypes.c_uint64 * max(min(count, 1 << 20), 1))()
        n = check(lib.vfsim_listmount(self.ptr, req, ids, count,
                                      u32_arg(flags, "flags")), "listmount")
        return list(ids[:n])

    def listmount(self, target=LSMT_ROOT, count=None, *, last_mnt_id=0,
                  reverse=False, page=64, **kw):
        """listmount(2) below @target (LSMT_ROOT: the task's root, itself
        included; a unique mount ID; or a path): @count IDs in one call,
        or with count=None every one, asked for @page at a time, each page
        continuing after the last ID of the one before (last_mnt_id)."""
        mnt_id = target if target == LSMT_ROOT else self._mnt_id_of(target)
        if count is not None:
            return self.listmount_raw(mnt_id, count, last_mnt_id=last_mnt_id,
                                      reverse=reverse, **kw)
        return list(self.iter_listmount(mnt_id, last_mnt_id=last_mnt_id,
                                        reverse=reverse, page=page, **kw))

    def iter_listmount(self, target=LSMT_ROOT, *, last_mnt_id=0,
                       reverse=False, page=64, **kw):
        """The IDs listmount() gives, fetched @page at a time as they are
        iterated."""
        mnt_id = target if target == LSMT_ROOT else self._mnt_id_of(target)
        page = int_arg(page, "page", 1, 1 << 20)
        last = last_mnt_id
        while True:
            ids = self.listmount_raw(mnt_id, page, last_mnt_id=last,
                                     reverse=reverse, **kw)
            yield from ids
            if len(ids) < page:
                return
            last = ids[-1]

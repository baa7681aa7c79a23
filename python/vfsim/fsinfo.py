# SPDX-License-Identifier: LGPL-2.1-or-later
"""fsinfo(2) of the patch set, values decoded: a vstruct becomes a dict
(field names of <vfsim/uapi/linux/fsinfo.h>), a string a str, a list a
list (of dicts or ints), an opaque value bytes."""
import ctypes
import errno
import socket
import struct
import uuid

from . import _lib
from ._lib import lib
from .constants import (AT_FDCWD, FSINFO_FLAGS_QUERY_FD,
                        FSINFO_FLAGS_QUERY_MOUNT, FSINFO_FLAGS_QUERY_PATH,
                        FSINFO_TYPE_LIST, FSINFO_TYPE_OPAQUE,
                        FSINFO_TYPE_STRING, FSINFO_TYPE_VSTRUCT)
from .errors import check, fd_arg, path_arg, u32_arg

__all__ = ["ATTRS", "FEATURES", "FsinfoMixin", "decode_value"]

# name -> attribute ID
ATTRS = {
    "statfs": 0x00, "ids": 0x01, "limits": 0x02, "supports": 0x03,
    "timestamp_info": 0x04, "volume_id": 0x05, "volume_uuid": 0x06,
    "volume_name": 0x07, "features": 0x08, "sb_notifications": 0x09,
    "fsinfo_attribute_info": 0x100, "fsinfo_attributes": 0x101,
    "mount_info": 0x200, "mount_devname": 0x201, "mount_point": 0x202,
    "mount_children": 0x203,
    "afs_cell_name": 0x300, "afs_server_name": 0x301,
    "afs_server_addresses": 0x302,
    "ext4_timestamps": 0x400,
    "nfs_info": 0x500, "nfs_server_name": 0x501,
    "nfs_server_addresses": 0x502, "nfs_gssapi_name": 0x503,
}
ATTR_NAMES = {v: k for k, v in ATTRS.items()}

FEATURES = [
    "is_kernel_fs", "is_block_fs", "is_flash_fs", "is_network_fs",
    "is_automounter_fs", "is_memory_fs", "automounts", "adv_locks",
    "mand_locks", "leases", "uids", "gids", "projids", "string_user_ids",
    "guid_user_ids", "windows_attrs", "user_quotas", "group_quotas",
    "project_quotas", "xattrs", "journal", "data_is_journalled", "o_sync",
    "o_direct", "volume_id", "volume_uuid", "volume_name", "volume_fsid",
    "iver_all_change", "iver_data_change", "iver_mono_incr", "directories",
    "symlinks", "hard_links", "hard_links_1dir", "device_files",
    "unix_specials", "resource_forks", "name_case_indep", "name_non_utf8",
    "name_has_codepage", "sparse", "not_persistent", "no_unix_mode",
    "has_atime", "has_btime", "has_ctime", "has_mtime", "has_acl",
    "has_inode_numbers",
]

AF_RXRPC = 33

TYPE_NAMES = {FSINFO_TYPE_VSTRUCT: "vstruct", FSINFO_TYPE_STRING: "string",
              FSINFO_TYPE_OPAQUE: "opaque", FSINFO_TYPE_LIST: "list"}


def _u128(lo, hi):
    return lo | hi << 64


def _fields(fmt, names):
    def dec(b):
        return dict(zip(names, struct.unpack_from(fmt, b)))
    return struct.calcsize(fmt), dec


def _statfs(b):
    v = struct.unpack_from("<14Q", b)
    names = ["f_blocks", "f_bfree", "f_bavail", "f_files", "f_ffree", "f_favail"]
    d = {n: _u128(v[2 * i], v[2 * i + 1]) for i, n in enumerate(names)}
    d["f_bsize"], d["f_frsize"] = v[12], v[13]
    return d


def _ids(b):
    name, fsid, sb_id, fstype, dmaj, dmin = struct.unpack_from("<16sQQIII", b)
    return {"f_fs_name": name.split(b"\0")[0].decode(errors="replace"),
            "f_fsid": fsid, "f_sb_id": sb_id, "f_fstype": fstype,
            "f_dev_major": dmaj, "f_dev_minor": dmin}


def _limits(b):
    v = struct.unpack_from("<4Q5Q5I", b)
    d = {"max_file_size": _u128(v[0], v[1]), "max_ino": _u128(v[2], v[3])}
    d.update(zip(["max_uid", "max_gid", "max_projid", "max_hard_links",
                  "max_xattr_body_len", "max_xattr_name_len",
                  "max_filename_len", "max_symlink_len", "max_dev_major",
                  "max_dev_minor"], v[4:]))
    return d


def _timestamps(b):
    d = {}
    for i, n in enumerate(("atime", "mtime", "ctime", "btime")):
        mn, mx, mant, exp = struct.unpack_from("<qqHb", b, 24 * i)
        d[n] = {"minimum": mn, "maximum": mx, "gran_mantissa": mant,
                "gran_exponent": exp}
    return d


def _features(b):
    nr = struct.unpack_from("<I", b)[0]
    bits = b[4:11]
    return {"nr_features": nr,
            "features": [FEATURES[i] for i in range(len(FEATURES))
                         if bits[i // 8] & (1 << (i % 8))]}


def _inet(b):
    """(address, port) of a sockaddr_in or sockaddr_in6, else None."""
    family = struct.unpack_from("<H", b)[0]
    if family == socket.AF_INET:
        return socket.inet_ntop(socket.AF_INET, bytes(b[4:8])), \
            struct.unpack_from(">H", b, 2)[0]
    if family == socket.AF_INET6:
        return socket.inet_ntop(socket.AF_INET6, bytes(b[8:24])), \
            struct.unpack_from(">H", b, 2)[0]
    return None


def _sockaddr(b):
    """A sockaddr_storage: its family and bytes; an IPv4 or IPv6 address
    (also inside an AF_RXRPC one, with its service) decoded."""
    b = bytes(b[:128])
    family = struct.unpack_from("<H", b)[0]
    d = {"family": family, "raw": b}
    inner = b
    if family == AF_RXRPC:
        d["service"], _ttype, _tlen = struct.unpack_from("<HHH", b, 2)
        inner = b[8:]
    addr = _inet(inner)
    if addr:
        d["address"], d["port"] = addr
    return d


# attribute ID -> (struct size, decoder of one struct or element)
_VSTRUCTS = {
    0x00: (112, _statfs),
    0x01: (48, _ids),
    0x02: (96, _limits),
    0x03: _fields("<QIIIII", ["stx_attributes", "stx_mask", "fs_ioc_getflags",
                              "fs_ioc_setflags_set", "fs_ioc_setflags_clear",
                              "win_file_attrs"]),
    0x04: (96, _timestamps),
    0x06: (16, lambda b: {"uuid": str(uuid.UUID(bytes=bytes(b[:16])))}),
    0x08: (12, _features),
    0x09: _fields("<QI", ["watch_id", "notify_counter"]),
    0x100: _fields("<IIII", ["attr_id", "type", "flags", "size"]),
    0x200: _fields("<QIIIIIIII", ["f_sb_id", "mnt_id", "parent_id", "group_id",
                                  "master_id", "from_id", "attr",
                                  "change_counter", "propagation"]),
    0x400: _fields("<6Q", ["mkfs_time", "mount_time", "write_time",
                           "last_check_time", "first_error_time",
                           "last_error_time"]),
    0x500: _fields("<III", ["version", "minor_version", "transport_proto"]),
}
_LIST_ELEMS = {
    0x101: (4, lambda b: struct.unpack_from("<I", b)[0]),
    0x203: _fields("<II", ["mnt_id", "change_counter"]),
    0x302: (128, _sockaddr),
    0x502: (128, _sockaddr),
}
_STRINGS = {0x05, 0x07, 0x201, 0x202, 0x300, 0x301, 0x501, 0x503}


def attr_id(attr):
    if isinstance(attr, str):
        try:
            return ATTRS[attr]
        except KeyError:
            raise ValueError(f"unknown fsinfo attribute {attr!r}") from None
    return u32_arg(attr, "attribute")


def decode_value(attr, data):
    """The value of attribute @attr (ID or name) from its bytes."""
    a = attr_id(attr)
    if a in _VSTRUCTS:
        size, dec = _VSTRUCTS[a]
        # A vstruct's size is its version: an older, shorter one reads as
        # if the missing fields were 0.
        d = dec(bytes(data).ljust(size, b"\0"))
        if a == 0x100:
            d["type_name"] = TYPE_NAMES.get(d["type"])
            d["attr_name"] = ATTR_NAMES.get(d["attr_id"])
        return d
    if a in _STRINGS:
        data = bytes(data)
        # S8 (docs/fsinfo.md): MOUNT_POINT's length counts its NUL.
        if data.endswith(b"\0"):
            data = data[:-1]
        return data.decode(errors="surrogateescape")
    if a in _LIST_ELEMS:
        size, dec = _LIST_ELEMS[a]
        return [dec(data[i:i + size]) for i in range(0, len(data) - size + 1, size)]
    return bytes(data)


class FsinfoMixin:
    """Mixed into Task."""

    def fsinfo_raw(self, path, attr="statfs", n=0, m=0, *, dfd=AT_FDCWD,
                   at_flags=0, query=FSINFO_FLAGS_QUERY_PATH, size=None):
        """vfsim_fsinfo() as it is: (value's full size, the bytes copied).
        @size: the buffer size (None: grown until the value fits; 0: ask
        for the size only)."""
        params = _lib.FsinfoParams(at_flags=u32_arg(at_flags, "at_flags"),
                                   flags=u32_arg(query, "query"),
                                   request=attr_id(attr),
                                   Nth=u32_arg(n, "n"), Mth=u32_arg(m, "m"))
        p = None if path is None else path_arg(path)
        bufsize = 4096 if size is None else u32_arg(size, "size")
        while True:
            buf = ctypes.create_string_buffer(bufsize) if bufsize else None
            full = check(lib.vfsim_fsinfo(self.ptr, fd_arg(dfd, "dfd"), p,
                                          ctypes.byref(params), buf, bufsize),
                         "fsinfo", path)
            if size is not None or full <= bufsize:
                return full, (buf.raw[:min(full, bufsize)] if buf else b"")
            bufsize = full

    def fsinfo(self, path, attr="statfs", n=0, m=0, **kw):
        """The value of @attr (name or ID) of @path, decoded.  Keywords:
        dfd, at_flags, query (FSINFO_FLAGS_QUERY_*)."""
        _full, data = self.fsinfo_raw(path, attr, n, m, **kw)
        return decode_value(attr, data)

    def fsinfo_fd(self, fd, attr="statfs", n=0, m=0):
        return self.fsinfo(None, attr, n, m, dfd=fd, query=FSINFO_FLAGS_QUERY_FD)

    def fsinfo_mount(self, mnt_id, attr="mount_info", n=0, m=0):
        """By mount ID (FSINFO_FLAGS_QUERY_MOUNT)."""
        if isinstance(mnt_id, int) and not isinstance(mnt_id, bool):
            mnt_id = str(mnt_id)
        return self.fsinfo(mnt_id, attr, n, m, query=FSINFO_FLAGS_QUERY_MOUNT)

    def fsinfo_all(self, path, **kw):
        """Every attribute @path's filesystem answers, {name: value}; an
        attribute with N values (or N sets of M) gives a list (of lists),
        as far as the values go before ENODATA."""
        out = {}
        attrs = self.fsinfo(path, "fsinfo_attributes", **kw)
        infos = {a: self.fsinfo(path, "fsinfo_attribute_info", a, **kw)
                 for a in attrs}
        for a, info in infos.items():
            name = ATTR_NAMES.get(a, hex(a))
            if a == ATTRS["fsinfo_attribute_info"]:
                # Its Nth is an attribute ID: one value per attribute.
                out[name] = {ATTR_NAMES.get(b, hex(b)): i
                             for b, i in infos.items()}
            elif info["flags"] & 0x03:
                out[name] = self._fsinfo_series(path, a, info["flags"] & 0x02, kw)
            else:
                out[name] = self.fsinfo(path, a, **kw)
        return out

    def _fsinfo_series(self, path, a, nm, kw):
        vals = []
        for n in range(1 << 16):
            try:
                if nm:
                    vals.append(self._fsinfo_m(path, a, n, kw))
                else:
                    vals.append(self.fsinfo(path, a, n, **kw))
            except OSError as e:
                if e.errno != errno.ENODATA:  # no Nth value
                    raise
                return vals
        return vals

    def _fsinfo_m(self, path, a, n, kw):
        vals = []
        for m in range(1 << 16):
            try:
                vals.append(self.fsinfo(path, a, n, m, **kw))
            except OSError as e:
                if e.errno != errno.ENODATA or m == 0:
                    raise
                return vals
        return vals

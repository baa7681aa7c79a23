# SPDX-License-Identifier: LGPL-2.1-or-later
"""Notification pipes and their records, decoded into objects.

A Record keeps the raw bytes, the header's fields, the names the C
decoder uses (vfsim_record_names()), its one-line text
(vfsim_decode_record(), as `vfsim watch` prints it) and the payload's
fields by type (the layouts of <vfsim/uapi/linux/watch_queue.h>).
"""
import ctypes
import struct

from ._lib import lib
from .constants import (FIONREAD, IOC_WATCH_QUEUE_SET_FILTER,
                        IOC_WATCH_QUEUE_SET_SIZE, O_NOTIFICATION_PIPE,
                        NOTIFY_SUPERBLOCK_ERROR, NOTIFY_SUPERBLOCK_READONLY,
                        WATCH_META_REMOVAL_NOTIFICATION, WATCH_TYPE_KEY_NOTIFY,
                        WATCH_TYPE_META, WATCH_TYPE_MOUNT_NOTIFY,
                        WATCH_TYPE_SB_NOTIFY)
from .errors import check, int_arg, str_arg

# WATCH_QUEUE_MAX_FILTERS: more rules are refused from the header alone.
_MAX_FILTERS = 16

__all__ = ["Record", "decode_records", "record_names", "parse_filter",
           "NotificationPipe"]


def record_names():
    """{type: (name, [subtype names], [flag names])} from the C tables."""
    nr = ctypes.c_uint()
    tab = lib.vfsim_record_names(ctypes.byref(nr))
    out = {}
    for t in range(nr.value):
        n = tab[t]
        out[t] = (n.name.decode(),
                  [n.subtypes[i].decode() for i in range(n.nr_subtypes)],
                  [n.flags[i].decode() for i in range(n.nr_flags)])
    return out


_NAMES = record_names()


class Record:
    """One notification record.

    type, subtype: the header's numbers; type_name, subtype_name: their
    names (None if unknown); info: the info word; length: bytes in the
    record; id: the watch ID (info bits 8-15); flags: the type-specific
    flag bits (info bits 16-23) as a set of names; raw: the bytes; text:
    the C decoder's line.  Payload fields, present by type: object
    (removal, 16 bytes), key_id and aux (key), triggered_on and
    changed_mount (mount), sb_id (superblock), error and cookie
    (superblock error).
    """

    __slots__ = ("raw", "type", "subtype", "info", "length", "id", "flags",
                 "type_name", "subtype_name", "text", "object", "key_id",
                 "aux", "triggered_on", "changed_mount", "sb_id", "error",
                 "cookie")

    def __init__(self, raw):
        raw = bytes(raw)
        if len(raw) < 8:
            raise ValueError(f"short record: {len(raw)} bytes")
        word0, info = struct.unpack_from("<II", raw)
        length = info & 0x7F
        if length < 8 or length > len(raw):
            raise ValueError(f"bad record length {length} "
                             f"({len(raw)} bytes available)")
        raw = raw[:length]
        self.raw = raw
        self.type = word0 & 0xFFFFFF
        self.subtype = word0 >> 24
        self.info = info
        self.length = length
        self.id = (info >> 8) & 0xFF
        names = _NAMES.get(self.type)
        self.type_name = names[0] if names else None
        self.subtype_name = (names[1][self.subtype]
                             if names and self.subtype < len(names[1]) else None)
        # As the C decoder: superblock flag 0 is "now read-only" only in a
        # READONLY record.
        fnames = names[2] if names and not (
            self.type == WATCH_TYPE_SB_NOTIFY and
            self.subtype != NOTIFY_SUPERBLOCK_READONLY) else []
        bits = (info >> 16) & 0xFF
        self.flags = frozenset(fnames[i] if i < len(fnames) else f"flag{i}"
                               for i in range(8) if bits & (1 << i))
        for f in ("object", "key_id", "aux", "triggered_on", "changed_mount",
                  "sb_id", "error", "cookie"):
            setattr(self, f, None)
        self._payload()
        out = ctypes.create_string_buffer(512)
        lib.vfsim_decode_record(raw, len(raw), out, len(out))
        self.text = out.value.decode(errors="replace")

    def _payload(self):
        r, n, t = self.raw, self.length, self.type
        if t == WATCH_TYPE_META:
            if self.subtype == WATCH_META_REMOVAL_NOTIFICATION and n >= 16:
                (self.object,) = struct.unpack_from("<Q", r, 8)
        elif t == WATCH_TYPE_KEY_NOTIFY and n >= 16:
            self.key_id, self.aux = struct.unpack_from("<II", r, 8)
        elif t == WATCH_TYPE_MOUNT_NOTIFY and n >= 16:
            self.triggered_on, self.changed_mount = struct.unpack_from("<II", r, 8)
        elif t == WATCH_TYPE_SB_NOTIFY and n >= 16:
            (self.sb_id,) = struct.unpack_from("<Q", r, 8)
            if self.subtype == NOTIFY_SUPERBLOCK_ERROR and n >= 24:
                self.error, self.cookie = struct.unpack_from("<II", r, 16)

    @staticmethod
    def build(type, subtype, payload=b"", *, watch_id=0, info_flags=0):
        """The bytes of a record (for Task.test_post): header + payload."""
        length = 8 + len(payload)
        if length > 127:
            raise ValueError("a record holds at most 127 bytes")
        int_arg(info_flags, "info_flags", 0, 0xFFFFFFFF)
        if info_flags & 0xFFFF:
            raise ValueError("info_flags are the type-specific bits 16-31")
        info = length | int_arg(watch_id, "watch_id", 0, 255) << 8 | info_flags
        hdr = struct.pack("<II", (int_arg(type, "type", 0, 0xFFFFFF) |
                                  int_arg(subtype, "subtype", 0, 255) << 24), info)
        return Record(hdr + bytes(payload))

    def as_dict(self):
        d = {k: getattr(self, k) for k in self.__slots__ if k != "raw"}
        d["flags"] = sorted(self.flags)
        return {k: v for k, v in d.items() if v is not None}

    def __eq__(self, other):
        return isinstance(other, Record) and self.raw == other.raw

    def __hash__(self):
        return hash(self.raw)

    def __repr__(self):
        return f"<Record {self.text}>"


def decode_records(data):
    """The records of a read of a notification pipe, in order."""
    data = bytes(data)
    out, off = [], 0
    while off < len(data):
        rec = Record(data[off:])
        out.append(rec)
        off += rec.length
    return out


def parse_filter(text):
    """vfsim_filter_parse(): the bytes of a struct
    watch_notification_filter for the rules in @text (docs/filters.md)."""
    b = str_arg(text, "filter", none_ok=False)
    size = 8 + 44 * 64
    buf = ctypes.create_string_buffer(size)
    err = ctypes.create_string_buffer(256)
    n = lib.vfsim_filter_parse(b, buf, size, err, len(err))
    if n < 0 and err.value:
        raise ValueError(f"bad filter {text!r}: {err.value.decode()}")
    check(n, "vfsim_filter_parse")
    return buf.raw[:n]


class QueueFd:
    """What a task's notification queue fd answers the same way, whatever
    its records: FIONREAD, a read decoded into a list, draining, and
    forgetting (not closing) fds a snapshot reset took away.  A subclass
    sets _read_fd (the attribute that holds the fd read from) and
    _decode (bytes -> list)."""

    _read_fd = "fd"
    _closed = "I/O operation on closed file"

    def _open_fd(self, name):
        # As a closed file object does: ValueError, not a TypeError from
        # None reaching a call that wants an int.
        fd = getattr(self, name)
        if fd is None:
            raise ValueError(self._closed)
        return fd

    def _fd_numbers_stale(self):
        # After a reset that took the queue away, its fd numbers may be
        # someone else's.
        return (self.task._ptr is None or self.task.instance.destroyed or
                not self.task.instance._alive(self._epoch))

    def _fionread(self):
        n = ctypes.c_int()
        self.task.ioctl(self._open_fd(self._read_fd), FIONREAD,
                        ctypes.addressof(n))
        return n.value

    def read(self, size=4096):
        """One read: what it returned, decoded (empty if nothing waits
        on a non-blocking queue or an instance made with nosleep)."""
        try:
            return self._decode(self.task.read(self._open_fd(self._read_fd),
                                               size))
        except BlockingIOError:
            return []

    def _drain(self):
        out = []
        while True:
            batch = self.read()
            if not batch:
                return out
            out.extend(batch)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class NotificationPipe(QueueFd):
    """pipe2(O_NOTIFICATION_PIPE) in a task: .rfd reads records, .wfd is
    the write end watches take.  @size: how many records the queue
    holds (IOC_WATCH_QUEUE_SET_SIZE; None leaves it unsized, and so
    unwatchable); @filter: filter text or bytes.  A context manager:
    closes both ends."""

    def __init__(self, task, size=256, filter=None, flags=0):
        self.task = task
        self._epoch = task.instance._epoch
        self.rfd, self.wfd = task.pipe2(O_NOTIFICATION_PIPE | flags)
        try:
            if size is not None:
                self.set_size(size)
            if filter is not None:
                self.set_filter(filter)
        except BaseException:
            self.close()
            raise

    def set_size(self, nr_notes):
        return self.task.ioctl(self._open_fd("rfd"), IOC_WATCH_QUEUE_SET_SIZE,
                               int_arg(nr_notes, "nr_notes", 0, 2**31 - 1))

    def set_filter(self, rules):
        """@rules: filter text (docs/filters.md), the filter's bytes, or
        None to remove the filter."""
        if rules is None:
            return self.task.ioctl(self._open_fd("rfd"), IOC_WATCH_QUEUE_SET_FILTER, 0)
        data = parse_filter(rules) if isinstance(rules, str) else bytes(rules)
        if len(data) < 8:
            raise ValueError("a filter is at least 8 bytes")
        nr, reserved = struct.unpack_from("<II", data)
        if 0 < nr <= _MAX_FILTERS and not reserved and len(data) < 8 + 44 * nr:
            # The kernel would read the rules past the end of the bytes,
            # out of Python's memory.  (A header it refuses is passed on:
            # nothing past it is read.)
            raise ValueError(f"a filter of {nr} rules needs {8 + 44 * nr} "
                             f"bytes, not {len(data)}")
        return self.task.ioctl(self._open_fd("rfd"), IOC_WATCH_QUEUE_SET_FILTER, data)

    _read_fd = "rfd"
    _decode = staticmethod(decode_records)
    _closed = "I/O operation on closed pipe"

    def pending(self):
        """FIONREAD: bytes of records waiting."""
        return self._fionread()

    def watch_mount(self, path, watch_id, **kw):
        return self.task.watch_mount(path, self._open_fd("wfd"), watch_id, **kw)

    def watch_sb(self, path, watch_id, **kw):
        return self.task.watch_sb(path, self._open_fd("wfd"), watch_id, **kw)

    def watch_key(self, key, watch_id):
        return self.task.watch_key(key, self._open_fd("wfd"), watch_id)

    def records(self):
        """Every record waiting, in order."""
        return self._drain()

    def close(self):
        gone = self._fd_numbers_stale()
        for name in ("rfd", "wfd"):
            fd = getattr(self, name)
            if fd is not None:
                setattr(self, name, None)
                if not gone:
                    self.task.close(fd)

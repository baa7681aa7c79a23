# SPDX-License-Identifier: LGPL-2.1-or-later
"""fanotify mount events (Linux 6.15+ as 6.18 has them, docs/fanotify.md):
fanotify_init(), fanotify_mark() on a mount namespace, and the events
read from the group parsed into FanotifyEvent objects."""
import dataclasses
import struct

from ._lib import lib
from .constants import (AT_FDCWD, FAN_EVENT_INFO_TYPE_MNT,
                        FAN_EVENT_METADATA_LEN, FAN_MARK_ADD, FAN_MARK_FLUSH,
                        FAN_MARK_MNTNS, FAN_MARK_REMOVE, FAN_MNT_ATTACH,
                        FAN_MNT_DETACH, FAN_NONBLOCK, FAN_Q_OVERFLOW,
                        FAN_REPORT_MNT, O_RDONLY)
from .errors import check, fd_arg, path_arg, u32_arg, u64_arg
from .pipes import QueueFd

__all__ = ["FanotifyEvent", "FanotifyGroup", "FanotifyMixin",
           "parse_events"]

_MD = struct.Struct("<IBBHQii")       # struct fanotify_event_metadata
_HDR = struct.Struct("<BBH")          # struct fanotify_event_info_header
assert _MD.size == FAN_EVENT_METADATA_LEN


@dataclasses.dataclass
class FanotifyEvent:
    """One event as read(): the metadata's fields, the mount's unique ID
    from the FAN_EVENT_INFO_TYPE_MNT record (None for FAN_Q_OVERFLOW,
    which has no record), every info record as (type, bytes of the
    record after its header), and the event's bytes."""
    mask: int
    pid: int
    fd: int
    mnt_id: int = None
    vers: int = 0
    info: list = dataclasses.field(default_factory=list)
    raw: bytes = b""

    @property
    def attach(self):
        return bool(self.mask & FAN_MNT_ATTACH)

    @property
    def detach(self):
        """A move is one event, attach and detach both set."""
        return bool(self.mask & FAN_MNT_DETACH)

    @property
    def overflow(self):
        return bool(self.mask & FAN_Q_OVERFLOW)

    @property
    def kind(self):
        """"attach", "detach", "move" (both), "overflow", or the mask in hex."""
        if self.overflow:
            return "overflow"
        if self.attach and self.detach:
            return "move"
        if self.attach:
            return "attach"
        if self.detach:
            return "detach"
        return hex(self.mask)


def parse_events(data):
    """The events of a read of a fanotify group, in order.  ValueError
    for bytes that are not whole events."""
    data = bytes(data)
    out, off = [], 0
    while off < len(data):
        if len(data) - off < _MD.size:
            raise ValueError(f"short event at {off}: {len(data) - off} bytes")
        event_len, vers, _res, md_len, mask, fd, pid = _MD.unpack_from(data, off)
        if event_len < md_len or md_len < _MD.size or off + event_len > len(data):
            raise ValueError(f"bad event at {off}: event_len {event_len}, "
                             f"metadata_len {md_len}, {len(data) - off} bytes")
        ev = FanotifyEvent(mask=mask, pid=pid, fd=fd, vers=vers,
                           raw=data[off:off + event_len])
        i = md_len
        while i < event_len:
            if event_len - i < _HDR.size:
                raise ValueError(f"short info record at {off + i}")
            itype, _pad, ilen = _HDR.unpack_from(data, off + i)
            if ilen < _HDR.size or i + ilen > event_len:
                raise ValueError(f"bad info record length {ilen} at {off + i}")
            body = data[off + i + _HDR.size:off + i + ilen]
            ev.info.append((itype, body))
            # struct fanotify_event_info_mnt: header, 4-byte hole, u64.
            if itype == FAN_EVENT_INFO_TYPE_MNT and ilen >= 16:
                (ev.mnt_id,) = struct.unpack_from("<Q", data, off + i + 8)
            i += ilen
        out.append(ev)
        off += event_len
    return out


class FanotifyMixin:
    """Mixed into Task: the calls as they are (open_mntns() is
    vfsim.successors')."""

    def fanotify_init(self, flags=FAN_REPORT_MNT | FAN_NONBLOCK,
                      event_f_flags=O_RDONLY):
        """fanotify_init(2): the group's fd."""
        return check(lib.vfsim_fanotify_init(self.ptr, u32_arg(flags, "flags"),
                                             u32_arg(event_f_flags,
                                                     "event_f_flags")),
                     "fanotify_init")

    def fanotify_mark(self, fanotify_fd, flags, mask, dfd=AT_FDCWD, path=None):
        """fanotify_mark(2): @path None marks @dfd itself (a namespace fd)."""
        return check(lib.vfsim_fanotify_mark(self.ptr, fd_arg(fanotify_fd,
                                                              "fanotify_fd"),
                                             u32_arg(flags, "flags"),
                                             u64_arg(mask, "mask"),
                                             fd_arg(dfd, "dfd"),
                                             path_arg(path, none_ok=True)),
                     "fanotify_mark", path)

    def fanotify(self, mask=FAN_MNT_ATTACH | FAN_MNT_DETACH,
                 flags=FAN_REPORT_MNT | FAN_NONBLOCK, event_f_flags=O_RDONLY):
        """A FanotifyGroup watching this task's mount namespace for @mask
        (mask 0: no mark yet)."""
        return FanotifyGroup(self, mask, flags, event_f_flags)


class FanotifyGroup(QueueFd):
    """A fanotify group in a task (.fd), with a mark on the task's mount
    namespace for @mask.  A context manager: closes the group, and with
    it its marks and queued events."""

    def __init__(self, task, mask=FAN_MNT_ATTACH | FAN_MNT_DETACH,
                 flags=FAN_REPORT_MNT | FAN_NONBLOCK, event_f_flags=O_RDONLY):
        self.task = task
        self._epoch = task.instance._epoch
        self.fd = task.fanotify_init(flags, event_f_flags)
        try:
            if mask:
                self.mark(mask)
        except BaseException:
            self.close()
            raise

    def _ns_mark(self, flags, mask, ns_fd):
        if ns_fd is not None:
            return self.task.fanotify_mark(self.fd, flags, mask, ns_fd)
        ns = self.task.open_mntns()
        try:
            return self.task.fanotify_mark(self.fd, flags, mask, ns)
        finally:
            self.task.close(ns)

    def mark(self, mask, flags=0, ns_fd=None):
        """FAN_MARK_ADD | FAN_MARK_MNTNS | @flags of @mask on the task's
        namespace (or the namespace fd @ns_fd)."""
        return self._ns_mark(FAN_MARK_ADD | FAN_MARK_MNTNS | flags, mask, ns_fd)

    def unmark(self, mask, flags=0, ns_fd=None):
        """FAN_MARK_REMOVE: ENOENT if there is no mark."""
        return self._ns_mark(FAN_MARK_REMOVE | FAN_MARK_MNTNS | flags, mask, ns_fd)

    def flush(self):
        """FAN_MARK_FLUSH of the group's namespace marks."""
        return self.task.fanotify_mark(self.fd, FAN_MARK_FLUSH | FAN_MARK_MNTNS, 0)

    _decode = staticmethod(parse_events)

    def pending(self):
        """FIONREAD: 24 bytes an event waiting, as 6.18 counts (not the
        events' lengths)."""
        return self._fionread()

    def read(self, size=4096):
        """One read(): the events it returned (empty if none waits on a
        non-blocking group or an instance made with nosleep).  A @size
        the first event does not fit in is EINVAL."""
        return super().read(size)

    def events(self):
        """Every event waiting, in order."""
        return self._drain()

    def close(self):
        fd, self.fd = self.fd, None
        if fd is not None and not self._fd_numbers_stale():
            self.task.close(fd)

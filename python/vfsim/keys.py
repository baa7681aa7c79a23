# SPDX-License-Identifier: LGPL-2.1-or-later
"""Keys and keyrings (docs/keys.md): add_key(2), request_key(2),
keyctl(2) and the garbage collector, as methods of a Task.  A key is
named by its serial or a KEY_SPEC_* ID."""
import ctypes
import struct

from ._lib import lib
from .constants import (KEYCTL_CHOWN, KEYCTL_CLEAR, KEYCTL_DESCRIBE,
                        KEYCTL_GET_KEYRING_ID, KEYCTL_INVALIDATE, KEYCTL_LINK,
                        KEYCTL_READ, KEYCTL_REVOKE, KEYCTL_SETPERM,
                        KEYCTL_UNLINK, KEYCTL_UPDATE, KEYCTL_WATCH_KEY)
from .errors import ULONG_MAX, check, fd_arg, int_arg, str_arg, u32_arg

__all__ = ["Keys"]


def _serial(v, name="key"):
    return int_arg(v, name, -2**31, 2**31 - 1)


def _ul(v):
    """An int as keyctl()'s unsigned long argument (negative IDs and -1
    uids sign-extended, as a C caller's int would be)."""
    return v & ULONG_MAX


def _payload(data, name="payload"):
    if data is None:
        return None, 0, None
    if isinstance(data, str):
        raise TypeError(f"{name} must be bytes-like, not str")
    b = bytes(memoryview(data))
    buf = ctypes.create_string_buffer(b, max(len(b), 1))
    return ctypes.addressof(buf), len(b), buf


class Keys:
    """Mixed into Task."""

    def add_key(self, type, description, payload=None, ringid=-3):
        """add_key(2) into @ringid (default KEY_SPEC_SESSION_KEYRING):
        the new or updated key's serial."""
        addr, n, _keep = _payload(payload)
        return check(lib.vfsim_add_key(self.ptr, str_arg(type, "type", False),
                                       str_arg(description, "description"),
                                       addr, n, _serial(ringid, "ringid")),
                     "add_key", description)

    def request_key(self, type, description, callout_info=None, destringid=0):
        return check(lib.vfsim_request_key(self.ptr, str_arg(type, "type", False),
                                           str_arg(description, "description"),
                                           str_arg(callout_info, "callout_info"),
                                           _serial(destringid, "destringid")),
                     "request_key", description)

    def keyctl(self, cmd, arg2=0, arg3=0, arg4=0, arg5=0):
        """keyctl(2) as it is: integer arguments (addresses for
        buffers), the call's result."""
        args = [_ul(int_arg(a, f"arg{i}", -2**63, ULONG_MAX))
                for i, a in enumerate((arg2, arg3, arg4, arg5), 2)]
        return check(lib.vfsim_keyctl(self.ptr, int_arg(cmd, "cmd", -2**31, 2**31 - 1),
                                      *args), "keyctl")

    def key_gc(self):
        return check(lib.vfsim_key_gc(self.ptr), "vfsim_key_gc")

    # ---- the commands, with Python arguments and results ---------------

    def keyring_id(self, special, create=False):
        """KEYCTL_GET_KEYRING_ID: the serial a KEY_SPEC_* ID stands for."""
        return self.keyctl(KEYCTL_GET_KEYRING_ID, _ul(_serial(special)), int(bool(create)))

    def key_update(self, key, payload):
        addr, n, _keep = _payload(payload)
        return self.keyctl(KEYCTL_UPDATE, _ul(_serial(key)), addr or 0, n)

    def key_revoke(self, key):
        return self.keyctl(KEYCTL_REVOKE, _ul(_serial(key)))

    def key_invalidate(self, key):
        return self.keyctl(KEYCTL_INVALIDATE, _ul(_serial(key)))

    def key_chown(self, key, uid, gid):
        """-1 leaves an ID as it is."""
        ids = [0xFFFFFFFF if v == -1 else u32_arg(v, n)
               for v, n in ((uid, "uid"), (gid, "gid"))]
        return self.keyctl(KEYCTL_CHOWN, _ul(_serial(key)), *ids)

    def key_setperm(self, key, perm):
        return self.keyctl(KEYCTL_SETPERM, _ul(_serial(key)), u32_arg(perm, "perm"))

    def keyring_clear(self, ring):
        return self.keyctl(KEYCTL_CLEAR, _ul(_serial(ring, "ring")))

    def key_link(self, key, ring):
        return self.keyctl(KEYCTL_LINK, _ul(_serial(key)), _ul(_serial(ring, "ring")))

    def key_unlink(self, key, ring):
        return self.keyctl(KEYCTL_UNLINK, _ul(_serial(key)), _ul(_serial(ring, "ring")))

    def _sized(self, cmd, key):
        k = _ul(_serial(key))
        size = self.keyctl(cmd, k, 0, 0)
        while True:
            buf = ctypes.create_string_buffer(max(size, 1))
            n = self.keyctl(cmd, k, ctypes.addressof(buf), size)
            if n <= size:
                return buf.raw[:n]
            size = n

    def key_describe(self, key):
        """KEYCTL_DESCRIBE as a dict: type, uid, gid, perm, description."""
        text = self._sized(KEYCTL_DESCRIBE, key).rstrip(b"\0").decode(
            errors="surrogateescape")
        type_, uid, gid, perm, desc = text.split(";", 4)
        return {"type": type_, "uid": int(uid), "gid": int(gid),
                "perm": int(perm, 16), "description": desc}

    def key_read(self, key):
        """KEYCTL_READ: a key's payload (bytes)."""
        return self._sized(KEYCTL_READ, key)

    def keyring_read(self, ring):
        """KEYCTL_READ of a keyring: the serials it links."""
        data = self._sized(KEYCTL_READ, ring)
        return list(struct.unpack(f"<{len(data) // 4}i", data[:len(data) // 4 * 4]))

    def watch_key(self, key, watch_fd, watch_id):
        """KEYCTL_WATCH_KEY: -1 as @watch_id removes the watch."""
        return self.keyctl(KEYCTL_WATCH_KEY, _ul(_serial(key)),
                           _ul(fd_arg(watch_fd, "watch_fd")),
                           _ul(fd_arg(watch_id, "watch_id")))

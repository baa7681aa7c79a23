# SPDX-License-Identifier: LGPL-2.1-or-later
"""A harness's security policy (vfsim_set_lsm()) and oops hook, as Python
callables.  They run inside the call that triggers them, on its thread,
possibly with kernel locks held: they must not call into the instance."""
import collections
import ctypes
import errno

from . import _lib
from ._lib import lib

__all__ = ["Cred", "Security"]

Cred = collections.namedtuple("Cred", "uid gid caps")


def _cred(p):
    c = p.contents
    return Cred(c.uid, c.gid, c.caps)


class Security:
    """Mixed into Instance."""

    def _hook(self, fn, convert):
        def call(_arg, *args):
            self._in_hook += 1
            try:
                rc = fn(*convert(args))
            except BaseException as e:  # noqa: B902 - nothing may unwind into C
                # A hook that raised denies, and the exception is kept
                # for the test to see.
                self.hook_errors.append(e)
                return -errno.EPERM
            finally:
                self._in_hook -= 1
            if rc is None:
                return 0
            if not isinstance(rc, int) or rc > 0:
                self.hook_errors.append(
                    TypeError(f"an LSM hook returned {rc!r}, not 0 or -errno"))
                return -errno.EPERM
            return rc
        return call

    def set_lsm(self, *, post_notification=None, watch_mount=None,
                watch_sb=None, sb_statfs=None):
        """Install the hooks given (the others allow); with none, remove
        the policy.  Each returns None or 0 to allow, or -errno to deny:
          post_notification(watcher, poster, record)  (Creds, a Record)
          watch_mount(who, mnt_id)
          watch_sb(who, sb_id)
          sb_statfs(who, sb_id)
        A hook that raises denies with EPERM; its exception is appended to
        .hook_errors."""
        from .pipes import Record
        ptr = self.ptr
        hooks = (post_notification, watch_mount, watch_sb, sb_statfs)
        if not any(hooks):
            lib.vfsim_set_lsm(ptr, None, None)
            self._lsm = None
            return
        for h in hooks:
            if h is not None and not callable(h):
                raise TypeError("an LSM hook must be callable")

        def rec(p):
            info = ctypes.string_at(p, 8)
            return Record(ctypes.string_at(p, max(info[4] & 0x7F, 8)))

        ops = _lib.LsmOps()
        if post_notification:
            ops.post_notification = _lib.POST_HOOK(self._hook(
                post_notification, lambda a: (_cred(a[0]), _cred(a[1]), rec(a[2]))))
        if watch_mount:
            ops.watch_mount = _lib.MNT_HOOK(self._hook(
                watch_mount, lambda a: (_cred(a[0]), a[1])))
        if watch_sb:
            ops.watch_sb = _lib.SB_HOOK(self._hook(
                watch_sb, lambda a: (_cred(a[0]), a[1])))
        if sb_statfs:
            ops.sb_statfs = _lib.SB_HOOK(self._hook(
                sb_statfs, lambda a: (_cred(a[0]), a[1])))
        # The C side keeps the table's address: it lives on the instance.
        self._lsm = ops
        lib.vfsim_set_lsm(ptr, ctypes.byref(ops), None)

    def set_oops_hook(self, fn):
        """Where a posted patch would oops (quirk B4), @fn(function,
        reason) is called and the syscall fails with EFAULT; None
        removes the hook (oopses are then printed to stderr)."""
        ptr = self.ptr
        if fn is None:
            lib.vfsim_set_oops_hook(ptr, _lib.OOPS_HOOK(), None)
            self._oops = None
            return
        if not callable(fn):
            raise TypeError("the oops hook must be callable")

        def call(_arg, function, reason):
            self._in_hook += 1
            try:
                fn(function.decode(), reason.decode())
            except BaseException as e:  # noqa: B902
                self.hook_errors.append(e)
            finally:
                self._in_hook -= 1
        self._oops = _lib.OOPS_HOOK(call)
        lib.vfsim_set_oops_hook(ptr, self._oops, None)

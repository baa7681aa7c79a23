# SPDX-License-Identifier: LGPL-2.1-or-later
"""Instances (struct vfsim) and tasks (struct vfsim_task)."""
import ctypes
import weakref

from . import _lib
from ._lib import lib
from .constants import ALLOC_DEFAULT
from .errors import check, int_arg, str_arg, u32_arg, u64_arg
from .fanotify import FanotifyMixin
from .faults import Faults
from .fsinfo import FsinfoMixin
from .keys import Keys
from .mountapi import MountApi
from .security import Security
from .successors import Successors
from .syscalls import Syscalls
from .tree import TreeMixin

__all__ = ["Instance", "Task", "DestroyedError", "version"]


class DestroyedError(ValueError):
    """A call on an instance or task that was destroyed."""


def version():
    """The library's version string."""
    return lib.vfsim_version().decode()


class Instance(Faults, Security):
    """One simulated kernel.  A context manager: leaving the block
    destroys it (once); destroy() returns the leak check's count.

    nosleep defaults to True here (False in C): a Python test drives the
    instance from one thread, where a read of an empty blocking pipe
    would never return (vfsim.h, "Threads").
    """

    def __init__(self, tree=None, *, seed=0, quirks=0, allocator=ALLOC_DEFAULT,
                 mhash_shift=0, sb_id_start=0, nosleep=True, mount_max=0,
                 region_size=0):
        opts = _lib.Options(
            seed=u64_arg(seed, "seed"), quirks=u64_arg(quirks, "quirks"),
            allocator=int_arg(allocator, "allocator", 0, 2**31 - 1),
            mhash_shift=u32_arg(mhash_shift, "mhash_shift"),
            sb_id_start=u64_arg(sb_id_start, "sb_id_start"),
            nosleep=bool(nosleep), mount_max=u32_arg(mount_max, "mount_max"),
            region_size=u64_arg(region_size, "region_size"))
        if tree is not None:
            str_arg(tree, "tree")
        ptr = _lib.V()
        check(lib.vfsim_create(ctypes.byref(opts), ctypes.byref(ptr)),
              "vfsim_create")
        self._ptr = ptr
        self._tasks = []
        self._init = None
        self._lsm = self._oops = None
        self._scenarios = weakref.WeakSet()
        # Resets: objects made at epoch >= _snap_epoch and before the
        # current epoch were made after the snapshot and are gone.
        self._epoch = 0
        self._snap_epoch = None
        self._snap_tasks = None
        self.hook_errors = []
        self._in_hook = 0  # hooks of this instance running (security.py)
        self.leak_report = None
        if tree is not None:
            try:
                self.boot(tree)
            except BaseException:
                self.destroy()
                raise

    # ---- life ----------------------------------------------------------

    @property
    def ptr(self):
        """The struct vfsim * (for code that calls the C API itself)."""
        if self._ptr is None:
            raise DestroyedError("the instance was destroyed")
        return self._ptr

    @property
    def destroyed(self):
        return self._ptr is None

    def destroy(self):
        """vfsim_destroy_check(): tear down, then count what leaked (plus
        the kernel warnings of the teardown); the report's text is kept in
        .leak_report.  Returns that count, 0 for a clean instance.  Every
        task of the instance is gone with it.  A second call raises."""
        ptr = self.ptr
        if self._in_hook:
            # The call the hook runs in still holds the kernel's locks and
            # references: a teardown from here warns, then waits forever
            # for what that call holds.
            raise RuntimeError("destroy() inside a hook of the same instance: "
                               "the call the hook runs in is still using it; "
                               "destroy it after that call returns")
        # A scenario still open holds the instance: it ends first.
        for s in list(self._scenarios):
            s.end()
        self._ptr = None
        for t in self._tasks:
            t._ptr = None
        if self._init is not None:
            self._init._ptr = None
        with _lib.MemStream() as report:
            leaks = lib.vfsim_destroy_check(ptr, report.fp)
            self.leak_report = report.close().decode(errors="replace")
        return leaks

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._ptr is not None:
            self.destroy()

    def __del__(self):
        # An instance nobody destroyed is torn down quietly.
        if getattr(self, "_ptr", None) is not None:
            try:
                lib.vfsim_destroy(self._ptr)
            except Exception:  # interpreter shutdown: nothing to report to
                pass
            self._ptr = None

    def __repr__(self):
        if self._ptr is None:
            return "<vfsim.Instance destroyed>"
        st = self.alloc_stats()
        note = st["allocator_note"]
        note = f" ({note})" if note else ""
        return f"<vfsim.Instance live allocator={st['allocator']}{note}>"

    # ---- snapshots -----------------------------------------------------

    def snapshot(self):
        """vfsim_snapshot(): save the whole kernel, to come back to with
        reset() (docs/snapshot.md).  The instance must be made with
        allocator=ALLOC_SNAPSHOT (EOPNOTSUPP otherwise)."""
        check(lib.vfsim_snapshot(self.ptr), "vfsim_snapshot")
        self._epoch += 1
        self._snap_epoch = self._epoch
        self._snap_tasks = [(t, t._ptr) for t in self._tasks]
        if self._init is not None:
            self._snap_tasks.append((self._init, self._init._ptr))

    def reset(self):
        """vfsim_reset(): back to the snapshot.  Tasks made since are
        gone (their methods raise DestroyedError); tasks of the snapshot,
        even ones destroyed since, are valid again; scenarios still open
        end first; pipes and fds opened since are gone (a NotificationPipe
        made since forgets its fds).  ENODATA with no snapshot."""
        ptr = self.ptr
        for s in list(self._scenarios):
            s.end()
        check(lib.vfsim_reset(ptr), "vfsim_reset")
        self._epoch += 1
        for t in self._tasks:
            t._ptr = None
        self._tasks = []
        for t, p in self._snap_tasks:
            t._ptr = p
            if t.is_init:
                self._init = t
            else:
                self._tasks.append(t)

    def _alive(self, epoch):
        """Whether an object made at @epoch survived the resets since."""
        return (self._snap_epoch is None or epoch < self._snap_epoch or
                epoch == self._epoch)

    # ---- boot, tasks ---------------------------------------------------

    def boot(self, tree="default"):
        """vfsim_boot(): "empty" or "default" (docs/default-tree.md)."""
        b = str_arg(tree, "tree", none_ok=False)
        check(lib.vfsim_boot(self.ptr, b), "vfsim_boot", tree)
        return self.init

    @property
    def init(self):
        """The init task (uid 0, every capability)."""
        if self._init is not None and self._init._ptr is not None:
            return self._init
        p = lib.vfsim_init_task(self.ptr)
        if not p:
            raise ValueError("the instance is not booted")
        self._init = Task(self, p, is_init=True)
        return self._init

    def task(self, uid=0, gid=0):
        """vfsim_task_create(): a process forked from init with new
        credentials."""
        out = _lib.T()
        check(lib.vfsim_task_create(self.ptr, u32_arg(uid, "uid"),
                                    u32_arg(gid, "gid"), ctypes.byref(out)),
              "vfsim_task_create")
        t = Task(self, out.value)
        self._tasks.append(t)
        return t

    # ---- instance-wide calls -------------------------------------------

    @property
    def quirks(self):
        return lib.vfsim_quirks(self.ptr)

    @quirks.setter
    def quirks(self, bits):
        lib.vfsim_set_quirks(self.ptr, u64_arg(bits, "quirks"))

    def expire_mounts(self):
        """One pass of mark_mounts_for_expiry(): how many were unmounted."""
        return check(lib.vfsim_expire_mounts(self.ptr), "vfsim_expire_mounts")

    def afs_server_down(self, uuid):
        return check(lib.vfsim_afs_server_down(self.ptr, str_arg(uuid, "uuid", False)),
                     "vfsim_afs_server_down", uuid)

    def afs_server_up(self, uuid):
        return check(lib.vfsim_afs_server_up(self.ptr, str_arg(uuid, "uuid", False)),
                     "vfsim_afs_server_up", uuid)

    def afs_add_cells(self, spec):
        return check(lib.vfsim_afs_add_cells(self.ptr, str_arg(spec, "spec", False)),
                     "vfsim_afs_add_cells", spec)

    def run_scenario(self, text, **kw):
        """Run scenario text on this instance (vfsim.scenario.run)."""
        from .scenario import run
        return run(self, text, **kw)


class Task(Syscalls, MountApi, Successors, FanotifyMixin, FsinfoMixin,
           TreeMixin, Keys):
    """A process in an instance: the system calls are its methods."""

    def __init__(self, instance, ptr, is_init=False):
        self.instance = instance
        self._ptr = ptr
        self.is_init = is_init

    @property
    def ptr(self):
        if self._ptr is None:
            if self.instance.destroyed:
                raise DestroyedError("the task's instance was destroyed")
            raise DestroyedError("the task was destroyed")
        return self._ptr

    def destroy(self):
        """Exit: the task's fds are closed.  The init task cannot exit."""
        if self.is_init:
            raise ValueError("the init task cannot be destroyed")
        lib.vfsim_task_destroy(self.ptr)
        self._ptr = None
        self.instance._tasks.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._ptr is not None and not self.is_init:
            self.destroy()

    def __repr__(self):
        if self._ptr is None:
            return "<vfsim.Task destroyed>"
        return f"<vfsim.Task uid={self.uid} gid={self.gid}>"

    @property
    def uid(self):
        return lib.vfsim_task_uid(self.ptr)

    @property
    def gid(self):
        return lib.vfsim_task_gid(self.ptr)

    @property
    def caps(self):
        return lib.vfsim_task_caps(self.ptr)

    @caps.setter
    def caps(self, bits):
        lib.vfsim_task_set_caps(self.ptr, u64_arg(bits, "caps"))

    # ---- fork, exit, unshare, setns (docs/namespaces.md) ------------------

    def fork(self, flags=0):
        """vfsim_task_fork(): a child of this task (CLONE_FS, CLONE_FILES,
        CLONE_NEWNS), with its credentials, root, cwd, fds and namespace."""
        out = _lib.T()
        check(lib.vfsim_task_fork(self.ptr, u64_arg(flags, "flags"),
                                  ctypes.byref(out)), "vfsim_task_fork")
        t = Task(self.instance, out.value)
        self.instance._tasks.append(t)
        return t

    def exit(self):
        """vfsim_task_exit(): as destroy()."""
        self.destroy()

    def unshare(self, flags):
        return check(lib.vfsim_unshare(self.ptr, u64_arg(flags, "flags")),
                     "vfsim_unshare")

    def setns(self, fd, nstype=0):
        return check(lib.vfsim_setns(self.ptr, int(fd), int(nstype)), "vfsim_setns")

    def open_task_mntns(self, target, flags=0):
        """open("/proc/PID/ns/mnt") of @target: a namespace fd of this task."""
        return check(lib.vfsim_open_task_mntns(self.ptr, target.ptr,
                                               u32_arg(flags, "flags")),
                     "vfsim_open_task_mntns")

    @property
    def pid(self):
        return lib.vfsim_task_pid(self.ptr)

    def set_signal_pending(self, pending=True):
        lib.vfsim_task_set_signal_pending(self.ptr, bool(pending))

# SPDX-License-Identifier: LGPL-2.1-or-later
"""The testing seams of <vfsim/testing.h>: allocation failures (a
countdown or at random), the user-memory seam (unmapped buffers, a
faulting Nth copy), allocation accounting, warnings, invariants; and a
fault sweep in the manner of tests/common."""
import ctypes
import errno

from . import _lib
from ._lib import lib
from .errors import check, int_arg, raise_errno, u32_arg, u64_arg

__all__ = ["Faults", "alloc_sweep"]


class Faults:
    """Mixed into Instance: self.ptr is the struct vfsim *."""

    # ---- the allocation seam -------------------------------------------

    def alloc_stats(self):
        st = _lib.AllocStats()
        lib.vfsim_alloc_stats(self.ptr, ctypes.byref(st))
        d = {f: getattr(st, f) for f, _t in _lib.AllocStats._fields_}
        for f in ("allocator", "allocator_note"):
            d[f] = (d[f] or b"").decode()
        return d

    def fail_nth_alloc(self, n):
        """The @n-th allocation from now fails (1: the next); 0 disarms."""
        lib.vfsim_fail_nth_alloc(self.ptr, int_arg(n, "n", 0, 2**64 - 1))

    def fail_alloc_random(self, ppm, seed=0):
        """Each allocation fails with probability @ppm / 1e6; 0 disarms."""
        lib.vfsim_fail_alloc_random(self.ptr, int_arg(ppm, "ppm", 0, 1000000),
                                    u64_arg(seed, "seed"))

    @property
    def alloc_fault_fired(self):
        return bool(lib.vfsim_alloc_fault_fired(self.ptr))

    def leak_report_now(self):
        """(live allocations, the report's text), instance still alive."""
        with _lib.MemStream() as out:
            n = lib.vfsim_leak_report(self.ptr, out.fp)
            return n, out.close().decode(errors="replace")

    # ---- the user-memory seam ------------------------------------------

    def uaccess_unmap(self, buffer, offset=0, length=None):
        """Mark [offset, offset+length) of a ctypes buffer unmapped: a
        call copying to or from it (Task.read_into, Task.write of that
        buffer) fails with EFAULT."""
        if not isinstance(buffer, ctypes.Array):
            raise TypeError("buffer must be a ctypes buffer "
                            "(ctypes.create_string_buffer)")
        size = ctypes.sizeof(buffer)
        offset = int_arg(offset, "offset", 0, size)
        length = size - offset if length is None else \
            int_arg(length, "length", 0, size - offset)
        check(lib.vfsim_uaccess_unmap(self.ptr, ctypes.addressof(buffer) + offset,
                                      length), "vfsim_uaccess_unmap")

    def uaccess_remap_all(self):
        lib.vfsim_uaccess_remap_all(self.ptr)

    def fail_nth_uaccess(self, n, after=0):
        """The @n-th user copy from now faults after @after bytes; 0
        disarms."""
        lib.vfsim_fail_nth_uaccess(self.ptr, int_arg(n, "n", 0, 2**64 - 1),
                                   int_arg(after, "after", 0, 2**64 - 1))

    @property
    def uaccess_fault_fired(self):
        return bool(lib.vfsim_uaccess_fault_fired(self.ptr))

    # ---- warnings, invariants, the notification walk -------------------

    @property
    def warn_count(self):
        return lib.vfsim_warn_count(self.ptr)

    def check_invariants(self):
        """vfsim_check_invariants(): None, or OSError(EUCLEAN) naming the
        first violation."""
        why = ctypes.create_string_buffer(512)
        rc = lib.vfsim_check_invariants(self.ptr, why, len(why))
        if rc < 0:
            raise_errno(-rc, "vfsim_check_invariants: " +
                        why.value.decode(errors="replace"))

    def rename_race(self, n):
        lib.vfsim_testing_rename_race(self.ptr, u32_arg(n, "n"))

    @property
    def mount_walk_retries(self):
        return lib.vfsim_mount_walk_retries(self.ptr)


def rcu_barrier():
    """Wait for every pending RCU callback."""
    lib.vfsim_rcu_barrier()


def _tree(inst):
    return inst.init.mounts()


def alloc_sweep(make, action, *, errnos=(errno.ENOMEM,), snapshot=_tree,
                limit=10000):
    """Fail each allocation of @action in turn, as the C fault sweeps
    (tests/common/fault_sweep.h) do.

    For n = 1, 2, ...: @make() gives a fresh instance (or a tuple whose
    first item is one: the tuple is what @action gets), allocation n from
    now is made to fail, and @action(made) runs.  It must succeed or
    raise OSError with an errno of @errnos (tmpfs answers a failed inode
    allocation with ENOSPC, as Linux does); a failure must leave
    @snapshot(instance) (by default the mount tree) as it was; the
    invariants must hold, no kernel warning may fire, and destroying the
    instance must find no leak.  Stops at the first n whose countdown did
    not fire (the action ran unfaulted).  Returns the number of failure
    points: assert a minimum on it, never zero.
    """
    from .instance import Instance
    for n in range(1, limit + 1):
        made = make()
        inst = made if isinstance(made, Instance) else made[0]
        before = snapshot(inst) if snapshot else None
        inst.fail_nth_alloc(n)
        failed = False
        try:
            action(made)
        except OSError as e:
            if e.errno not in errnos:
                inst.destroy()
                raise
            failed = True
        fired = inst.alloc_fault_fired
        inst.fail_nth_alloc(0)
        try:
            if failed and snapshot and snapshot(inst) != before:
                raise AssertionError(f"allocation {n} failed and left a "
                                     "changed state")
            inst.check_invariants()
            if inst.warn_count:
                raise AssertionError(f"allocation {n}: kernel warnings")
        finally:
            leaks = inst.destroy()
        if leaks:
            raise AssertionError(f"allocation {n} failed: {leaks} leaked\n"
                                 f"{inst.leak_report}")
        if not fired:
            if failed:
                raise AssertionError(f"the action failed with no fault "
                                     f"(allocation {n})")
            return n - 1
    raise AssertionError(f"more than {limit} allocations")

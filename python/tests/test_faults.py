# SPDX-License-Identifier: LGPL-2.1-or-later
"""The fault seams: allocation countdown and random failures, the
user-memory seam, accounting, invariants, the sweep helper."""
import ctypes
import errno

import pytest

import vfsim


def make():
    v = vfsim.Instance("default")
    v.init.mkdir("/mnt/s")
    return v


def test_fail_nth_alloc(inst, init):
    inst.fail_nth_alloc(1)
    assert not inst.alloc_fault_fired
    with pytest.raises(OSError) as e:
        init.mount("x", "/tmp", "tmpfs")
    assert e.value.errno == errno.ENOMEM and "ENOMEM" in str(e.value)
    assert inst.alloc_fault_fired
    init.mount("x", "/tmp", "tmpfs")      # a countdown fails once
    inst.check_invariants()


def test_sweep_over_a_mount():
    def action(v):
        v.init.mount("s", "/mnt/s", "tmpfs", 0, "size=1m")
    assert vfsim.alloc_sweep(make, action) >= 5


def test_sweep_over_a_tmpfs_mkdir():
    def mk():
        v = make()
        v.init.mount("s", "/mnt/s", "tmpfs")
        return v

    def action(v):
        v.init.mkdir("/mnt/s/inner")
    with pytest.raises(OSError) as e:
        vfsim.alloc_sweep(mk, action)
    assert e.value.errno == errno.ENOSPC     # not ENOMEM: tmpfs says so
    assert vfsim.alloc_sweep(mk, action, errnos=(errno.ENOMEM, errno.ENOSPC)) >= 1


def _has_d(v):
    try:
        v.init.close(v.init.open("/mnt/s/d", vfsim.O_PATH))
        return True
    except FileNotFoundError:
        return False


def test_sweep_catches_a_changed_state():
    def action(v):
        v.init.mkdir("/mnt/s/d")                 # stays if the mount fails
        v.init.mount("s", "/mnt/s/d", "tmpfs")
    with pytest.raises(AssertionError, match="changed state"):
        vfsim.alloc_sweep(make, action, snapshot=_has_d,
                          errnos=(errno.ENOMEM, errno.ENOSPC))


def test_sweep_reports_a_wrong_errno():
    def action(v):
        v.init.mkdir("/mnt/s")   # EEXIST whatever fails
    with pytest.raises(FileExistsError):
        vfsim.alloc_sweep(make, action)


def test_sweep_with_extra_state():
    def mk():
        v = make()
        return v, v.task(0, 0)

    def action(made):
        _v, t = made
        with t.notification_pipe() as p:
            p.watch_mount("/", 1)
    assert vfsim.alloc_sweep(mk, action) >= 2


def test_fail_alloc_random(inst, init):
    inst.fail_alloc_random(1000000, seed=3)     # every allocation
    with pytest.raises(OSError) as e:
        init.mount("x", "/tmp", "tmpfs")
    assert e.value.errno == errno.ENOMEM
    inst.fail_alloc_random(0)
    init.mount("x", "/tmp", "tmpfs")
    assert inst.alloc_stats()["failed_allocs"] >= 1
    with pytest.raises(ValueError):
        inst.fail_alloc_random(1000001)


def test_alloc_stats_and_live_report(inst, init):
    before = inst.alloc_stats()
    assert set(before) == {"live_objects", "live_bytes", "peak_bytes",
                           "total_allocs", "failed_allocs", "external_bytes",
                           "allocator", "allocator_note"}
    init.mkdir("/mnt/more")
    after = inst.alloc_stats()
    assert after["total_allocs"] > before["total_allocs"]
    n, text = inst.leak_report_now()
    assert n == after["live_objects"] > 0 and text


def test_unmapped_user_buffer(inst, init):
    r, w = init.pipe2()
    init.write(w, b"data")
    buf = ctypes.create_string_buffer(16)
    inst.uaccess_unmap(buf, 0, 4)
    with pytest.raises(OSError) as e:
        init.read_into(r, buf)
    assert e.value.errno == errno.EFAULT and "EFAULT" in str(e.value)
    inst.uaccess_remap_all()
    assert init.read_into(r, buf) == 4 and buf.raw[:4] == b"data"
    src = ctypes.create_string_buffer(b"abc", 3)
    inst.uaccess_unmap(src)
    with pytest.raises(OSError) as e:
        init.write(w, src)
    assert e.value.errno == errno.EFAULT
    inst.uaccess_remap_all()
    with pytest.raises(TypeError):
        inst.uaccess_unmap(b"bytes")
    with pytest.raises(ValueError):
        inst.uaccess_unmap(buf, 17)
    with pytest.raises(ValueError):
        inst.uaccess_unmap(buf, 8, 9)


def test_fail_nth_uaccess(inst, init):
    inst.fail_nth_uaccess(1)
    with pytest.raises(OSError) as e:
        init.pipe2()          # the fds are copied out through the seam
    assert e.value.errno == errno.EFAULT
    assert inst.uaccess_fault_fired
    r, w = init.pipe2()
    init.write(w, b"0123456789")
    buf = ctypes.create_string_buffer(10)
    inst.fail_nth_uaccess(1, after=4)
    with pytest.raises(OSError):
        init.read_into(r, buf)
    inst.fail_nth_uaccess(0)
    inst.check_invariants()


def test_warnings_invariants_walk(inst, init):
    assert inst.warn_count == 0
    assert inst.check_invariants() is None
    inst.rename_race(1)
    with init.notification_pipe() as p:
        p.watch_mount("/", 1)
        init.mkdir("/mnt/r")
        init.mount("r", "/mnt/r", "tmpfs")
        recs = p.records()
    # The retry under rename_lock posts again what the raced pass
    # posted, as seed 002's walk does (tests/unit/test_notify_walk.c).
    assert len(recs) == 2 and recs[0] == recs[1]
    assert inst.mount_walk_retries == 1
    vfsim.rcu_barrier()


def test_sweep_reports_what_it_cannot_explain():
    def always_enomem(v):
        raise OSError(errno.ENOMEM, "not from the model")
    with pytest.raises(AssertionError, match="failed with no fault"):
        vfsim.alloc_sweep(make, always_enomem)

    def mount(v):
        v.init.mount("s", "/mnt/s", "tmpfs")
    with pytest.raises(AssertionError, match="more than 2 allocations"):
        vfsim.alloc_sweep(make, mount, limit=2)

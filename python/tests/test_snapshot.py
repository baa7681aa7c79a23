# SPDX-License-Identifier: LGPL-2.1-or-later
"""Snapshots and resets (docs/snapshot.md) from Python, and what becomes
of the Python objects made since."""
import errno

import pytest

import vfsim


@pytest.fixture
def snap():
    v = vfsim.Instance("default", allocator=vfsim.ALLOC_SNAPSHOT)
    t = v.init
    t.mkdir("/srv")
    t.mount("srv", "/srv", "tmpfs", 0, "size=1m")
    v.snapshot()
    yield v
    if not v.destroyed:
        assert v.destroy() == 0, v.leak_report


def test_every_case_starts_from_the_snapshot(snap):
    t = snap.init
    srv = t.path_mnt_id("/srv")
    before = t.mounts()
    ids = []
    for _ in range(3):
        snap.reset()
        assert t.mounts() == before
        t.umount("/srv")
        t.mkdir("/mnt/new")
        t.mount("n", "/mnt/new", "tmpfs")
        ids.append((t.path_mnt_id("/mnt/new"), t.fsinfo("/mnt/new", "ids")["f_sb_id"]))
    # The same calls give the same IDs after every reset (the umount
    # freed /srv's mount ID, which the new mount takes each time).
    assert ids == [ids[0]] * 3 and ids[0][0] == srv
    snap.reset()
    assert t.path_mnt_id("/srv") == srv


def test_tasks_made_since_are_gone_and_old_ones_come_back(snap):
    snap.reset()                    # nothing made yet: a no-op for objects
    old = snap.task(5, 5)
    snap.snapshot()                 # a second snapshot replaces the first
    new = snap.task(6, 6)
    old.destroy()
    snap.reset()
    with pytest.raises(vfsim.DestroyedError):
        new.uid
    assert old.uid == 5             # valid again
    old.mkdir("/tmp/by-old")


def test_pipes_made_since_are_forgotten(snap):
    t = snap.init
    kept = t.notification_pipe()
    snap.snapshot()
    p = t.notification_pipe()
    p.watch_mount("/", 1)
    snap.reset()
    fd = t.open("/tmp", vfsim.O_PATH)      # may take p's numbers again
    p.close()                              # forgets them: fd stays open
    t.close(fd)
    kept.watch_mount("/", 2)
    t.mkdir("/mnt/k")
    t.mount("k", "/mnt/k", "tmpfs")
    assert [r.id for r in kept.records()] == [2]
    kept.close()


def test_reset_ends_open_scenarios(snap):
    s = vfsim.Scenario(snap)
    s.feed("mkdir /x\n")
    snap.reset()
    assert s.result.ok
    with pytest.raises(FileNotFoundError):
        snap.init.open("/x", vfsim.O_PATH)


def test_snapshot_errors():
    with vfsim.Instance("default") as v:
        with pytest.raises(OSError) as e:
            v.snapshot()
        assert e.value.errno == errno.EOPNOTSUPP and "EOPNOTSUPP" in str(e.value)
    with vfsim.Instance("default", allocator=vfsim.ALLOC_SNAPSHOT) as v:
        with pytest.raises(OSError) as e:
            v.reset()
        assert e.value.errno == errno.ENODATA
    with vfsim.Instance("empty", allocator=vfsim.ALLOC_SNAPSHOT,
                        region_size=1 << 20) as v:
        v.snapshot()
        v.reset()
    with pytest.raises(ValueError):
        vfsim.Instance(region_size=-1)

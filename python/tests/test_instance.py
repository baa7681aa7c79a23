# SPDX-License-Identifier: LGPL-2.1-or-later
"""Instances and tasks: life, context management, the leak check, options."""
import errno

import pytest

import vfsim


def test_version_matches_the_header():
    assert vfsim.version() == "0.1.0"
    assert vfsim.library_path


def test_context_manager_destroys_once_and_reports_no_leak():
    with vfsim.Instance("default") as v:
        v.init.mkdir("/mnt/x")
        assert not v.destroyed
    assert v.destroyed
    assert v.leak_report == ""
    with pytest.raises(vfsim.DestroyedError):
        v.destroy()


def test_destroyed_instance_and_its_tasks_raise():
    v = vfsim.Instance("default")
    t = v.task(1000, 1000)
    init = v.init
    assert v.destroy() == 0
    for call in (lambda: v.init, lambda: v.quirks, lambda: v.boot(),
                 lambda: v.task(), lambda: v.alloc_stats(),
                 lambda: init.mkdir("/x"), lambda: t.uid,
                 lambda: v.run_scenario("tree")):
        with pytest.raises(vfsim.DestroyedError):
            call()
    assert "destroyed" in repr(v) and "destroyed" in repr(t)


def test_destroy_counts_a_leak_the_model_cannot_reclaim():
    # Nothing public leaks on purpose; the count is what
    # vfsim_destroy_check() returns, so a clean instance gives 0 and the
    # report is empty, with tasks and pipes left open.
    v = vfsim.Instance("default")
    t = v.task(5, 5)
    t.pipe2()
    v.init.open("/tmp", vfsim.O_PATH)
    assert v.destroy() == 0
    assert v.leak_report == ""


def test_boot_once_and_unbooted_instance():
    with vfsim.Instance() as v:
        with pytest.raises(ValueError, match="not booted"):
            v.init
        with pytest.raises(OSError) as e:
            v.task(1, 1)
        assert e.value.errno == errno.EINVAL
        with pytest.raises(OSError) as e:
            v.boot("nonsense")
        assert e.value.errno == errno.EINVAL and "EINVAL" in str(e.value)
        assert v.boot("empty") is v.init
        with pytest.raises(OSError) as e:
            v.boot("empty")
        assert e.value.errno == errno.EBUSY and "EBUSY" in str(e.value)


def test_boot_failure_in_constructor_destroys():
    with pytest.raises(OSError) as e:
        vfsim.Instance("no-such-tree")
    assert e.value.errno == errno.EINVAL


def test_options_checked_before_c():
    with pytest.raises(TypeError):
        vfsim.Instance(seed="1")
    with pytest.raises(ValueError):
        vfsim.Instance(seed=-1)
    with pytest.raises(ValueError):
        vfsim.Instance(quirks=1 << 64)
    with pytest.raises(TypeError):
        vfsim.Instance(tree=3)
    with pytest.raises(OSError) as e:
        vfsim.Instance(allocator=7)
    assert e.value.errno == errno.EINVAL


def test_options_reach_the_instance():
    def root_sb(start):
        with vfsim.Instance("default", sb_id_start=start) as v:
            return v.init.fsinfo("/", "ids")["f_sb_id"]
    assert root_sb(9000) - root_sb(5000) == 4000
    with vfsim.Instance("default", quirks=vfsim.QUIRK_B8) as v:
        assert v.quirks == vfsim.QUIRK_B8
        v.quirks = 0
        assert v.quirks == 0
        with pytest.raises(ValueError):
            v.quirks = -1


def test_mount_max_option():
    with vfsim.Instance("empty", mount_max=3) as v:
        t = v.init
        for d in ("/a", "/b", "/c"):
            t.mkdir(d)
        t.mount("x", "/a", "tmpfs")
        t.mount("x", "/b", "tmpfs")
        with pytest.raises(OSError) as e:
            t.mount("x", "/c", "tmpfs")
        assert e.value.errno == errno.ENOSPC


def test_same_calls_same_ids():
    def run():
        with vfsim.Instance("default", seed=42) as v:
            t = v.init
            t.mkdir("/mnt/a")
            t.mount("s", "/mnt/a", "tmpfs")
            return t.mounts(), t.fsinfo("/mnt/a", "ids")
    assert run() == run()


def test_tasks():
    with vfsim.Instance("default") as v:
        t = v.task(1000, 100)
        assert (t.uid, t.gid, t.caps) == (1000, 100, 0)
        assert v.init.caps == vfsim.CAP_ALL
        t.caps = vfsim.CAP_SYS_ADMIN
        assert t.caps == vfsim.CAP_SYS_ADMIN
        assert repr(t) == "<vfsim.Task uid=1000 gid=100>"
        with pytest.raises(ValueError):
            v.task(-1, 0)
        with pytest.raises(ValueError, match="init task"):
            v.init.destroy()
        with t:
            pass
        with pytest.raises(vfsim.DestroyedError, match="task was destroyed"):
            t.uid
        with pytest.raises(vfsim.DestroyedError):
            t.destroy()
        assert v.init.is_init and v.init is v.init


def test_signal_pending_interrupts_a_blocking_read():
    with vfsim.Instance("default", nosleep=False) as v:
        t = v.init
        r, w = t.pipe2()
        t.set_signal_pending(True)
        with pytest.raises(OSError) as e:
            t.read(r, 10)
        assert vfsim.errno_name(e.value.errno) == "ERESTARTSYS"
        assert "ERESTARTSYS" in str(e.value)
        t.set_signal_pending(False)


def test_nosleep_is_the_python_default():
    with vfsim.Instance("default") as v:
        r, _w = v.init.pipe2()
        with pytest.raises(BlockingIOError) as e:
            v.init.read(r, 10)
        assert e.value.errno == errno.EAGAIN and "EAGAIN" in str(e.value)


def test_errno_names():
    assert vfsim.errno_name(errno.ENOENT) == "ENOENT"
    assert vfsim.errno_name(-errno.EBUSY) == "EBUSY"
    assert vfsim.errno_from_name("EXDEV") == errno.EXDEV
    assert vfsim.errno_from_name("ENOTANERRNO") is None
    assert vfsim.errno_name(99999) is None


def test_expire_mounts(init, inst):
    init.mkdir("/mnt/e")
    init.mount("e", "/mnt/e", "tmpfs")
    init.mnt_set_expiry("/mnt/e")
    assert inst.expire_mounts() == 0   # marked
    assert inst.expire_mounts() == 1   # gone
    with pytest.raises(OSError) as e:
        init.mnt_set_expiry("/mnt")  # not the root of a mount
    assert e.value.errno == errno.EINVAL


def test_afs_and_nfs(inst, init):
    cell = init.fsinfo("/afs", "ids")["f_fs_name"]
    assert cell == "afs"
    with pytest.raises(OSError) as e:
        inst.afs_server_down("not-a-uuid")
    assert e.value.errno == errno.EINVAL
    with pytest.raises(OSError) as e:
        inst.afs_server_up("00000000-0000-0000-0000-000000000000")
    assert e.value.errno == errno.ENOENT
    with pytest.raises(OSError) as e:
        inst.afs_add_cells("bogus")
    assert e.value.errno == errno.EINVAL
    st = init.nfs_server_status("/net/fileserver")
    assert st == {"info_flags": 0, "changes": 0, "superblocks": 1}
    init.sb_network("/net/fileserver", vfsim.WATCH_INFO_FLAG_0)
    st = init.nfs_server_status("/net/fileserver")
    assert st["changes"] == 1 and st["info_flags"] == vfsim.WATCH_INFO_FLAG_0
    with pytest.raises(OSError) as e:
        init.nfs_server_status("/tmp")
    assert e.value.errno == errno.EOPNOTSUPP


def test_an_instance_nobody_destroyed_is_torn_down_by_gc():
    import gc
    v = vfsim.Instance("default")
    v.init.mkdir("/mnt/gc")
    del v
    gc.collect()


def test_reprs_and_hashes(inst, init):
    assert repr(inst).startswith("<vfsim.Instance live allocator=")
    r = inst.run_scenario("")
    assert repr(r) == "<ScenarioResult status=0>"
    rec = vfsim.Record.build(1, 0)
    assert hash(rec) == hash(vfsim.Record(rec.raw)) and rec != rec.raw

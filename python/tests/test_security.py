# SPDX-License-Identifier: LGPL-2.1-or-later
"""The LSM hooks and the oops hook as Python callables."""
import errno

import pytest

import vfsim


def test_watch_and_statfs_hooks(inst, init):
    seen = []

    def watch_mount(who, mnt_id):
        seen.append(("mount", who, mnt_id))
        return -errno.EACCES if who.uid == 1000 else None

    def sb_statfs(who, sb_id):
        seen.append(("statfs", who.uid, sb_id))
        return -errno.EPERM if who.uid else 0

    inst.set_lsm(watch_mount=watch_mount, sb_statfs=sb_statfs)
    user = inst.task(1000, 1000)
    with user.notification_pipe() as p:
        with pytest.raises(PermissionError) as e:
            p.watch_mount("/", 1)
        assert e.value.errno == errno.EACCES
    with init.notification_pipe() as p:
        p.watch_mount("/", 1)
    assert seen[0] == ("mount", vfsim.Cred(1000, 1000, 0), init.path_mnt_id("/"))
    assert seen[1][1].caps == vfsim.CAP_ALL
    with pytest.raises(PermissionError):
        user.fsinfo("/tmp")
    sb = init.fsinfo("/tmp", "ids")["f_sb_id"]
    assert ("statfs", 1000, sb) in seen
    inst.set_lsm()                         # removed: everything allowed
    assert user.fsinfo("/tmp", "ids")["f_sb_id"] == sb
    assert inst.hook_errors == []


def test_post_notification_hook_filters_records(inst, init):
    posted = []

    def post(watcher, poster, record):
        posted.append((watcher.uid, poster.uid, record.subtype_name))
        return -errno.EACCES if record.subtype_name == "unmount" else 0

    inst.set_lsm(post_notification=post)
    with init.notification_pipe() as p:
        p.watch_mount("/", 2)
        init.mkdir("/mnt/h")
        init.mount("h", "/mnt/h", "tmpfs")
        init.umount("/mnt/h")
        assert [r.subtype_name for r in p.records()] == ["new_mount"]
    assert posted == [(0, 0, "new_mount"), (0, 0, "unmount")]


def test_a_hook_that_raises_denies_and_is_kept(inst, init):
    def bad(who, sb_id):
        raise RuntimeError("boom")

    inst.set_lsm(watch_sb=bad, sb_statfs=lambda who, sb: "yes")
    with init.notification_pipe() as p:
        with pytest.raises(PermissionError):
            p.watch_sb("/tmp", 1)
    with pytest.raises(PermissionError):
        init.fsinfo("/tmp")
    assert [type(e) for e in inst.hook_errors] == [RuntimeError, TypeError]
    inst.hook_errors.clear()
    with pytest.raises(TypeError):
        inst.set_lsm(watch_sb=5)


def test_oops_hook():
    with vfsim.Instance("default", quirks=vfsim.QUIRK_B4) as v:
        oopses = []
        v.set_oops_hook(lambda function, reason: oopses.append((function, reason)))
        with v.init.notification_pipe() as p:
            with pytest.raises(OSError) as e:
                p.watch_mount("/tmp", -1)     # never watched: B4 oopses
            assert e.value.errno == errno.EFAULT
        assert len(oopses) == 1 and oopses[0][0]
        v.set_oops_hook(lambda f, r: 1 / 0)
        with v.init.notification_pipe() as p:
            with pytest.raises(OSError):
                p.watch_mount("/tmp", -1)
        assert isinstance(v.hook_errors[0], ZeroDivisionError)
        v.set_oops_hook(None)
        with pytest.raises(TypeError):
            v.set_oops_hook("no")


def test_destroy_inside_a_hook_raises():
    # Issue 30, item 9: destroy() from a hook tore the instance down under
    # the call the hook ran in: kernel warnings, then a spin at 100 % CPU.
    v = vfsim.Instance("default")

    def hook(who, mnt_id):
        v.destroy()

    v.set_lsm(watch_mount=hook)
    with v.init.notification_pipe() as p:
        with pytest.raises(PermissionError):
            p.watch_mount("/", 1)
    (e,) = v.hook_errors
    assert isinstance(e, RuntimeError) and "inside a hook" in str(e)
    assert not v.destroyed and v.warn_count == 0
    assert v.destroy() == 0

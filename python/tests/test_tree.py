# SPDX-License-Identifier: LGPL-2.1-or-later
"""The tree: walker descriptions, findmnt's JSON shape, the text forms,
mountinfo."""
import errno

import pytest

import vfsim


def test_mounts_and_mount_by_id(init):
    ms = init.mounts()
    assert [m["mountpoint"] for m in ms] == ["/", "/", "/proc", "/tmp", "/home",
                                             "/net/fileserver", "/afs"]
    assert ms[0]["parent_id"] == ms[0]["mnt_id"] and ms[0]["depth"] == 0
    assert init.mount_by_id(ms[3]["mnt_id"]) == ms[3]
    with pytest.raises(OSError) as e:
        init.mount_by_id(9999)
    assert e.value.errno == errno.ENOENT
    assert init.path_mnt_id("/tmp") == ms[3]["mnt_id"]
    with pytest.raises(OSError) as e:
        init.path_mnt_id("/nonexistent")
    assert e.value.errno == errno.ENOENT


def test_findmnt_json_shape(init):
    init.mkdir("/mnt/x")
    init.mount("x", "/mnt/x", "tmpfs", 0, "size=1m,mode=700")
    fs = init.tree()["filesystems"]
    assert len(fs) == 1 and fs[0]["target"] == "/"
    root = fs[0]["children"][0]
    kids = {c["target"]: c for c in root["children"]}
    assert kids["/mnt/x"]["fstype"] == "tmpfs"
    assert kids["/mnt/x"]["source"] == "x"
    assert "children" not in kids["/mnt/x"]
    flat = init.tree(flat=True)["filesystems"]
    assert [f["target"] for f in flat][-1] == "/mnt/x"
    assert all("children" not in f for f in flat)
    cols = init.tree(columns=["TARGET", "FS-OPTIONS"], target="/mnt/x")
    assert cols == {"filesystems": [{"target": "/mnt/x", "fs-options": "rw,size=1024k,mode=700"}]}


def test_render_forms(init):
    text = init.render()
    assert text.splitlines()[0].split() == ["ID", "TARGET", "FSTYPE", "SOURCE",
                                            "OPTIONS", "PROPAGATION"]
    assert "`-/" in text
    lst = init.render("list", columns="TARGET")
    assert lst.splitlines() == ["TARGET", "/", "/", "/proc", "/tmp", "/home",
                                "/net/fileserver", "/afs"]
    raw = init.render("raw", columns="ID,TARGET")
    assert raw.splitlines()[1] == "1 /"
    dot = init.render("dot")
    assert dot.startswith("digraph") or dot.startswith("//") or "digraph" in dot
    assert init.render("json") == init.render("json", flat=False)


def test_render_errors(init):
    with pytest.raises(OSError) as e:
        init.render(columns="NOSUCH")
    assert e.value.errno == errno.EINVAL
    with pytest.raises(OSError) as e:
        init.tree(target="/nonexistent")
    assert e.value.errno == errno.ENOENT and e.value.filename == "/nonexistent"
    with pytest.raises(ValueError, match="format"):
        init.render("yaml")
    with pytest.raises(TypeError):
        init.render(columns=5)


def test_mountinfo(init):
    lines = init.mountinfo().splitlines()
    assert len(lines) == len(init.mounts()) - 1    # rootfs is above init's root
    fields = lines[0].split()
    assert fields[4] == "/" and " - ext4 /dev/vda1 " in lines[0]
    init.mount(None, "/tmp", None, vfsim.MS_SHARED)
    assert any("shared:" in ln for ln in init.mountinfo().splitlines())


def test_a_task_in_a_chroot_sees_its_part(inst):
    t = inst.task(0, 0)
    t.chroot("/tmp")
    t.chdir("/")
    assert t.mountinfo().splitlines()[0].split()[4] == "/"
    assert len(t.mountinfo().splitlines()) == 1

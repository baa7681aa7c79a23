# SPDX-License-Identifier: LGPL-2.1-or-later
"""The scenario language's parsers and the fsinfo printers of
<vfsim/scenario.h>, against the commands' golden files."""
import errno

import pytest

import vfsim
from vfsim import language as L
from vfsim import scenario as S


def test_mount_options():
    o = L.mount_options("ro,nosuid,rshared,size=1m,mode=700")
    assert o == {"flags": vfsim.MS_RDONLY | vfsim.MS_NOSUID,
                 "propagation": vfsim.MS_SHARED | vfsim.MS_REC,
                 "propagation_word": "rshared", "data": "size=1m,mode=700"}
    assert L.mount_options("nodev", "setattr")["flags"] == vfsim.MS_NODEV
    with pytest.raises(ValueError, match="only one propagation option"):
        L.mount_options("shared,private")
    with pytest.raises(ValueError, match="use must be"):
        L.mount_options("ro", "bind")
    with pytest.raises(TypeError):
        L.mount_options(None)


def test_words():
    assert L.propagation("rslave") == vfsim.MS_SLAVE | vfsim.MS_REC
    assert L.propagation("sideways") == 0
    assert L.mode("0755") == 0o755
    with pytest.raises(ValueError, match="octal"):
        L.mode("999")
    assert L.ids("1000:100") == (1000, 100)
    assert L.ids("5") == (5, None)
    with pytest.raises(ValueError, match="UID"):
        L.ids("x")
    assert L.open_flags(["path,directory", "nofollow"]) == \
        vfsim.O_PATH | vfsim.O_DIRECTORY | vfsim.O_NOFOLLOW
    assert L.open_flags([]) == vfsim.O_RDONLY
    with pytest.raises(ValueError, match="bad open flag 'bogus'"):
        L.open_flags(["bogus"])
    with pytest.raises(TypeError):
        L.open_flags("path")


def test_mount_calls():
    # A propagation option of `mount` is a second call, as mount(8) makes it.
    assert L.mount_calls("mount", ["tmpfs", "src", "/x", "ro,shared"]) == [
        {"umount": False, "source": "src", "target": "/x", "fstype": "tmpfs",
         "flags": vfsim.MS_RDONLY, "data": None},
        {"umount": False, "source": "none", "target": "/x", "fstype": None,
         "flags": vfsim.MS_SHARED, "data": None}]
    assert L.mount_calls("umount", ["/x", "detach"]) == [
        {"umount": True, "source": None, "target": "/x", "fstype": None,
         "flags": vfsim.MNT_DETACH, "data": None}]
    with pytest.raises(ValueError, match="not a mount verb"):
        L.mount_calls("frob", [])
    with pytest.raises(ValueError, match="wrong number of arguments"):
        L.mount_calls("mount", [])


def test_fsinfo_printer_matches_the_command(init, source_dir):
    golden = (source_dir / "tests" / "cmd" / "fsinfo_home.out").read_text()
    r = S.fsinfo_text(init, "/home")
    assert (r.status, r.output, r.errors) == (0, golden, "")
    bad = S.fsinfo_text(init, "/nonexist")
    assert bad.status == 1 and "ENOENT" in bad.errors
    meta = S.fsinfo_text(init, "/tmp", meta=True)
    assert meta.status == 0 and meta.output != r.output


def test_mntinfo_printer_matches_the_command(init, source_dir):
    golden = (source_dir / "tests" / "cmd" / "mntinfo_default.out").read_text()
    root = S.mount_id(init, "/")
    assert root == init.path_mnt_id("/")
    assert S.mntinfo_text(init, root) == golden
    with pytest.raises(OSError) as e:
        S.mntinfo_text(init, 1)       # the rootfs above init's root
    assert e.value.errno == errno.EPERM
    with pytest.raises(OSError) as e:
        S.mount_id(init, "/nonexist")
    assert e.value.errno == errno.ENOENT


def test_printer_arguments(init):
    with pytest.raises(ValueError):
        S.fsinfo_text(init, "/", at_flags=-1)
    with pytest.raises(TypeError):
        S.mntinfo_text(init, "2")
    with pytest.raises(ValueError):
        vfsim.Record.build(1, 0, info_flags=1 << 32)
    with pytest.raises(ValueError, match="bits 16-31"):
        vfsim.Record.build(1, 0, info_flags=0x80)

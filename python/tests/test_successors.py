# SPDX-License-Identifier: LGPL-2.1-or-later
"""statx's unique mount ID, statmount() as a Statmount with its strings,
listmount() paged both ways, the new mount API; errnos of bad inputs."""
import errno
import struct

import pytest

import vfsim

ROOT_ID = 0x80000001     # the root mount's unique ID (docs/statmount.md)


@pytest.fixture
def tree(empty):
    """/ rootfs, /a tmpfs "src" (mode=700, shared), /a/b a bind of /a,
    /c tmpfs ro."""
    t = empty.init
    for d in ("/a", "/c"):
        t.mkdir(d)
    t.mount("src", "/a", "tmpfs", 0, "mode=700")
    t.mkdir("/a/b")
    t.mount("none", "/a", None, vfsim.MS_SHARED)
    t.mount("/a", "/a/b", None, vfsim.MS_BIND)
    t.mount("cc", "/c", "tmpfs", vfsim.MS_RDONLY | vfsim.MS_NOSUID)
    return t


def test_statx_mnt_id(tree):
    assert tree.statx_mnt_id("/") == ROOT_ID
    a = tree.statx_mnt_id("/a")
    assert a > ROOT_ID
    assert tree.statx_mnt_id("/a", unique=False) == tree.path_mnt_id("/a")
    with pytest.raises(FileNotFoundError):
        tree.statx_mnt_id("/nope")


def test_statmount_every_field(tree):
    sm = tree.statmount("/a")
    assert isinstance(sm, vfsim.Statmount)
    # Everything the model has: all but fs_subtype, the security options
    # and the idmaps (docs/statmount.md).
    assert sm.mask == vfsim.STATMOUNT_ALL & ~(
        vfsim.STATMOUNT_FS_SUBTYPE | vfsim.STATMOUNT_OPT_SEC_ARRAY |
        vfsim.STATMOUNT_MNT_UIDMAP | vfsim.STATMOUNT_MNT_GIDMAP)
    assert sm.mnt_id == tree.statx_mnt_id("/a")
    assert sm.mnt_parent_id == ROOT_ID
    assert sm.mnt_id_old == tree.path_mnt_id("/a")
    assert sm.mnt_parent_id_old == tree.path_mnt_id("/")
    assert (sm.fs_type, sm.sb_source, sm.mnt_root, sm.mnt_point) == \
        ("tmpfs", "src", "/", "/a")
    assert sm.mnt_opts == "mode=700"
    assert (sm.opt_num, sm.opt_array) == (1, ["mode=700"])
    assert sm.mnt_propagation == vfsim.MS_SHARED and sm.mnt_peer_group > 0
    assert sm.sb_magic == 0x01021994 and sm.sb_flags == 0
    assert sm.mnt_attr == 0 and sm.propagate_from == 0
    assert sm.mnt_ns_id == 4
    assert sm.supported_mask == vfsim.STATMOUNT_ALL
    # Not written: None, and left out of as_dict().
    assert sm.fs_subtype is None and sm.opt_sec_array is None
    assert sm.mnt_uidmap is None and sm.mnt_gidmap_num is None
    d = sm.as_dict()
    assert "fs_subtype" not in d and d["mnt_point"] == "/a"
    assert sm.size == 512 + len(b"\0tmpfs\0src\0/\0/a\0mode=700\0mode=700\0")


def test_statmount_mask_and_bind(tree):
    b = tree.statx_mnt_id("/a/b")
    sm = tree.statmount(b, vfsim.STATMOUNT_MNT_ROOT | vfsim.STATMOUNT_MNT_POINT)
    assert sm.mask == vfsim.STATMOUNT_MNT_ROOT | vfsim.STATMOUNT_MNT_POINT
    assert (sm.mnt_root, sm.mnt_point) == ("/", "/a/b")
    assert sm.mnt_id is None and sm.fs_type is None and sm.sb_magic is None
    c = tree.statmount("/c", vfsim.STATMOUNT_MNT_BASIC | vfsim.STATMOUNT_SB_BASIC)
    assert c.mnt_attr == vfsim.MOUNT_ATTR_RDONLY | vfsim.MOUNT_ATTR_NOSUID
    assert c.sb_flags & vfsim.SB_RDONLY
    assert c.mnt_point is None
    # Asking for nothing writes size and mask only.
    assert tree.statmount("/c", 0).as_dict() == {"size": 512, "mask": 0}


def test_statmount_buffer_grows(tree):
    # A mount point longer than the first 4096-byte buffer.
    # (Made a directory at a time: a path holds at most 4096 bytes.)
    tree.mkdir("/deep")
    tree.chdir("/deep")
    for _ in range(20):
        tree.mkdir("e" * 250)
        tree.chdir("e" * 250)
    tree.mkdir("m")
    tree.mount("deep", "m", "tmpfs")
    uid = tree.statx_mnt_id("m")       # relative to the cwd
    sm = tree.statmount(uid, vfsim.STATMOUNT_MNT_POINT)
    assert sm.mnt_point == "/deep" + ("/" + "e" * 250) * 20 + "/m"
    assert sm.size > 4096 + 512
    # One size, too small: EOVERFLOW.
    with pytest.raises(OSError) as e:
        tree.statmount(uid, vfsim.STATMOUNT_MNT_POINT, bufsize=4096)
    assert e.value.errno == errno.EOVERFLOW


def test_statmount_raw_and_decode(tree):
    a = tree.statx_mnt_id("/a")
    raw = tree.statmount_raw(a, vfsim.STATMOUNT_FS_TYPE)
    # size, mnt_opts (not asked: 0), mask; fs_type's offset past the
    # reserved empty string at 0.
    assert struct.unpack_from("<IIQ", raw) == (512 + len(b"\0tmpfs\0"), 0,
                                               vfsim.STATMOUNT_FS_TYPE)
    assert struct.unpack_from("<I", raw, 36) == (1,)
    assert vfsim.decode_statmount(raw).fs_type == "tmpfs"
    # Without strings the struct is cut to a short buffer.
    raw = tree.statmount_raw(a, vfsim.STATMOUNT_MNT_BASIC, bufsize=64)
    sm = vfsim.decode_statmount(raw[:64])
    assert sm.size == 64 and sm.mnt_id == a and sm.mnt_attr == 0


def test_statmount_errnos(tree):
    a = tree.statx_mnt_id("/a")
    cases = [
        (dict(target=a, flags=1), errno.EINVAL),
        (dict(target=a, req_size=vfsim.MNT_ID_REQ_SIZE_VER0 - 1), errno.EINVAL),
        (dict(target=a, req_size=8192), errno.E2BIG),
        (dict(target=5), errno.EINVAL),                 # not above 2^31
        (dict(target=a + 1000), errno.ENOENT),
        (dict(target=a, mnt_ns_id=99), errno.ENOENT),
        (dict(target=a, mnt_ns_fd=77), errno.EBADF),
        (dict(target=a, bufsize=512), errno.EOVERFLOW),  # a string, no room
    ]
    for kw, want in cases:
        with pytest.raises(OSError) as e:
            tree.statmount(**kw)
        assert e.value.errno == want, (kw, e.value)
        assert vfsim.errno_name(want) in str(e.value)
    fd = tree.open("/a", vfsim.O_RDONLY | vfsim.O_DIRECTORY)
    with pytest.raises(OSError) as e:
        tree.statmount(a, mnt_ns_fd=fd)
    assert e.value.errno == errno.EINVAL
    # A namespace fd, or the namespace's ID, works.
    ns = tree.open_mntns()
    assert tree.statmount(a, vfsim.STATMOUNT_MNT_POINT, mnt_ns_fd=ns).mnt_point == "/a"
    assert tree.statmount(a, vfsim.STATMOUNT_MNT_POINT, mnt_ns_id=4).mnt_point == "/a"
    with pytest.raises(OSError) as e:      # not both
        tree.statmount(a, mnt_ns_fd=ns, mnt_ns_id=4)
    assert e.value.errno == errno.EINVAL
    tree.close(ns)
    tree.close(fd)
    # Python's own checks, before C.
    with pytest.raises(ValueError):
        tree.statmount(-1)
    with pytest.raises(TypeError):
        tree.statmount(1.5)


def test_statmount_outside_root_needs_cap(empty, tree):
    u = empty.task(0, 0)
    u.chroot("/a")
    u.caps = 0
    assert u.statmount(tree.statx_mnt_id("/a"), vfsim.STATMOUNT_MNT_POINT).mnt_point == "/"
    with pytest.raises(PermissionError) as e:
        u.statmount(ROOT_ID)
    assert e.value.errno == errno.EPERM
    u.caps = vfsim.CAP_SYS_ADMIN
    assert u.statmount(ROOT_ID, vfsim.STATMOUNT_MNT_BASIC).mnt_id == ROOT_ID


def test_listmount_paging(tree):
    ids = [tree.statx_mnt_id(p) for p in ("/", "/a", "/a/b", "/c")]
    assert tree.listmount() == ids
    assert tree.listmount(reverse=True) == ids[::-1]
    # Paged by one: every page continues after the last ID of the one before.
    assert tree.listmount(page=1) == ids
    assert tree.listmount(page=3, reverse=True) == ids[::-1]
    assert list(tree.iter_listmount(page=2)) == ids
    # One call of count IDs, after last_mnt_id.
    assert tree.listmount(count=2) == ids[:2]
    assert tree.listmount(count=2, last_mnt_id=ids[1]) == ids[2:]
    assert tree.listmount(count=10, last_mnt_id=ids[2], reverse=True) == ids[:2][::-1]
    assert tree.listmount(count=0) == []
    # Below a mount: its descendants, not itself.
    assert tree.listmount("/a") == [ids[2]]
    assert tree.listmount(ids[0]) == ids[1:]
    assert tree.listmount(ids[3]) == []
    ns = tree.open_mntns()
    assert tree.listmount(mnt_ns_fd=ns) == ids
    tree.close(ns)


def test_listmount_errnos(tree):
    cases = [
        (dict(count=1_000_001), errno.EOVERFLOW),
        (dict(count=4, last_mnt_id=7), errno.EINVAL),
        (dict(target=7, count=4), errno.EINVAL),
        (dict(target=ROOT_ID + 999, count=4), errno.ENOENT),
        (dict(count=4, flags=2), errno.EINVAL),
        (dict(count=4, mnt_ns_id=5), errno.ENOENT),
        (dict(count=4, mnt_ns_fd=77), errno.EBADF),
        (dict(count=4, req_size=8), errno.EINVAL),
    ]
    for kw, want in cases:
        with pytest.raises(OSError) as e:
            tree.listmount(**kw)
        assert e.value.errno == want, (kw, e.value)


# ---- the new mount API ----------------------------------------------------

def test_fsopen_fsconfig_fsmount_move_mount(tree):
    fs = tree.fsopen("tmpfs", vfsim.FSOPEN_CLOEXEC)
    tree.fsconfig(fs, vfsim.FSCONFIG_SET_STRING, "source", "made")
    tree.fsconfig(fs, vfsim.FSCONFIG_SET_STRING, "mode", "750")
    tree.fsconfig(fs, vfsim.FSCONFIG_CMD_CREATE)
    mnt = tree.fsmount(fs, vfsim.FSMOUNT_CLOEXEC, vfsim.MOUNT_ATTR_NODEV)
    tree.close(fs)
    tree.move_mount("", "/c", vfsim.MOVE_MOUNT_F_EMPTY_PATH, from_dfd=mnt)
    tree.close(mnt)
    sm = tree.statmount("/c")
    assert (sm.fs_type, sm.sb_source, sm.mnt_opts) == ("tmpfs", "made", "mode=750")
    assert sm.mnt_attr == vfsim.MOUNT_ATTR_NODEV


def test_fsconfig_errors_and_messages(tree):
    fs = tree.fsopen("tmpfs")
    with pytest.raises(OSError) as e:
        tree.fsconfig(fs, vfsim.FSCONFIG_SET_STRING, "nonsense", "1")
    assert e.value.errno == errno.EINVAL
    msgs = tree.fsconfig_messages(fs)
    assert msgs and msgs[0].startswith("e ") and "nonsense" in msgs[0]
    assert tree.fsconfig_messages(fs) == []
    with pytest.raises(OSError) as e:
        tree.fsconfig(fs, 99)
    assert e.value.errno == errno.EOPNOTSUPP
    with pytest.raises(OSError) as e:
        tree.fsmount(fs)                       # not created yet
    assert e.value.errno == errno.EINVAL
    tree.close(fs)
    with pytest.raises(OSError) as e:
        tree.fsopen("nosuchfs")
    assert e.value.errno == errno.ENODEV
    with pytest.raises(OSError) as e:
        tree.fsconfig(1234, vfsim.FSCONFIG_CMD_CREATE)
    assert e.value.errno == errno.EBADF
    with pytest.raises(TypeError):
        tree.fsconfig(0, vfsim.FSCONFIG_SET_STRING, "k", 3)


def test_fspick_reconfigure(tree):
    fs = tree.fspick("/c")
    tree.fsconfig(fs, vfsim.FSCONFIG_SET_FLAG, "rw")
    tree.fsconfig(fs, vfsim.FSCONFIG_CMD_RECONFIGURE)
    tree.close(fs)
    assert not tree.statmount("/c", vfsim.STATMOUNT_SB_BASIC).sb_flags & vfsim.SB_RDONLY
    with pytest.raises(FileNotFoundError):
        tree.fspick("/nope")


def test_open_tree_clone_and_mount_setattr(tree):
    clone = tree.open_tree("/a", vfsim.OPEN_TREE_CLONE | vfsim.AT_RECURSIVE)
    tree.mount_setattr("", vfsim.AT_EMPTY_PATH | vfsim.AT_RECURSIVE, dfd=clone,
                       attr_set=vfsim.MOUNT_ATTR_NOEXEC,
                       propagation=vfsim.MS_PRIVATE)
    tree.move_mount("", "/c", vfsim.MOVE_MOUNT_F_EMPTY_PATH, from_dfd=clone)
    tree.close(clone)
    for p in ("/c", "/c/b"):
        sm = tree.statmount(p, vfsim.STATMOUNT_MNT_BASIC)
        assert sm.mnt_attr & vfsim.MOUNT_ATTR_NOEXEC
        assert sm.mnt_propagation == vfsim.MS_PRIVATE
    tree.mount_setattr("/c", attr_clr=vfsim.MOUNT_ATTR_NOEXEC)
    assert tree.statmount("/c", vfsim.STATMOUNT_MNT_BASIC).mnt_attr == 0


def test_mount_api_errnos(tree):
    with pytest.raises(OSError) as e:
        tree.open_tree("/a", 0x4000_0000)
    assert e.value.errno == errno.EINVAL
    with pytest.raises(OSError) as e:
        tree.move_mount("/a", "/c", 0x8000)
    assert e.value.errno == errno.EINVAL
    with pytest.raises(OSError) as e:
        tree.mount_setattr("/c", size=8)
    assert e.value.errno == errno.EINVAL
    with pytest.raises(OSError) as e:
        tree.mount_setattr("/c", attr_set=1 << 40)
    assert e.value.errno == errno.EINVAL
    u = tree.instance.task(1000, 1000)
    with pytest.raises(PermissionError):
        u.fsopen("tmpfs")
    with pytest.raises(PermissionError):
        u.open_tree("/a", vfsim.OPEN_TREE_CLONE)

# SPDX-License-Identifier: LGPL-2.1-or-later
"""fsinfo(): values as dicts, strings and lists; the three queries; errors."""
import errno
import struct

import pytest

import vfsim


def test_statfs_ids_limits(init):
    st = init.fsinfo("/tmp")          # statfs by default
    assert set(st) == {"f_blocks", "f_bfree", "f_bavail", "f_files", "f_ffree",
                       "f_favail", "f_bsize", "f_frsize"}
    assert st["f_bsize"] > 0
    ids = init.fsinfo("/tmp", "ids")
    assert ids["f_fs_name"] == "tmpfs" and ids["f_fstype"] == 0x01021994
    lim = init.fsinfo("/", vfsim.FSINFO_ATTRS["limits"])
    assert lim["max_filename_len"] == 255
    ts = init.fsinfo("/", "timestamp_info")
    assert set(ts) == {"atime", "mtime", "ctime", "btime"}
    assert "gran_exponent" in ts["mtime"]
    assert init.fsinfo("/", "supports")["stx_mask"] != 0


def test_mount_attributes(init):
    init.mkdir("/mnt/m")
    init.mount("dev", "/mnt/m", "tmpfs", vfsim.MS_RDONLY)
    mi = init.fsinfo("/mnt/m", "mount_info")
    assert mi["mnt_id"] == init.path_mnt_id("/mnt/m")
    assert mi["parent_id"] == init.path_mnt_id("/")
    assert mi["attr"] & vfsim.ATTR_RDONLY
    assert init.fsinfo("/mnt/m", "mount_devname") == "dev"
    assert init.fsinfo("/mnt/m", "mount_point") == "/mnt/m"
    kids = init.fsinfo("/", "mount_children")
    assert kids[-1]["mnt_id"] == init.path_mnt_id("/")      # itself last
    assert mi["mnt_id"] in [k["mnt_id"] for k in kids]


def test_query_by_fd_and_by_mount_id(init):
    fd = init.open("/tmp", vfsim.O_PATH)
    assert init.fsinfo_fd(fd, "ids")["f_fs_name"] == "tmpfs"
    tmp = init.path_mnt_id("/tmp")
    assert init.fsinfo_mount(tmp)["mnt_id"] == tmp
    assert init.fsinfo_mount(str(tmp), "ids")["f_fs_name"] == "tmpfs"
    with pytest.raises(OSError) as e:
        init.fsinfo_mount(99999)
    assert e.value.errno == errno.EPERM
    with pytest.raises(OSError) as e:
        init.fsinfo_mount("junk")
    assert e.value.errno == errno.EINVAL
    with pytest.raises(OSError) as e:
        init.fsinfo_fd(1234)
    assert e.value.errno == errno.EBADF


def test_features_and_attribute_table(init):
    f = init.fsinfo("/tmp", "features")
    assert f["nr_features"] == len(vfsim.FSINFO_FEATURES)
    assert "is_memory_fs" in f["features"] and "is_block_fs" not in f["features"]
    attrs = init.fsinfo("/tmp", "fsinfo_attributes")
    assert vfsim.FSINFO_ATTRS["mount_info"] in attrs
    info = init.fsinfo("/tmp", "fsinfo_attribute_info", vfsim.FSINFO_ATTRS["mount_info"])
    assert info == {"attr_id": 0x200, "type": vfsim.FSINFO_TYPE_VSTRUCT, "flags": 0,
                    "size": 40, "type_name": "vstruct", "attr_name": "mount_info"}


def test_fsinfo_all(init):
    everything = init.fsinfo_all("/net/fileserver")
    assert everything["nfs_info"]["version"] == 4
    assert everything["nfs_server_name"] == "fileserver.example"
    assert everything["fsinfo_attribute_info"]["nfs_info"]["type_name"] == "vstruct"
    assert isinstance(everything["nfs_server_addresses"], list)
    afs = init.fsinfo_all("/afs")
    assert "mount_info" in afs and afs["ids"]["f_fs_name"] == "afs"


def test_raw_sizes(init):
    full, data = init.fsinfo_raw("/", "ids", size=0)
    assert (full, data) == (48, b"")
    full, data = init.fsinfo_raw("/", "ids", size=16)
    assert full == 48 and len(data) == 16 and data.startswith(b"ext4")
    full, data = init.fsinfo_raw("/", "mount_point")
    assert data == b"/" and full == 1


def test_decode_value():
    # A vstruct shorter than the struct (an older version) reads as if
    # the missing fields were 0.
    assert vfsim.fsinfo_decode("mount_info", struct.pack("<QI", 7, 3)) == {
        "f_sb_id": 7, "mnt_id": 3, "parent_id": 0, "group_id": 0, "master_id": 0,
        "from_id": 0, "attr": 0, "change_counter": 0, "propagation": 0}
    assert vfsim.fsinfo_decode(0x999, b"\1\2") == b"\1\2"
    assert vfsim.fsinfo_decode("fsinfo_attributes", struct.pack("<3I", 1, 2, 3)) == [1, 2, 3]
    u = vfsim.fsinfo_decode("volume_uuid", bytes(range(16)))
    assert u == {"uuid": "00010203-0405-0607-0809-0a0b0c0d0e0f"}


def test_errors(inst, init):
    with pytest.raises(OSError) as e:
        init.fsinfo("/nonexistent")
    assert e.value.errno == errno.ENOENT and "ENOENT" in str(e.value)
    assert e.value.filename == "/nonexistent"
    with pytest.raises(OSError) as e:
        init.fsinfo("/tmp", "nfs_info")
    assert e.value.errno == errno.EOPNOTSUPP
    with pytest.raises(OSError) as e:
        init.fsinfo("/tmp", 0x7777)
    assert e.value.errno == errno.EOPNOTSUPP
    with pytest.raises(OSError) as e:
        init.fsinfo("/tmp", at_flags=0x4)
    assert e.value.errno == errno.EINVAL
    with pytest.raises(OSError) as e:
        init.fsinfo("/tmp", query=5)
    assert e.value.errno == errno.EINVAL
    with pytest.raises(ValueError, match="unknown fsinfo attribute"):
        init.fsinfo("/tmp", "no_such_attr")
    with pytest.raises(ValueError):
        init.fsinfo("/tmp", "statfs", -1)
    with pytest.raises(TypeError):
        init.fsinfo("/tmp", 1.5)


def test_signal_pending_during_a_regrow(init):
    # MOUNT_POINT past 4096 bytes makes the kernel regrow its buffer; a
    # pending signal then interrupts the call.
    init.chdir("/mnt")
    for _ in range(20):
        init.mkdir("d" * 200)
        init.chdir("d" * 200)
    init.mkdir("d" * 200)
    init.mount("deep", "d" * 200, "tmpfs")
    fd = init.open("d" * 200, vfsim.O_PATH)
    init.set_signal_pending(True)
    with pytest.raises(OSError) as e:
        init.fsinfo_fd(fd, "mount_point")
    assert vfsim.errno_name(e.value.errno) == "ERESTARTSYS"
    init.set_signal_pending(False)
    mp = init.fsinfo_fd(fd, "mount_point")
    assert len(mp) == len("/mnt") + 21 * 201 and mp.endswith("d" * 200)


def test_values_with_n_and_addresses(init):
    afs = init.fsinfo_all("/afs/grand.central.org")
    assert afs["afs_cell_name"] == "grand.central.org"
    # AFS_SERVER_NAME has N values (one per server), each server's
    # addresses are a list of AF_RXRPC addresses around IPv4/IPv6 ones.
    servers = afs["afs_server_name"]
    assert len(servers) == len(afs["afs_server_addresses"]) == 3
    first = afs["afs_server_addresses"][0]
    assert [(a["family"], a["address"], a["port"]) for a in first] == [
        (33, "192.0.2.11", 7000), (33, "2001:db8::11", 7000)]
    assert init.fsinfo("/afs/grand.central.org", "afs_server_name", 1) == servers[1]
    with pytest.raises(OSError) as e:
        init.fsinfo("/afs/grand.central.org", "afs_server_name", 3)
    assert e.value.errno == errno.ENODATA
    nfs = init.fsinfo("/net/fileserver", "nfs_server_addresses")
    assert [(a["family"], a["address"], a["port"]) for a in nfs] == [(2, "192.0.2.10", 2049)]
    other = vfsim.fsinfo_decode("nfs_server_addresses", b"\x01\x00" + b"\0" * 126)
    assert other[0]["family"] == 1 and "address" not in other[0]

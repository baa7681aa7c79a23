# SPDX-License-Identifier: LGPL-2.1-or-later
"""Notification pipes: watches, records decoded into objects, filters,
the watchable test objects, removal and loss records."""
import errno
import struct

import pytest

import vfsim


def test_record_names_come_from_the_c_tables():
    names = vfsim.record_names()
    assert names[vfsim.WATCH_TYPE_META][0] == "meta"
    assert names[vfsim.WATCH_TYPE_MOUNT_NOTIFY][1][vfsim.NOTIFY_MOUNT_UNMOUNT] == "unmount"
    assert names[vfsim.WATCH_TYPE_MOUNT_NOTIFY][2][0] == "in_subtree"
    assert [names[t][0] for t in sorted(names)] == ["meta", "key", "mount", "sb"]


def test_mount_watch_records(init):
    with init.notification_pipe() as p:
        # Events are posted rootwards from the parent mount's root: a
        # watch on / sees a mount below another mount "in_subtree".
        init.mkdir("/mnt/w")
        init.mount("w", "/mnt/w", "tmpfs")
        init.mkdir("/mnt/w/a")
        p.watch_mount("/", 7)
        init.mount("a", "/mnt/w/a", "tmpfs")
        new_id = init.path_mnt_id("/mnt/w/a")
        init.umount("/mnt/w/a")
        recs = p.records()
    assert [r.subtype_name for r in recs] == ["new_mount", "unmount"]
    r = recs[0]
    assert (r.type, r.type_name, r.id, r.length) == (vfsim.WATCH_TYPE_MOUNT_NOTIFY, "mount", 7, 16)
    assert r.flags == {"in_subtree"}
    assert r.info & vfsim.NOTIFY_MOUNT_IN_SUBTREE
    assert r.triggered_on == init.path_mnt_id("/mnt/w")
    assert r.changed_mount == new_id
    assert r.text == f"mount new_mount id=7 flags=in_subtree triggered_on={r.triggered_on} changed_mount={new_id}"
    d = r.as_dict()
    assert d["changed_mount"] == new_id and "sb_id" not in d
    assert "new_mount" in repr(r)
    assert vfsim.decode_records(r.raw + recs[1].raw) == recs


def test_superblock_records(init):
    with init.notification_pipe() as p:
        p.watch_sb("/tmp", 3)
        init.sb_error("/tmp", errno.EIO)
        init.sb_edquot("/tmp")
        init.mount(None, "/tmp", None, vfsim.MS_REMOUNT | vfsim.MS_RDONLY)
        recs = p.records()
    sb = init.fsinfo("/tmp", "ids")["f_sb_id"]
    err, quota, ro = recs
    assert (err.subtype_name, err.sb_id, err.error, err.length) == ("error", sb, errno.EIO, 24)
    assert err.cookie is not None and err.flags == frozenset()
    assert (quota.subtype_name, quota.sb_id, quota.error) == ("edquot", sb, None)
    assert ro.subtype_name == "readonly" and ro.flags == {"is_now_ro"}


def test_filter(init):
    with init.notification_pipe(filter="mount:~unmount") as p:
        init.mkdir("/mnt/f")
        p.watch_mount("/", 1)
        init.mount("f", "/mnt/f", "tmpfs")
        init.umount("/mnt/f")
        assert [r.subtype_name for r in p.records()] == ["new_mount"]


def test_filter_bytes_are_checked_and_removed(init):
    with init.notification_pipe() as p:
        with pytest.raises(ValueError, match="needs 52 bytes, not 8"):
            p.set_filter(struct.pack("<II", 1, 0))
        with pytest.raises(ValueError, match="at least 8"):
            p.set_filter(b"\0")
        # Headers the kernel refuses are passed on: EINVAL from it.
        for hdr in (struct.pack("<II", 0, 0), struct.pack("<II", 17, 0),
                    struct.pack("<II", 1, 1)):
            with pytest.raises(OSError) as e:
                p.set_filter(hdr)
            assert e.value.errno == errno.EINVAL
        # 17 rules on purpose, whole: the kernel refuses them.
        with pytest.raises(OSError) as e:
            p.set_filter(vfsim.parse_filter(" ".join(["mount"] * 17)))
        assert e.value.errno == errno.EINVAL
        p.set_filter("sb")
        init.mkdir("/mnt/nf")
        p.watch_mount("/", 1)
        init.mount("nf", "/mnt/nf", "tmpfs")
        assert p.records() == []               # filtered out
        p.set_filter(None)
        init.umount("/mnt/nf")
        assert [r.subtype_name for r in p.records()] == ["unmount"]


def test_filter_syntax_and_bytes():
    f = vfsim.parse_filter("mount sb")
    assert len(f) == 8 + 2 * 44 and struct.unpack_from("<I", f)[0] == 2
    with pytest.raises(ValueError, match="bad filter"):
        vfsim.parse_filter("nosuchtype")
    with pytest.raises(TypeError):
        vfsim.parse_filter(5)


def test_pipe_errors(inst, init):
    with pytest.raises(OSError) as e:
        init.notification_pipe(filter=b"\x01\0\0\0\x01\0\0\0")  # reserved != 0
    assert e.value.errno == errno.EINVAL
    with pytest.raises(OSError) as e:
        init.notification_pipe(size=1 << 20)
    assert e.value.errno == errno.EINVAL
    with init.notification_pipe(size=None) as p:
        # A queue with no size cannot be watched through.
        assert p.read() == []
        with pytest.raises(OSError) as e:
            p.watch_mount("/", 300)
        assert e.value.errno == errno.EINVAL
        with pytest.raises(OSError) as e:
            init.write(p.wfd, b"x")
        assert e.value.errno in (errno.EXDEV, errno.EBADF, errno.EINVAL)
        with pytest.raises(OSError) as e:
            p.watch_mount("/", 1, at_flags=0xFFFF)
        assert e.value.errno == errno.EINVAL
    assert p.rfd is None
    r, _w = init.pipe2()
    with pytest.raises(OSError) as e:
        init.watch_mount("/", r, 1)
    assert e.value.errno == errno.EINVAL


def test_test_objects_removal_and_posting(init):
    with init.notification_pipe() as p:
        init.test_watch(p.wfd, 0x77, 5)
        with pytest.raises(OSError) as e:
            init.test_watch(p.wfd, 0x77, 5)
        assert e.value.errno == errno.EBUSY
        rec = vfsim.Record.build(vfsim.WATCH_TYPE_KEY_NOTIFY, 2,
                                 struct.pack("<II", 11, 22), info_flags=vfsim.WATCH_INFO_FLAG_1)
        assert init.test_post(0x77, rec) == 0
        init.test_post(0x77, rec.raw)
        init.test_unwatch(p.wfd, 0x77)
        with pytest.raises(OSError) as e:
            init.test_unwatch(p.wfd, 0x77)
        assert e.value.errno == errno.EBADSLT
        init.test_watch(p.wfd, 0x78, 6)
        init.test_destroy_object(0x78)
        with pytest.raises(OSError) as e:
            init.test_destroy_object(0x78)
        assert e.value.errno == errno.ENOENT
        k1, k2, gone, destroyed = p.records()
    assert (k1.type_name, k1.subtype_name, k1.key_id, k1.aux, k1.id) == ("key", "linked", 11, 22, 5)
    assert k1.flags == {"flag1"}   # key records name no flags
    assert k2 == k1
    assert (gone.type_name, gone.subtype_name, gone.object, gone.id) == ("meta", "removal", 0x77, 5)
    assert (destroyed.object, destroyed.id) == (0x78, 6)


def test_bad_posts(init):
    with pytest.raises(OSError) as e:
        init.test_post(1, b"\0" * 4 + b"\x04\0\0\0")   # length 4 < 8
    assert e.value.errno == errno.EINVAL
    assert init.test_post(1, vfsim.Record.build(1, 0)) == 0   # nobody watches
    with pytest.raises(ValueError):
        vfsim.Record.build(1, 0, b"x" * 120)
    with pytest.raises(ValueError):
        vfsim.Record.build(1, 256)


def test_loss_record(init):
    with init.notification_pipe(size=4) as p:
        init.test_watch(p.wfd, 9, 1)
        rec = vfsim.Record.build(vfsim.WATCH_TYPE_KEY_NOTIFY, 0, b"\0" * 8)
        for _ in range(10):
            init.test_post(9, rec)
        assert p.pending() == 4 * 16
        recs = p.records()
    # Four records fit; the rest were lost, which one LOSS record says.
    assert [r.subtype_name for r in recs] == ["instantiated"] * 4 + ["loss"]
    assert recs[-1].type_name == "meta" and recs[-1].length == 8


def test_decoding_errors():
    with pytest.raises(ValueError, match="short record"):
        vfsim.Record(b"\0" * 4)
    with pytest.raises(ValueError, match="bad record length"):
        vfsim.Record(struct.pack("<II", 2, 40))
    with pytest.raises(ValueError, match="bad record length"):
        vfsim.decode_records(struct.pack("<II", 2, 3))
    r = vfsim.Record(struct.pack("<II", 9 | 5 << 24, 8 | 0x80))
    assert r.type_name is None and r.subtype_name is None
    assert r.text == "type=9 subtype=5 id=0 info=0x00000088"


def test_a_closed_pipe_is_a_value_error(inst, init):
    # Issue 30, item 9: as a closed file object's methods do (they raised
    # TypeError, None reaching the C call).
    p = init.notification_pipe()
    p.close()
    calls = [p.read, p.records, p.pending, lambda: p.set_size(8),
             lambda: p.set_filter(None), lambda: p.set_filter("mount"),
             lambda: p.watch_mount("/", 1), lambda: p.watch_sb("/", 1),
             lambda: p.watch_key(vfsim.KEY_SPEC_SESSION_KEYRING, 1)]
    for call in calls:
        with pytest.raises(ValueError, match=r"^I/O operation on closed pipe$"):
            call()
    p.close()  # a second close is fine, as for files

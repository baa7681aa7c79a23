# SPDX-License-Identifier: LGPL-2.1-or-later
"""fanotify mount events: a group on the mount namespace sees mounts,
unmounts and moves (one event, attach and detach) by unique mount ID;
the records parsed; the queue's limit and FAN_Q_OVERFLOW; errnos."""
import errno
import struct

import pytest

import vfsim

EVENTS = vfsim.FAN_MNT_ATTACH | vfsim.FAN_MNT_DETACH


@pytest.fixture
def tree(empty):
    """/a tmpfs, /a/x tmpfs, /b and /c directories."""
    t = empty.init
    for d in ("/a", "/b", "/c"):
        t.mkdir(d)
    t.mount("a", "/a", "tmpfs")
    t.mkdir("/a/x")
    t.mount("x", "/a/x", "tmpfs")
    return t


def kinds(events):
    return [(e.kind, e.mnt_id) for e in events]


def test_mount_umount_move(tree):
    with tree.fanotify() as g:
        assert g.events() == []
        tree.mount("m", "/b", "tmpfs")
        m = tree.statx_mnt_id("/b")
        assert g.pending() == vfsim.FAN_EVENT_METADATA_LEN   # 24 an event
        tree.mount("/b", "/c", None, vfsim.MS_MOVE)
        tree.umount("/c")
        evs = g.events()
    assert kinds(evs) == [("attach", m), ("move", m), ("detach", m)]
    attach, move, detach = evs
    assert attach.mask == vfsim.FAN_MNT_ATTACH and attach.attach and not attach.detach
    # A move is one event: detached from /b and attached at /c.
    assert move.mask == EVENTS and move.attach and move.detach
    assert detach.mask == vfsim.FAN_MNT_DETACH
    for e in evs:
        assert e.fd == vfsim.FAN_NOFD and e.pid > 0 and not e.overflow
        assert e.vers == vfsim.FANOTIFY_METADATA_VERSION
        assert len(e.raw) == 40
        assert e.info == [(vfsim.FAN_EVENT_INFO_TYPE_MNT,
                           b"\0" * 4 + struct.pack("<Q", m))]


def test_recursive_bind_and_lazy_umount(tree):
    a, x = tree.statx_mnt_id("/a"), tree.statx_mnt_id("/a/x")
    with tree.fanotify() as g:
        tree.mount("/a", "/b", None, vfsim.MS_BIND | vfsim.MS_REC)
        b, bx = tree.statx_mnt_id("/b"), tree.statx_mnt_id("/b/x")
        tree.umount("/a", vfsim.MNT_DETACH)
        assert kinds(g.events()) == [("attach", b), ("attach", bx),
                                     ("detach", a), ("detach", x)]
        # The mount IDs are statmount's and listmount's.
        assert tree.listmount() == [tree.statx_mnt_id("/"), b, bx]
        assert tree.statmount(b, vfsim.STATMOUNT_MNT_POINT).mnt_point == "/b"


def test_new_mount_api_attach(tree):
    with tree.fanotify() as g:
        clone = tree.open_tree("/a", vfsim.OPEN_TREE_CLONE | vfsim.AT_RECURSIVE)
        assert g.events() == []          # detached: nothing attached yet
        tree.move_mount("", "/b", vfsim.MOVE_MOUNT_F_EMPTY_PATH, from_dfd=clone)
        tree.close(clone)
        assert kinds(g.events()) == [("attach", tree.statx_mnt_id("/b")),
                                     ("attach", tree.statx_mnt_id("/b/x"))]


def test_masks_marks_and_flush(tree):
    with tree.fanotify(vfsim.FAN_MNT_DETACH) as g:
        tree.mount("m", "/b", "tmpfs")
        tree.umount("/b")
        assert [e.kind for e in g.events()] == ["detach"]
        g.mark(vfsim.FAN_MNT_ATTACH)
        g.unmark(vfsim.FAN_MNT_DETACH)
        tree.mount("m", "/b", "tmpfs")
        tree.umount("/b")
        assert [e.kind for e in g.events()] == ["attach"]
        g.flush()
        tree.mount("m", "/b", "tmpfs")
        assert g.events() == []
        with pytest.raises(FileNotFoundError):
            g.unmark(vfsim.FAN_MNT_ATTACH)     # no mark left


def test_two_groups_and_ns_fd(tree):
    ns = tree.open_mntns(vfsim.O_CLOEXEC)
    with tree.fanotify(0) as g1, tree.fanotify() as g2:
        g1.mark(EVENTS, ns_fd=ns)
        tree.close(ns)                  # the mark outlives the fd
        tree.umount("/a/x")
        assert [e.kind for e in g1.events()] == ["detach"]
        assert [e.kind for e in g2.events()] == ["detach"]


def test_overflow(tree):
    with tree.fanotify() as g:
        for _ in range(vfsim.FANOTIFY_DEFAULT_MAX_EVENTS // 2 + 1):
            tree.mount("/a", "/b", None, vfsim.MS_BIND)
            tree.umount("/b")
        # 16384 events, then one FAN_Q_OVERFLOW however many were lost.
        assert g.pending() == 16385 * 24
        evs = g.events()
        assert len(evs) == vfsim.FANOTIFY_DEFAULT_MAX_EVENTS + 1
        last = evs[-1]
        assert last.overflow and last.kind == "overflow"
        assert last.mask == vfsim.FAN_Q_OVERFLOW
        assert last.mnt_id is None and last.info == [] and len(last.raw) == 24
        assert not any(e.overflow for e in evs[:-1])
        tree.umount("/a/x")
        assert [e.kind for e in g.events()] == ["detach"]


def test_unlimited_queue(tree):
    flags = vfsim.FAN_REPORT_MNT | vfsim.FAN_NONBLOCK | vfsim.FAN_UNLIMITED_QUEUE
    with tree.fanotify(flags=flags) as g:
        for _ in range(vfsim.FANOTIFY_DEFAULT_MAX_EVENTS // 2 + 1):
            tree.mount("/a", "/b", None, vfsim.MS_BIND)
            tree.umount("/b")
        evs = g.events()
        assert len(evs) == vfsim.FANOTIFY_DEFAULT_MAX_EVENTS + 2
        assert not any(e.overflow for e in evs)


def test_read_sizes(tree):
    with tree.fanotify() as g:
        tree.umount("/a/x")
        tree.mount("x", "/a/x", "tmpfs")
        with pytest.raises(OSError) as e:
            g.read(39)                  # the first record must fit
        assert e.value.errno == errno.EINVAL
        assert [e.kind for e in g.read(79)] == ["detach"]
        assert [e.kind for e in g.read(80)] == ["attach"]
        assert g.read() == []


def test_parse_events():
    md = struct.pack("<IBBHQii", 40, 3, 0, 24, vfsim.FAN_MNT_ATTACH, -1, 7)
    info = struct.pack("<BBH4xQ", 7, 0, 16, 0x80000005)
    over = struct.pack("<IBBHQii", 24, 3, 0, 24, vfsim.FAN_Q_OVERFLOW, -1, 0)
    (a, o) = vfsim.parse_events(md + info + over)
    assert (a.kind, a.mnt_id, a.pid, a.fd) == ("attach", 0x80000005, 7, -1)
    assert (o.kind, o.mnt_id) == ("overflow", None)
    # An unknown info record is kept, not decoded.
    other = struct.pack("<IBBHQii", 32, 3, 0, 24, vfsim.FAN_MNT_DETACH, -1, 1) + \
        struct.pack("<BBH4x", 99, 0, 8)
    (d,) = vfsim.parse_events(other)
    assert d.info == [(99, b"\0" * 4)] and d.mnt_id is None
    assert vfsim.parse_events(b"") == []
    for bad in (md, md[:20], md + info[:8], struct.pack("<IBBHQii", 8, 3, 0, 24, 0, -1, 0),
                md + struct.pack("<BBH4xQ", 7, 0, 2, 1)):
        with pytest.raises(ValueError):
            vfsim.parse_events(bad)


def test_init_errnos(tree, empty):
    cases = [
        (vfsim.FAN_REPORT_MNT | vfsim.FAN_CLASS_CONTENT, 0, errno.EINVAL),
        (vfsim.FAN_REPORT_MNT | vfsim.FAN_REPORT_FID, 0, errno.EINVAL),
        (vfsim.FAN_REPORT_MNT | 0x8000, 0, errno.EINVAL),
        (vfsim.FAN_REPORT_MNT, vfsim.O_PATH, errno.EINVAL),
        (vfsim.FAN_REPORT_MNT | vfsim.FAN_REPORT_PIDFD, 0, errno.EINVAL),
    ]
    for flags, f_flags, want in cases:
        with pytest.raises(OSError) as e:
            tree.fanotify_init(flags, f_flags)
        assert e.value.errno == want, hex(flags)
    u = empty.task(1000, 1000)
    with pytest.raises(PermissionError):
        u.fanotify_init(vfsim.FAN_REPORT_MNT | vfsim.FAN_UNLIMITED_QUEUE)
    # Unprivileged: a group, but no namespace mark.
    with pytest.raises(PermissionError):
        u.fanotify()
    with pytest.raises(ValueError):
        tree.fanotify_init(-1)


def test_mark_errnos(tree):
    add = vfsim.FAN_MARK_ADD | vfsim.FAN_MARK_MNTNS
    ns = tree.open_mntns()
    fd = tree.fanotify_init()
    plain = tree.fanotify_init(0)
    cases = [
        (fd, add, 0, ns, None, errno.EINVAL),                       # no mask
        (fd, add, vfsim.FAN_OPEN, ns, None, errno.EINVAL),          # not a mount event
        (fd, vfsim.FAN_MARK_ADD, EVENTS, ns, None, errno.EINVAL),   # not MNTNS
        (plain, add, EVENTS, ns, None, errno.EINVAL),               # no FAN_REPORT_MNT
        (plain, vfsim.FAN_MARK_ADD, vfsim.FAN_OPEN, vfsim.AT_FDCWD, "/a",
         errno.EOPNOTSUPP),                                         # no file events
        (99, add, EVENTS, ns, None, errno.EBADF),
        (ns, add, EVENTS, ns, None, errno.EINVAL),                  # not a group
        (fd, add, EVENTS, vfsim.AT_FDCWD, None, errno.EBADF),
        (fd, add, EVENTS, vfsim.AT_FDCWD, "/nope", errno.ENOENT),
        (fd, add, EVENTS, vfsim.AT_FDCWD, "/a", errno.EINVAL),      # not a ns file
        (fd, vfsim.FAN_MARK_REMOVE | vfsim.FAN_MARK_MNTNS, EVENTS, ns, None,
         errno.ENOENT),
    ]
    for gfd, flags, mask, dfd, path, want in cases:
        with pytest.raises(OSError) as e:
            tree.fanotify_mark(gfd, flags, mask, dfd, path)
        assert e.value.errno == want, (gfd, hex(flags), hex(mask), path)
    tree.fanotify_mark(fd, add, EVENTS, ns)
    for f in (fd, plain, ns):
        tree.close(f)


def test_group_after_reset():
    v = vfsim.Instance("empty", allocator=vfsim.ALLOC_SNAPSHOT)
    try:
        t = v.init
        t.mkdir("/a")
        v.snapshot()
        g = t.fanotify()
        t.mount("a", "/a", "tmpfs")
        assert [e.kind for e in g.events()] == ["attach"]
        v.reset()
        g.close()                       # forgotten, not closed: gone with the reset
        assert g.fd is None
        with t.fanotify() as g2:
            t.mount("a", "/a", "tmpfs")
            assert len(g2.events()) == 1
    finally:
        assert v.destroy() == 0, v.leak_report

# SPDX-License-Identifier: LGPL-2.1-or-later
"""Many mount namespaces (docs/namespaces.md): fork with the clone flags,
unshare, setns through another task's namespace file, a namespace's
death; errnos as OSError."""
import ctypes
import errno

import pytest

import vfsim


@pytest.fixture
def vol(empty):
    """/vol, a shared tmpfs, and /mnt."""
    t = empty.init
    t.mkdir("/vol")
    t.mkdir("/mnt")
    t.mount("vol", "/vol", "tmpfs")
    t.mount(None, "/vol", flags=vfsim.MS_SHARED)
    return t




def test_fork_newns_and_death(vol):
    c = vol.fork(vfsim.CLONE_NEWNS)
    assert c.pid > vol.pid
    c.mount("mine", "/mnt", "tmpfs")
    c.mkdir("/vol/x")
    c.mount("x", "/vol/x", "tmpfs")
    assert "/vol/x" in vol.render()
    assert "/mnt" not in vol.render()
    c.exit()
    assert "/vol/x" in vol.render()


def test_unshare_setns_and_ns_id(vol):
    c = vol.fork()
    c.unshare(vfsim.CLONE_NEWNS)
    c.mount("mine", "/mnt", "tmpfs")
    fd = vol.open_task_mntns(c)
    ns_id = ctypes.c_uint64()
    vol.ioctl(fd, vfsim.NS_GET_MNTNS_ID, ctypes.addressof(ns_id))
    assert ns_id.value > 4
    w = vol.fork()
    w.setns(fd, vfsim.CLONE_NEWNS)
    assert "/mnt" in w.render()
    vol.close(fd)
    w.exit()
    c.exit()


def test_errors(vol):
    with pytest.raises(OSError) as e:
        vol.fork(vfsim.CLONE_NEWNS | vfsim.CLONE_FS)
    assert e.value.errno == errno.EINVAL
    u = vol.instance.task(1000, 1000)
    with pytest.raises(OSError) as e:
        u.unshare(vfsim.CLONE_NEWNS)
    assert e.value.errno == errno.EPERM
    with pytest.raises(OSError) as e:
        u.open_task_mntns(vol)
    assert e.value.errno == errno.EACCES
    with pytest.raises(OSError) as e:
        vol.setns(99)
    assert e.value.errno == errno.EBADF

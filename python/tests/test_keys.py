# SPDX-License-Identifier: LGPL-2.1-or-later
"""Keys and keyrings (docs/keys.md): the calls, their records, errors."""
import errno

import pytest

import vfsim


@pytest.fixture
def ses(init):
    return init.keyring_id(vfsim.KEY_SPEC_SESSION_KEYRING, True)


def test_keys_and_their_records(init, ses):
    S = vfsim.KEY_SPEC_SESSION_KEYRING
    with init.notification_pipe() as p:
        p.watch_key(ses, 4)
        ring = init.add_key("keyring", "ring", None, S)
        k = init.add_key("user", "mine", b"secret", S)
        assert (ring, k) == (0x10000004, 0x10000005)   # deterministic serials
        p.watch_key(ring, 5)
        p.watch_key(k, 6)
        assert init.key_read(k) == b"secret"
        assert init.keyring_read(S) == [ring, k]
        init.key_update(k, b"new")
        assert init.add_key("user", "mine", b"newer", S) == k   # updated in place
        init.key_link(k, ring)
        init.key_unlink(k, ring)
        init.key_link(k, ring)
        init.keyring_clear(ring)
        init.key_setperm(k, 0x3f3f0000)
        init.key_chown(k, -1, 100)
        recs = p.records()
    got = [(r.id, r.subtype_name, r.key_id, r.aux) for r in recs]
    assert got == [
        (4, "linked", ses, ring),
        (4, "linked", ses, k),
        (6, "updated", k, 0),
        (6, "updated", k, 0),
        (5, "linked", ring, k),
        (5, "unlinked", ring, k),
        (5, "linked", ring, k),
        (5, "cleared", ring, 0),
        (6, "setattr", k, 0),
        (6, "setattr", k, 0),
    ]
    d = init.key_describe(k)
    assert (d["type"], d["uid"], d["gid"], d["perm"], d["description"]) == \
        ("user", 0, 100, 0x3f3f0000, "mine")
    assert init.key_describe(ring)["type"] == "keyring"


def test_revoke_invalidate_gc(init, ses):
    k = init.add_key("user", "gone", b"x")
    with init.notification_pipe() as p:
        p.watch_key(k, 1)
        init.key_revoke(k)
        with pytest.raises(OSError) as e:
            init.key_read(k)
        assert e.value.errno == errno.EKEYREVOKED
        assert init.key_gc() == 0
        recs = p.records()
    assert [r.subtype_name for r in recs] == ["revoked", "removal"]
    assert recs[1].object is not None
    j = init.add_key("user", "inv", b"y")
    init.key_invalidate(j)
    assert j not in init.keyring_read(ses)


def test_request_key(init, ses):
    with pytest.raises(OSError) as e:
        init.request_key("user", "absent")
    assert e.value.errno == errno.ENOKEY
    made = init.request_key("user", "made", "payload")
    assert init.key_read(made) == b"payload"
    assert init.request_key("user", "made") == made


def test_key_errors(init, ses):
    logon = init.add_key("logon", "svc:pw", b"hidden")
    with pytest.raises(OSError) as e:
        init.key_read(logon)
    assert e.value.errno == errno.EOPNOTSUPP
    with pytest.raises(OSError) as e:
        init.keyctl(999)
    assert e.value.errno == errno.EOPNOTSUPP and "EOPNOTSUPP" in str(e.value)
    with pytest.raises(OSError) as e:
        init.add_key("nosuchtype", "d", b"")
    assert e.value.errno == errno.ENODEV
    with pytest.raises(OSError) as e:
        init.key_describe(0x7fffffff)
    assert e.value.errno == errno.ENOKEY
    with init.notification_pipe() as p:
        with pytest.raises(OSError) as e:
            p.watch_key(ses, 256)
        assert e.value.errno == errno.EINVAL
        p.watch_key(ses, 1)
        with pytest.raises(OSError) as e:
            p.watch_key(ses, 2)
        assert e.value.errno == errno.EBUSY
        p.watch_key(ses, -1)
        with pytest.raises(OSError) as e:
            p.watch_key(ses, -1)
        assert e.value.errno == errno.EBADSLT
    with pytest.raises(TypeError):
        init.add_key("user", "d", "text, not bytes")
    with pytest.raises(ValueError):
        init.add_key("user", "d", b"", 2**31)
    with pytest.raises(ValueError):
        init.keyctl(2, 2**64)
    with pytest.raises(ValueError):
        init.key_chown(ses, -2, 0)

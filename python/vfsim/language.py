# SPDX-License-Identifier: LGPL-2.1-or-later
"""The scenario language's pieces (the engine's scenario/tool_api.h, not an
installed header: exported from the library for this package), for tools
that read scenarios themselves: each parser returns what it read, or raises
ValueError with the engine's message for the line."""
import ctypes
import errno

from . import _lib
from ._lib import lib
from .errors import check, str_arg

__all__ = ["mount_options", "propagation", "mode", "ids", "open_flags",
           "mount_calls", "MOUNT_USES"]

MOUNT_USES = {"mount": 0, "remount": 1, "setattr": 2}


def _why():
    return ctypes.create_string_buffer(512)


def _check(rc, why, what):
    if rc == -errno.EINVAL and why.value:
        raise ValueError(why.value.decode(errors="replace"))
    return check(rc, what)


def _argv(words):
    if isinstance(words, (str, bytes)):
        raise TypeError("words must be a list of strings")
    enc = [str_arg(w, "word", none_ok=False) for w in words]
    arr = (ctypes.c_char_p * (len(enc) + 1))(*enc, None)
    return len(enc), arr


def _s(b):
    return None if b is None else b.decode(errors="surrogateescape")


def mount_options(text, use="mount"):
    """mount(8)'s -o: {"flags": MS_*, "propagation": MS_* or 0,
    "propagation_word": str, "data": str or None}."""
    if use not in MOUNT_USES:
        raise ValueError(f"use must be one of {', '.join(MOUNT_USES)}")
    o = _lib.ScenarioMountOpts()
    why = _why()
    try:
        _check(lib.vfsim_scenario_mount_options(str_arg(text, "options", False),
                                                MOUNT_USES[use], ctypes.byref(o),
                                                why, len(why)),
               why, "vfsim_scenario_mount_options")
        return {"flags": o.flags, "propagation": o.propagation,
                "propagation_word": o.propagation_word.decode(),
                "data": _s(o.data)}
    finally:
        lib.vfsim_scenario_mount_options_free(ctypes.byref(o))


def propagation(word):
    """shared, rprivate, ... as MS_* flags; 0 for any other word."""
    return lib.vfsim_scenario_propagation(str_arg(word, "word", False))


def mode(text):
    """A MODE argument: octal digits, at most 07777."""
    m = ctypes.c_uint()
    why = _why()
    _check(lib.vfsim_scenario_mode(str_arg(text, "mode", False), ctypes.byref(m),
                                   why, len(why)), why, "vfsim_scenario_mode")
    return m.value


def ids(text):
    """UID[:GID]: (uid, gid or None)."""
    uid, gid, has = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_bool()
    why = _why()
    _check(lib.vfsim_scenario_ids(str_arg(text, "ids", False), ctypes.byref(uid),
                                  ctypes.byref(gid), ctypes.byref(has), why,
                                  len(why)), why, "vfsim_scenario_ids")
    return uid.value, (gid.value if has.value else None)


def open_flags(words):
    """The FLAG words of `open NAME PATH [FLAG]...` as openat() flags."""
    n, argv = _argv(words)
    flags = ctypes.c_int()
    why = _why()
    _check(lib.vfsim_scenario_open_flags(n, argv, ctypes.byref(flags), why,
                                         len(why)), why,
           "vfsim_scenario_open_flags")
    return flags.value


def mount_calls(verb, args):
    """The mount(2)/umount2(2) calls of a mount verb's line (@args: its
    words after the verb), as dicts: {"umount", "source", "target",
    "fstype", "flags", "data"}.  ValueError for a malformed line or a
    verb that is no mount verb."""
    n, argv = _argv(args)
    mc = _lib.ScenarioMountCalls()
    why = _why()
    try:
        rc = lib.vfsim_scenario_mount_calls(str_arg(verb, "verb", False), n, argv,
                                            ctypes.byref(mc), why, len(why))
        if rc == -errno.ENOENT:
            raise ValueError(why.value.decode(errors="replace"))
        _check(rc, why, "vfsim_scenario_mount_calls")
        return [{"umount": c.umount, "source": _s(c.source),
                 "target": _s(c.target), "fstype": _s(c.fstype),
                 "flags": c.flags, "data": _s(c.data)}
                for c in mc.call[:mc.nr]]
    finally:
        lib.vfsim_scenario_mount_calls_free(ctypes.byref(mc))

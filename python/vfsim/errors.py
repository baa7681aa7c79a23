# SPDX-License-Identifier: LGPL-2.1-or-later
"""Errors: a negative errno from the library becomes OSError, and Python
arguments are checked before they reach C (TypeError, ValueError)."""
import os

from ._lib import lib

__all__ = ["errno_name", "errno_from_name", "raise_errno", "check"]


def errno_name(err):
    """The name of an errno value ("ENOENT"), or None."""
    name = lib.vfsim_errno_name(abs(int(err)))
    return name.decode() if name else None


def errno_from_name(name):
    """The value of an errno name, or None."""
    v = lib.vfsim_errno_from_name(os.fsencode(name))
    return v if v > 0 else None


def raise_errno(err, what, filename=None):
    err = abs(int(err))
    name = errno_name(err) or f"errno {err}"
    msg = f"{name} ({os.strerror(err)}) from {what}"
    if filename is not None:
        raise OSError(err, msg, filename)
    raise OSError(err, msg)


def check(rc, what, filename=None):
    """@rc as a C call returned it: >= 0 is returned, < 0 raised."""
    if rc < 0:
        raise_errno(-rc, what, filename)
    return rc


# ---- arguments ----------------------------------------------------------------

def path_arg(p, name="path", none_ok=False):
    """A path (str, bytes or os.PathLike) as bytes for C; no NUL inside."""
    if p is None:
        if none_ok:
            return None
        raise TypeError(f"{name} must be a path, not None")
    if not isinstance(p, (str, bytes, os.PathLike)):
        raise TypeError(f"{name} must be str, bytes or os.PathLike, "
                        f"not {type(p).__name__}")
    b = os.fsencode(p)
    if not isinstance(b, bytes):
        raise TypeError(f"{name} must be a path")
    if b"\0" in b:
        raise ValueError(f"{name} contains a NUL byte")
    return b


def str_arg(s, name, none_ok=True):
    if s is None and none_ok:
        return None
    return path_arg(s, name)


def int_arg(v, name, lo, hi):
    """An int in [lo, hi] (the C parameter's range): no silent wrapping."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    if not lo <= v <= hi:
        raise ValueError(f"{name} {v} is out of range [{lo}, {hi}]")
    return v


INT_MIN, INT_MAX = -2**31, 2**31 - 1
U32_MAX = 2**32 - 1
U64_MAX = 2**64 - 1
ULONG_MAX = 2**64 - 1


def fd_arg(fd, name="fd"):
    return int_arg(fd, name, INT_MIN, INT_MAX)


def u32_arg(v, name):
    return int_arg(v, name, 0, U32_MAX)


def u64_arg(v, name):
    return int_arg(v, name, 0, U64_MAX)

# SPDX-License-Identifier: LGPL-2.1-or-later
"""The mount tree: the walkers' descriptions as dicts, findmnt's forms
(vfsim_tree_render(), the JSON form parsed), /proc/self/mountinfo."""
import ctypes
import json

from . import _lib
from ._lib import lib
from .errors import check, path_arg, str_arg, u32_arg

__all__ = ["TreeMixin", "FORMATS"]

FORMATS = {"tree": 0, "list": 1, "raw": 2, "json": 3, "dot": 4}

_DESC_FIELDS = ("mnt_id", "parent_id", "depth", "mountpoint", "root", "fstype",
                "source", "sb_options", "attr", "propagation", "peer_group",
                "master", "sb_unique_id", "change_counter", "sb_flags",
                "expiry_marked")


def _desc(m):
    d = {}
    for f in _DESC_FIELDS:
        v = getattr(m, f)
        d[f] = v.decode(errors="surrogateescape") if isinstance(v, bytes) else v
    return d


class TreeMixin:
    """Mixed into Task."""

    def mounts(self):
        """vfsim_for_each_mount(): every mount of the namespace, depth
        first, as dicts (struct vfsim_mount_desc's fields)."""
        out = []

        def cb(m, _arg):
            out.append(_desc(m.contents))
            return 0
        check(lib.vfsim_for_each_mount(self.ptr, _lib.MOUNT_CB(cb), None),
              "vfsim_for_each_mount")
        return out

    def mount_by_id(self, mnt_id):
        out = []

        def cb(m, _arg):
            out.append(_desc(m.contents))
            return 0
        check(lib.vfsim_mount_by_id(self.ptr, u32_arg(mnt_id, "mnt_id"),
                                    _lib.MOUNT_CB(cb), None),
              "vfsim_mount_by_id")
        return out[0]

    def path_mnt_id(self, path):
        return check(lib.vfsim_path_mnt_id(self.ptr, path_arg(path)),
                     "vfsim_path_mnt_id", path)

    def mountinfo(self):
        """What /proc/self/mountinfo would say, as text."""
        while True:
            size = check(lib.vfsim_mountinfo(self.ptr, None, 0), "vfsim_mountinfo")
            buf = ctypes.create_string_buffer(size + 1)
            n = check(lib.vfsim_mountinfo(self.ptr, buf, size + 1),
                      "vfsim_mountinfo")
            if n <= size:
                return buf.raw[:n].decode(errors="surrogateescape")

    def render(self, format="tree", *, columns=None, target=None, flat=False):
        """vfsim_tree_render(): the tree as `vfsim tree` prints it, text.
        @format: tree, list, raw, json or dot; @columns: findmnt's names
        ("TARGET,FSTYPE" or a list); @target: only the mount PATH is on."""
        if format not in FORMATS:
            raise ValueError(f"format must be one of {', '.join(FORMATS)}")
        if isinstance(columns, (list, tuple)):
            columns = ",".join(columns)
        opts = _lib.TreeOpts(format=FORMATS[format], flat=bool(flat),
                             columns=str_arg(columns, "columns"),
                             target=str_arg(target, "target"))
        with _lib.MemStream() as out:
            rc = lib.vfsim_tree_render(self.ptr, out.fp, ctypes.byref(opts))
            text = out.close()
        check(rc, "vfsim_tree_render", target)
        return text.decode(errors="surrogateescape")

    def tree(self, *, columns=None, target=None, flat=False):
        """findmnt -J's data: {"filesystems": [{..., "children": [...]}]}
        (flat: one list, no children, as findmnt -J -l)."""
        return json.loads(self.render("json", columns=columns, target=target,
                                      flat=flat))

# SPDX-License-Identifier: LGPL-2.1-or-later
"""Loading libvfsim and declaring its functions (ctypes).

The library is looked for, in order: $VFSIM_LIBRARY (a path), the
library installed beside this package by `cmake --install` (_paths.py,
written at install time), then the soname through the dynamic loader's
usual search (ctypes.util.find_library, LD_LIBRARY_PATH).
"""
import ctypes
import ctypes.util
import errno as _errno
import os

from ctypes import (CFUNCTYPE, POINTER, Structure, c_bool, c_char_p, c_int,
                    c_int64,
                    c_long, c_size_t, c_uint, c_uint32, c_uint64, c_ulong,
                    c_void_p)

SONAME = "libvfsim.so.0"

def _candidates():
    env = os.environ.get("VFSIM_LIBRARY")
    if env:
        return [env]
    found = []
    try:
        from . import _paths  # written by cmake --install
        here = os.path.dirname(os.path.abspath(__file__))
        path = os.path.normpath(os.path.join(here, _paths.LIBRARY))
        if os.path.exists(path):
            found.append(path)
    except ImportError:
        pass
    found.append(ctypes.util.find_library("vfsim") or SONAME)
    return found


def _load():
    errors = []
    for name in _candidates():
        try:
            return ctypes.CDLL(name), name
        except OSError as e:
            errors.append(str(e))
    raise ImportError("cannot load libvfsim (set VFSIM_LIBRARY to its path): "
                      + "; ".join(errors))


lib, path = _load()
libc = ctypes.CDLL(None, use_errno=True)

FILE_p = c_void_p


class Options(Structure):
    _fields_ = [("seed", c_uint64), ("quirks", c_uint64), ("allocator", c_int),
                ("mhash_shift", c_uint), ("sb_id_start", c_uint64),
                ("nosleep", c_bool), ("mount_max", c_uint),
                ("region_size", c_size_t)]


class MountDesc(Structure):
    _fields_ = [("mnt_id", c_uint), ("parent_id", c_uint), ("depth", c_uint),
                ("mountpoint", c_char_p), ("root", c_char_p),
                ("fstype", c_char_p), ("source", c_char_p),
                ("sb_options", c_char_p), ("attr", c_uint),
                ("propagation", c_uint), ("peer_group", c_uint),
                ("master", c_uint), ("sb_unique_id", c_uint64),
                ("change_counter", c_uint64), ("sb_flags", c_uint),
                ("expiry_marked", c_bool)]


class TreeOpts(Structure):
    _fields_ = [("format", c_uint), ("flat", c_bool), ("columns", c_char_p),
                ("target", c_char_p)]


class RecordNames(Structure):
    _fields_ = [("name", c_char_p), ("subtypes", POINTER(c_char_p)),
                ("nr_subtypes", c_uint), ("flags", POINTER(c_char_p)),
                ("nr_flags", c_uint)]


class FsinfoParams(Structure):
    _fields_ = [("at_flags", c_uint32), ("flags", c_uint32),
                ("request", c_uint32), ("Nth", c_uint32), ("Mth", c_uint32),
                ("reserved32", c_uint32), ("reserved", c_uint64 * 3)]


class AllocStats(Structure):
    _fields_ = [("live_objects", c_uint64), ("live_bytes", c_uint64),
                ("peak_bytes", c_uint64), ("total_allocs", c_uint64),
                ("failed_allocs", c_uint64), ("external_bytes", c_uint64),
                ("allocator", c_char_p), ("allocator_note", c_char_p)]


class NfsServerStatus(Structure):
    _fields_ = [("info_flags", c_uint32), ("changes", c_uint32),
                ("superblocks", c_uint32)]


class ScenarioOpts(Structure):
    _fields_ = [("name", c_char_p), ("err", FILE_p), ("trace", c_bool),
                ("check", c_bool), ("quiet", c_bool)]


class ScenarioWords(Structure):
    _fields_ = [("argc", c_int), ("argv", POINTER(c_char_p)),
                ("start", c_size_t), ("end", c_size_t)]


class ScenarioMountOpts(Structure):
    _fields_ = [("flags", c_ulong), ("propagation", c_ulong),
                ("propagation_word", ctypes.c_char * 16), ("data", c_char_p)]


class ScenarioMountCall(Structure):
    _fields_ = [("umount", c_bool), ("source", c_char_p), ("target", c_char_p),
                ("fstype", c_char_p), ("flags", c_ulong), ("data", c_char_p)]


class ScenarioMountCalls(Structure):
    _fields_ = [("nr", c_int), ("call", ScenarioMountCall * 2),
                ("opts", ScenarioMountOpts)]


class ScenarioFsinfoOpts(Structure):
    _fields_ = [("at_flags", c_uint), ("query", c_uint), ("meta", c_bool),
                ("raw", c_bool), ("debug", c_bool), ("colour", c_bool),
                ("err", FILE_p)]


MOUNT_CB = CFUNCTYPE(c_int, POINTER(MountDesc), c_void_p)


class Cred(Structure):
    _fields_ = [("uid", c_uint), ("gid", c_uint), ("caps", c_uint64)]


POST_HOOK = CFUNCTYPE(c_int, c_void_p, POINTER(Cred), POINTER(Cred), c_void_p)
MNT_HOOK = CFUNCTYPE(c_int, c_void_p, POINTER(Cred), c_uint)
SB_HOOK = CFUNCTYPE(c_int, c_void_p, POINTER(Cred), c_uint64)
OOPS_HOOK = CFUNCTYPE(None, c_void_p, c_char_p, c_char_p)


class LsmOps(Structure):
    _fields_ = [("post_notification", POST_HOOK), ("watch_mount", MNT_HOOK),
                ("watch_sb", SB_HOOK), ("sb_statfs", SB_HOOK)]

V = c_void_p   # struct vfsim *
T = c_void_p   # struct vfsim_task *
_S = c_char_p

_PROTOS = {
    "vfsim_version": (_S, []),
    "vfsim_create": (c_int, [POINTER(Options), POINTER(V)]),
    "vfsim_destroy": (None, [V]),
    "vfsim_snapshot": (c_int, [V]),
    "vfsim_reset": (c_int, [V]),
    "vfsim_boot": (c_int, [V, _S]),
    "vfsim_init_task": (T, [V]),
    "vfsim_task_create": (c_int, [V, c_uint, c_uint, POINTER(T)]),
    "vfsim_task_destroy": (None, [T]),
    "vfsim_task_fork": (c_int, [T, c_ulong, POINTER(T)]),
    "vfsim_task_exit": (None, [T]),
    "vfsim_unshare": (c_long, [T, c_ulong]),
    "vfsim_setns": (c_long, [T, c_int, c_int]),
    "vfsim_task_pid": (c_int, [T]),
    "vfsim_write_uid_map": (c_long, [T, T, _S, c_size_t]),
    "vfsim_write_gid_map": (c_long, [T, T, _S, c_size_t]),
    "vfsim_write_setgroups": (c_long, [T, T, _S, c_size_t]),
    "vfsim_task_ns_uid": (c_long, [T]),
    "vfsim_task_set_caps": (None, [T, c_uint64]),
    "vfsim_task_caps": (c_uint64, [T]),
    "vfsim_task_uid": (c_uint, [T]),
    "vfsim_task_gid": (c_uint, [T]),
    "vfsim_task_set_signal_pending": (None, [T, c_bool]),
    "vfsim_mkdirat": (c_long, [T, c_int, _S, c_uint]),
    "vfsim_mkdir_p": (c_long, [T, c_int, _S, c_uint]),
    "vfsim_symlinkat": (c_long, [T, _S, c_int, _S]),
    "vfsim_mknodat": (c_long, [T, c_int, _S, c_uint, c_uint64]),
    "vfsim_openat": (c_long, [T, c_int, _S, c_int, c_uint]),
    "vfsim_close": (c_long, [T, c_int]),
    "vfsim_chdir": (c_long, [T, _S]),
    "vfsim_fchdir": (c_long, [T, c_int]),
    "vfsim_chroot": (c_long, [T, _S]),
    "vfsim_chmod": (c_long, [T, _S, c_uint]),
    "vfsim_chown": (c_long, [T, _S, c_uint, c_uint]),
    "vfsim_mount": (c_long, [T, _S, _S, _S, c_ulong, c_void_p]),
    "vfsim_umount2": (c_long, [T, _S, c_int]),
    "vfsim_pivot_root": (c_long, [T, _S, _S]),
    "vfsim_mnt_set_expiry": (c_long, [T, _S]),
    "vfsim_expire_mounts": (c_long, [V]),
    "vfsim_mkautomount": (c_long, [T, _S, _S, _S, _S]),
    "vfsim_pipe2": (c_long, [T, POINTER(c_int), c_int]),
    "vfsim_read": (c_long, [T, c_int, c_void_p, c_size_t]),
    "vfsim_write": (c_long, [T, c_int, c_void_p, c_size_t]),
    "vfsim_ioctl": (c_long, [T, c_int, c_ulong, c_ulong]),
    "vfsim_pread": (c_long, [T, c_int, c_void_p, c_size_t, c_int64]),
    "vfsim_pwrite": (c_long, [T, c_int, c_void_p, c_size_t, c_int64]),
    "vfsim_lseek": (c_int64, [T, c_int, c_int64, c_int]),
    "vfsim_truncate": (c_long, [T, _S, c_int64]),
    "vfsim_ftruncate": (c_long, [T, c_int, c_int64]),
    "vfsim_fallocate": (c_long, [T, c_int, c_int, c_int64, c_int64]),
    "vfsim_fsync": (c_long, [T, c_int]),
    "vfsim_fdatasync": (c_long, [T, c_int]),
    "vfsim_statfs": (c_long, [T, _S, c_void_p]),
    "vfsim_fstatfs": (c_long, [T, c_int, c_void_p]),
    "vfsim_poll": (c_long, [T, c_void_p, c_uint]),
    "vfsim_getdents64": (c_long, [T, c_int, c_void_p, c_size_t]),
    "vfsim_unlinkat": (c_long, [T, c_int, _S, c_int]),
    "vfsim_renameat2": (c_long, [T, c_int, _S, c_int, _S, c_uint]),
    "vfsim_linkat": (c_long, [T, c_int, _S, c_int, _S, c_int]),
    "vfsim_readlinkat": (c_long, [T, c_int, _S, c_void_p, c_size_t]),
    "vfsim_utimensat": (c_long, [T, c_int, _S, c_void_p, c_int]),
    "vfsim_faccessat2": (c_long, [T, c_int, _S, c_int, c_int]),
    "vfsim_decode_record": (c_long, [c_void_p, c_size_t, c_void_p, c_size_t]),
    "vfsim_record_names": (POINTER(RecordNames), [POINTER(c_uint)]),
    "vfsim_filter_parse": (c_long, [_S, c_void_p, c_size_t, c_void_p, c_size_t]),
    "vfsim_watch_mount": (c_long, [T, c_int, _S, c_uint, c_int, c_int]),
    "vfsim_watch_sb": (c_long, [T, c_int, _S, c_uint, c_int, c_int]),
    "vfsim_sb_error": (c_long, [T, _S, c_int]),
    "vfsim_sb_edquot": (c_long, [T, _S]),
    "vfsim_sb_network": (c_long, [T, _S, c_uint]),
    "vfsim_set_lsm": (None, [V, c_void_p, c_void_p]),
    "vfsim_set_oops_hook": (None, [V, OOPS_HOOK, c_void_p]),
    "vfsim_add_key": (c_long, [T, _S, _S, c_void_p, c_size_t, ctypes.c_int32]),
    "vfsim_request_key": (c_long, [T, _S, _S, _S, ctypes.c_int32]),
    "vfsim_keyctl": (c_long, [T, c_int, c_ulong, c_ulong, c_ulong, c_ulong]),
    "vfsim_key_gc": (c_long, [T]),
    "vfsim_quirks": (c_uint64, [V]),
    "vfsim_set_quirks": (None, [V, c_uint64]),
    "vfsim_clock_ns": (c_uint64, [V]),
    "vfsim_clock_advance": (None, [V, c_uint64]),
    "vfsim_for_each_mount": (c_int, [T, MOUNT_CB, c_void_p]),
    "vfsim_path_mnt_id": (c_long, [T, _S]),
    "vfsim_mount_by_id": (c_int, [T, c_uint, MOUNT_CB, c_void_p]),
    "vfsim_fsinfo": (c_long, [T, c_int, _S, POINTER(FsinfoParams), c_void_p,
                              c_size_t]),
    "vfsim_fsinfo_by_mount_id": (c_long, [T, c_uint, POINTER(FsinfoParams),
                                          c_void_p, c_size_t]),
    "vfsim_mountinfo": (c_long, [T, c_void_p, c_size_t]),
    "vfsim_tree_render": (c_int, [T, FILE_p, POINTER(TreeOpts)]),
    "vfsim_errno_name": (_S, [c_int]),
    "vfsim_errno_from_name": (c_int, [_S]),
    # testing.h
    "vfsim_alloc_stats": (None, [V, POINTER(AllocStats)]),
    "vfsim_fail_nth_alloc": (None, [V, c_ulong]),
    "vfsim_fail_alloc_random": (None, [V, c_uint32, c_uint64]),
    "vfsim_alloc_fault_fired": (c_bool, [V]),
    "vfsim_leak_report": (c_ulong, [V, FILE_p]),
    "vfsim_destroy_check": (c_ulong, [V, FILE_p]),
    "vfsim_uaccess_unmap": (c_int, [V, c_void_p, c_size_t]),
    "vfsim_uaccess_remap_all": (None, [V]),
    "vfsim_fail_nth_uaccess": (None, [V, c_ulong, c_size_t]),
    "vfsim_uaccess_fault_fired": (c_bool, [V]),
    "vfsim_warn_count": (c_ulong, [V]),
    "vfsim_check_invariants": (c_int, [V, c_void_p, c_size_t]),
    "vfsim_rcu_barrier": (None, []),
    "vfsim_testing_rename_race": (None, [V, c_uint]),
    "vfsim_mount_walk_retries": (c_ulong, [V]),
    "vfsim_test_watch": (c_long, [T, c_int, c_uint64, c_int]),
    "vfsim_test_unwatch": (c_long, [T, c_int, c_uint64]),
    "vfsim_test_post": (c_long, [T, c_uint64, c_void_p]),
    "vfsim_test_destroy_object": (c_long, [T, c_uint64]),
    # afs.h, nfs.h
    "vfsim_afs_server_down": (c_long, [V, _S]),
    "vfsim_afs_server_up": (c_long, [V, _S]),
    "vfsim_afs_add_cells": (c_long, [V, _S]),
    "vfsim_nfs_server_status": (c_long, [T, _S, POINTER(NfsServerStatus)]),
    # scenario.h
    "vfsim_scenario_run": (c_int, [V, FILE_p, FILE_p, POINTER(ScenarioOpts)]),
    "vfsim_scenario_run_file": (c_int, [_S, FILE_p, POINTER(ScenarioOpts)]),
    "vfsim_scenario_begin": (c_int, [V, FILE_p, POINTER(ScenarioOpts),
                                     POINTER(c_void_p)]),
    "vfsim_scenario_feed": (c_int, [c_void_p, FILE_p, _S, c_bool]),
    "vfsim_scenario_end": (c_int, [c_void_p]),
    "vfsim_scenario_line": (c_int, [c_void_p, _S, _S, c_ulong, c_bool]),
    "vfsim_scenario_help": (None, [FILE_p]),
    "vfsim_scenario_verb_help": (c_int, [FILE_p, _S]),
    "vfsim_scenario_verb_name": (_S, [c_uint]),
    "vfsim_scenario_strerror": (_S, [c_long, c_void_p, c_size_t]),
    "vfsim_scenario_split": (c_int, [_S, POINTER(ScenarioWords), c_void_p,
                                     c_size_t]),
    "vfsim_scenario_words_free": (None, [POINTER(ScenarioWords)]),
    "vfsim_scenario_mount_options": (c_int, [_S, c_int, POINTER(ScenarioMountOpts),
                                             c_void_p, c_size_t]),
    "vfsim_scenario_mount_options_free": (None, [POINTER(ScenarioMountOpts)]),
    "vfsim_scenario_propagation": (c_ulong, [_S]),
    "vfsim_scenario_mode": (c_int, [_S, POINTER(c_uint), c_void_p, c_size_t]),
    "vfsim_scenario_ids": (c_int, [_S, POINTER(c_uint), POINTER(c_uint),
                                   POINTER(c_bool), c_void_p, c_size_t]),
    "vfsim_scenario_open_flags": (c_int, [c_int, POINTER(c_char_p), POINTER(c_int),
                                          c_void_p, c_size_t]),
    "vfsim_scenario_mount_calls": (c_int, [_S, c_int, POINTER(c_char_p),
                                           POINTER(ScenarioMountCalls), c_void_p,
                                           c_size_t]),
    "vfsim_scenario_mount_calls_free": (None, [POINTER(ScenarioMountCalls)]),
    "vfsim_scenario_fsinfo_all": (c_int, [T, _S, FILE_p,
                                          POINTER(ScenarioFsinfoOpts)]),
    "vfsim_scenario_mntinfo": (c_long, [T, c_uint, _S, FILE_p]),
    "vfsim_scenario_mount_id": (c_long, [T, _S]),
    # statx, statmount, listmount (Linux 6.18's, docs/statmount.md): the
    # structs as raw buffers (struct statx, mnt_id_req, statmount)
    "vfsim_statx": (c_long, [T, c_int, _S, c_int, c_uint, c_void_p]),
    "vfsim_statmount": (c_long, [T, c_void_p, c_void_p, c_size_t, c_uint]),
    "vfsim_listmount": (c_long, [T, c_void_p, POINTER(c_uint64), c_size_t, c_uint]),
    "vfsim_scenario_statmount_mask": (c_int, [_S, POINTER(c_uint64)]),
    "vfsim_scenario_print_statmount": (None, [c_void_p, FILE_p]),
    "vfsim_scenario_statmount": (c_long, [T, c_uint64, c_uint64, FILE_p]),
    "vfsim_scenario_listmount": (c_long, [T, c_uint64, c_uint64, c_size_t, c_uint,
                                          FILE_p]),
}

# The new mount API (include/vfsim/vfsim.h): the syscalls' own arguments;
# mount_setattr's struct mount_attr is passed as bytes.
_PROTOS.update({
    "vfsim_fsopen": (c_long, [T, _S, c_uint]),
    "vfsim_fsconfig": (c_long, [T, c_int, c_uint, _S, c_void_p, c_int]),
    "vfsim_fsmount": (c_long, [T, c_int, c_uint, c_uint]),
    "vfsim_fspick": (c_long, [T, c_int, _S, c_uint]),
    "vfsim_open_tree": (c_long, [T, c_int, _S, c_uint]),
    "vfsim_move_mount": (c_long, [T, c_int, _S, c_int, _S, c_uint]),
    "vfsim_open_mntns": (c_long, [T, c_uint]),
    "vfsim_open_task_mntns": (c_long, [T, T, c_uint]),
    "vfsim_fanotify_init": (c_long, [T, c_uint, c_uint]),
    "vfsim_fanotify_mark": (c_long, [T, c_int, c_uint, c_uint64, c_int, _S]),
    "vfsim_mount_setattr": (c_long, [T, c_int, _S, c_uint, c_void_p, c_size_t]),
    "vfsim_scenario_mount_api_words": (c_int, [_S, _S, POINTER(c_ulong), c_char_p,
                                               c_size_t]),
})

for _name, (_res, _args) in _PROTOS.items():
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args

# The parts of libc the FILE * arguments need.
libc.open_memstream.restype = FILE_p
libc.open_memstream.argtypes = [POINTER(c_void_p), POINTER(c_size_t)]
libc.fmemopen.restype = FILE_p
libc.fmemopen.argtypes = [c_void_p, c_size_t, c_char_p]
libc.fclose.restype = c_int
libc.fclose.argtypes = [FILE_p]
libc.free.restype = None
libc.free.argtypes = [c_void_p]


class MemStream:
    """A FILE * writing to memory (open_memstream); .close() gives bytes."""

    def __init__(self):
        self._buf = c_void_p()
        self._size = c_size_t()
        self.fp = libc.open_memstream(ctypes.byref(self._buf),
                                      ctypes.byref(self._size))
        if not self.fp:
            e = ctypes.get_errno() or _errno.ENOMEM
            raise OSError(e, os.strerror(e))

    def close(self):
        if not self.fp:
            return b""
        libc.fclose(self.fp)
        self.fp = None
        data = ctypes.string_at(self._buf, self._size.value) \
            if self._buf.value else b""
        libc.free(self._buf)
        self._buf = c_void_p()
        return data

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class ReadStream:
    """A FILE * reading @data (fmemopen); the bytes live as long as this."""

    def __init__(self, data):
        # fmemopen of a zero-length buffer fails: keep one spare byte and
        # give the stream only len(data) of it.
        self._buf = ctypes.create_string_buffer(bytes(data), len(data) + 1)
        self.fp = libc.fmemopen(self._buf, max(len(data), 1), b"r")
        if not self.fp:
            e = ctypes.get_errno() or _errno.ENOMEM
            raise OSError(e, os.strerror(e))
        if not data:
            # An empty input: read the one byte away so the next read is EOF.
            libc.fgetc.restype = c_int
            libc.fgetc.argtypes = [FILE_p]
            libc.fgetc(self.fp)

    def close(self):
        if self.fp:
            libc.fclose(self.fp)
            self.fp = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

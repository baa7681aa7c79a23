# SPDX-License-Identifier: LGPL-2.1-or-later
"""The scenario engine of <vfsim/scenario.h>: scenario text
(docs/scenario.md) run on an instance, its output and reports kept."""
import ctypes
import errno

from . import _lib
from ._lib import lib
from .constants import SCENARIO_EXIT_OK
from .errors import check, int_arg, path_arg, raise_errno, str_arg, u32_arg

__all__ = ["ScenarioResult", "ScenarioError", "run", "run_file", "Scenario",
           "split", "scenario_help", "verb_help", "verb_names", "strerror", "fsinfo_text", "mntinfo_text",
           "mount_id"]


class ScenarioError(AssertionError):
    """A scenario that did not exit 0 (ScenarioResult.check())."""


class ScenarioResult:
    """status: VFSIM_SCENARIO_EXIT_* (0 ok, 1 fail, 65 malformed, 66 no
    input); output: what the verbs printed; errors: the reports
    ("vfsim: NAME:LINE: REASON")."""

    def __init__(self, status, output, errors):
        self.status, self.output, self.errors = status, output, errors

    @property
    def ok(self):
        return self.status == SCENARIO_EXIT_OK

    def check(self):
        """Raise ScenarioError unless the run exited 0; return self."""
        if not self.ok:
            raise ScenarioError(f"scenario exited {self.status}:\n{self.errors}")
        return self

    def __repr__(self):
        return f"<ScenarioResult status={self.status}>"


def _text(t):
    if isinstance(t, str):
        return t.encode()
    if isinstance(t, (bytes, bytearray, memoryview)):
        return bytes(t)
    raise TypeError(f"scenario text must be str or bytes, not {type(t).__name__}")


def _opts(name, err, trace=False, check_=False, quiet=False):
    return _lib.ScenarioOpts(name=str_arg(name, "name"), err=err,
                             trace=bool(trace), check=bool(check_),
                             quiet=bool(quiet))


def _decode(b):
    return b.decode(errors="surrogateescape")


def run(instance, text, *, name=None, trace=False, check=False, quiet=False):
    """vfsim_scenario_run(): run @text (str or bytes) on @instance (booted
    or not: a `boot` line boots it).  What it does to the instance stays.
    @check: the invariants after every line; @trace: echo "> LINE"."""
    data = _text(text)
    with _lib.ReadStream(data) as inp, _lib.MemStream() as out, \
            _lib.MemStream() as err:
        opts = _opts(name, err.fp, trace, check, quiet)
        st = lib.vfsim_scenario_run(instance.ptr, inp.fp, out.fp,
                                    ctypes.byref(opts))
        o, e = out.close(), err.close()
    return ScenarioResult(st, _decode(o), _decode(e))


def run_file(path, *, name=None, check=False, quiet=False):
    """vfsim_scenario_run_file(): the scenario file at @path on an
    instance of its own."""
    p = path_arg(path)
    with _lib.MemStream() as out, _lib.MemStream() as err:
        opts = _opts(name, err.fp, False, check, quiet)
        st = lib.vfsim_scenario_run_file(p, out.fp, ctypes.byref(opts))
        o, e = out.close(), err.close()
    return ScenarioResult(st, _decode(o), _decode(e))


class Scenario:
    """One scenario fed from several inputs (begin, feed..., end): a
    harness's setup, then each test's text.  Names, tasks and fds a
    scenario keeps carry over from one feed to the next.  A context
    manager; end() gives the ScenarioResult of the whole run (destroying
    the instance ends a scenario still open)."""

    def __init__(self, instance, *, check=False, quiet=False):
        self.instance = instance
        ptr = instance.ptr
        self._out = _lib.MemStream()
        self._err = _lib.MemStream()
        self._opts = _opts(None, self._err.fp, False, check, quiet)
        sp = ctypes.c_void_p()
        rc = lib.vfsim_scenario_begin(ptr, self._out.fp,
                                      ctypes.byref(self._opts), ctypes.byref(sp))
        if rc < 0:
            self._out.close()
            self._err.close()
            raise_errno(-rc, "vfsim_scenario_begin")
        self._sp = sp
        self.result = None
        instance._scenarios.add(self)

    def feed(self, text, *, name=None, trace=False):
        """Run the lines of @text; the status so far (0: go on)."""
        if self._sp is None:
            raise ValueError("the scenario has ended")
        with _lib.ReadStream(_text(text)) as inp:
            return check(lib.vfsim_scenario_feed(self._sp, inp.fp,
                                                 str_arg(name, "name"),
                                                 bool(trace)),
                         "vfsim_scenario_feed")

    def line(self, text, *, name=None, lineno=1, trace=False):
        """Run one line as an interactive session does: a line that
        fails is reported and the scenario goes on.  The line's status."""
        if self._sp is None:
            raise ValueError("the scenario has ended")
        return check(lib.vfsim_scenario_line(self._sp,
                                             str_arg(text, "line", False),
                                             str_arg(name, "name"),
                                             int_arg(lineno, "lineno", 0, 2**64 - 1),
                                             bool(trace)),
                     "vfsim_scenario_line")

    def end(self):
        if self._sp is None:
            return self.result
        st = lib.vfsim_scenario_end(self._sp)
        self._sp = None
        self.result = ScenarioResult(st, _decode(self._out.close()),
                                     _decode(self._err.close()))
        return self.result

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.end()

    def __del__(self):
        if getattr(self, "_sp", None) is not None:
            self.end()


def split(line):
    """The words of a scenario line, as the engine splits them."""
    w = _lib.ScenarioWords()
    why = ctypes.create_string_buffer(256)
    rc = lib.vfsim_scenario_split(str_arg(line, "line", False),
                                  ctypes.byref(w), why, len(why))
    if rc == -errno.EINVAL and why.value:
        raise ValueError(why.value.decode(errors="replace"))
    check(rc, "vfsim_scenario_split")
    try:
        return [_decode(w.argv[i]) for i in range(w.argc)]
    finally:
        lib.vfsim_scenario_words_free(ctypes.byref(w))


def scenario_help():
    """The verbs, one line each, as `vfsim run --help` lists them."""
    with _lib.MemStream() as out:
        lib.vfsim_scenario_help(out.fp)
        return _decode(out.close())


def verb_help(name):
    """The help line of one verb or prefix."""
    with _lib.MemStream() as out:
        rc = lib.vfsim_scenario_verb_help(out.fp, str_arg(name, "verb", False))
        text = out.close()
    check(rc, "vfsim_scenario_verb_help", name)
    return _decode(text)


def verb_names():
    """Every verb and prefix, in the engine's order."""
    names, i = [], 0
    while True:
        n = lib.vfsim_scenario_verb_name(i)
        if n is None:
            return names
        names.append(n.decode())
        i += 1


def strerror(err):
    """@err as the engine reports it: "EBUSY (Device or resource busy)"."""
    buf = ctypes.create_string_buffer(128)
    return lib.vfsim_scenario_strerror(int(err), buf, len(buf)).decode()



# ---- the fsinfo printers of `vfsim fsinfo` and `vfsim mntinfo` ---------------

def fsinfo_text(task, path, *, at_flags=0, query=0, meta=False, raw=False,
                debug=False):
    """Every fsinfo() attribute of @path as the patch set's test-fsinfo
    prints them: a ScenarioResult (status 0, 1 after a failed call, 2
    for a bad attribute list)."""
    p = path_arg(path)
    with _lib.MemStream() as out, _lib.MemStream() as err:
        opts = _lib.ScenarioFsinfoOpts(at_flags=u32_arg(at_flags, "at_flags"),
                                       query=u32_arg(query, "query"),
                                       meta=bool(meta), raw=bool(raw),
                                       debug=bool(debug), colour=False,
                                       err=err.fp)
        st = lib.vfsim_scenario_fsinfo_all(task.ptr, p, out.fp,
                                           ctypes.byref(opts))
        o, e = out.close(), err.close()
    check(st, "vfsim_scenario_fsinfo_all", path)
    return ScenarioResult(st, _decode(o), _decode(e))


def mntinfo_text(task, mnt_id, label="ROOT"):
    """The mounts from @mnt_id down as test-mntinfo prints them."""
    with _lib.MemStream() as out:
        rc = lib.vfsim_scenario_mntinfo(task.ptr, u32_arg(mnt_id, "mnt_id"),
                                        str_arg(label, "label", False), out.fp)
        text = out.close()
    check(rc, "vfsim_scenario_mntinfo")
    return _decode(text)


def mount_id(task, path):
    """The ID of the mount at @path, as test-mntinfo finds it."""
    return check(lib.vfsim_scenario_mount_id(task.ptr, path_arg(path)),
                 "vfsim_scenario_mount_id", path)

# SPDX-License-Identifier: LGPL-2.1-or-later
"""The ctypes declarations follow the public headers: every VFSIM_API
function is declared (or listed below as deliberately left out), and
every structure the package mirrors has the header's fields in the
header's order.  A header that grows fails here until the package
follows."""
import re

import pytest

from vfsim import _lib

HEADERS = ["vfsim.h", "testing.h", "scenario.h", "afs.h", "nfs.h"]
# The engine's pieces the package binds beyond the installed headers:
# exported for it, declared in the engine's tool header (not installed).
TOOL_HEADER = ("scenario", "tool_api.h")

# Left out, and why (docs/python.md, "Testing the package").
NOT_WRAPPED = {
    "vfsim_print_tree": "Task.render() gives the same text",
    "vfsim_task_kernel": "Task.instance is the task's instance",
    "vfsim_scenario_set_host": "its verbs wait for a program beside the scenario: the shim's",
    "vfsim_scenario_run_kernel": "the running kernel, not the model: `vfsim run --kernel`",
    "vfsim_scenario_begin_kernel": "the running kernel, not the model: `vfsim run --kernel`",
    "vfsim_scenario_run_kernel_results": "the running kernel, not the model: `vfsim run -J --kernel`",
    "vfsim_check_changed": "`vfsim run --check`'s per-line check; Instance.check_invariants() checks all",
    "vfsim_scenario_set_result": "a callback per line, for C harnesses (fuzz_ops)",
    "vfsim_record_iter_init": "a C harness's iterator: NotificationPipe.read() decodes records",
    "vfsim_record_next": "a C harness's iterator: NotificationPipe.read() decodes records",
    "vfsim_testing_set_hook": "a C callback run inside the kernel, holding its locks, in any thread",
}

STRUCTS = {
    "vfsim_options": _lib.Options,
    "vfsim_mount_desc": _lib.MountDesc,
    "vfsim_tree_opts": _lib.TreeOpts,
    "vfsim_record_names": _lib.RecordNames,
    "vfsim_alloc_stats": _lib.AllocStats,
    "vfsim_nfs_server_status": _lib.NfsServerStatus,
    "vfsim_cred": _lib.Cred,
    "vfsim_lsm_ops": _lib.LsmOps,
    "vfsim_scenario_opts": _lib.ScenarioOpts,
    "vfsim_scenario_words": _lib.ScenarioWords,
    "vfsim_scenario_mount_opts": _lib.ScenarioMountOpts,
    "vfsim_scenario_mount_call": _lib.ScenarioMountCall,
    "vfsim_scenario_mount_calls": _lib.ScenarioMountCalls,
    "vfsim_scenario_fsinfo_opts": _lib.ScenarioFsinfoOpts,
}


def header_text(source_dir):
    text = ""
    for h in HEADERS:
        text += (source_dir / "include" / "vfsim" / h).read_text()
    text += (source_dir / TOOL_HEADER[0] / TOOL_HEADER[1]).read_text()
    # Comments out: they mention names and semicolons.
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def test_every_api_function_is_declared(source_dir):
    names = set(re.findall(r"VFSIM_API[^;(]*?\b(vfsim_\w+)\s*\(", header_text(source_dir)))
    assert len(names) > 80
    missing = sorted(names - set(_lib._PROTOS) - set(NOT_WRAPPED))
    assert missing == [], f"not wrapped: {missing}"
    stale = sorted(set(_lib._PROTOS) - names)
    assert stale == [], f"declared but not in the headers: {stale}"


def fields_of(text, name):
    m = re.search(r"struct\s+" + name + r"\s*\{(.*?)\n\};", text, flags=re.S)
    assert m, f"struct {name} not found"
    body = m.group(1)
    out = []
    for decl in body.split(";"):
        decl = decl.strip()
        if not decl:
            continue
        # A function pointer "(*name)(...)", an array "name[N]", or
        # "type name".
        fp = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)
        if fp:
            out.append(fp.group(1))
            continue
        # "size_t start, end": one type, several names.
        for part in decl.split(","):
            out.append(re.search(r"(\w+)\s*(\[[^\]]*\])?\s*$", part).group(1))
    return out


@pytest.mark.parametrize("name", sorted(STRUCTS))
def test_structures_match(source_dir, name):
    text = header_text(source_dir)
    assert [f for f, *_ in STRUCTS[name]._fields_] == fields_of(text, name)


UAPI = ["uapi/linux/mount.h", "uapi/linux/fanotify.h"]


def test_uapi_constants_match(source_dir):
    """Every numeric #define (and fsconfig enumerator) of vfsim's UAPI
    headers that the package has is the header's value."""
    import vfsim.constants as c
    import pathlib
    found = {}
    # The system's <linux/fanotify.h> and <linux/mount.h> first (the
    # values vfsim's headers leave to them), then vfsim's own.
    paths = [pathlib.Path("/usr/include/linux") / h for h in ("fanotify.h", "mount.h")]
    paths = [p for p in paths if p.exists()]
    paths += [source_dir / "include" / "vfsim" / h for h in UAPI]
    for path in paths:
        text = path.read_text()
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        for name, val in re.findall(
                r"^#define\s+([A-Z_][A-Z0-9_]*)\s+\(?(-?(?:0x[0-9a-fA-F]+|\d+))U?\)?\s*$",
                text, flags=re.M):
            # C's octal: a leading 0.
            octal = re.fullmatch(r"-?0\d+", val)
            found[name] = int(val, 8) if octal else int(val, 0)
        for name, val in re.findall(r"^\s*(FSCONFIG_\w+)\s*=\s*(\d+),", text, flags=re.M):
            found[name] = int(val)
        m = re.search(r"LISTMOUNT_REVERSE\s+\(1 << (\d+)\)", text)
        if m:
            found["LISTMOUNT_REVERSE"] = 1 << int(m.group(1))
    checked = {n: v for n, v in found.items() if hasattr(c, n)}
    assert len(checked) > 60, sorted(found)
    wrong = {n: (getattr(c, n), v) for n, v in checked.items() if getattr(c, n) != v}
    assert wrong == {}

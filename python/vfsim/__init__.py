# SPDX-License-Identifier: LGPL-2.1-or-later
"""vfsim: the userspace model of the Linux VFS of "VFS: Filesystem
information and notifications [ver #17]", from Python (docs/python.md).

    import vfsim
    with vfsim.Instance("default") as v:
        v.init.mkdir("/mnt/x")
"""
from . import constants, language, scenario
from .constants import *  # noqa: F401,F403
from .errors import errno_from_name, errno_name
from .fanotify import FanotifyEvent, FanotifyGroup, parse_events
from .faults import alloc_sweep, rcu_barrier
from .fsinfo import ATTRS as FSINFO_ATTRS, FEATURES as FSINFO_FEATURES
from .fsinfo import decode_value as fsinfo_decode
from .instance import DestroyedError, Instance, Task, version
from .pipes import (NotificationPipe, Record, decode_records, parse_filter,
                    record_names)
from .security import Cred
from .successors import Statmount, decode_statmount
from .scenario import Scenario, ScenarioResult, run_file, scenario_help, split
from ._lib import path as library_path

__all__ = [n for n in dir(constants) if n.isupper()] + [
    "errno_from_name", "errno_name", "alloc_sweep", "rcu_barrier",
    "FSINFO_ATTRS", "FSINFO_FEATURES", "fsinfo_decode", "DestroyedError",
    "Instance", "Task", "version", "NotificationPipe", "Record",
    "decode_records", "parse_filter", "record_names", "Scenario",
    "ScenarioResult", "run_file", "scenario_help", "split", "library_path",
    "Cred", "FanotifyEvent", "FanotifyGroup", "parse_events", "Statmount",
    "decode_statmount",
]

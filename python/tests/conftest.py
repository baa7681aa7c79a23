# SPDX-License-Identifier: LGPL-2.1-or-later
"""Fixtures of the package's own suite: an instance per test, destroyed
after it with the leak check asserted."""
import os
import pathlib

import pytest

import vfsim

SOURCE_DIR = pathlib.Path(os.environ.get(
    "VFSIM_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture
def inst():
    v = vfsim.Instance("default")
    yield v
    if not v.destroyed:
        assert v.warn_count == 0
        assert v.destroy() == 0, v.leak_report


@pytest.fixture
def empty():
    v = vfsim.Instance("empty")
    yield v
    if not v.destroyed:
        assert v.destroy() == 0, v.leak_report


@pytest.fixture
def init(inst):
    return inst.init


@pytest.fixture
def source_dir():
    return SOURCE_DIR

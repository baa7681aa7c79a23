# SPDX-License-Identifier: LGPL-2.1-or-later
"""The scenario engine from Python: run text, run files, feed a session,
split lines; compared with the repository's golden outputs."""
import errno

import pytest

import vfsim


def test_run_on_an_instance(empty):
    r = empty.run_scenario("mkdir /a\nmount tmpfs a /a\ntree\n")
    assert r.ok and r.status == 0 and r.errors == ""
    assert r.output.splitlines()[-1].split()[:3] == ["2", "`-/a", "tmpfs"]
    # What the scenario did stays on the instance.
    assert empty.init.path_mnt_id("/a") == 2
    assert r.check() is r


def test_boot_from_the_scenario():
    with vfsim.Instance() as v:
        r = v.run_scenario(b"boot empty\nmkdir /x\n", trace=True)
        assert r.ok and r.output == "> boot empty\n> mkdir /x\n"
        v.init.open("/x", vfsim.O_DIRECTORY)


def test_failures_and_reports(inst):
    r = inst.run_scenario("mkdir /tmp\n", name="mine.scn")
    assert r.status == vfsim.SCENARIO_EXIT_FAIL and not r.ok
    assert r.errors.startswith("vfsim: mine.scn:1: ") and "EEXIST" in r.errors
    with pytest.raises(vfsim.scenario.ScenarioError, match="exited 1"):
        r.check()
    r = inst.run_scenario("frobnicate\n")
    assert r.status == vfsim.SCENARIO_EXIT_DATAERR
    r = inst.run_scenario("")
    assert r.ok and r.output == ""
    with pytest.raises(TypeError):
        inst.run_scenario(42)


def test_check_and_quiet(inst):
    r = inst.run_scenario("note hello\n", quiet=True, check=True)
    assert r.ok and r.output == ""
    assert inst.run_scenario("note hello\n").output != ""


@pytest.mark.parametrize("stem", ["basic", "expect", "bind"])
def test_golden_scenarios(source_dir, stem):
    d = source_dir / "tests" / "scenarios"
    r = vfsim.run_file(d / f"{stem}.scn")
    assert r.ok, r.errors
    assert r.output == (d / f"{stem}.out").read_text()


def test_run_file_errors(tmp_path):
    r = vfsim.run_file(tmp_path / "missing.scn")
    assert r.status == vfsim.SCENARIO_EXIT_NOINPUT and "missing.scn" in r.errors
    with pytest.raises(ValueError):
        vfsim.run_file("a\0b")


def test_session_over_several_inputs(empty):
    with vfsim.Scenario(empty) as s:
        assert s.feed("mkdir /a\nmount tmpfs a /a\n", name="setup") == 0
        assert s.feed("tree\n", name="test", trace=True) == 0
        assert s.feed("expect ENOENT umount /nope\n") == 0
    assert s.result.ok
    assert "> tree" in s.result.output and "`-/a" in s.result.output
    assert s.end() is s.result
    with pytest.raises(ValueError, match="ended"):
        s.feed("tree\n")


def test_session_failure_sticks(empty):
    s = vfsim.Scenario(empty)
    assert s.feed("mkdir /a\nmkdir /a\n", name="t1") == 1
    assert s.feed("tree\n") == 1          # later inputs are not run
    r = s.end()
    assert r.status == 1 and "t1:2" in r.errors and "`-" not in r.output


def test_split_help_strerror():
    assert vfsim.split('mount tmpfs "a b" /x # comment') == ["mount", "tmpfs", "a b", "/x"]
    assert vfsim.split("   # only a comment") == []
    with pytest.raises(ValueError):
        vfsim.split('echo "unterminated')
    assert "mount" in vfsim.scenario_help()
    assert vfsim.scenario.strerror(-errno.EBUSY) == "EBUSY (Device or resource busy)"


def test_destroying_the_instance_ends_an_open_scenario():
    v = vfsim.Instance("empty")
    s = vfsim.Scenario(v)
    s.feed("mkdir /a\n")
    assert v.destroy() == 0 and v.leak_report == ""
    assert s.result is not None and s.result.ok
    with pytest.raises(ValueError, match="ended"):
        s.feed("tree\n")


def test_an_abandoned_scenario_is_ended(empty):
    s = vfsim.Scenario(empty)
    s.feed("mkdir /a\n")
    del s                      # no leak at the fixture's destroy()
    empty.init.open("/a", vfsim.O_DIRECTORY)


def test_scenario_on_a_destroyed_instance():
    v = vfsim.Instance("empty")
    v.destroy()
    with pytest.raises(vfsim.DestroyedError):
        vfsim.Scenario(v)


def test_interactive_lines_go_on_after_a_failure(empty):
    with vfsim.Scenario(empty) as s:
        assert s.line("mkdir /a", name="shell", lineno=1) == 0
        assert s.line("mkdir /a", name="shell", lineno=2) == 1   # reported
        assert s.line("# a comment") == 0
        assert s.line("mkdir /b", trace=True) == 0               # goes on
    assert s.result.ok and "shell:2" in s.result.errors
    assert s.result.output == "> mkdir /b\n"
    with pytest.raises(ValueError, match="ended"):
        s.line("tree")
    with pytest.raises(ValueError):
        vfsim.Scenario(empty).line("a\0b")


def test_verb_names_and_help():
    names = vfsim.scenario.verb_names()
    assert "mount" in names and "expect" in names and len(names) == len(set(names))
    assert vfsim.scenario.verb_help("mount").split()[:2] == ["mount", "FSTYPE"]
    with pytest.raises(OSError) as e:
        vfsim.scenario.verb_help("frobnicate")
    assert e.value.errno == errno.ENOENT

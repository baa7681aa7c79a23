# SPDX-License-Identifier: LGPL-2.1-or-later
"""docs/python.md runs: its files (<!-- example: file NAME --> before a
fenced block) are saved in a temporary directory, the tour and the
successors' example are run, and the fixture's suite is run with the
command the page shows."""
import os
import re
import shlex
import subprocess
import sys

MARKER = re.compile(r"^\s*<!--\s*example\s*:\s*file\s+(\S+)\s*-->\s*$")
FENCE = re.compile(r"^(```+)(.*)$")


def blocks(text):
    """[(marker name or None, info, body)] of the page's fenced blocks."""
    out, name, lines, i = [], None, text.splitlines(), 0
    while i < len(lines):
        m = MARKER.match(lines[i])
        if m:
            name = m.group(1)
            i += 1
            continue
        f = FENCE.match(lines[i])
        if f:
            j = i + 1
            while not lines[j].startswith(f.group(1)):
                j += 1
            out.append((name, f.group(2).strip(), "\n".join(lines[i + 1:j]) + "\n"))
            name, i = None, j + 1
            continue
        if lines[i].strip():
            name = None
        i += 1
    return out


def page(source_dir):
    return blocks((source_dir / "docs" / "python.md").read_text())


def test_every_python_block_is_a_file_that_runs(source_dir):
    py = [(n, body) for n, info, body in page(source_dir) if info == "python"]
    assert len(py) == 5
    assert all(n for n, _ in py), "a python block without <!-- example: file NAME -->"


def test_the_page_runs(source_dir, tmp_path):
    files = {}
    for name, _info, body in page(source_dir):
        if name:
            (tmp_path / name).write_text(body)
            files[name] = body
    assert set(files) == {"tour.py", "successors.py", "allocator.py",
                          "conftest.py", "test_mounts.py"}

    for script in ("tour.py", "successors.py", "allocator.py"):
        run = subprocess.run([sys.executable, script], cwd=tmp_path,
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, f"{script}: {run.stderr}"

    # The command the page shows, with this interpreter for python3.
    (cmd,) = [body.strip() for n, info, body in page(source_dir)
              if info == "sh" and "pytest" in body]
    words = shlex.split(cmd)
    env = dict(os.environ)
    while "=" in words[0]:
        k, _, v = words.pop(0).partition("=")
        env[k] = v
    assert words[:3] == ["python3", "-m", "pytest"]
    words[0] = sys.executable
    run = subprocess.run(words + ["-p", "no:cacheprovider"], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=120)
    ntests = files["test_mounts.py"].count("\ndef test_")
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{ntests} passed" in run.stdout, run.stdout


def test_readme_python_blocks_run(source_dir, tmp_path):
    py = [body for _n, info, body in
          blocks((source_dir / "README.md").read_text()) if info == "python"]
    assert py, "README.md shows no Python"
    for i, body in enumerate(py):
        f = tmp_path / f"readme{i}.py"
        f.write_text(body)
        run = subprocess.run([sys.executable, str(f)], capture_output=True,
                             text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        assert "'target': '/'" in run.stdout

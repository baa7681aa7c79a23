#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The man pages render cleanly and cannot go stale.

    check_man.py render PAGE...
        each page through `groff -ww -z -man` and `man --warnings -l`
        (MANWIDTH=80): any diagnostic fails
    check_man.py complete VFSIM MAN1 MAN5
        every subcommand of `VFSIM --help` has its entry in MAN1 (a line
        `.B NAME`, `.BR NAME ...` or `.BI NAME ...` of its COMMANDS
        section), every verb and prefix of `VFSIM run --help` its entry
        in MAN5 (the same, in its VERBS section)
"""
import os
import re
import shutil
import subprocess
import sys


def render(pages):
    bad = 0
    env = dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8")
    tools = []
    if shutil.which("groff"):
        tools.append(("groff", ["groff", "-ww", "-z", "-man"]))
    if shutil.which("man"):
        tools.append(("man", ["man", "--warnings", "-l"]))
    if not tools:
        sys.exit("check_man: neither groff nor man is installed (groff-base, man-db)")
    for page in pages:
        for name, cmd in tools:
            r = subprocess.run(cmd + [page], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
            if r.returncode != 0 or r.stderr.strip():
                print("%s: %s: status %d\n%s" % (page, name, r.returncode, r.stderr))
                bad += 1
            else:
                print("%s: %s renders it without a warning" % (page, name))
    return 1 if bad else 0


def listed(text, heading):
    """The first words of the 2-space-indented lines after the line that
    starts with `heading`, up to a blank or unindented line."""
    names, on = [], False
    for line in text.splitlines():
        if not on:
            on = line.startswith(heading)
            continue
        if not line.startswith(" "):
            break
        m = re.match(r"^  ([a-z_][a-zA-Z0-9_]*)(\s|$)", line)
        if m:
            names.append(m.group(1))
    return names


def entries(page, section):
    """Names that start an entry tag line (.B/.BR/.BI) in `section` of page."""
    names, on = set(), False
    with open(page) as f:
        for line in f:
            if line.startswith(".SH "):
                on = line[4:].strip().strip('"') == section
                continue
            if on:
                m = re.match(r"^\.(?:B|BR|BI) (?:\\fB)?([A-Za-z_][A-Za-z0-9_]*)", line)
                if m:
                    names.add(m.group(1))
    return names


def complete(vfsim, man1, man5):
    top = subprocess.run([vfsim, "--help"], capture_output=True, text=True, check=True).stdout
    run = subprocess.run([vfsim, "run", "--help"], capture_output=True, text=True, check=True).stdout
    commands = listed(top, "commands:")
    verbs = listed(run, "verbs:") + listed(run, "prefixes")
    if len(commands) < 5 or len(verbs) < 30:
        sys.exit("check_man: could not read the lists (%d commands, %d verbs)"
                 % (len(commands), len(verbs)))
    bad = 0
    for names, page, section, what in ((commands, man1, "COMMANDS", "subcommand"),
                                       (verbs, man5, "VERBS", "verb")):
        have = entries(page, section)
        missing = [n for n in names if n not in have]
        if missing:
            print("%s: no entry in %s for the %s(s) %s" % (page, section, what,
                                                          ", ".join(missing)))
            bad += 1
        else:
            print("%s: all %d %ss have their entry" % (page, len(names), what))
    return 1 if bad else 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "render":
        return render(argv[1:])
    if len(argv) == 4 and argv[0] == "complete":
        return complete(*argv[1:])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

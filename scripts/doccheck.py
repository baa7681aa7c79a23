#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Run the examples of a Markdown file and check its links.

    scripts/doccheck.py --vfsim PATH [--root DIR] [--update] FILE.md...

What a doc shows, a test runs.  In a Markdown file (docs/internals.md,
"Documentation", is the reference):

- a fenced block whose info string is `console` is a terminal session:
  each line that starts with `$ ` is a command, the lines after it (up to
  the next `$ `) are what it prints, standard output and standard error
  together.  A command is `vfsim ...` (the build tree's), alone or in a
  pipeline with echo, printf, cat, head, tail, grep, sed, sort or wc; a
  here-document (`<<'EOF'`) or a trailing backslash continues it on the
  next lines, written `> ...` as a shell shows them.  A command that exits
  with a status other than 0 must be followed by `$ echo $?`, which
  prints that status.
- `<!-- example: COMMAND -->` on the line before a fenced block makes the
  block the file the command runs: it is saved under the command's
  `*.scn` word, or fed to standard input for a `-` word; the next fenced
  block is the command's output.  `<!-- example status=N: COMMAND -->`
  wants exit status N (default 0).
- `<!-- example: file NAME -->` saves the next block as NAME, for the
  commands after it.
- `<!-- example: cc NAME.c -->` saves the next block (a whole C program)
  as NAME.c and builds NAME from it against the build's library (--cc,
  --cc-libs; warnings are errors); later console examples may run
  `./NAME`.

Each Markdown file runs in a temporary directory of its own, its examples
in order.  Every relative link, `[text](path#anchor)` or `![alt](path)`,
must name a file of the repository (and a heading of it, for an anchor to
a Markdown file); a link that leaves the repository is an error.  So must
a file named in a code span under a folder only this repository has
(`tests/cmd/demo.out`; not `fs/pipe.c`, which may be the kernel's).

--update rewrites the expected outputs in place from the runs: read the
diff (git diff) before keeping it.  Exit status 0 when everything
matched, 1 with each mismatch as FILE:LINE and a unified diff, 2 for bad
usage.
"""
import argparse
import difflib
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^( *)(`{3,}|~{3,})(.*)$")
CLOSE = re.compile(r"^ *(`{3,}|~{3,})\s*$")
MARKER = re.compile(r"^\s*<!--\s*example(?:\s+status=(\d+))?\s*:\s*(.*?)\s*-->\s*$")
MARKER_LOOSE = re.compile(r"^\s*<!--\s*example\b")
# The programs a console example may run besides vfsim: text filters.
FILTERS = {"echo", "printf", "cat", "head", "tail", "grep", "sed", "sort", "wc"}
TIMEOUT = 60


class Block:
    """A fenced block: its lines (indent removed) and where they are."""

    def __init__(self, info, indent, first, lines):
        self.info = info
        self.indent = indent
        self.first = first          # 0-based index of the first content line
        self.lines = lines

    @property
    def lang(self):
        return self.info.split()[0] if self.info.split() else ""


def parse(text_lines):
    """Yield ("block", Block, pending marker), ("marker", i, match or None)
    and ("text", i, line), in order.  A fence may be indented (a list
    item's); its closing fence is the same character, at least as long."""
    i = 0
    pending = None      # (marker match, line index) waiting for its block
    n = len(text_lines)
    while i < n:
        line = text_lines[i]
        m = FENCE.match(line)
        if m and not (m.group(2)[0] == "`" and "`" in m.group(3)):
            indent, fence, info = len(m.group(1)), m.group(2), m.group(3).strip()
            j = i + 1
            body = []
            while j < n:
                c = CLOSE.match(text_lines[j])
                if c and c.group(1)[0] == fence[0] and len(c.group(1)) >= len(fence):
                    break
                raw = text_lines[j]
                k = 0
                while k < indent and k < len(raw) and raw[k] == " ":
                    k += 1
                body.append(raw[k:])
                j += 1
            yield ("block", Block(info, indent, i + 1, body), pending)
            pending = None
            i = j + 1
            continue
        mk = MARKER.match(line)
        if mk or MARKER_LOOSE.match(line):
            yield ("marker", i, mk)
            pending = (mk, i)
        else:
            yield ("text", i, line)
        i += 1


# ---- links ------------------------------------------------------------------

def slugify(heading, seen):
    """GitHub's anchor for a heading (github-slugger), counting repeats."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").replace("*", "")
    slug = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
    n = seen.get(slug, 0)
    seen[slug] = n + 1
    return slug if n == 0 else "%s-%d" % (slug, n)


def anchors_of(path, cache):
    if path in cache:
        return cache[path]
    found = set()
    seen = {}
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            lines = f.read().split("\n")
    except OSError:
        lines = []
    for kind, *rest in parse(lines):
        if kind != "text":
            continue
        line = rest[1]
        h = re.match(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if h:
            found.add(slugify(h.group(1), seen))
        for a in re.finditer(r"<a\s+(?:name|id)=\"([^\"]+)\"", line):
            found.add(a.group(1))
    cache[path] = found
    return found


def blank_code_spans(text):
    """Code spans (which may wrap lines) as spaces, keeping every offset."""
    return re.sub(r"(`+)(.+?)\1",
                  lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.M)
HTMLREF = re.compile(r"<(?:a|img)\s[^>]*?(?:href|src)=\"([^\"]+)\"")


def text_runs(lines):
    """Runs of consecutive lines outside fenced blocks: (first index, text)."""
    run, first = [], None
    for kind, *rest in parse(lines):
        if kind == "text":
            if first is None:
                first = rest[0]
            run.append(rest[1])
            continue
        if run:
            yield first, "\n".join(run)
        run, first = [], None
    if run:
        yield first, "\n".join(run)


# Folders that only this repository has (fs/ and include/linux/ are also
# the kernel's): a file named in a code span under one of them must exist.
OWN_FOLDERS = ("api/", "bench/", "cmake/", "compat/", "docs/", "fsinfo/", "fuzz/",
               "include/vfsim/", "scenario/", "scripts/", "shim/", "tests/", "text/",
               "tools/", "vfs/", "watch_queue/")


def check_mentions(path, first, text, root):
    """`tests/cmd/demo.out` in a code span: a file of the repository."""
    errors = []
    here = os.path.dirname(os.path.abspath(path))
    for m in re.finditer(r"(`+)([^`]+?)\1", text, flags=re.S):
        word = re.split(r"[:(\s]", m.group(2).strip())[0].rstrip(",.;")
        if not word.startswith(OWN_FOLDERS) or not re.search(r"\.[A-Za-z]+$", word) \
                or re.search(r"[<>{}]|\.\.\.|…|[A-Z]{3,}", word):
            continue
        if glob.glob(os.path.join(root, word)) or glob.glob(os.path.join(here, word)):
            continue
        errors.append("%s:%d: `%s`: no such file in the repository"
                      % (path, first + text.count("\n", 0, m.start()) + 1, word))
    return errors


def check_links(path, lines, root, cache):
    errors = []
    here = os.path.dirname(os.path.abspath(path))
    root = os.path.abspath(root)
    for first, text in text_runs(lines):
        errors += check_mentions(path, first, text, root)
        plain = blank_code_spans(text)
        found = [(m.start(), m.group(1)) for m in LINK.finditer(plain)]
        found += [(m.start(), m.group(1)) for m in HTMLREF.finditer(plain)]
        found += [(m.start(), m.group(1)) for m in REFDEF.finditer(plain)]
        for at, t in sorted(found):
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", t):
                continue                # http:, mailto: ...
            where = "%s:%d" % (path, first + plain.count("\n", 0, at) + 1)
            file_part, _, anchor = t.partition("#")
            if file_part.startswith("/"):
                errors.append("%s: link '%s' is absolute: links are relative to the file" % (where, t))
                continue
            target = os.path.normpath(os.path.join(here, file_part)) if file_part \
                else os.path.abspath(path)
            if os.path.commonpath([root, target]) != root:
                errors.append("%s: link '%s' leaves the repository" % (where, t))
                continue
            if not os.path.exists(target):
                errors.append("%s: link '%s': no such file in the repository" % (where, t))
                continue
            if anchor and target.endswith(".md") and anchor not in anchors_of(target, cache):
                errors.append("%s: link '%s': no heading with anchor '#%s' in %s"
                              % (where, t, anchor, os.path.relpath(target, root)))
    return errors


# ---- examples -----------------------------------------------------------------

class Runner:
    def __init__(self, vfsim, workdir):
        self.workdir = workdir
        bindir = os.path.join(workdir, ".bin")
        os.mkdir(bindir)
        os.symlink(os.path.abspath(vfsim), os.path.join(bindir, "vfsim"))
        self.env = {
            "PATH": bindir + ":/usr/bin:/bin",
            "LC_ALL": "C",
            "HOME": workdir,
        }
        for k in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"):
            if k in os.environ:
                self.env[k] = os.environ[k]

    def run(self, command, stdin=None):
        p = subprocess.run(["/bin/sh", "-c", command], cwd=self.workdir, env=self.env,
                           input=stdin, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=TIMEOUT)
        return p.returncode, p.stdout.decode("utf-8", errors="surrogateescape")


def programs_of(command):
    """The program of each stage of a shell command line, or None if unreadable."""
    lex = shlex.shlex(command, posix=True, punctuation_chars=";|&<>()")
    lex.whitespace_split = True
    try:
        words = list(lex)
    except ValueError:
        return None
    progs = []
    start = True
    redirect = False
    for w in words:
        if w in ("|", "||", "&&", ";", "&"):
            start = True
            continue
        if w in ("(", ")"):
            return None
        if set(w) <= set("<>&"):
            redirect = True
            continue
        if redirect:
            redirect = False
            continue
        if start:
            if re.match(r"^\d+$", w):     # the 2 of 2>&1
                continue
            progs.append(w)
            start = False
    return progs


def as_text(lines):
    return "".join(l + "\n" for l in lines)


def console_commands(block):
    """Split a console block into (line index, command, [output lines], span)."""
    out = []
    lines = block.lines
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ ") and line != "$":
            return None, i
        cmd_start = i
        cmd = line[2:]
        i += 1
        # Continuations: a trailing backslash, or a here-document to its end.
        heredoc = re.search(r"<<-?\s*'?\"?(\w+)'?\"?", cmd)
        if heredoc:
            end = heredoc.group(1)
            while i < len(lines) and (lines[i].startswith("> ") or lines[i] == ">"):
                body = lines[i][2:]
                cmd += "\n" + body
                i += 1
                if body == end:
                    break
        while cmd.endswith("\\") and i < len(lines) and lines[i].startswith("> "):
            cmd = cmd[:-1] + lines[i][2:]
            i += 1
        out_start = i
        while i < len(lines) and not lines[i].startswith("$ ") and lines[i] != "$":
            i += 1
        out.append((cmd_start, cmd, out_start, i))
    return out, None


class Checker:
    def __init__(self, path, vfsim, update, cc=None, cc_libs=None):
        self.path = path
        self.vfsim = vfsim
        self.update = update
        self.cc = cc
        self.cc_libs = cc_libs or []
        self.built = set()      # ./NAME of the C examples built so far
        self.errors = []
        self.edits = []     # (first line index, end index, new lines, indent)

    def where(self, i):
        return "%s:%d" % (self.path, i + 1)

    def compare(self, i, expected, actual, block_first, out_start, out_end, indent):
        if expected == actual:
            return True
        diff = difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True),
            "%s (expected)" % self.where(i), "actual output")
        body = "".join(d if d.endswith("\n") else d + "\n\\ No newline at end of output\n"
                       for d in diff)
        if self.update:
            new = actual.split("\n")
            if new and new[-1] == "":
                new.pop()
            self.edits.append((block_first + out_start, block_first + out_end, new, indent))
            print("%s: output updated" % self.where(i))
            return True
        self.errors.append("%s: example output differs\n%s" % (self.where(i), body))
        return False

    def allowed(self, i, command):
        # A here-document's lines are data, not commands.
        command = command.split("\n")[0]
        progs = programs_of(command)
        if progs is None or not progs:
            self.errors.append("%s: cannot read the command `%s`" % (self.where(i), command))
            return False
        mains = [p for p in progs if p == "vfsim" or p in self.built]
        bad = [p for p in progs if p not in mains and p not in FILTERS]
        if bad or not mains:
            self.errors.append(
                "%s: cannot run `%s`: an example runs vfsim (or a C example built "
                "before it), alone or with %s"
                % (self.where(i), command, ", ".join(sorted(FILTERS))))
            return False
        return True

    def build_c(self, runner, mline, name, block):
        if not re.match(r"^[A-Za-z_][\w-]*\.c$", name):
            self.errors.append("%s: bad C file name '%s'" % (self.where(mline), name))
            return
        if not self.cc:
            self.errors.append("%s: a C example, and no --cc to build it with"
                               % self.where(mline))
            return
        with open(os.path.join(runner.workdir, name), "w", encoding="utf-8") as f:
            f.write(as_text(block.lines))
        exe = name[:-2]
        cmd = self.cc + [name, "-o", exe] + self.cc_libs
        p = subprocess.run(cmd, cwd=runner.workdir, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=TIMEOUT)
        if p.returncode != 0:
            self.errors.append("%s: the C example does not build (%s):\n%s"
                               % (self.where(mline), " ".join(cmd),
                                  p.stdout.decode("utf-8", errors="replace")))
            return
        self.built.add("./" + exe)

    def console(self, runner, block):
        cmds, bad = console_commands(block)
        if cmds is None:
            self.errors.append("%s: a console example starts with a `$ ` command line"
                               % self.where(block.first + bad))
            return
        if not cmds:
            self.errors.append("%s: an empty console example" % self.where(block.first - 1))
            return
        last = None
        for n, (ci, cmd, os_, oe) in enumerate(cmds):
            at = block.first + ci
            expected = as_text(block.lines[os_:oe])
            if cmd.strip() == "echo $?":
                if last is None:
                    self.errors.append("%s: `echo $?` with no command before it" % self.where(at))
                    return
                self.compare(at, expected, "%d\n" % last, block.first, os_, oe, block.indent)
                last = None
                continue
            if not self.allowed(at, cmd):
                return
            try:
                status, actual = runner.run(cmd)
            except subprocess.TimeoutExpired:
                self.errors.append("%s: `%s` did not end in %d s" % (self.where(at), cmd, TIMEOUT))
                return
            self.compare(at, expected, actual, block.first, os_, oe, block.indent)
            nxt = cmds[n + 1][1].strip() if n + 1 < len(cmds) else None
            if status != 0 and nxt != "echo $?":
                self.errors.append("%s: `%s` exits with status %d: show it with `$ echo $?`"
                                   % (self.where(at), cmd, status))
            last = status

    def marked(self, runner, marker, mline, block, output):
        status_want = int(marker.group(1) or 0)
        command = marker.group(2)
        if command.startswith("cc "):
            self.build_c(runner, mline, command[3:].strip(), block)
            return
        if command.startswith("file "):
            name = command[5:].strip()
            if not re.match(r"^[\w.-]+$", name) or name.startswith("."):
                self.errors.append("%s: bad file name '%s'" % (self.where(mline), name))
                return
            with open(os.path.join(runner.workdir, name), "w", encoding="utf-8",
                      errors="surrogateescape") as f:
                f.write(as_text(block.lines))
            return
        if not self.allowed(mline, command):
            return
        if output is None:
            self.errors.append("%s: example without an output block after it" % self.where(mline))
            return
        words = programs_of(command) and shlex.split(command, comments=False)
        stdin = None
        if "-" in words:
            stdin = as_text(block.lines).encode("utf-8", errors="surrogateescape")
        else:
            names = [w for w in words if w.endswith(".scn")]
            if len(names) != 1:
                self.errors.append("%s: the example's command names no `-` and no one *.scn file"
                                   % self.where(mline))
                return
            with open(os.path.join(runner.workdir, names[0]), "w", encoding="utf-8",
                      errors="surrogateescape") as f:
                f.write(as_text(block.lines))
        try:
            status, actual = runner.run(command, stdin=stdin)
        except subprocess.TimeoutExpired:
            self.errors.append("%s: `%s` did not end in %d s" % (self.where(mline), command, TIMEOUT))
            return
        self.compare(mline, as_text(output.lines), actual, output.first, 0, len(output.lines),
                     output.indent)
        if status != status_want:
            self.errors.append("%s: `%s` exits with status %d, the example says %d"
                               % (self.where(mline), command, status, status_want))

    def run(self, lines):
        items = list(parse(lines))
        workdir = tempfile.mkdtemp(prefix="vfsim-doc-")
        try:
            runner = Runner(self.vfsim, workdir)
            k = 0
            while k < len(items):
                kind = items[k][0]
                if kind == "marker":
                    _, mline, mk = items[k]
                    if mk is None:
                        self.errors.append("%s: malformed example marker (`<!-- example: COMMAND -->`)"
                                           % self.where(mline))
                    elif not self.block_follows(items, k + 1):
                        self.errors.append("%s: example marker with no fenced block after it"
                                           % self.where(mline))
                    k += 1
                    continue
                if kind == "block":
                    _, block, pending = items[k]
                    if pending is not None and pending[0] is not None:
                        out = None
                        m = k + 1
                        while m < len(items):
                            if items[m][0] == "block":
                                out = items[m][1]
                                break
                            if items[m][0] == "marker":
                                break
                            m += 1
                        self.marked(runner, pending[0], pending[1], block, out)
                        if out is not None and \
                                not pending[0].group(2).startswith(("file ", "cc ")):
                            k = m
                    elif block.lang == "console":
                        self.console(runner, block)
                k += 1
        finally:
            shutil.rmtree(workdir, ignore_errors=True)

    @staticmethod
    def block_follows(items, k):
        while k < len(items) and items[k][0] == "text" and not items[k][2].strip():
            k += 1
        return k < len(items) and items[k][0] == "block"

    def apply_edits(self, lines):
        for first, end, new, indent in sorted(self.edits, reverse=True):
            lines[first:end] = [(" " * indent + l) if l else l for l in new]
        return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--vfsim", help="the vfsim command to run the examples with")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."),
                    help="the repository's root (links may not leave it)")
    ap.add_argument("--update", action="store_true",
                    help="rewrite the expected outputs from the runs")
    ap.add_argument("--no-examples", action="store_true", help="check the links only")
    ap.add_argument("--cc", help="the compiler command for C examples, with its flags")
    ap.add_argument("--cc-libs", help="what C examples link, after their source")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    if not args.no_examples and not args.vfsim:
        ap.error("--vfsim is needed to run the examples")
    cache = {}
    failed = False
    for path in args.files:
        try:
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
        except OSError as e:
            print("%s: %s" % (path, e.strerror), file=sys.stderr)
            failed = True
            continue
        lines = text.split("\n")
        errors = check_links(path, lines, args.root, cache)
        if not args.no_examples:
            c = Checker(path, args.vfsim, args.update,
                        shlex.split(args.cc) if args.cc else None,
                        shlex.split(args.cc_libs) if args.cc_libs else None)
            c.run(lines)
            errors += c.errors
            if args.update and c.edits:
                with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                    f.write("\n".join(c.apply_edits(lines)))
        for e in errors:
            print(e, file=sys.stderr)
        failed = failed or bool(errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

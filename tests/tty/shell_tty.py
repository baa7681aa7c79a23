#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""`vfsim shell` on a terminal: a pseudo-terminal (python3's pty module)
types the steps below one line at a time, waiting for the prompt before
the next, and the whole transcript (what the terminal showed: echo,
output, reports, prompts) must equal the golden file.

    shell_tty.py VFSIM libedit|plain GOLDEN

`libedit` is the command built with line editing: the steps use it
(Ctrl-P recalls the session's history, backspace edits, TAB completes a
verb).  `plain` is the command built without: the terminal's own line
discipline echoes, and the steps are plain lines.  In the transcript CR LF
is a newline, other control bytes are written as \\r, \\a, \\xNN.
VFSIM_UPDATE_GOLDEN=1 rewrites the golden file.  The deadline only keeps
a hung shell from hanging the test; nothing is timed."""
import os
import pty
import select
import sys
import termios
import time

PROMPT = b"vfsim> "
DEADLINE = 60.0  # seconds with no output at all: the shell hangs

STEPS = {
    "libedit": [
        b"echo one\n",
        # fails: reported, and the session goes on
        b"mount tmpfs t /mnt/nowhere\n",
        b"mkdir /mnt/x\n",
        # Ctrl-P twice: the failed mount again; 7 backspaces eat
        # "nowhere"; the edited line mounts on /mnt/x
        b"\x10\x10" + b"\x7f" * 7 + b"x\n",
        b"tree --target /mnt/x\n",
        b"help umount\n",
        # TAB completes "ech" to "echo "
        b"ech\thi\n",
        b"frobnicate\n",
        # Ctrl-D on an empty line: the end, exit status 0
        b"\x04",
    ],
    "plain": [
        b"echo one\n",
        b"mount tmpfs t /mnt/nowhere\n",
        b"mkdir /mnt/x\n",
        b"mount tmpfs t /mnt/x\n",
        b"tree --target /mnt/x\n",
        b"help umount\n",
        b"frobnicate\n",
        b"\x04",
    ],
}


def escape(data):
    text = data.replace(b"\r\n", b"\n")
    out = []
    for byte in text:
        if byte == 0x0A or 0x20 <= byte < 0x7F:
            out.append(chr(byte))
        elif byte == 0x0D:
            out.append("\\r")
        elif byte == 0x07:
            out.append("\\a")
        else:
            out.append("\\x%02x" % byte)
    return "".join(out)


def read_until(fd, done):
    """What the terminal shows until done(data) or the shell exits."""
    data = b""
    while not done(data):
        ready, _, _ = select.select([fd], [], [], DEADLINE)
        if not ready:
            sys.exit("shell_tty: no output for %.0f s; so far: %r" % (DEADLINE, data))
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the shell has exited
            break
        if not chunk:
            break
        data += chunk
    return data


def wait_raw(fd):
    """Until libedit has put the terminal out of canonical mode: it prints
    its first prompt before, and keys typed in between would be echoed by
    the terminal as well as by libedit.  The master side of a pty reads
    the terminal's modes."""
    waited = 0.0
    while termios.tcgetattr(fd)[3] & termios.ICANON:
        if waited > DEADLINE:
            sys.exit("shell_tty: the terminal never left canonical mode")
        time.sleep(0.01)
        waited += 0.01


def main():
    vfsim, mode, golden = sys.argv[1:4]
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "dumb"
        os.environ["LC_ALL"] = "C"
        os.environ.pop("INPUTRC", None)
        os.environ.pop("EDITRC", None)
        os.environ["HOME"] = "/nonexistent"  # no ~/.editrc
        os.execv(vfsim, [vfsim, "shell"])
    transcript = read_until(fd, lambda d: d.endswith(PROMPT))
    steps = STEPS[mode]
    for i, keys in enumerate(steps):
        if mode == "libedit":
            wait_raw(fd)
        os.write(fd, keys)
        last = i == len(steps) - 1
        transcript += read_until(fd, (lambda d: False) if last else
                                 (lambda d: d.endswith(PROMPT)))
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    transcript += b"[exit status %d]\n" % code
    got = escape(transcript)

    if os.environ.get("VFSIM_UPDATE_GOLDEN") == "1":
        with open(golden, "w") as f:
            f.write(got)
        print("shell_tty: wrote %s" % golden)
        return 0
    with open(golden) as f:
        want = f.read()
    if got != want:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(
            want.splitlines(True), got.splitlines(True), golden, "actual"))
        return 1
    print(got, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())

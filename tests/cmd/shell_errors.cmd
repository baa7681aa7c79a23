# SPDX-License-Identifier: LGPL-2.1-or-later
# `vfsim shell` from a pipe: every line runs, a failing one is reported and
# the session goes on; the exit status is the first failed line's (1)
shell

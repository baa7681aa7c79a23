# SPDX-License-Identifier: LGPL-2.1-or-later
# `vfsim shell --tree empty --trace` from a pipe: every line succeeds, so
# the exit status is 0; `exit` ends the session before the last line
shell
--tree
empty
--trace

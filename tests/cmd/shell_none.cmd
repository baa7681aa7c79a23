# SPDX-License-Identifier: LGPL-2.1-or-later
# `vfsim shell --tree none`: nothing booted, so a verb that needs a task is
# malformed until a `boot` line; the first failure (65) is the status
shell
--tree
none

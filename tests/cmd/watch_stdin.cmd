# SPDX-License-Identifier: LGPL-2.1-or-later
# the scenario on standard input (watch_stdin.in); a line that fails ends the run (status 1) after the records posted so far are read
watch
-

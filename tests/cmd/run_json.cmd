# SPDX-License-Identifier: LGPL-2.1-or-later
# JSON lines: one object a line run, with what it printed
run
-J
run_json.scn

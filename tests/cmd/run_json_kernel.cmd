# SPDX-License-Identifier: LGPL-2.1-or-later
# -J with --kernel: the input is checked whole first, so a verb the
# kernel cannot run is refused before any line runs or prints a JSON line
# (the live comparison with the model: run_json_kernel.py)
run
-J
--kernel
run_json_kernel_refused.scn

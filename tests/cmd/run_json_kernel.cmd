# SPDX-License-Identifier: LGPL-2.1-or-later
# -J runs on the model only: with --kernel it is a usage error, one line
run
-J
--kernel
run_json.scn

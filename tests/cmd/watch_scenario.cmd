# SPDX-License-Identifier: LGPL-2.1-or-later
# a scenario file run on the port's kernel, records read after each line
watch
--check
watch_scenario.scn

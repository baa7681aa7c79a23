# SPDX-License-Identifier: LGPL-2.1-or-later
# one scenario file only: usage on stderr, status 2
watch
watch_boot.scn
watch_scenario.scn

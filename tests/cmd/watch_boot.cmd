# SPDX-License-Identifier: LGPL-2.1-or-later
# a scenario must not boot: the port's kernel is already booted (EBUSY, status 1)
watch
watch_boot.scn

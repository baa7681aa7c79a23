# SPDX-License-Identifier: LGPL-2.1-or-later
# every fsinfo attribute of /proc: exit 0, no failure
fsinfo
/proc

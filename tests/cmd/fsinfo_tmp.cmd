# SPDX-License-Identifier: LGPL-2.1-or-later
# every fsinfo attribute of /tmp (tmpfs): exit 0, no failure
fsinfo
/tmp

# SPDX-License-Identifier: LGPL-2.1-or-later
# every fsinfo attribute of / (ext4 on /dev/vda1, label root): exit 0, no failure
fsinfo
/

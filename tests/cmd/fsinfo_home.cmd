# SPDX-License-Identifier: LGPL-2.1-or-later
# every fsinfo attribute of /home (ext4 on /dev/vda2, label home): exit 0, no failure
fsinfo
/home

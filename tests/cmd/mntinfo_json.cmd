# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim mntinfo -J: MOUNT_INFO, IDS and the children's MOUNT_POINT, nested
mntinfo
-J
-M
2

# SPDX-License-Identifier: LGPL-2.1-or-later
# mount 1, the rootfs under the ext4 root, is not reachable from the caller's root: EPERM (patch 09: the anchor must be an ancestor)
fsinfo
-M
1

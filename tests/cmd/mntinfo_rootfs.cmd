# SPDX-License-Identifier: LGPL-2.1-or-later
# from mount 1, the rootfs above the caller's root (mount 2): EPERM, as fsinfo -M 1
mntinfo
-M
1

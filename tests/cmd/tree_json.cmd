# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -J: findmnt -J's shape, the rootfs holding the root holding five children, ID as a number
tree
-J

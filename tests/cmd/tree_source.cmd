# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -S: the mounts of one source, as a list
tree
-S
/dev/vda2

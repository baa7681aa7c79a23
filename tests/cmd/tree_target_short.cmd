# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -T: the mount a path is on
tree
-T
/home/nothing-below
-o
ID,TARGET

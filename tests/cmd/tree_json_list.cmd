# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -J -l -o TARGET,FS-OPTIONS,PROPAGATION: one flat list of seven, no children
tree
-J
-l
-o
TARGET,FS-OPTIONS,PROPAGATION

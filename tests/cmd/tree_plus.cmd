# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -o +COLS: the default columns and more
tree
-l
-o
+PARENT,FSROOT

# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -r of the same names: libsmartcols' \xHH for what is not printable ASCII
tree
--tree
empty
-r
-o
target,source
tree_bytes.scn

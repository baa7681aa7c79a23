# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -J of names that are not UTF-8: valid JSON all the same (each such byte its own code point), UTF-8 as it is
tree
--tree
empty
-J
-o
target,source
tree_bytes.scn

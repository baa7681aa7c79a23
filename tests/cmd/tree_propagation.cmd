# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree --tree empty tree_propagation.scn: the same tree as the tree verb's table
tree
--tree
empty
tree_propagation.scn

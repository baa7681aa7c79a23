# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree: the default tree, byte for byte the tree verb's table (ID TARGET FSTYPE SOURCE OPTIONS PROPAGATION)
tree

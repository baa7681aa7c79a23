# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree --dot: the default tree as Graphviz, nodes by mount ID, parent -> child arrows only (all private, all rw)
tree
--dot

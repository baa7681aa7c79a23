# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree --tree empty --dot tree_propagation.scn: a peer group of three (dashed, unarrowed chain), a slave (red arrow from the group's first member), a read-only mount (grey) and an unbindable one (dotted)
tree
--tree
empty
--dot
tree_propagation.scn

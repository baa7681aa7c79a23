# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree with an unknown short option in a cluster: the one option named
tree
-lxr

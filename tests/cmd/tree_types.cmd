# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -t with a no-list: every type but ext4 and tmpfs; the tree keeps its shape, the rows left out give their children to their nearest ancestor that stays
tree
-t
noext4,tmpfs
-o
ID,TARGET,FSTYPE

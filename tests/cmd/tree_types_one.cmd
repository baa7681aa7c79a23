# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -t nfs4,afs: a list of types
tree
-t
nfs4,afs
-o
TARGET,FSTYPE

# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -n: no header line
tree
-nr
-o
TARGET,FSTYPE

# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -o with an unknown column: named in the message, exit 1
tree
-o
TARGET,NOPE

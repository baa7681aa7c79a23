# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -o without its value: one line, exit 2
tree
-o

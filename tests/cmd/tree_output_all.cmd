# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree --output-all: every column, findmnt's order
tree
--output-all
-l

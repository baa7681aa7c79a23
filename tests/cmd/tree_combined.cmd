# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -lJ: combined short options (findmnt -lJ), the flat JSON list
tree
-lJ
-o
ID,TARGET

# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -D -b -J: sizes in bytes are JSON numbers
tree
-DbJ
-o
TARGET,SIZE,USED,AVAIL,USE%,MAJ:MIN
-T
/home

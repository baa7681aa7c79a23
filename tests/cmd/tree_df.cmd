# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -D: as df, sizes from the model's statfs (fsinfo STATFS)
tree
-D

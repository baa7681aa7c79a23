# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -O that no mount has: nothing printed, exit 1 (findmnt's)
tree
-O
ro

# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -r: header and cells one space apart, no padding, no tree drawing
tree
-r

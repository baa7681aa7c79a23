# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -J -o target,source,propagation,opt-fields on the propagation scenario: the quote and backslash of a directory name as JSON escapes, empty OPT-FIELDS as null
tree
--tree
empty
-J
-o
target,source,propagation,opt-fields
tree_propagation.scn

# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree --target of a path that does not exist: ENOENT, exit 1
tree
--target
/nonexistent

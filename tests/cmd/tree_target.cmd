# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree --target /home: only the /home mount's row (ID 5), drawn with no branch
tree
--target
/home

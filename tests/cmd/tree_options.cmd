# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -O, libmount's rules: +nodev is the option nodev (a bare noOPT means without OPT), mode=1777 that value
tree
-O
+nodev,mode=1777
-o
TARGET,OPTIONS

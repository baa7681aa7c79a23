# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -O, libmount's rules: +nodev is the option nodev (a bare noOPT means without OPT), label=home that value
tree
-O
+nodev,label=home
-o
TARGET,OPTIONS

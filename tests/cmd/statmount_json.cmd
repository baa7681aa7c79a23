# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim statmount -J: struct statmount's fields by their UAPI names
statmount
-J
/home
mnt_basic
mnt_point
fs_type
sb_source
opt_array

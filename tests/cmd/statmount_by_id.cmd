# SPDX-License-Identifier: LGPL-2.1-or-later
# statmount by unique ID, some fields
statmount
0x80000006
mnt_basic
sb_basic
mnt_opts
opt_array

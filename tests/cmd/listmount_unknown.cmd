# SPDX-License-Identifier: LGPL-2.1-or-later
# an unknown mount: ENOENT
listmount
0x8fffffff

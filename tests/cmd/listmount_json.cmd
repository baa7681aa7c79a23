# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim listmount -J: the unique IDs, each with its old ID, point and type
listmount
-J
3

# SPDX-License-Identifier: LGPL-2.1-or-later
# a bad last ID: usage error
listmount
-l
x

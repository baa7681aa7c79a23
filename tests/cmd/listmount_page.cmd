# SPDX-License-Identifier: LGPL-2.1-or-later
# listmount in reverse, after /home's ID
listmount
-r
-l
0x80000005
/

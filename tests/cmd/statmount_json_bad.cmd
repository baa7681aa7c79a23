# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim statmount -J of a path that is not there: the message, nothing on stdout
statmount
-J
/nope

# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim fsinfo -J: every attribute, a string as text, the rest in hex, n and m for lists
fsinfo
-J
/net/fileserver

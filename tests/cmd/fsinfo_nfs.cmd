# SPDX-License-Identifier: LGPL-2.1-or-later
# every fsinfo attribute of /net/fileserver (NFSv4.2, fileserver.example at 192.0.2.10)
fsinfo
/net/fileserver

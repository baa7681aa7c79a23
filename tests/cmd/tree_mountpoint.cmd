# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -M: the mounts on a mount point (a trailing slash is no matter)
tree
-M
/tmp/
-o
TARGET,SOURCE,FSTYPE,VFS-OPTIONS

# SPDX-License-Identifier: LGPL-2.1-or-later
# -d traces every call that returns a value: AFS_SERVER_NAME and AFS_SERVER_ADDRESSES for N = 0, 1, 2, then the next attribute (N = 3 is ENODATA, untraced; afs_nth.scn shows it)
fsinfo
-d
/afs/grand.central.org/doc

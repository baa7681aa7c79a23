# SPDX-License-Identifier: LGPL-2.1-or-later
# mount 8 does not exist until something walks into /afs/grand.central.org: EPERM (patch 09: a missing ID is EPERM)
fsinfo
-M
8

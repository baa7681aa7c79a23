# SPDX-License-Identifier: LGPL-2.1-or-later
# -m: the attribute table of an AFS volume (the AFS attributes with their N flag)
fsinfo
-m
/afs/grand.central.org/doc

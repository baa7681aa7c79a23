# SPDX-License-Identifier: LGPL-2.1-or-later
# -a (AT_NO_AUTOMOUNT): the automount point in the dynamic root itself, nothing mounted
fsinfo
-a
/afs/grand.central.org

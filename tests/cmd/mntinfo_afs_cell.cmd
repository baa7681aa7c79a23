# SPDX-License-Identifier: LGPL-2.1-or-later
# from the cell's root volume: the walk automounts it (mount 8)
mntinfo
/afs/grand.central.org

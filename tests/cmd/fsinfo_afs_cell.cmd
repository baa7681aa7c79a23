# SPDX-License-Identifier: LGPL-2.1-or-later
# every fsinfo attribute of /afs/grand.central.org: walking there automounts the cell's root volume (mount 8)
fsinfo
/afs/grand.central.org

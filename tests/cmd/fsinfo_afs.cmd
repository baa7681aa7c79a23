# SPDX-License-Identifier: LGPL-2.1-or-later
# every fsinfo attribute of /afs, the AFS dynamic root (no AFS attributes there)
fsinfo
/afs

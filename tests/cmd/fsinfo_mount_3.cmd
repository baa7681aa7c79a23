# SPDX-License-Identifier: LGPL-2.1-or-later
# every fsinfo attribute of mount 3 of the default tree by ID (FSINFO_FLAGS_QUERY_MOUNT)
fsinfo
-M
3

# SPDX-License-Identifier: LGPL-2.1-or-later
# AFS servers and their addresses by Nth on the default tree, and ENODATA past the last (N = 3; M on an N-only attribute)
run
--check
afs_nth.scn

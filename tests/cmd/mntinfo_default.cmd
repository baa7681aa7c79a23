# SPDX-License-Identifier: LGPL-2.1-or-later
# test-mntinfo's tree of the default tree from / (mount 2, the ext4 root)
mntinfo

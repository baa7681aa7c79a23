# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree with an unknown option: usage on stderr, exit 2
tree
--frobnicate

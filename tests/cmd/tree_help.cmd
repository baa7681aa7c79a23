# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree --help: every option and column
tree
--help

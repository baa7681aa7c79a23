# SPDX-License-Identifier: LGPL-2.1-or-later
# `vfsim help shell`: the subcommand's help
help
shell

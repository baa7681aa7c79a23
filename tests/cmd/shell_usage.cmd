# SPDX-License-Identifier: LGPL-2.1-or-later
# `vfsim shell` takes no file: a usage error (2)
shell
file.scn

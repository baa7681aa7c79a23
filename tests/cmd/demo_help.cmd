# SPDX-License-Identifier: LGPL-2.1-or-later
# --help: what demo does, on stdout, status 0
demo
--help

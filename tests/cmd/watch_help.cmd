# SPDX-License-Identifier: LGPL-2.1-or-later
# --help: usage and options on stdout, status 0
watch
--help

# SPDX-License-Identifier: LGPL-2.1-or-later
# no scenario file: one line, status 2
run

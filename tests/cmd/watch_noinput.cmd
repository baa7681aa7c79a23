# SPDX-License-Identifier: LGPL-2.1-or-later
# a scenario file that cannot be opened: status 66
watch
no_such_file.scn

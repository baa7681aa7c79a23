# SPDX-License-Identifier: LGPL-2.1-or-later
# an unknown option: usage on stderr, status 2
watch
--v18

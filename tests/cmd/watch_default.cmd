# SPDX-License-Identifier: LGPL-2.1-or-later
# the watch_test port on its built-in steps (every record kind its filter passes)
watch
--check

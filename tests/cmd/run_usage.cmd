# SPDX-License-Identifier: LGPL-2.1-or-later
# an unknown option: the one line that was wrong, status 2
run
--bogus

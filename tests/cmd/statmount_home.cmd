# SPDX-License-Identifier: LGPL-2.1-or-later
# statmount of the default tree's /home, every field
statmount
/home

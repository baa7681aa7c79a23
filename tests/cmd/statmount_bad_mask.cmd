# SPDX-License-Identifier: LGPL-2.1-or-later
# an unknown mask name: usage error
statmount
/home
nope

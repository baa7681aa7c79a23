# SPDX-License-Identifier: LGPL-2.1-or-later
# no mount named: usage
statmount

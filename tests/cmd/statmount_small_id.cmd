# SPDX-License-Identifier: LGPL-2.1-or-later
# a unique ID not above 2^31: EINVAL
statmount
5

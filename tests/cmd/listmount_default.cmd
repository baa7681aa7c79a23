# SPDX-License-Identifier: LGPL-2.1-or-later
# listmount of the default tree, from the root
listmount

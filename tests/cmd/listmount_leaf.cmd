# SPDX-License-Identifier: LGPL-2.1-or-later
# listmount below a mount with no mounts below
listmount
/proc

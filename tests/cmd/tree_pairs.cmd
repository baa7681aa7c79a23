# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -P: findmnt's KEY="VALUE" pairs
tree
-P
-o
ID,TARGET,SOURCE,OPT-FIELDS

# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree LABEL and UUID: fsinfo's VOLUME_NAME and VOLUME_UUID, blank where there is none
tree
-l
-o
TARGET,FSTYPE,LABEL,UUID

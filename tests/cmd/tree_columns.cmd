# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim tree -l -o with every findmnt column, lower case: full paths, FS-OPTIONS the superblock's (rw,mode=1777), OPTIONS both, PROPAGATION findmnt's words
tree
-l
-o
id,parent,target,source,fstype,options,vfs-options,fs-options,opt-fields,propagation,fsroot

run
--kernel
tree.scn

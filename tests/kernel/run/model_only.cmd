run
--kernel
model_only.scn

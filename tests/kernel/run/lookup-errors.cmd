run
--kernel
../../scenarios/lookup-errors.scn

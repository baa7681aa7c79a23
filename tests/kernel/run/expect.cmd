run
--kernel
../../scenarios/expect.scn

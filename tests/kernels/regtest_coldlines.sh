#!/bin/sh
# make regtest: the warm half of test_coldlines (its --warm), which times
# a reading of lines just read: they read as warm, and warm operands of
# 100^3 are not loaded again.  A timed test, so it runs here, alone on
# the machine: beside another test in make check a reading of lines just
# read once came out cold in 3 of 5 tries (test_coldlines.c says why).
: "${top_builddir:=.}"
exec "$top_builddir/tests/kernels/test_coldlines" --warm

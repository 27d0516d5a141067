#!/bin/sh
# make regtest: clocks against known delays.  Runs the TAP program
# tests/timer/regtest_clocks, which make check builds; a script because only
# tests with an extension (.sh) have a rule when TESTS is set at make time.
exec "${top_builddir:-.}/tests/timer/regtest_clocks"

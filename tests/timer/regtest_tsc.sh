#!/bin/sh
# make regtest: the TSC against the wall clock.  Runs the TAP program
# tests/timer/regtest_tsc, which make check builds; a script because only
# tests with an extension (.sh) have a rule when TESTS is set at make time.
exec "${top_builddir:-.}/tests/timer/regtest_tsc"

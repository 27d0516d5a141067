#!/bin/sh
# make regtest: flushed operands time slower than unflushed (paper 003).  Runs the TAP program
# tests/timer/regtest_direction, which make check builds; a script because only
# tests with an extension (.sh) have a rule when TESTS is set at make time.
exec "${top_builddir:-.}/tests/timer/regtest_direction"

#!/bin/sh
# The table of issue 25: compare --solvers on every place model and every
# tour model of testdata: exact, ilp, lp_solve, cbc, glpsol and minizinc
# solve each, every answer checked; a row agrees, is incomplete (a solver
# timed out or does not formulate the model) or disagrees.
#
#   scripts/solvers-table.sh                 # 10 s per solver and model
#   TASK_TIMEOUT=30s scripts/solvers-table.sh --json
#
# Slow (minutes): kept out of the test suite. Extra arguments go to compare.
# Needs lp_solve, cbc, glpsol and minizinc on the PATH (make deps).
set -e
BIN=${BIN:-bin/chessmodel}
dir=$(dirname "$0")/../testdata/models
tours=$(grep -l '^tour:' "$dir"/*.yaml)
places=$(grep -L '^tour:\|^slide:\|^goal:' "$dir"/*.yaml)
# shellcheck disable=SC2086 # the lists are file names without blanks
exec "$BIN" compare --solvers --task solve --task-timeout "${TASK_TIMEOUT:-10s}" --timeout 0 "$@" $places $tours

#!/bin/sh
# The showcase of `make run`: every seed model shown, and solved where a
# backend can, with both backends.
set -e
BIN=${BIN:-bin/chessmodel}
M=testdata/models
say() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }

say "$BIN" show $M/blocked-3w-value11.yaml
say "$BIN" check $M/eight-queens.yaml testdata/solutions/eight-queens.json
say "$BIN" check $M/knights-tour.yaml testdata/solutions/knights-tour-seed.json

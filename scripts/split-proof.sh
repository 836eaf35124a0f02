#!/bin/sh
# The split proof of a minimisation with cbc on the exported program (docs/cover.md):
# the program with symmetry broken (export --break-symmetry) is
# cut into cells, one per square of the anchor (the first piece the place list
# has once, left on one square per orbit) and square of a second lone piece;
# each cell is the exported program with both fixed and the row "objective
# <= BOUND". The LP relaxation (lp_solve -noint) settles most cells; cbc
# solves the rest. When every cell is infeasible no placement reaches BOUND,
# so a checked placement of BOUND+1 is optimal. ilp.NewSplit does the same
# in process, with lp_solve.
#
#   scripts/split-proof.sh MODEL BOUND ANCHOR SECOND
#   scripts/split-proof.sh testdata/models/eight-pieces-fewest.yaml 15 k q
#
# ANCHOR and SECOND are the pieces' column prefixes in the export (k_d4 is a
# king on d4). One line per cell; the last line counts the cells cbc did not
# show infeasible (0 for a proof). Needs lp_solve and cbc on the PATH.
set -e
BIN=${BIN:-bin/chessmodel}
model=$1 bound=$2 anchor=$3 second=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$BIN" export "$model" --break-symmetry -o "$dir/whole.lp"
# The objective's terms (the "min:" statement, up to its semicolon), without
# the columns written with coefficient +0.
objective=$(awk '/^min:/{on=1} on{print} on&&/;/{exit}' "$dir/whole.lp" | sed 's/^min://; s/;.*//' |
	awk '{for (i = 1; i <= NF; i++) if ($i == "+0") i++; else printf "%s ", $i}')
free() { grep "^$1_[a-z][0-9]* <= 1;" "$dir/whole.lp" | sed 's/ .*//'; }
open=0
for a in $(free "$anchor"); do
	for s in $(free "$second"); do
		sed "s|^/\* Constraints \*/|/* Constraints */\ncell_a: $a = 1;\ncell_s: $s = 1;\ncutoff: $objective<= $bound;|" \
			"$dir/whole.lp" >"$dir/cell.lp"
		if lp_solve -noint -S1 "$dir/cell.lp" | grep -q infeasible; then
			echo "$a $s: LP infeasible"
			continue
		fi
		lp_solve -S1 -parse_only "$dir/cell.lp" -wfmps "$dir/cell.mps"
		result=$(cbc "$dir/cell.mps" -solve 2>&1 | grep -E '^Result|^Enumerated nodes|^Total time' | tr -s ' \n' ' ')
		echo "$a $s: cbc $result"
		case $result in *infeasible*) ;; *) open=$((open + 1)) ;; esac
	done
done
echo "cells not shown infeasible: $open"

#!/bin/sh
# The showcase of `make run`: the seed puzzles (placements, tours, slides,
# coverage), shown, solved by both backends, cross-checked, swept and drawn. Pictures go to out/.
set -e
BIN=${BIN:-bin/chessmodel}
M=testdata/models
# Commands are shown in bold on a terminal, plain when the output is piped or
# redirected (no escape codes in a log file), or when NO_COLOR is set.
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold='\033[1m' plain='\033[0m'; else bold='' plain=''; fi
say() { printf "\n${bold}\$ %s${plain}\n" "$*"; "$@"; }
mkdir -p out

say "$BIN" show $M/blocked-3w-value11.yaml
say "$BIN" solve $M/blocked-3w-value11.yaml --backend exact
say "$BIN" solve $M/blocked-3w-value11.yaml --backend ilp
say "$BIN" count --symmetry $M/n-queens.yaml --set board=10
say "$BIN" count --symmetry $M/n-rooks.yaml --set board=6 --backend ilp
say "$BIN" solve $M/least-walls-12.yaml
# Every solver, the four command-line ones too, on models each of them
# finishes in seconds: every row completes.
say "$BIN" compare --solvers --task solve --task-timeout 60s --timeout 10m \
    $M/blocked-0w.yaml $M/blocked-2w-value10.yaml $M/blocked-3w-value11.yaml $M/blocked-4w-value11.yaml \
    $M/least-walls-6x6-9.yaml $M/amazons.yaml $M/camels.yaml $M/nightriders.yaml $M/queens-6x9.yaml \
    $M/kings-shaped.yaml
# The harder optima through the two built-in backends only: minizinc (its
# own model, solved by Gecode) takes minutes to prove them.
printf '\nleast-walls-9, least-walls-10 and queens-domination: exact and ilp only; minizinc (Gecode) takes minutes to prove them optimal\n'
say "$BIN" compare --task solve $M/least-walls-9.yaml $M/least-walls-10.yaml $M/queens-domination.yaml
say "$BIN" compare --task count --timeout 60s $M/n-queens.yaml --set board=6
say "$BIN" sweep $M/blocked-0w.yaml --walls 3
say "$BIN" check $M/knights-tour.yaml testdata/solutions/knights-tour-seed.json
say "$BIN" solve $M/knights-tour.yaml --backend exact
say "$BIN" solve $M/knights-tour.yaml --backend ilp
say "$BIN" count --symmetry $M/knights-tour-closed.yaml
say "$BIN" solve $M/tour-camel.yaml
say "$BIN" solve $M/slide-impossible.yaml
say "$BIN" compare --task solve $M/knights-tour.yaml $M/knights-tour-closed.yaml $M/tour-zebra.yaml $M/tour-holes.yaml
say "$BIN" solve $M/sliding-rooks.yaml
say "$BIN" explore $M/sliding-queens.yaml
say "$BIN" explore $M/sliding-rooks.yaml --sizes 2..16:2
say "$BIN" compare --task solve $M/slide-walls.yaml $M/slide-knights.yaml $M/slide-five-rooks.yaml
say "$BIN" solve $M/eight-pieces.yaml
say "$BIN" count --symmetry $M/eight-pieces-same-colour.yaml
say "$BIN" solve $M/eight-pieces-superqueen.yaml
say "$BIN" compare --task solve $M/cover-5x5-*.yaml
say "$BIN" render $M/eight-queens.yaml --all --symmetry -o out/eight-queens-12.gif
say "$BIN" render $M/blocked-3w-value11.yaml --solve -o out/blocked-3w-value11.png
say "$BIN" render $M/knights-tour.yaml --solution testdata/solutions/knights-tour-seed.json -o out/knights-tour.svg
say "$BIN" render $M/sliding-rooks.yaml --solve -o out/sliding-rooks.gif
printf '\npictures written to out/\n'

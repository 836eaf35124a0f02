#!/bin/sh
# make bench: the benchmarks docs/performance.md quotes, as a
# table, and — when a peer program is named — the side-by-side runs behind
# its ratios.
#
#   CHESSMODEL_BENCH_LONG=1  also 17- and 18-queens counts, the 4-wall sweep and
#                            the 24x24 sliding rooks
#   TAKAKEN=/path/to/binary  a peer n-queens counter taking n as its argument
#                            (Takaken's bitwise counter with rotation symmetry,
#                            built outside the repository), run alternately
#                            with `chessmodel count` on the same n
#   BASE=/path/to/chessmodel an earlier build, run alternately with this one
#                            on the same n-queens counts, the 4-wall sweep, the
#                            5x5 race's explore and the 8x8 sliding rooks'
#                            explore
#   SR=/path/to/binary       the sliding-rooks baseline (refs/rooks/sr.c built
#                            outside the repository, taking n as its argument),
#                            run alternately with `explore --sizes 24..24`
#   KT=/path/to/binary       the knight's-tour counting baseline (refs/knight/kt.c
#                            built with gcc -O3 outside the repository; `kt 6`
#                            counts the 6x6 open and closed tours in one run),
#                            run alternately with the two 6x6 counts of
#                            `chessmodel count`
#   RUNS=3                   side-by-side rounds (medians are reported)
#   QUEENS="16 17"           the n of the side-by-side n-queens rounds (default
#                            16, and 17 and 18 with CHESSMODEL_BENCH_LONG)
#   COUNT=1                  runs of each go benchmark (go test -count)
#   BENCH_OUT=file           also keep the raw go test -bench output there:
#                            benchstat's input (run before and after a change,
#                            alternately, then `benchstat before after`; with
#                            COUNT=6 or more it gives intervals)
#   BENCH_ONLY=queens        only the n-queens counters: no go test -bench table
#                            and no other side-by-side rows; with TAKAKEN set,
#                            one table of the three counters per n of QUEENS
#                            (constellations and join as benchmarks of the
#                            nqueens test binary, `chessmodel count --symmetry`
#                            and the peer, alternating in each round; ratios
#                            join / constellations and chessmodel / peer), the
#                            peer's total and classes (it prints "n total
#                            classes") checked against ours in every round;
#                            QUEENS within the benchmarks' n (14..18)
set -e
case "$BENCH_ONLY" in
'' | queens) ;;
*) echo "bench.sh: BENCH_ONLY=$BENCH_ONLY: expected empty or queens" >&2; exit 2 ;;
esac
GO=${GO:-go}
BIN=${BIN:-bin/chessmodel}
RUNS=${RUNS:-3}
COUNT=${COUNT:-1}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

if [ -z "$BENCH_ONLY" ]; then
echo "## go test -bench (medians not taken: one run of each, -benchmem)"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
$GO test -run XXX -bench 'BenchmarkNQueensCount|BenchmarkSweep$|BenchmarkBlocked|BenchmarkCheckQueens' \
	-benchmem -benchtime 1x -count "$COUNT" -timeout 60m ./exact ./sweep ./model >"$out" 2>&1 || { cat "$out"; exit 1; }
# folding, the fewest pieces and the fewest squares (their node counts in the table)
$GO test -run XXX -bench 'BenchmarkFold|BenchmarkDomination|BenchmarkFewestSixBySix' -benchmem -benchtime 1x -count "$COUNT" \
	-timeout 60m ./exact >>"$out" 2>&1 || { cat "$out"; exit 1; }
# the retrograde analysis of a game (the 5x5 race with 3 rooks a side)
$GO test -run XXX -bench 'BenchmarkRetrograde' -benchmem -benchtime 1x -count "$COUNT" \
	-timeout 60m ./exact/internal/game >>"$out" 2>&1 || { cat "$out"; exit 1; }
sizes="8|16"
[ -z "$CHESSMODEL_BENCH_LONG" ] || sizes="8|16|24"
$GO test -run XXX -bench 'BenchmarkFrontier/(6x6-closed|6x6-open|3x20-open|5x12-closed)' -benchmem -benchtime 1x -count "$COUNT" \
	-timeout 60m ./exact/tour >>"$out" 2>&1 || { cat "$out"; exit 1; }
for pattern in 'BenchmarkExplore8' "BenchmarkShortestRooks/^($sizes)\$/^workers=0\$"; do
	$GO test -run XXX -bench "$pattern" -benchmem -benchtime 1x -count "$COUNT" -timeout 60m ./exact/slide >>"$out" 2>&1 ||
		{ cat "$out"; exit 1; }
done
[ -z "$BENCH_OUT" ] || cp "$out" "$BENCH_OUT"
printf '%-52s %14s %14s %12s %12s\n' benchmark ms/op bytes/op allocs/op nodes
awk '/^Benchmark/ && /ns\/op/ {
	name=$1; ns=""; by=""; al=""; nd="";
	for (i = 2; i <= NF; i++) {
		if ($(i) == "ns/op") ns = $(i-1);
		if ($(i) == "B/op") by = $(i-1);
		if ($(i) == "allocs/op") al = $(i-1);
		if ($(i) == "nodes") nd = $(i-1);
	}
	printf "%-52s %14.3f %14s %12s %12s\n", name, ns/1e6, by, al, nd
}' "$out"
grep -E '^(ok|FAIL|---)' "$out" || true
fi

command -v /usr/bin/time >/dev/null || { echo "side by side needs GNU time (/usr/bin/time)"; exit 1; }

# cpu CMD...: prints "wall user+sys" of one run
cpu() {
	/usr/bin/time -f '%e %U %S' -o "$out" "$@" >/dev/null 2>&1
	awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$out"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

ns="16"
[ -z "$CHESSMODEL_BENCH_LONG" ] || ns="16 17 18"
ns=${QUEENS:-$ns}

# side NAME CMD-A CMD-B: RUNS alternating rounds of A and B, a table row of
# the medians (CPU = user+sys) and the ratios B/A
side() {
	name=$1; a=$2; b=$3
	aw=""; ac=""; bw=""; bc=""
	for r in $(seq "$RUNS"); do
		set -- $(cpu sh -c "$a"); aw="$aw $1"; ac="$ac $2"
		set -- $(cpu sh -c "$b"); bw="$bw $1"; bc="$bc $2"
	done
	maw=$(echo $aw | tr ' ' '\n' | median); mac=$(echo $ac | tr ' ' '\n' | median)
	mbw=$(echo $bw | tr ' ' '\n' | median); mbc=$(echo $bc | tr ' ' '\n' | median)
	printf '%-22s %12s %12s %12s %12s %9.2f %9.2f\n' "$name" "$maw" "$mac" "$mbw" "$mbc" \
		"$(echo "$mbc $mac" | awk '{ print $1 / $2 }')" "$(echo "$mbw $maw" | awk '{ print $1 / $2 }')"
}

# med LIST: the median of a space-separated list
med() { echo $1 | tr ' ' '\n' | median; }
# ratio A B: A / B to two decimals
ratio() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else printf "-" }'; }

# timed FILE CMD: one run of CMD (a shell command line) with its standard
# output in FILE; prints "wall user+sys", and fails (naming CMD) when CMD does
timed() {
	/usr/bin/time -f '%e %U %S' -o "$out" sh -c "$2" >"$1" 2>&1 || { cat "$1" >&2; echo "bench.sh: failed: $2" >&2; return 1; }
	awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$out"
}

# queens_table: for each n of $ns, RUNS rounds of the constellation counter,
# the join, the peer and `chessmodel count --symmetry`, one after the other in
# each round; one row of medians and ratios per n. The peer's total and
# classes ("n total unique") must appear in chessmodel's output.
queens_table() {
	log=$(mktemp)
	trap 'rm -f "$out" "$nq" "$log"*' EXIT
	echo
	echo "## the three n-queens counters ($RUNS rounds, each counter once per round in turn; medians;"
	echo "## CPU = user+sys in s; join/const and chessmodel/peer ratios, CPU then wall)"
	echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
	printf '%-6s %15s %15s %11s %15s %15s %11s\n' n const-cpu/wall join-cpu/wall join/const \
		peer-cpu/wall ours-cpu/wall ours/peer
	for n in $ns; do
		cmd_c="'$nq' -test.run '^\$' -test.bench '^BenchmarkConstellations\$/^$n\$' -test.benchtime 1x"
		cmd_j="'$nq' -test.run '^\$' -test.bench '^BenchmarkJoin\$/^$n\$' -test.benchtime 1x"
		cmd_p="'$TAKAKEN' $n"
		cmd_o="'$BIN' count --symmetry --backend exact testdata/models/n-queens.yaml --set board=$n"
		for k in c j p o; do eval "w_$k=''; c_$k=''"; done
		for r in $(seq "$RUNS"); do
			for k in c j p o; do
				eval "cmd=\$cmd_$k"
				t=$(timed "$log.$k" "$cmd") || exit 1
				set -- $t
				eval "w_$k=\"\$w_$k $1\"; c_$k=\"\$c_$k $2\""
			done
			for k in c j; do
				grep -q "^Benchmark[A-Za-z]*/$n" "$log.$k" ||
					{ echo "bench.sh: $n-queens: no benchmark ran: $(cat "$log.$k")" >&2; exit 1; }
			done
			set -- $(cat "$log.p")
			grep -q "$2 solutions, $3 classes" "$log.o" ||
				{ echo "bench.sh: $n-queens: the peer says $*, chessmodel: $(cat "$log.o")" >&2; exit 1; }
		done
		for k in c j p o; do eval "mw_$k=\$(med \"\$w_$k\"); mc_$k=\$(med \"\$c_$k\")"; done
		printf '%-6s %15s %15s %11s %15s %15s %11s\n' "$n" "$mc_c/$mw_c" "$mc_j/$mw_j" \
			"$(ratio "$mc_j" "$mc_c")/$(ratio "$mw_j" "$mw_c")" "$mc_p/$mw_p" "$mc_o/$mw_o" \
			"$(ratio "$mc_o" "$mc_p")/$(ratio "$mw_o" "$mw_p")"
	done
	rm -f "$log"*
	echo "machine after: load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "(ratio < 1: the first named is faster; the peer runs on one core, the three others on every core)"
}

# the two n-queens counters of exact/internal/nqueens, each a benchmark of
# one test binary: the constellation counter and the half-board join
nq=$(mktemp)
trap 'rm -f "$out" "$nq"' EXIT
$GO test -c -o "$nq" ./exact/internal/nqueens
if [ "$BENCH_ONLY" = queens ] && [ -n "$TAKAKEN" ]; then
	[ -x "$BIN" ] || $GO build -o "$BIN" ./cmd/chessmodel
	queens_table
	exit 0
fi
echo
echo "## n-queens counters ($RUNS alternating rounds; medians; CPU = user+sys; ratio = join / constellations)"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-22s %12s %12s %12s %12s %9s %9s\n' work const-wall const-cpu join-wall join-cpu cpu-ratio wall-ratio
for n in $ns; do
	side "${n}-queens" "'$nq' -test.run '^\$' -test.bench '^BenchmarkConstellations\$/^$n\$' -test.benchtime 1x" \
		"'$nq' -test.run '^\$' -test.bench '^BenchmarkJoin\$/^$n\$' -test.benchtime 1x"
done
[ "$BENCH_ONLY" != queens ] || exit 0

[ -n "$TAKAKEN$BASE$SR$KT" ] || { echo; echo "(set TAKAKEN=/path/to/peer, SR=/path/to/sr, KT=/path/to/kt or BASE=/path/to/earlier/chessmodel for the side-by-side tables)"; exit 0; }
[ -x "$BIN" ] || $GO build -o "$BIN" ./cmd/chessmodel

echo
echo "## side by side ($RUNS alternating rounds; medians; CPU = user+sys; ratio = ours / peer, the peer named after the slash)"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-22s %12s %12s %12s %12s %9s %9s\n' work peer-wall peer-cpu ours-wall ours-cpu cpu-ratio wall-ratio
for n in $ns; do
	if [ -z "$TAKAKEN$BASE" ]; then
		break
	elif [ -n "$TAKAKEN" ]; then
		side "${n}-queens/takaken" "'$TAKAKEN' $n" "'$BIN' count --symmetry --backend exact testdata/models/n-queens.yaml --set board=$n"
	else
		side "${n}-queens/base" "'$BASE' count --symmetry --backend exact testdata/models/n-queens.yaml --set board=$n" \
			"'$BIN' count --symmetry --backend exact testdata/models/n-queens.yaml --set board=$n"
	fi
done
if [ -n "$BASE" ] && [ -n "$CHESSMODEL_BENCH_LONG" ]; then
	side "4-wall sweep/base" "'$BASE' sweep testdata/models/blocked-0w.yaml --walls 4 -o /dev/null" \
		"'$BIN' sweep testdata/models/blocked-0w.yaml --walls 4 -o /dev/null"
fi
if [ -n "$BASE" ] && [ -n "$CHESSMODEL_BENCH_LONG" ]; then
	side "5x5 race explore/base" "'$BASE' explore testdata/models/game-rook-race-5x5.yaml" \
		"'$BIN' explore testdata/models/game-rook-race-5x5.yaml"
fi
if [ -n "$BASE" ]; then
	side "8x8 explore/base" "'$BASE' explore testdata/models/sliding-rooks.yaml" "'$BIN' explore testdata/models/sliding-rooks.yaml"
fi
if [ -n "$SR" ] && [ -n "$CHESSMODEL_BENCH_LONG" ]; then
	side "24x24 rooks/sr" "'$SR' 24" "'$BIN' explore testdata/models/sliding-rooks.yaml --sizes 24..24"
fi
if [ -n "$KT" ]; then
	tours=testdata/models/knights-tour-closed.yaml
	side "6x6 tours/kt.c" "'$KT' 6" \
		"'$BIN' count $tours >/dev/null && '$BIN' count $tours --set tour.closed=false"
fi
echo "(ratio < 1: chessmodel faster; ours runs on every core, a peer counter on one)"
echo "(the load average above is the machine's own: other work makes wall times and, less so, CPU times longer)"

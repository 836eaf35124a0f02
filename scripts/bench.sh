#!/bin/sh
# make bench: the benchmarks the README's performance section quotes, as a
# table, and — when a peer program is named — the side-by-side runs behind
# its ratios.
#
#   CHESSMODEL_BENCH_LONG=1  also 17- and 18-queens counts and the 4-wall sweep
#   TAKAKEN=/path/to/binary  a peer n-queens counter taking n as its argument
#                            (Takaken's bitwise counter with rotation symmetry,
#                            built outside the repository), run alternately
#                            with `chessmodel count` on the same n
#   RUNS=3                   side-by-side rounds (medians are reported)
set -e
GO=${GO:-go}
BIN=${BIN:-bin/chessmodel}
RUNS=${RUNS:-3}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

echo "## go test -bench (medians not taken: one run of each, -benchmem)"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
$GO test -run XXX -bench 'BenchmarkNQueensCount|BenchmarkSweep$|BenchmarkBlocked|BenchmarkCheckQueens' \
	-benchmem -benchtime 1x -timeout 60m ./exact ./sweep ./model >"$out" 2>&1 || { cat "$out"; exit 1; }
printf '%-44s %14s %14s %12s\n' benchmark ms/op bytes/op allocs/op
awk '/^Benchmark/ && /ns\/op/ {
	name=$1; ns=""; by=""; al="";
	for (i = 2; i <= NF; i++) {
		if ($(i) == "ns/op") ns = $(i-1);
		if ($(i) == "B/op") by = $(i-1);
		if ($(i) == "allocs/op") al = $(i-1);
	}
	printf "%-44s %14.3f %14s %12s\n", name, ns/1e6, by, al
}' "$out"
grep -E '^(ok|FAIL|---)' "$out" || true

[ -n "$TAKAKEN" ] || { echo; echo "(set TAKAKEN=/path/to/peer for the side-by-side n-queens table)"; exit 0; }
[ -x "$BIN" ] || $GO build -o "$BIN" ./cmd/chessmodel
command -v /usr/bin/time >/dev/null || { echo "side by side needs GNU time (/usr/bin/time)"; exit 1; }

# cpu CMD...: prints "wall user+sys" of one run
cpu() {
	/usr/bin/time -f '%e %U %S' -o "$out" "$@" >/dev/null 2>&1
	awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$out"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

ns="16"
[ -z "$CHESSMODEL_BENCH_LONG" ] || ns="16 17 18"
echo
echo "## n-queens count, side by side ($RUNS alternating rounds; medians; CPU = user+sys)"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%4s %12s %12s %12s %12s %10s %10s\n' n peer-wall peer-cpu ours-wall ours-cpu cpu-ratio wall-ratio
for n in $ns; do
	pw=""; pc=""; ow=""; oc=""
	for r in $(seq "$RUNS"); do
		set -- $(cpu "$TAKAKEN" "$n"); pw="$pw $1"; pc="$pc $2"
		set -- $(cpu "$BIN" count --symmetry --backend exact testdata/models/n-queens.yaml --set board="$n"); ow="$ow $1"; oc="$oc $2"
	done
	mpw=$(echo $pw | tr ' ' '\n' | median); mpc=$(echo $pc | tr ' ' '\n' | median)
	mow=$(echo $ow | tr ' ' '\n' | median); moc=$(echo $oc | tr ' ' '\n' | median)
	printf '%4s %12s %12s %12s %12s %10.2f %10.2f\n' "$n" "$mpw" "$mpc" "$mow" "$moc" \
		"$(echo "$moc $mpc" | awk '{ print $1 / $2 }')" "$(echo "$mow $mpw" | awk '{ print $1 / $2 }')"
done
echo "(ratio < 1: chessmodel faster; ours runs on every core, the peer on one)"

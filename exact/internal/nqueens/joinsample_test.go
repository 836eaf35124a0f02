package nqueens

import (
	"context"
	"fmt"
	"syscall"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// BenchmarkJoinSample counts the groups of every 401st top half (a group
// on an even board, joinRuns) of the join of 19 and 20 queens on one
// worker, the key-bit order taken once beforehand: the
// profile of the boards the issue is about in seconds rather than the
// minutes of a whole count. The weighed solutions of the sample are
// reported, so that two builds can be held against each other, and the
// process's CPU time a count (user+sys), which a loaded machine moves less
// than the wall time.
func BenchmarkJoinSample(b *testing.B) {
	for _, n := range []int{19, 20} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			st := tasks.NewStopper(context.Background())
			defer st.Close()
			groups := joinGroups(n)
			keyOf, width := joinKeys(n)
			keyOf = orderKeyBits(st, n, groups, keyOf, width)
			budget := joinPairBudget(n, 1, model.DefaultMaxMemory)
			cpu0 := cpuSeconds()
			sorted, runs := joinRuns(groups)
			for b.Loop() {
				top := halfSearch{n: n, keyOf: keyOf, width: width}
				bottom := halfSearch{n: n, keyOf: keyOf, width: width}
				share := newTopShare(n, keyOf, width)
				pc := pairCounter{budget: budget}
				rm := keyRemap{base: keyOf}
				var c queensCount
				for i := 0; i+1 < len(runs); i += 401 {
					for _, g := range sorted[runs[i]:runs[i+1]] {
						c.add(joinGroupCount(&top, &bottom, share, &pc, &rm, g, n, width))
					}
				}
				b.ReportMetric(float64(c.solutions), "solutions")
			}
			b.ReportMetric((cpuSeconds()-cpu0)*1e3/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuSeconds is the user and system time of the process so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

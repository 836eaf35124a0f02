package nqueens

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// countQueens counts the n-queens solutions and their classes under D4:
// one constellation of each orbit per task (constellations.go), the
// symmetric solutions for the classes, and the boards below six ranks by
// listing, on the driver's pool with a tally a worker. An active shard
// counts only the orbits it owns (driver.Owns, shard.go).
func countQueens(st *tasks.Stopper, n, workers int, shard model.Shard, progress func(float64, string)) queensCount {
	owns := func(task int) bool { return driver.Owns(shard, task) }
	if n < 6 {
		if !owns(0) { // one task: the whole listing
			return queensCount{}
		}
		return countQueensSmall(n)
	}
	var plans []completionPlan
	if shard.Active() { // the part's own orbits (shard.go), largest first
		plans = orbitPlans(n, st, owns)
		slices.SortStableFunc(plans, func(a, b completionPlan) int { return cmp.Compare(b.cost, a.cost) })
	} else {
		plans = constellationPlans(n, st)
	}
	type counting struct {
		tally *problem.Tally
		nodes int64
	}
	searches := driver.Spread(st, workers, len(plans), progress, "counting queens", func() *counting {
		return &counting{tally: problem.NewTally(nil, false)}
	}, func(_ int, s *counting, i int) {
		p := &plans[i]
		found, nodes, _ := countCompletions(p, st)
		s.tally.AddCounted(p.weight*found, 0)
		s.nodes += nodes
	})
	var c queensCount
	for _, s := range searches {
		c.solutions += s.tally.Count
		c.nodes += s.nodes
	}
	var halfTurn, quarterTurn int64
	if shard.Active() { // those of the part's own orbits
		halfTurn, quarterTurn = symmetricOwned(n, st, plans)
	} else {
		halfTurn, quarterTurn = symmetricQueens(n, st, nil)
	}
	c.classCount = (c.solutions + halfTurn + 2*quarterTurn) / 8
	return c
}

// countQueensSmall counts the boards below six ranks by listing them and
// comparing each with its images, where the counter's case analysis does
// not apply.
func countQueensSmall(n int) queensCount {
	var c queensCount
	eachQueens(n, nil, func(cols []int32) bool {
		least, images := true, 0
		for _, t := range allSquareTransforms {
			img := transformQueens(cols, t)
			switch slices.Compare(img, cols) {
			case -1:
				least = false
			case 0:
				images++
			}
		}
		if least {
			c.solutions += int64(8 / images)
			c.classCount++
		}
		return true
	})
	return c
}

// allSquareTransforms is D4 on an n x n board as model transforms.
var allSquareTransforms = [...]model.Transform{
	{}, {MirrorFiles: true, MirrorRanks: true}, {MirrorFiles: true}, {MirrorRanks: true},
	{Swap: true}, {Swap: true, MirrorFiles: true, MirrorRanks: true}, {Swap: true, MirrorFiles: true}, {Swap: true, MirrorRanks: true},
}

// transformQueens maps a board given as the file of the queen of each rank.
func transformQueens(cols []int32, t model.Transform) []int32 {
	n := len(cols)
	out := make([]int32, n)
	for r, f := range cols {
		s := t.Apply(model.Square{File: int(f), Rank: r}, n, n)
		out[s.Rank] = int32(s.File)
	}
	return out
}

// eachQueens calls fn with every n-queens solution (the file of the queen of
// each rank) in lexicographic order, until fn returns false or st stops.
func eachQueens(n int, st *tasks.Stopper, fn func(cols []int32) bool) {
	cols := make([]int32, n)
	mask := uint64(1)<<uint(n) - 1
	var nodes int64
	var place func(y int, left, down, right uint64) bool
	place = func(y int, left, down, right uint64) bool {
		if y == n {
			return fn(cols)
		}
		nodes++
		if st != nil && nodes&1023 == 0 && st.Stopped() {
			return false
		}
		for free := mask &^ (left | down | right); free != 0; free &= free - 1 {
			bit := free & -free
			cols[y] = int32(bits.TrailingZeros64(bit))
			if !place(y+1, (left|bit)<<1, down|bit, (right|bit)>>1) {
				return false
			}
		}
		return true
	}
	place(0, 0, 0, 0)
}

package problem

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/big"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// A Tally accumulates the solutions one worker finds: how many, how many
// are the least of their orbit, and the first one found in the subtree of
// the lowest task index (so that the example reported does not depend on
// how work was shared out).
//
// Solutions are tallied one of four ways, one per tally: listed one by
// one (Add), which also decides classes; counted, classes and all, by the
// technique (AddCounted: the tour and n-queens counters); counted in bulk
// (AddBulk), when a technique counts many at once without listing them
// past 64 bits; or, for
// model.Options.DistinctWalls, as the distinct wall sets they stand on
// (AddBoard). Every solution is found in exactly one task, so counts and
// classes of disjoint task sets add up; wall sets may recur in several
// tasks, so under a shard a tally keeps only the wall sets the shard owns
// by their hash (SetShard).
type Tally struct {
	Count, Classes int64
	overflow       bool // a count went past the largest int64 (see countResult)
	FirstTask      int
	First, Walls   []int32
	canon          Canonicalizer
	symmetry       bool

	bulk   *big.Int           // solutions counted by AddBulk
	boards map[string][]int32 // distinct wall sets, by bitset key (AddBoard)
	shard  model.Shard        // the wall sets kept under a shard

	// Classes of solutions by their least key (AddOrbit, orbits.go).
	orbits map[string]*Orbit
}

func NewTally(p *Problem, symmetry bool) *Tally {
	return &Tally{FirstTask: -1, canon: Canonicalizer{Problem: p}, symmetry: symmetry}
}

// SetShard makes the tally keep only the wall sets shard s owns.
func (t *Tally) SetShard(s model.Shard) { t.shard = s }

func (t *Tally) Add(task int, vertices, walls []int32) {
	t.Count = t.checkedAdd(t.Count, 1)
	if t.symmetry && t.canon.isLeast(vertices, walls) {
		t.Classes = t.checkedAdd(t.Classes, 1)
	}
	t.SetFirst(task, vertices, walls)
}

// SetFirst keeps vertices and walls as the example when task comes before
// the example's.
func (t *Tally) SetFirst(task int, vertices, walls []int32) {
	if t.FirstTask < 0 || task < t.FirstTask {
		t.FirstTask = task
		t.First = slices.Clone(vertices)
		t.Walls = slices.Clone(walls)
	}
}

// AddCounted counts n solutions, classes of them least in their
// orbit, that a technique counted (and judged) without listing them.
func (t *Tally) AddCounted(n, classes int64) {
	t.Count = t.checkedAdd(t.Count, n)
	t.Classes = t.checkedAdd(t.Classes, classes)
}

// AddBulk counts n solutions that are not listed one by one.
func (t *Tally) AddBulk(n *big.Int) {
	if t.bulk == nil {
		t.bulk = new(big.Int)
	}
	t.bulk.Add(t.bulk, n)
}

// AddBoard counts the wall set walls (with vertices a placement on it)
// once, whatever the tasks it is found in.
func (t *Tally) AddBoard(task int, key string, vertices, walls []int32) {
	if t.shard.Active() && !t.shard.Owns(boardHash(key)) {
		return
	}
	if t.boards == nil {
		t.boards = map[string][]int32{}
	}
	if _, ok := t.boards[key]; !ok {
		t.boards[key] = slices.Clone(walls)
	}
	t.SetFirst(task, vertices, walls)
}

// boardHash spreads wall sets over shards by their key alone.
func boardHash(key string) int {
	h := fnv.New32a()
	h.Write([]byte(key))
	return int(h.Sum32() & math.MaxInt32)
}

// Merge folds o into t.
func (t *Tally) Merge(o *Tally) {
	t.Count = t.checkedAdd(t.Count, o.Count)
	t.Classes = t.checkedAdd(t.Classes, o.Classes)
	t.overflow = t.overflow || o.overflow
	if o.FirstTask >= 0 && (t.FirstTask < 0 || o.FirstTask < t.FirstTask) {
		t.FirstTask, t.First, t.Walls = o.FirstTask, o.First, o.Walls
	}
	if o.bulk != nil {
		t.AddBulk(o.bulk)
	}
	t.mergeOrbits(o)
	for k, ws := range o.boards {
		if t.boards == nil {
			t.boards = map[string][]int32{}
		}
		t.boards[k] = ws
	}
}

// SoFar is what a stopped count reports as counted so far: the listed
// count, or the bulk count as a decimal string when there is one.
func (t *Tally) SoFar() any {
	if t.bulk != nil {
		return t.bulk.String()
	}
	count, _ := t.orbitTotals()
	return count
}

// checkedAdd adds two counts, remembering an overflow instead of wrapping.
func (t *Tally) checkedAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		t.overflow = true
		return math.MaxInt64
	}
	return a + b
}

// settle turns wall sets, or a bulk count, into Count and Classes.
func (t *Tally) settle(distinct, symmetry bool) error {
	switch {
	case distinct && t.boards != nil: // none: Count and Classes stay 0
		t.Count = int64(len(t.boards))
		if symmetry {
			t.Classes = 0
			for _, ws := range t.boards {
				if t.canon.WallsLeast(ws) {
					t.Classes++
				}
			}
		}
	case t.orbits != nil:
		t.Count, t.Classes = t.orbitTotals()
	case t.bulk != nil:
		if !t.bulk.IsInt64() {
			return fmt.Errorf("exact: %s solutions do not fit a 64-bit count: %w", t.bulk, model.ErrUnsupported)
		}
		t.Count = t.bulk.Int64()
	}
	return nil
}

// CountResult fills a count result from a tally; a count past the largest
// int64 is refused, never reported wrapped.
func (p *Problem) CountResult(res *model.Result, t *Tally, opts model.Options, value func(vertices, walls []int32) int64) error {
	if t.overflow {
		return fmt.Errorf("exact: the number of solutions does not fit a 64-bit count: %w", model.ErrUnsupported)
	}
	if err := t.settle(opts.DistinctWalls, opts.Symmetry); err != nil {
		return err
	}
	res.Count = model.Int64(t.Count)
	if opts.Symmetry {
		res.Classes = model.Int64(t.Classes)
	}
	if t.Count == 0 {
		res.Status = model.StatusInfeasible
		return nil
	}
	res.Status = model.StatusOptimal
	sol := p.Solution(t.First, t.Walls)
	res.Solution = &sol
	res.Value = model.Int64(value(t.First, t.Walls))
	return nil
}

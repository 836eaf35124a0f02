package nqueens

import (
	"context"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// Sharding the constellation counter (model.Options.Shard).
//
// The task list of a part is the orbits of start constellations in the
// order of their least constellation, fixed by n alone, never by the
// number of workers: a part plans only the orbits whose index it owns
// (orbitPlans), which spares it the planning of all the others, and then
// runs its own largest first.
//
// Its classes must add up over the parts too, so Burnside's lemma is
// applied orbit by orbit: the solutions whose constellation lies in one
// orbit O are a set the symmetries map onto itself, so their classes are
// (|O| completions + S180(O) + 2 S90(O)) / 8 exactly, with S180(O) and
// S90(O) the symmetric solutions whose constellation lies in O. A part
// adds up the symmetric solutions of its own orbits.

// symmetricOwned counts the half- and quarter-turn symmetric solutions
// whose constellation lies in the orbit of one of plans.
func symmetricOwned(n int, st *tasks.Stopper, plans []completionPlan) (halfTurn, quarterTurn int64) {
	owned := make(map[int]bool, len(plans))
	for i := range plans {
		owned[plans[i].orbit] = true
	}
	symmetricQueens(n, st, func(files []int, quarter bool) {
		if !owned[constellationOf(files).leastKey(n)] {
			return
		}
		halfTurn++
		if quarter {
			quarterTurn++
		}
	})
	return halfTurn, quarterTurn
}

// constellationOf is the constellation of a solution given as the file of
// the queen of each rank.
func constellationOf(files []int) constellation {
	n := len(files)
	c := constellation{first: files[0], last: files[n-1]}
	for r, f := range files {
		if f == 0 {
			c.west = r
		}
		if f == n-1 {
			c.east = r
		}
	}
	return c
}

// leastKey is the key of the least constellation of c's orbit, the key
// constellationPlans gives the orbit.
func (c constellation) leastKey(n int) int {
	least := c.key(n)
	for _, t := range allSquareTransforms {
		least = min(least, c.image(t, n).key(n))
	}
	return least
}

// A ShardCost is the work of one part of an n-queens count: its tasks
// (start constellations, or groups of the join) and the sum of their
// estimated costs (a relative measure: the shards of one split compare by
// it).
type ShardCost struct {
	Tasks    int
	Unit     string
	Estimate float64
}

// ShardCosts lists the work of each part of the count split of ways,
// under the memory bound limit, by the method the count takes (the join
// from JoinFromSide ranks where it fits the bound: its groups; else the
// start constellations); boards below six ranks and rooks' n! are one
// task, done by the first part. It is nil for a count Solve refuses.
func (sq SquareRiders) ShardCosts(of int, limit int64) []ShardCost {
	if sq.family == familyQueens && sq.n > MaxCountSide || of < 1 {
		return nil
	}
	if sq.family == familyRooks {
		return constellationCosts(1, of)
	}
	if _, err := joinWorkers(sq.n, 1, limit); sq.n >= JoinFromSide && err == nil {
		return joinCosts(sq.n, of) // as countQueensChosen chooses
	}
	return constellationCosts(sq.n, of)
}

// constellationCosts lists the work of each part of an n-queens count
// split of ways.
func constellationCosts(n, of int) []ShardCost {
	costs := make([]ShardCost, of)
	for k := range costs {
		costs[k].Unit = "start constellations"
	}
	if n < 6 {
		costs[0].Tasks, costs[0].Estimate = 1, 1
		return costs
	}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	for i, p := range orbitPlans(n, st, nil) {
		k := i % of
		costs[k].Tasks++
		costs[k].Estimate += p.cost
	}
	return costs
}

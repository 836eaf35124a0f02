package exact

import (
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/nqueens"
	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// A ShardCost is the work of one part of a task split over
// model.Options.Shard: its tasks and their estimated cost, a relative
// measure in the technique's own unit (the parts of one split compare by
// it).
type ShardCost struct {
	Tasks    int
	Unit     string // what a task is, e.g. "start constellations"
	Estimate float64
}

// ShardCosts lists the work of each part of a count of m split of ways,
// for the techniques whose task list is known before the search: the
// n-queens and n-rooks counters (the start constellations, or the groups
// of the half-board join where the count takes it; under
// opts.MemoryLimit, as the count chooses), and the tour search's subtrees
// (no estimate: Estimate is 0). Elsewhere it returns an error wrapping
// model.ErrUnsupported: the parts are still run by Solve, their cost is
// only unknown beforehand.
func ShardCosts(m *model.Model, opts model.Options, of int) ([]ShardCost, error) {
	// the models dispatch gives the n-queens counter (placement: none of the
	// techniques before it fits what it fits)
	if _, fits := nqueens.Technique.FitsModel(m, opts); fits && opts.Task == model.TaskCount {
		sq, _ := nqueens.Detect(m)
		if costs := sq.ShardCosts(of, opts.MemoryLimit()); costs != nil {
			out := make([]ShardCost, len(costs))
			for i, c := range costs {
				out[i] = ShardCost{Tasks: c.Tasks, Unit: c.Unit, Estimate: c.Estimate}
			}
			return out, nil
		}
	}
	if m.Kind == model.KindTour && opts.Task == model.TaskCount { // the search's subtrees (tour/dfsshard.go)
		tasks, err := tour.ShardTasks(m, opts, of)
		if err != nil {
			return nil, err
		}
		out := make([]ShardCost, len(tasks))
		for i, n := range tasks {
			out[i] = ShardCost{Tasks: n, Unit: "search subtrees"}
		}
		return out, nil
	}
	return nil, fmt.Errorf("exact: no estimate of the parts of this %v before it runs: %w", opts.Task, model.ErrUnsupported)
}

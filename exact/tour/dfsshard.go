package tour

import (
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/model"
)

// Counting tours in parts (model.Options.Shard).
//
// The search's task list is its subtrees: the path prefixes of splitDepth
// squares (or whole tours, on tiny boards) from its starts that pass the
// pruning, in the order the search grows them (dfsCounter.tasks), which
// the driver runs as a Counter's list (dfsCount, driver.Count). It
// depends on the model alone — the move graph, the starts (vertex 0 of a
// closed tour, the start square, one square of each orbit of the
// symmetries) and the pruning — never on the workers or the memory bound,
// so part K of N searches the subtrees t with t mod N = K, and the parts'
// counts, classes (a tour is counted in its class by its own path, least
// in its orbit, whichever part walks it) and nodes add up to the whole's.
// Boards of one or two squares are one task, the first part's; a theorem
// that rules every tour out gives every part 0.
//
// A part refuses, with model.ErrUnsupported:
//
//   - the frontier programme: it counts square by square over the whole
//     board and has no independent parts. Where the count would choose it
//     (Auto, without --symmetry, when its estimate is the smaller) a part
//     does not run the search instead, which may be far slower (7x7 open:
//     17 s of CPU by the frontier, about 6e12 search nodes): the error
//     says so, and that classes (--symmetry), which only the search gives,
//     make the count the search's, which splits;
//   - an undirected open tour (model.TourSpec.Reversible): the search
//     counts each path from both ends and halves the total, and the two
//     ends may fall in different parts;
//   - solve and enumerate (exact.Solver refuses them first).

// shardMethod refuses a part of a count the search does not make in
// parts; it passes the whole count.
func shardMethod(m *model.Model, opts model.Options, method Method, res *model.Result) error {
	if !opts.Shard.Active() {
		return nil
	}
	part := fmt.Sprintf("part %d of %d", opts.Shard.Index, opts.Shard.Of)
	switch {
	case opts.Task != model.TaskCount:
		return fmt.Errorf("exact: a tour %v splits into no parts (%s); run it whole: %w", opts.Task, part, model.ErrUnsupported)
	case method == Frontier && res.Stats.FrontierCostEstimate != nil && res.Stats.SearchNodesEstimate != nil:
		return fmt.Errorf("exact: this tour count would take the frontier programme (estimated %.3g search nodes against the search's %.3g), which has no parts (%s): count it whole, or with classes (--symmetry), which in parts the search counts, split by subtrees: %w",
			*res.Stats.FrontierCostEstimate, *res.Stats.SearchNodesEstimate, part, model.ErrUnsupported)
	case method == Frontier:
		return fmt.Errorf("exact: the frontier programme counts tours on the whole board at once and has no parts (%s): %w", part, model.ErrUnsupported)
	case m.Tour.Reversible():
		return fmt.Errorf("exact: an undirected open tour is counted from both ends of each path, which may fall in different parts (%s): count it whole: %w", part, model.ErrUnsupported)
	}
	return nil
}

// tinyPart is countTiny for a part other than the first, which owns the
// one task of a board of one or two squares: no tour.
func tinyPart(opts model.Options, res *model.Result) bool {
	if !opts.Shard.Active() || driver.Owns(opts.Shard, 0) {
		return false
	}
	res.Status = model.StatusInfeasible
	res.Stats.Reason = "a board of one or two squares is one task, the first part's"
	res.Count = model.Int64(0)
	if opts.Symmetry {
		res.Classes = model.Int64(0)
	}
	return true
}

// partReason says of a part that found no tour that the others may have.
func partReason(res *model.Result, opts model.Options) {
	if opts.Shard.Active() && res.Count != nil && *res.Count == 0 {
		res.Stats.Reason = fmt.Sprintf("exhaustive count of part %d of %d: no tour in its subtrees", opts.Shard.Index, opts.Shard.Of)
	}
}

// ShardTasks lists how many subtrees each part of a tour count split of
// ways searches, as the count chooses and splits them (no estimate of
// their size: the search's is known only as a whole). A count no part
// makes is an error wrapping model.ErrUnsupported, as Solve's.
func ShardTasks(m *model.Model, opts model.Options, of int) ([]int, error) {
	if m.Kind != model.KindTour || m.Tour == nil || of < 1 {
		return nil, fmt.Errorf("exact/tour: no parts of this model in %d: %w", of, model.ErrUnsupported)
	}
	opts.Task, opts.Shard = model.TaskCount, model.Shard{Index: 0, Of: of}
	parts := make([]int, of)
	if modelTheorems(m) != "" {
		return parts, nil // no tour: no task
	}
	g, err := searchGraph(m, opts)
	if err != nil {
		return nil, err
	}
	if graphTheorems(m, g) != "" {
		return parts, nil
	}
	if g.Len() <= 2 {
		parts[0] = 1
		return parts, nil
	}
	res := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
	if _, _, err := countMethod(m, g, opts, Auto, res); err != nil { // as count chooses
		return nil, err
	}
	c := newDFSCounter(g, m.Tour.Closed)
	starts, weights := searchStarts(m, g, opts.Task)
	for t := range c.tasks(starts, weights) {
		for k := range parts {
			if driver.Owns(model.Shard{Index: k, Of: of}, t) {
				parts[k]++
			}
		}
	}
	return parts, nil
}

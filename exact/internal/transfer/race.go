package transfer

import (
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/clique"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The work the transfer is estimated to do cannot tell how much the
// general search will: its branch and bound may prove a rigid maximum at
// once (the 72 knights of 12x12: 0.07 s of CPU, against about 4 s and
// 286,209 states for the transfer). So above quickWork the search runs first, for
// a quarter of the transfer's estimated time (workNanos a unit of work),
// and the transfer only when the search has not finished by then.
const (
	quickWork = 2e6
	workNanos = 50
)

// searchFirst runs the general search (the clique search, which the
// exact backend gives every model the transfer fits) within the budget
// the transfer's work sets, when that work is above quickWork; it
// reports whether the search answered, res then holding its answer, or
// st stopped.
func searchFirst(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result, work float64) bool {
	if work < quickWork {
		return false
	}
	p, err := problem.CompileWithin(m, opts.MaxMemory)
	if err != nil {
		return false // the transfer may fit where the search does not
	}
	budget := time.Duration(work * workNanos / 4)
	trial := st.Within(budget) // the caller's stop ends the trial too
	defer trial.Close()
	tried := *res
	tried.Stats = model.Stats{Seconds: res.Stats.Seconds, Nodes: res.Stats.Nodes, Extra: map[string]any{}}
	if err := clique.Solve(trial, p, opts, &tried); err != nil || tried.Status == model.StatusUnknown {
		res.Stats.Nodes += tried.Stats.Nodes
		res.Stats.Extra["search_tried"] = budget.Round(time.Millisecond).String()
		return st.Stopped()
	}
	*res = tried
	return true
}

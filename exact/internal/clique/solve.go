package clique

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Solve answers models whose rules are independence (or nothing)
// and whose objective, if any, counts pieces: maximum (or minimum)
// independent sets of the conflict graph under the place list's counts.
func Solve(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	g, err := graph.New(p)
	if err != nil {
		return err
	}
	defer g.Release() // nothing below keeps the graph
	res.Stats.Extra["engine"] = "clique branch and bound"
	res.Stats.Extra["cliques"] = strconv.Itoa(len(g.Cliques)) + " " + g.Partition
	pieces := func(vertices, _ []int32) int64 { return int64(len(vertices)) }
	lo, hi := p.MinTotal, p.MaxTotal
	if (p.Model.Rules.Independent && p.FixedConflict()) || lo > hi {
		return problem.Infeasible(res, opts)
	}
	sense := p.Model.Objective.Sense
	if opts.Task == model.TaskSolve || sense != model.Fixed {
		var best []int32
		found := false
		bound := g.RootBound(lo, hi, sense)
		// accept moves the bounds of the search past a set it found
		accept := func(chosen []int32, lo, hi *int, halted *bool) {
			found = true
			best = slices.Clone(chosen)
			if opts.Progress != nil && sense != model.Fixed {
				opts.Progress(-1, fmt.Sprintf("best %d pieces, bound %d", len(best), bound))
			}
			switch sense {
			case model.Maximize:
				*lo = len(chosen) + 1
			case model.Minimize:
				*hi = len(chosen) - 1
			default:
				*halted = true
			}
		}
		if ws, ok := NewWordSearch(g, st); ok {
			ws.Lo, ws.Hi = lo, hi
			ws.Minimize = sense == model.Minimize
			ws.Visit = func(s *WordSearch) { accept(s.Chosen, &s.Lo, &s.Hi, &s.Halted) }
			ws.Start()
			res.Stats.Nodes += ws.Nodes
			ws.release()
		} else {
			s := NewSearch(g, st)
			s.Lo, s.Hi = lo, hi
			s.Minimize = sense == model.Minimize
			s.Visit = func(s *Search) { accept(s.Chosen, &s.Lo, &s.Hi, &s.Halted) }
			s.Start()
			res.Stats.Nodes += s.Nodes
		}
		if st.Canceled() {
			if found && sense != model.Fixed {
				res.Stats.Extra["bound"] = bound
			}
			return problem.Unknown(res, p, found, best, nil, pieces)
		}
		if !found {
			return problem.Infeasible(res, opts)
		}
		if opts.Task == model.TaskSolve {
			return problem.Solved(res, p, best, nil, pieces)
		}
		lo, hi = len(best), len(best)
	}
	if opts.Task == model.TaskEnumerate {
		s := NewSearch(g, st)
		s.Lo, s.Hi = lo, hi
		var emitErr error
		var n int64
		s.Visit = func(s *Search) {
			if emitErr = opts.Emit(p.Solution(s.Chosen, nil)); emitErr != nil {
				s.Halted = true
				return
			}
			n++
		}
		s.Start()
		res.Stats.Nodes += s.Nodes
		return problem.Enumerated(res, st, n, emitErr)
	}
	t, nodes := countCliqueSets(st, g, lo, hi, opts)
	res.Stats.Nodes += nodes
	if st.Canceled() {
		res.Status = model.StatusUnknown
		res.Stats.Extra["counted_so_far"] = t.Count
		return nil
	}
	return p.CountResult(res, t, opts.Symmetry, pieces)
}

// countCliqueSets counts the accepted sets with lo..hi pieces, splitting the
// search tree among workers.
func countCliqueSets(st *tasks.Stopper, g *graph.Graph, lo, hi int, opts model.Options) (*problem.Tally, int64) {
	p := g.Problem
	workers := model.WorkerCount(opts.Workers)
	todo := []cliqueTask{{depth: 0, cand: p.Allowed}}
	var nodes int64
	if workers > 1 || opts.Progress != nil { // subtrees share the work and measure progress
		for d := 1; d <= len(g.Cliques)+1; d++ {
			s := NewSearch(g, st)
			s.Lo, s.Hi = lo, hi
			s.splitDepth = d
			s.Start()
			nodes += s.Nodes
			todo = s.tasks
			if len(todo) >= 32*workers || st.Stopped() {
				break
			}
		}
	}
	searches := make([]*Search, workers)
	tallies := make([]*problem.Tally, workers)
	current := make([]int, workers)
	for w := range searches {
		w := w
		tallies[w] = problem.NewTally(p, opts.Symmetry)
		s := NewSearch(g, st)
		s.Lo, s.Hi = lo, hi
		s.Visit = func(s *Search) { tallies[w].Add(current[w], s.Chosen, nil) }
		searches[w] = s
	}
	tasks.RunSubtrees(st, workers, len(todo), opts.Progress, "counting", func(w, i int) {
		current[w] = i
		searches[w].resume(todo[i])
	})
	total := problem.NewTally(p, opts.Symmetry)
	for w := range searches {
		nodes += searches[w].Nodes
		total.Merge(tallies[w])
	}
	return total, nodes
}

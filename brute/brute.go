package brute

import (
	"context"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// DefaultBudget is the candidates (or, by independence, the sets) a Solver
// with no Budget of its own lists at the most.
const DefaultBudget = 200_000

// Solver is the brute-force backend.
type Solver struct {
	// Budget bounds the candidates it will list (0: DefaultBudget).
	Budget int
	// MaxPieces > 0 lists sets of at most that many pieces in which no two
	// conflict, instead of the whole space (see the package doc).
	MaxPieces int
}

var _ model.Solver = (*Solver)(nil)

// Name is "brute".
func (b *Solver) Name() string { return "brute" }

// Solve performs the task by listing every candidate.
func (b *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if m.Kind == model.KindSlide {
		return b.solveSlide(ctx, m, opts) // slide.go
	}
	if m.Kind == model.KindGame {
		return b.solveGame(ctx, m, opts) // game.go
	}
	if m.Kind != model.KindPlace {
		return nil, fmt.Errorf("brute: %s models: %w", m.Kind, model.ErrUnsupported)
	}
	start := time.Now()
	budget := b.Budget
	if budget == 0 {
		budget = DefaultBudget
	}
	var each func(visit func(model.Solution) bool) error
	if b.MaxPieces > 0 {
		g, err := newGrowth(m, b.MaxPieces, budget)
		if err != nil {
			return nil, err
		}
		each = g.each
	} else {
		sp, err := newSpace(m, budget)
		if err != nil {
			return nil, err
		}
		each = func(visit func(model.Solution) bool) error { sp.each(visit); return nil }
	}
	t := &tally{m: m}
	stopped := false
	err := each(func(s model.Solution) bool {
		t.nodes++
		if t.nodes%1024 == 0 && ctx.Err() != nil {
			stopped = true
			return false
		}
		t.add(s)
		return true
	})
	if err != nil {
		return nil, err
	}
	res := model.NewResult(m, opts.Task, b.Name())
	res.Status, res.Stats.Seconds, res.Stats.Nodes = model.StatusInfeasible, time.Since(start).Seconds(), t.nodes
	if stopped {
		res.Status = model.StatusUnknown
		return res, nil
	}
	return res, t.answer(res, opts)
}

// tally keeps the best candidates the checker accepts, in the order listed.
type tally struct {
	m         *model.Model
	nodes     int64
	best      []model.Solution
	bestValue int64
}

func (t *tally) add(s model.Solution) {
	r := model.Check(t.m, &s)
	if !r.Valid {
		return
	}
	s.Normalize()
	switch {
	case t.best == nil || t.better(r.Value):
		t.best, t.bestValue = []model.Solution{s}, r.Value
	case r.Value == t.bestValue || t.m.Objective.Sense == model.Fixed:
		t.best = append(t.best, s)
	}
}

func (t *tally) better(v int64) bool {
	switch t.m.Objective.Sense {
	case model.Maximize:
		return v > t.bestValue
	case model.Minimize:
		return v < t.bestValue
	}
	return false
}

// answer fills res from the best candidates: the first as the example
// (candidates are listed in a fixed order, so it is reproducible), and the
// count, classes or stream the task asks for.
func (t *tally) answer(res *model.Result, opts model.Options) error {
	if t.best == nil {
		if opts.Task != model.TaskSolve {
			res.Count = model.Int64(0)
		}
		if opts.Task == model.TaskCount && opts.Symmetry {
			res.Classes = model.Int64(0)
		}
		return nil
	}
	res.Status = model.StatusOptimal
	first := t.best[0]
	value := model.Check(t.m, &first).Value
	res.Solution, res.Value = &first, &value
	if t.m.Objective.Sense == model.Fixed {
		res.Status = model.StatusFeasible
	}
	switch opts.Task {
	case model.TaskCount:
		res.Status = model.StatusOptimal
		res.Count, res.Classes = t.count(opts)
	case model.TaskEnumerate:
		res.Status = model.StatusOptimal
		for _, s := range t.best {
			if err := opts.Emit(s); err != nil {
				return err
			}
		}
		res.Count = model.Int64(int64(len(t.best)))
	}
	return nil
}

// count is the number of best solutions, or of their wall sets, and with
// Symmetry the number of their classes.
func (t *tally) count(opts model.Options) (count, classes *int64) {
	seen := map[string]bool{}
	orbits := map[string]bool{}
	canon := t.m.CanonicalFunc()
	for _, s := range t.best {
		if opts.DistinctWalls {
			s = model.Solution{Walls: s.Walls}
		}
		seen[s.Key()] = true
		if opts.Symmetry {
			orbits[canon(s).Key()] = true
		}
	}
	count = model.Int64(int64(len(seen)))
	if opts.Symmetry {
		classes = model.Int64(int64(len(orbits)))
	}
	return count, classes
}

package compare

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Brute is a third backend for tiny placement models: it lists every
// candidate placement and keeps those the model's checker accepts. It shares
// nothing with the exact or ILP backends, which makes it a referee for
// random differential tests; it refuses models with more candidates than
// its budget.
type Brute struct {
	// Budget bounds the candidates it will list (0: 200,000).
	Budget int
}

var _ model.Solver = (*Brute)(nil)

// Name is "brute".
func (b *Brute) Name() string { return "brute" }

// Solve performs the task by listing every candidate.
func (b *Brute) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if m.Kind != model.KindPlace {
		return nil, fmt.Errorf("brute: %s models: %w", m.Kind, model.ErrUnsupported)
	}
	start := time.Now()
	budget := b.Budget
	if budget == 0 {
		budget = 200_000
	}
	space, err := newSpace(m, budget)
	if err != nil {
		return nil, err
	}
	res := &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: opts.Task, Backend: b.Name(), Status: model.StatusInfeasible}
	var best []model.Solution
	var bestValue int64
	better := func(v int64) bool {
		switch m.Objective.Sense {
		case model.Maximize:
			return v > bestValue
		case model.Minimize:
			return v < bestValue
		}
		return false
	}
	var nodes int64
	stopped := false
	space.each(func(s model.Solution) bool {
		nodes++
		if nodes%1024 == 0 && ctx.Err() != nil {
			stopped = true
			return false
		}
		r := model.Check(m, &s)
		if !r.Valid {
			return true
		}
		s.Normalize()
		switch {
		case best == nil || better(r.Value):
			best, bestValue = []model.Solution{s}, r.Value
		case r.Value == bestValue || m.Objective.Sense == model.Fixed:
			best = append(best, s)
		}
		return true
	})
	res.Stats = model.Stats{Seconds: time.Since(start).Seconds(), Nodes: nodes}
	if stopped {
		res.Status = model.StatusUnknown
		return res, nil
	}
	if best == nil {
		if opts.Task != model.TaskSolve {
			res.Count = model.Int64(0)
		}
		return res, nil
	}
	res.Status = model.StatusOptimal
	// Candidates are listed in a fixed order, so the first is reproducible.
	first := best[0]
	value := model.Check(m, &first).Value
	res.Solution, res.Value = &first, &value
	if m.Objective.Sense == model.Fixed {
		res.Status = model.StatusFeasible
	}
	switch opts.Task {
	case model.TaskCount:
		res.Status = model.StatusOptimal
		seen := map[string]bool{}
		classes := map[string]bool{}
		canon := m.CanonicalFunc()
		for _, s := range best {
			key := s.Key()
			if opts.DistinctWalls {
				key = model.Solution{Walls: s.Walls}.Key()
			}
			seen[key] = true
			if opts.Symmetry {
				classes[canon(s).Key()] = true
			}
		}
		res.Count = model.Int64(int64(len(seen)))
		if opts.Symmetry {
			res.Classes = model.Int64(int64(len(classes)))
		}
	case model.TaskEnumerate:
		res.Status = model.StatusOptimal
		for _, s := range best {
			if err := opts.Emit(s); err != nil {
				return nil, err
			}
		}
		res.Count = model.Int64(int64(len(best)))
	}
	return res, nil
}

// space is the candidates of a model: for each kind of piece, a multiset of
// squares of every allowed size; and a set of free walls.
type space struct {
	m       *model.Model
	squares []model.Square // open squares not holding fixed pieces (or all open ones when pieces stack)
	kinds   []kindRange
	walls   model.Range
	wallSq  []model.Square
}

type kindRange struct {
	piece    string
	min, max int
	open     bool // the place list sets no upper bound
}

func newSpace(m *model.Model, budget int) (*space, error) {
	if m.Board.Size() > 64 {
		return nil, fmt.Errorf("brute: boards beyond 64 squares: %w", model.ErrUnsupported)
	}
	sp := &space{m: m}
	fixed := map[model.Square]bool{}
	for _, f := range m.Fixed {
		fixed[f.Square] = true
	}
	for i := 0; i < m.Board.Size(); i++ {
		s := m.Board.Square(i)
		if m.Board.IsOpen(s) && (m.Rules.Stack || !fixed[s]) {
			sp.squares = append(sp.squares, s)
		}
		if m.Board.IsOpen(s) && !fixed[s] {
			sp.wallSq = append(sp.wallSq, s)
		}
	}
	n := len(sp.squares)
	byPiece := map[string]*kindRange{}
	var order []string
	for _, e := range m.Place {
		k := byPiece[e.Piece.Name]
		if k == nil {
			k = &kindRange{piece: e.Piece.Name}
			byPiece[e.Piece.Name] = k
			order = append(order, e.Piece.Name)
		}
		k.min += e.Count.Min
		switch {
		case e.Count.Max == model.Unbounded:
			k.max = n // without stacking no more fit; with it, refused below
			k.open = true
		case !m.Rules.Stack && k.max+e.Count.Max > n:
			k.max = n // more cannot stand on distinct squares
		default:
			k.max += e.Count.Max
		}
	}
	size := big.NewInt(1)
	for _, name := range order {
		k := *byPiece[name]
		if m.Rules.Stack && k.open {
			return nil, fmt.Errorf("brute: unbounded counts with stacking: %w", model.ErrUnsupported)
		}
		sp.kinds = append(sp.kinds, k)
		ways := new(big.Int)
		for c := k.min; c <= k.max; c++ {
			ways.Add(ways, choose(n, c, m.Rules.Stack))
		}
		size.Mul(size, ways)
	}
	if m.FreeWalls != nil {
		sp.walls = model.Range{Min: m.FreeWalls.Min, Max: min(m.FreeWalls.Max, len(sp.wallSq))}
		ways := new(big.Int)
		for c := sp.walls.Min; c <= sp.walls.Max; c++ {
			ways.Add(ways, choose(len(sp.wallSq), c, false))
		}
		size.Mul(size, ways)
	}
	if size.Cmp(big.NewInt(int64(budget))) > 0 {
		approx, _ := new(big.Float).SetInt(size).Float64()
		return nil, fmt.Errorf("brute: %.3g candidates, over the budget of %d: %w", approx, budget, model.ErrUnsupported)
	}
	return sp, nil
}

// choose counts the subsets (or multisets, with repetition) of size k of n
// things, exactly: the space of a large board overflows any machine integer
// (gonum's combin.Binomial does not check for overflow, and a float is
// exact only below 2^53), and the budget check must not be fooled by either.
func choose(n, k int, repeat bool) *big.Int {
	if repeat {
		n = n + k - 1
	}
	if k < 0 || k > n {
		return new(big.Int)
	}
	return new(big.Int).Binomial(int64(n), int64(k))
}

// each calls visit with every candidate until it returns false.
func (sp *space) each(visit func(model.Solution) bool) {
	var pieces []model.Placed
	var walls []model.Square
	var kind func(i int) bool
	var wallSets func() bool
	wallSets = func() bool {
		if sp.m.FreeWalls == nil {
			return visit(model.Solution{Pieces: append([]model.Placed(nil), pieces...)})
		}
		ok := true
		for c := sp.walls.Min; c <= sp.walls.Max && ok; c++ {
			ok = combinations(len(sp.wallSq), c, false, func(idx []int) bool {
				walls = walls[:0]
				for _, i := range idx {
					walls = append(walls, sp.wallSq[i])
				}
				return visit(model.Solution{Pieces: append([]model.Placed(nil), pieces...), Walls: append([]model.Square(nil), walls...)})
			})
		}
		return ok
	}
	kind = func(i int) bool {
		if i == len(sp.kinds) {
			return wallSets()
		}
		k := sp.kinds[i]
		ok := true
		for c := k.min; c <= k.max && ok; c++ {
			ok = combinations(len(sp.squares), c, sp.m.Rules.Stack, func(idx []int) bool {
				mark := len(pieces)
				for _, j := range idx {
					pieces = append(pieces, model.Placed{Piece: k.piece, Square: sp.squares[j]})
				}
				more := kind(i + 1)
				pieces = pieces[:mark]
				return more
			})
		}
		return ok
	}
	kind(0)
}

// combinations visits every increasing (or, with repeat, non-decreasing)
// k-tuple of indices below n, until visit returns false.
func combinations(n, k int, repeat bool, visit func([]int) bool) bool {
	idx := make([]int, k)
	var rec func(pos, from int) bool
	rec = func(pos, from int) bool {
		if pos == k {
			return visit(idx)
		}
		for i := from; i < n; i++ {
			idx[pos] = i
			next := i + 1
			if repeat {
				next = i
			}
			if !rec(pos+1, next) {
				return false
			}
		}
		return true
	}
	return rec(0, 0)
}

package brute

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// growth lists the sets of at most maxSize pieces in which no two
// conflict: a piece is a (kind, square) the checker accepts alone, and two
// conflict when the checker rejects the pair. Both are judged on the model
// relaxed to open counts, no cover and no objective, so that only attacks,
// squares and colours count; every set is then judged on the model itself.
type growth struct {
	m        *model.Model
	pieces   []model.Placed
	conflict [][]bool
	maxSize  int
	budget   int64
}

func newGrowth(m *model.Model, maxSize, budget int) (*growth, error) {
	if len(m.Rules.Counts) > 0 { // "at least" counts: a subset of a solution need not obey them
		return nil, fmt.Errorf("brute: sets grown by independence cannot judge attack counts, which a subset of a solution need not obey; list by space: %w", model.ErrUnsupported)
	}
	if m.FreeWalls != nil {
		return nil, fmt.Errorf("brute: free walls when listing by independence: %w", model.ErrUnsupported)
	}
	if m.Board.Size() > 64 {
		return nil, fmt.Errorf("brute: boards beyond 64 squares: %w", model.ErrUnsupported)
	}
	g := &growth{m: m, maxSize: maxSize, budget: int64(budget)}
	relaxed := attacksOnly(m)
	seen := map[[2]string]bool{}
	for _, e := range m.Place {
		if seen[[2]string{e.Piece.Name, e.Group}] {
			continue
		}
		seen[[2]string{e.Piece.Name, e.Group}] = true
		for i := 0; i < m.Board.Size(); i++ {
			p := model.Placed{Piece: e.Piece.Name, Square: m.Board.Square(i), Group: e.Group}
			if model.Check(relaxed, &model.Solution{Pieces: []model.Placed{p}}).Valid {
				g.pieces = append(g.pieces, p)
			}
		}
	}
	g.conflict = make([][]bool, len(g.pieces))
	for i := range g.pieces {
		g.conflict[i] = make([]bool, len(g.pieces))
		for j := range g.pieces {
			if i != j {
				g.conflict[i][j] = !model.Check(relaxed, &model.Solution{Pieces: []model.Placed{g.pieces[i], g.pieces[j]}}).Valid
			}
		}
	}
	return g, nil
}

// attacksOnly is the model with every count open, no cover and no
// objective.
func attacksOnly(m *model.Model) *model.Model {
	c := *m
	c.Place = nil
	for _, e := range m.Place {
		e.Count = model.Range{Min: 0, Max: model.Unbounded}
		c.Place = append(c.Place, e)
	}
	c.Rules.Cover = nil
	c.Objective = model.Objective{}
	c.Army.EqualGroups = false // a subset of a solution need not keep its groups equal
	return &c
}

// each visits every set, smaller before larger along each branch, until
// visit returns false; past the budget it stops with an error.
func (g *growth) each(visit func(model.Solution) bool) error {
	var set []int
	var listed int64
	again := 1 // with stacking, a piece may be placed again on its square
	if g.m.Rules.Stack {
		again = 0
	}
	var grow func(from int) (bool, error)
	grow = func(from int) (bool, error) {
		if listed++; listed > g.budget {
			return false, fmt.Errorf("brute: more than %d sets of at most %d pieces, over the budget: %w", g.budget, g.maxSize, model.ErrUnsupported)
		}
		s := model.Solution{Pieces: make([]model.Placed, len(set))}
		for k, i := range set {
			s.Pieces[k] = g.pieces[i]
		}
		if !visit(s) {
			return false, nil
		}
		if len(set) == g.maxSize {
			return true, nil
		}
		for i := from; i < len(g.pieces); i++ {
			if g.conflicts(i, set) {
				continue
			}
			set = append(set, i)
			more, err := grow(i + again)
			set = set[:len(set)-1]
			if !more || err != nil {
				return more, err
			}
		}
		return true, nil
	}
	_, err := grow(0)
	return err
}

// conflicts reports whether piece i conflicts with a piece of set.
func (g *growth) conflicts(i int, set []int) bool {
	for _, j := range set {
		if g.conflict[i][j] {
			return true
		}
	}
	return false
}

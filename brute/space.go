package brute

import (
	"fmt"
	"math/big"

	"github.com/chessmodel/chessmodel/model"
)

// space is the candidates of a model: for each kind of piece, a set (a
// multiset, with stacking) of squares of every allowed size; and a set of
// free walls. Without stacking no two pieces share a square, and walls
// never stand on a piece: the candidates left out are exactly those the
// checker would reject for that, so the ones listed keep their order.
type space struct {
	m       *model.Model
	squares []model.Square // open squares not holding fixed pieces (or all open ones when pieces stack)
	kinds   []kindRange
	walls   model.Range
	wallSq  []model.Square // open squares not holding fixed pieces
	taken   []bool         // by board index: a square holding a piece of the candidate being built
}

type kindRange struct {
	piece    string
	group    string // in a group model, each (piece, group) is a kind
	min, max int
	open     bool // the place list sets no upper bound
}

func newSpace(m *model.Model, budget int) (*space, error) {
	if m.Board.Size() > 64 {
		return nil, fmt.Errorf("brute: boards beyond 64 squares: %w", model.ErrUnsupported)
	}
	sp := &space{m: m, taken: make([]bool, m.Board.Size())}
	sp.squares, sp.wallSq = candidateSquares(m)
	if err := sp.setKinds(); err != nil {
		return nil, err
	}
	if m.FreeWalls != nil {
		sp.walls = model.Range{Min: m.FreeWalls.Min, Max: min(m.FreeWalls.Max, len(sp.wallSq))}
	}
	size := sp.size()
	if size.Cmp(big.NewInt(int64(budget))) > 0 {
		approx, _ := new(big.Float).SetInt(size).Float64()
		return nil, fmt.Errorf("brute: %.3g candidates, over the budget of %d: %w", approx, budget, model.ErrUnsupported)
	}
	return sp, nil
}

// candidateSquares lists the squares a piece may stand on and those a free
// wall may.
func candidateSquares(m *model.Model) (pieces, walls []model.Square) {
	fixed := map[model.Square]bool{}
	for _, f := range m.Fixed {
		fixed[f.Square] = true
	}
	for i := 0; i < m.Board.Size(); i++ {
		s := m.Board.Square(i)
		if m.Board.IsOpen(s) && (m.Rules.Stack || !fixed[s]) {
			pieces = append(pieces, s)
		}
		if m.Board.IsOpen(s) && !fixed[s] {
			walls = append(walls, s)
		}
	}
	return pieces, walls
}

// setKinds gathers the place list by piece: the sizes of the sets of
// squares each kind may take.
func (sp *space) setKinds() error {
	m, n := sp.m, len(sp.squares)
	byPiece := map[[2]string]*kindRange{}
	var order [][2]string
	for _, e := range m.Place {
		key := [2]string{e.Piece.Name, e.Group}
		k := byPiece[key]
		if k == nil {
			k = &kindRange{piece: e.Piece.Name, group: e.Group}
			byPiece[key] = k
			order = append(order, key)
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
	for _, name := range order {
		k := *byPiece[name]
		if m.Rules.Stack && k.open {
			return fmt.Errorf("brute: unbounded counts with stacking: %w", model.ErrUnsupported)
		}
		sp.kinds = append(sp.kinds, k)
	}
	return nil
}

// size counts the candidates exactly: the space of a large board overflows
// any machine integer, and the budget check must not be fooled by it.
func (sp *space) size() *big.Int {
	if sp.m.Rules.Stack {
		size := big.NewInt(1)
		for _, k := range sp.kinds {
			size.Mul(size, sumChoose(len(sp.squares), k.min, k.max, true))
		}
		if sp.m.FreeWalls != nil {
			size.Mul(size, sumChoose(len(sp.wallSq), sp.walls.Min, sp.walls.Max, false))
		}
		return size
	}
	memo := map[[2]int]*big.Int{}
	return sp.disjoint(0, 0, memo)
}

// disjoint counts the candidates from kind i on when used squares already
// hold pieces, without stacking (squares and wallSq are then the same).
func (sp *space) disjoint(i, used int, memo map[[2]int]*big.Int) *big.Int {
	left := len(sp.squares) - used
	if i == len(sp.kinds) {
		if sp.m.FreeWalls == nil {
			return big.NewInt(1)
		}
		return sumChoose(left, sp.walls.Min, min(sp.walls.Max, left), false)
	}
	if ways, ok := memo[[2]int{i, used}]; ok {
		return ways
	}
	ways := new(big.Int)
	k := sp.kinds[i]
	for c := k.min; c <= min(k.max, left); c++ {
		ways.Add(ways, new(big.Int).Mul(choose(left, c, false), sp.disjoint(i+1, used+c, memo)))
	}
	memo[[2]int{i, used}] = ways
	return ways
}

// sumChoose is the number of sets (multisets, with repeat) of lo to hi of
// n things.
func sumChoose(n, lo, hi int, repeat bool) *big.Int {
	ways := new(big.Int)
	for c := lo; c <= hi; c++ {
		ways.Add(ways, choose(n, c, repeat))
	}
	return ways
}

// choose counts the subsets (or multisets, with repetition) of size k of n
// things, exactly (gonum's combin.Binomial does not check for overflow,
// and a float is exact only below 2^53).
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
	var kind func(i int) bool
	kind = func(i int) bool {
		if i == len(sp.kinds) {
			return sp.wallSets(pieces, visit)
		}
		k := sp.kinds[i]
		free := sp.squares
		if !sp.m.Rules.Stack {
			free = sp.free(free)
		}
		ok := true
		for c := k.min; c <= k.max && ok; c++ {
			ok = combinations(len(free), c, sp.m.Rules.Stack, func(idx []int) bool {
				mark := len(pieces)
				for _, j := range idx {
					pieces = append(pieces, model.Placed{Piece: k.piece, Square: free[j], Group: k.group})
					sp.taken[sp.m.Board.Index(free[j])] = true
				}
				more := kind(i + 1)
				for _, p := range pieces[mark:] {
					sp.taken[sp.m.Board.Index(p.Square)] = false
				}
				pieces = pieces[:mark]
				return more
			})
		}
		return ok
	}
	kind(0)
}

// free is the squares of list no piece of the candidate holds.
func (sp *space) free(list []model.Square) []model.Square {
	var out []model.Square
	for _, s := range list {
		if !sp.taken[sp.m.Board.Index(s)] {
			out = append(out, s)
		}
	}
	return out
}

// wallSets visits the candidates of the given pieces: one without free
// walls, or one for each set of free walls on the squares left.
func (sp *space) wallSets(pieces []model.Placed, visit func(model.Solution) bool) bool {
	if sp.m.FreeWalls == nil {
		return visit(model.Solution{Pieces: append([]model.Placed(nil), pieces...)})
	}
	free := sp.free(sp.wallSq)
	var walls []model.Square
	ok := true
	for c := sp.walls.Min; c <= min(sp.walls.Max, len(free)) && ok; c++ {
		ok = combinations(len(free), c, false, func(idx []int) bool {
			walls = walls[:0]
			for _, i := range idx {
				walls = append(walls, free[i])
			}
			return visit(model.Solution{Pieces: append([]model.Placed(nil), pieces...), Walls: append([]model.Square(nil), walls...)})
		})
	}
	return ok
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

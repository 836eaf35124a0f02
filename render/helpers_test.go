package render

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// Solutions made by hand or by small searches, so that these tests need no
// solver.

func loadModel(t testing.TB, name string, overrides ...string) *model.Model {
	t.Helper()
	m, err := model.Load(filepath.Join("..", "testdata", "models", name+".yaml"), overrides...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func squares(t testing.TB, names ...string) []model.Square {
	t.Helper()
	out := make([]model.Square, len(names))
	for i, n := range names {
		s, err := model.ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = s
	}
	return out
}

func placement(t testing.TB, piece string, names ...string) *model.Solution {
	sol := &model.Solution{}
	for _, s := range squares(t, names...) {
		sol.Pieces = append(sol.Pieces, model.Placed{Piece: piece, Square: s})
	}
	sol.Normalize()
	return sol
}

// placed reads pieces written "rook a1".
func placed(t testing.TB, pieces ...string) []model.Placed {
	var out []model.Placed
	for _, p := range pieces {
		name, square, _ := strings.Cut(p, " ")
		out = append(out, model.Placed{Piece: name, Square: squares(t, square)[0]})
	}
	return out
}

// mustCheck fails the test unless the solution is valid.
func mustCheck(t testing.TB, m *model.Model, sol *model.Solution) {
	t.Helper()
	if r := model.Check(m, sol); !r.Valid {
		t.Fatalf("%s: hand-made solution is invalid: %v", m.Name, r.Problems)
	}
}

// eightQueens is a known solution.
func eightQueens(t testing.TB) *model.Solution {
	return placement(t, "queen", "a4", "b2", "c7", "d3", "e6", "f8", "g5", "h1")
}

// maxQueens finds every placement of the most queens on the model's open
// squares in which no queen attacks another (lines stop at walls). A queen
// per stretch of a rank between walls is the bound that keeps this small
// search quick on the 8x8 boards of the tests.
func maxQueens(m *model.Model) []model.Solution {
	b := m.Board
	var open []model.Square
	for i := 0; i < b.Size(); i++ {
		if s := b.Square(i); b.IsOpen(s) {
			open = append(open, s)
		}
	}
	// stretchesFrom[i]: stretches of ranks holding an open square at index >= i.
	stretchesFrom := make([]int, len(open)+1)
	for i := len(open) - 1; i >= 0; i-- {
		stretchesFrom[i] = stretchesFrom[i+1]
		next := open[i].Add(model.Vector{File: 1})
		if i == len(open)-1 || open[i+1] != next {
			stretchesFrom[i]++ // open[i] ends a stretch
		}
	}
	queen := m.Pieces["queen"]
	attacks := func(a, c model.Square) bool {
		for _, d := range queen.Rides {
			for t := a.Add(d); b.IsOpen(t); t = t.Add(d) {
				if t == c {
					return true
				}
			}
		}
		return false
	}
	var best []model.Solution
	bestN := 0
	var chosen []model.Square
	var search func(from int)
	search = func(from int) {
		if len(chosen) > bestN {
			bestN, best = len(chosen), nil
		}
		if len(chosen) == bestN && len(chosen) > 0 {
			sol := model.Solution{}
			for _, s := range chosen {
				sol.Pieces = append(sol.Pieces, model.Placed{Piece: "queen", Square: s})
			}
			best = append(best, sol)
		}
		if len(chosen)+stretchesFrom[from] < bestN {
			return
		}
		for i := from; i < len(open); i++ {
			ok := true
			for _, q := range chosen {
				if attacks(q, open[i]) {
					ok = false
					break
				}
			}
			if ok {
				chosen = append(chosen, open[i])
				search(i + 1)
				chosen = chosen[:len(chosen)-1]
			}
		}
	}
	search(0)
	return best
}

// essential keeps one solution per symmetry class, in canonical form.
func essential(m *model.Model, sols []model.Solution) []model.Solution {
	canon := m.CanonicalFunc()
	seen := map[string]bool{}
	var out []model.Solution
	for _, s := range sols {
		c := canon(s)
		if k := c.Key(); !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

// seedTour is the knight's tour of the seed document, (file, rank) from 1.
var seedTour = [64][2]int{
	{4, 8}, {6, 7}, {8, 8}, {7, 6}, {5, 7}, {7, 8}, {8, 6}, {7, 4}, {5, 5}, {3, 6}, {1, 7}, {3, 8}, {4, 6}, {5, 8}, {7, 7}, {8, 5},
	{6, 6}, {8, 7}, {6, 8}, {5, 6}, {3, 7}, {1, 8}, {2, 6}, {4, 7}, {2, 8}, {1, 6}, {3, 5}, {2, 7}, {1, 5}, {3, 4}, {5, 3}, {6, 5},
	{8, 4}, {7, 2}, {6, 4}, {4, 5}, {3, 3}, {5, 4}, {7, 5}, {8, 3}, {7, 1}, {5, 2}, {4, 4}, {2, 5}, {1, 3}, {2, 1}, {4, 2}, {2, 3},
	{1, 1}, {3, 2}, {2, 4}, {1, 2}, {3, 1}, {4, 3}, {5, 1}, {6, 3}, {8, 2}, {6, 1}, {7, 3}, {8, 1}, {6, 2}, {4, 1}, {2, 2}, {1, 4},
}

func knightsTour() *model.Solution {
	sol := &model.Solution{}
	for _, p := range seedTour {
		sol.Squares = append(sol.Squares, model.Square{File: p[0] - 1, Rank: p[1] - 1})
	}
	return sol
}

// warnsdorff finds a knight's tour of an n x n board by Warnsdorff's rule,
// breaking ties by distance from the centre (outermost first); it returns
// nil when the rule runs into a dead end.
func warnsdorff(n int, start model.Square) []model.Square {
	var jumps []model.Vector
	for _, j := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		jumps = append(jumps, model.Vector{File: j[0], Rank: j[1]})
	}
	seen := make([]bool, n*n)
	in := func(s model.Square) bool { return s.File >= 0 && s.File < n && s.Rank >= 0 && s.Rank < n }
	degree := func(s model.Square) int {
		d := 0
		for _, j := range jumps {
			if t := s.Add(j); in(t) && !seen[t.Rank*n+t.File] {
				d++
			}
		}
		return d
	}
	centre := float64(n-1) / 2
	dist := func(s model.Square) float64 {
		dx, dy := float64(s.File)-centre, float64(s.Rank)-centre
		return dx*dx + dy*dy
	}
	tour := []model.Square{start}
	seen[start.Rank*n+start.File] = true
	for cur := start; len(tour) < n*n; {
		best, bestDeg := model.Square{}, 9
		for _, j := range jumps {
			t := cur.Add(j)
			if !in(t) || seen[t.Rank*n+t.File] {
				continue
			}
			if d := degree(t); d < bestDeg || d == bestDeg && dist(t) > dist(best) {
				best, bestDeg = t, d
			}
		}
		if bestDeg == 9 {
			return nil
		}
		seen[best.Rank*n+best.File] = true
		tour = append(tour, best)
		cur = best
	}
	return tour
}

func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// slidingQueens is a shortest solution of sliding-queens.yaml (12 moves),
// found once by a breadth-first search over positions.
func slidingQueens(t testing.TB) *model.Solution {
	sol := &model.Solution{}
	for _, mv := range strings.Fields("a1-g7 h1-a1 a1-f6 g7-g1 g1-a1 a1-e5 f6-h4 a8-a1 a1-d4 h4-e4 h8-a8 a8-d5") {
		ends := squares(t, strings.Split(mv, "-")...)
		sol.Moves = append(sol.Moves, model.Move{From: ends[0], To: ends[1]})
	}
	return sol
}

// closedTour finds a closed knight's tour of an n x n board from a1 by
// backtracking in Warnsdorff's order.
func closedTour(n int) []model.Square {
	var jumps []model.Vector
	for _, j := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		jumps = append(jumps, model.Vector{File: j[0], Rank: j[1]})
	}
	in := func(s model.Square) bool { return s.File >= 0 && s.File < n && s.Rank >= 0 && s.Rank < n }
	seen := map[model.Square]bool{}
	start := model.Square{}
	tour := []model.Square{start}
	seen[start] = true
	degree := func(s model.Square) int {
		d := 0
		for _, j := range jumps {
			if t := s.Add(j); in(t) && !seen[t] {
				d++
			}
		}
		return d
	}
	var extend func() bool
	extend = func() bool {
		cur := tour[len(tour)-1]
		if len(tour) == n*n {
			for _, j := range jumps {
				if cur.Add(j) == start {
					return true
				}
			}
			return false
		}
		if degree(start) == 0 {
			return false // the way back to the start is closed
		}
		var next []model.Square
		for _, j := range jumps {
			if t := cur.Add(j); in(t) && !seen[t] {
				next = append(next, t)
			}
		}
		slices.SortStableFunc(next, func(a, b model.Square) int { return degree(a) - degree(b) })
		for _, t := range next {
			seen[t] = true
			tour = append(tour, t)
			if extend() {
				return true
			}
			tour = tour[:len(tour)-1]
			seen[t] = false
		}
		return false
	}
	if !extend() {
		return nil
	}
	return tour
}

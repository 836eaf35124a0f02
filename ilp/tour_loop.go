package ilp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// A TourLoop is the subtour-elimination loop for a solver outside this
// package (compare's command-line solvers): the tour program with the cuts
// found so far (Program), to be solved by anyone; Next reads a solution's
// column values and either returns the tour, checked, or adds a cut per
// subtour, after which the program is to be solved again. The program
// with its cuts is infeasible exactly when the model has no tour.
type TourLoop struct {
	m    *model.Model
	t    *tourProgram
	cuts []Row
}

// NewTourLoop compiles a tour model under maxMemory (as
// model.Options.MaxMemory).
func NewTourLoop(m *model.Model, maxMemory int64) (*TourLoop, error) {
	if m.Kind != model.KindTour {
		return nil, fmt.Errorf("ilp: %s model: a tour loop needs a tour: %w", m.Kind, model.ErrUnsupported)
	}
	t, err := compileTour(m, maxMemory)
	if err != nil {
		return nil, err
	}
	return &TourLoop{m: m, t: t}, nil
}

// Cuts is the number of subtour cuts added so far.
func (l *TourLoop) Cuts() int { return len(l.cuts) }

// Program is the tour program with the subtour cuts found so far, rows
// sub_1, sub_2, ...; a copy the caller may change.
func (l *TourLoop) Program() *Program {
	p := *l.t.p
	p.Rows = append(append([]Row(nil), l.t.p.Rows...), l.cuts...)
	p.rowIndex = nil
	return &p
}

// Next reads the column values of a solution of Program: one tour gives
// the solution, checked by the checker; several cycles give nil, with a cut
// added per cycle.
func (l *TourLoop) Next(values []float64) (*model.Solution, error) {
	if len(values) != len(l.t.p.Variables) {
		return nil, fmt.Errorf("ilp: %d values for the tour program's %d columns", len(values), len(l.t.p.Variables))
	}
	cycles, path, err := l.t.decode(values)
	if err != nil {
		return nil, err
	}
	if path != nil {
		sol, err := l.t.checked(l.m, path)
		return &sol, err
	}
	for _, c := range cycles {
		l.cuts = append(l.cuts, Row{Name: fmt.Sprintf("sub_%d", len(l.cuts)+1), Terms: l.t.subtourTerms(c), Sense: GreaterEqual, RHS: 2})
	}
	return nil, nil
}

// subtourTerms are the edges leaving a cycle's squares (to other squares or
// to the end node): a subtour cut asks for at least 2 of them.
func (t *tourProgram) subtourTerms(cycle []int32) []Term {
	in := make([]bool, t.g.Len())
	for _, v := range cycle {
		in[v] = true
	}
	var terms []Term
	for i, x := range t.edges {
		if in[t.from[i]] != in[t.to[i]] {
			terms = append(terms, Term{Var: x, Coef: 1})
		}
	}
	for v, x := range t.endVar {
		if in[v] {
			terms = append(terms, Term{Var: x, Coef: 1})
		}
	}
	slices.SortFunc(terms, func(a, b Term) int { return a.Var - b.Var })
	return terms
}

// decode reads the chosen edges. When they form one tour it returns the
// tour's vertices (from the start when there is one, else from an end for
// open tours and from vertex 0 for closed ones); otherwise the cycles that
// avoid the end node, to be cut.
func (t *tourProgram) decode(values []float64) ([][]int32, []int32, error) {
	g := t.g
	n := g.Len()
	adj := make([][]int32, n)
	for i, x := range t.edges {
		on, err := decision(t.p.Variables[x], values[x])
		if err != nil {
			return nil, nil, err
		}
		if on {
			adj[t.from[i]] = append(adj[t.from[i]], t.to[i])
			adj[t.to[i]] = append(adj[t.to[i]], t.from[i])
		}
	}
	var ends []int32
	for v, x := range t.endVar {
		on, err := decision(t.p.Variables[x], values[x])
		if err != nil {
			return nil, nil, err
		}
		if on {
			ends = append(ends, int32(v))
		}
	}
	seen := make([]bool, n)
	walk := func(from int32) []int32 {
		path := []int32{from}
		seen[from] = true
		for prev, cur := int32(-1), from; ; {
			next := int32(-1)
			for _, w := range adj[cur] {
				if w != prev && !seen[w] {
					next = w
					break
				}
			}
			if next < 0 {
				return path
			}
			seen[next] = true
			path = append(path, next)
			prev, cur = cur, next
		}
	}
	var main []int32
	if t.closed {
		main = walk(t.first)
	} else {
		first := ends[0]
		if len(ends) > 1 && t.start >= 0 && int(ends[1]) == t.start {
			first = ends[1]
		}
		main = walk(first)
	}
	if len(main) == n {
		return nil, main, nil
	}
	var cycles [][]int32
	if t.closed {
		cycles = append(cycles, main)
	}
	for v := 0; v < n; v++ {
		if !seen[v] {
			cycles = append(cycles, walk(int32(v)))
		}
	}
	return cycles, nil, nil
}

// checked turns a tour's vertices into a solution the checker accepts.
func (t *tourProgram) checked(m *model.Model, path []int32) (model.Solution, error) {
	sol := model.Solution{Squares: t.g.Path(path)}
	if report := model.Check(m, &sol); !report.Valid {
		return sol, fmt.Errorf("%w: %s", ErrInvalidSolution, strings.Join(report.Problems, "; "))
	}
	return sol, nil
}

// Directed reports whether tours count as directed paths (open tours
// without a start): each one found is two tours, its two directions.
func (l *TourLoop) Directed() bool { return !l.t.closed && l.t.start < 0 && l.t.g.Len() > 1 }

// Cut adds a no-good row (nogood_N) per distinct image of a tour under
// group, checked, so that the program has none of them any more: the tours
// of a class are counted at once. It returns the number of images and
// whether a symmetry reverses the tour (a directed path and its reverse
// are then one class, else two).
func (l *TourLoop) Cut(sol model.Solution, group []model.Transform) (images int, reversible bool, err error) {
	imgs, edges, reversible, err := l.t.images(l.m, group, sol, l.Directed())
	if err != nil {
		return 0, false, err
	}
	for _, e := range edges {
		l.cuts = append(l.cuts, Row{Name: fmt.Sprintf("nogood_%d", len(l.cuts)+1), Terms: noGood(e), Sense: LessEqual, RHS: float64(len(e) - 1)})
	}
	return len(imgs), reversible, nil
}

// images are the distinct images of a tour under group, each checked, with
// their edge variables, and whether one of them is the tour reversed (when
// directed).
func (t *tourProgram) images(m *model.Model, group []model.Transform, sol model.Solution, directed bool) ([]model.Solution, [][]int, bool, error) {
	seen := map[string]bool{}
	reversible := false
	var images []model.Solution
	var edgeSets [][]int
	for _, g := range group {
		img := m.TransformSolution(g, sol)
		edges, ok := t.tourEdges(img.Squares)
		if !ok {
			return nil, nil, false, fmt.Errorf("ilp: internal error: the image of a tour has a move without a variable")
		}
		if directed && slices.Equal(img.Squares, reversed(sol.Squares)) {
			reversible = true
		}
		key := fmt.Sprint(edges)
		if seen[key] {
			continue
		}
		seen[key] = true
		if report := model.Check(m, &img); !report.Valid {
			return nil, nil, false, fmt.Errorf("%w: the image of a tour: %v", ErrInvalidSolution, report.Problems)
		}
		images, edgeSets = append(images, img), append(edgeSets, edges)
	}
	return images, edgeSets, reversible, nil
}

// noGood is the row of a no-good cut on a tour's edges: their sum is at
// most their number less one.
func noGood(edges []int) []Term {
	terms := make([]Term, len(edges))
	for i, x := range edges {
		terms[i] = Term{Var: x, Coef: 1}
	}
	return terms
}

// tourEdges lists the variables at 1 in a tour given as squares: its moves,
// the closing move of a closed tour, the end node's two edges of an open one.
func (t *tourProgram) tourEdges(squares []model.Square) ([]int, bool) {
	var out []int
	vs := make([]int32, len(squares))
	for i, s := range squares {
		v := t.g.Vertex(s)
		if v < 0 {
			return nil, false
		}
		vs[i] = int32(v)
	}
	pairs := len(vs) - 1
	if t.closed && len(vs) > 2 {
		pairs++
	}
	for i := 0; i < pairs; i++ {
		x, ok := t.edgeVar(vs[i], vs[(i+1)%len(vs)])
		if !ok {
			return nil, false
		}
		out = append(out, x)
	}
	if !t.closed {
		out = append(out, t.endVar[vs[0]])
		if len(vs) > 1 {
			out = append(out, t.endVar[vs[len(vs)-1]])
		}
	}
	slices.Sort(out)
	return out, true
}

func reversed(s []model.Square) []model.Square {
	out := make([]model.Square, len(s))
	for i, q := range s {
		out[len(s)-1-i] = q
	}
	return out
}

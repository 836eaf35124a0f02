package mzn

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// A tour is formulated over successor variables: succ[v] is the square
// visited after v, among the squares the piece moves to from v, and
// circuit(succ) makes one cycle through every square. A closed tour is that
// cycle, each counted once by asking its first square's successor to be
// less than its predecessor (both directions are the same tour). An open
// tour adds a node N after the last square whose successor is the first
// one (the start, when the model gives it), so each directed path is one
// circuit.

// tourData is a tour model's move graph and its size.
type tourData struct {
	m *model.Model
	g *model.MoveGraph
}

func newTour(m *model.Model) (*tourData, error) {
	g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, MaxSquares)
	if err != nil {
		return nil, fmt.Errorf("minizinc: %v: %w", err, model.ErrUnsupported)
	}
	if g.Len() == 0 {
		return nil, fmt.Errorf("minizinc: a tour of a board without open squares: %w", model.ErrUnsupported)
	}
	return &tourData{m: m, g: g}, nil
}

// nodes is the number of circuit nodes: the squares, and for an open tour
// the node that closes the path.
func (t *tourData) nodes() int {
	if t.m.Tour.Closed {
		return t.g.Len()
	}
	return t.g.Len() + 1
}

// write writes the tour's model.
func (t *tourData) write(b *strings.Builder) {
	n, N := t.g.Len(), t.nodes()
	fmt.Fprintf(b, "include \"circuit.mzn\";\n\nint: n = %d;  %% open squares\nint: N = %d;  %% circuit nodes", n, N)
	if N > n {
		b.WriteString(": node N closes the open path, from its last square to its first")
	}
	b.WriteString("\narray[1..n] of string: name = [")
	for v, s := range t.g.Squares {
		sep(b, v)
		fmt.Fprintf(b, "%q", s.String())
	}
	b.WriteString("];\narray[1..N] of set of 1..N: next = [")
	for v := 0; v < N; v++ {
		sep(b, v)
		b.WriteString("{" + strings.Trim(ints(t.next(v)), "[]") + "}")
	}
	b.WriteString("];  % the squares a move reaches\n\n")
	b.WriteString("array[1..N] of var 1..N: succ;\nconstraint forall(v in 1..N)(succ[v] in next[v]);\nconstraint circuit(succ);\n")
	if t.m.Tour.Closed {
		if n < 3 {
			b.WriteString("constraint false;  % a closed tour is a cycle of at least 3 squares\n")
		}
		b.WriteString("constraint forall(v in 1..N)(succ[v] = 1 -> succ[1] < v);  % one direction of each cycle\n")
	}
	b.WriteString("solve :: int_search(succ, first_fail, indomain_min) satisfy;\n")
	b.WriteString("\noutput [\"succ:\"] ++ [\" \" ++ show(succ[v]) | v in 1..N] ++ [\"\\n\"];\n")
}

// next lists the successors node v (0-based) may have, 1-based.
func (t *tourData) next(v int) []int {
	n := t.g.Len()
	if v == n { // the closing node of an open tour: to its first square
		if s := t.m.Tour.Start; s != nil {
			return []int{t.g.Vertex(*s) + 1}
		}
		out := make([]int, n)
		for i := range out {
			out[i] = i + 1
		}
		return out
	}
	var out []int
	for _, w := range t.g.Neighbours(v) {
		out = append(out, int(w)+1)
	}
	if !t.m.Tour.Closed {
		out = append(out, n+1)
	}
	slices.Sort(out)
	return out
}

// decode turns the successors minizinc printed into the tour's squares,
// from the start square (or the first square of a closed tour).
func (t *tourData) decode(text string) (model.Solution, error) {
	fields := strings.Fields(text)
	N := t.nodes()
	if len(fields) != N {
		return model.Solution{}, fmt.Errorf("%d successors, the model has %d nodes", len(fields), N)
	}
	succ := make([]int, N)
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil || v < 1 || v > N {
			return model.Solution{}, fmt.Errorf("successor %q is not a node from 1 to %d", f, N)
		}
		succ[i] = v - 1
	}
	n := t.g.Len()
	v := 0
	switch {
	case !t.m.Tour.Closed:
		v = succ[n]
	case t.m.Tour.Start != nil:
		v = t.g.Vertex(*t.m.Tour.Start)
	}
	var path []int32
	for len(path) < n && v < n {
		path = append(path, int32(v))
		v = succ[v]
	}
	return model.Solution{Squares: t.g.Path(path)}, nil
}

// tourClass is the key of a tour's class: the least, over the model's
// symmetries, of its image's key — the squares in order for an open tour
// (a directed path), the set of its moves for a closed one (an undirected
// cycle).
func tourClass(m *model.Model, group []model.Transform, s model.Solution) string {
	best := ""
	for i, tr := range group {
		img := m.TransformSolution(tr, s)
		key := fmt.Sprint(img.Squares)
		if m.Tour.Closed {
			key = cycleKey(img.Squares)
		}
		if i == 0 || key < best {
			best = key
		}
	}
	return best
}

// cycleKey names a cycle by its moves, each with its squares in order,
// sorted.
func cycleKey(squares []model.Square) string {
	moves := make([]string, len(squares))
	for i, a := range squares {
		b := squares[(i+1)%len(squares)]
		if b.Less(a) {
			a, b = b, a
		}
		moves[i] = a.String() + "-" + b.String()
	}
	slices.Sort(moves)
	return strings.Join(moves, " ")
}

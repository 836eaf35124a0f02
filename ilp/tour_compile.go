package ilp

import (
	"errors"
	"fmt"
	"math"

	"github.com/chessmodel/chessmodel/model"
)

// The tour formulation. The move graph (model.MoveGraph: open squares, the
// piece's moves) gives one binary variable per undirected edge, e_b1_c3 for
// the move between b1 and c3, and one row per square:
//
//	deg_c3: (sum of the edges at c3) = 2
//
// A closed tour is then a 2-factor of the graph that is one cycle; each edge
// is used at most once, so a board of fewer than 3 squares has none, as
// docs/tour.md defines (a closed tour is a cycle of the move graph, which
// joins two squares once: one variable, however many moves). An open
// tour is a closed tour through an extra "end" node joined to every square
// (variables end_c3, and end_deg: their sum = 2): the two squares joined to
// it are the ends of the path; with a start square, end_<start> is fixed at
// 1. The degree rows allow several disjoint cycles (subtours); they are cut
// off lazily: each solution that is not one tour gives, for each of its
// cycles S not through the end node, the row
//
//	sub_N: (sum of the edges with one end in S) >= 2
//
// and the program is solved again, until the solution is one tour or the
// program is infeasible. Compile returns the program without any of these
// cuts, and says so in its notes; CompileWithCuts runs the loop first.

// ErrCutsStopped is wrapped, with the context's error, by the error
// CompileWithCuts returns beside a program when the context ended the
// subtour-elimination loop before it found a tour.
var ErrCutsStopped = errors.New("ilp: the subtour cut loop was stopped before it found a tour; the program has the cuts found so far")

// tourProgram ties a tour program to its graph.
type tourProgram struct {
	p      *Program
	g      *model.MoveGraph
	closed bool
	start  int   // open tours: vertex of the start square, or -1
	first  int32 // the vertex a solution is written from: the start, else 0 for a closed tour
	edges  []int // edge variable of each graph edge, by edgeIndex
	from   []int32
	to     []int32
	endVar []int // open tours: end_<square> of each vertex; nil when closed
	byPair map[[2]int32]int
	cuts   int
}

// compileTour builds the program under a memory bound (maxMemory as in
// model.Options.MaxMemory), refusing with an error wrapping
// model.ErrTooLarge before anything is built above it.
func compileTour(m *model.Model, maxMemory int64) (*tourProgram, error) {
	if n := m.Board.Size(); n > maxSquares {
		return nil, fmt.Errorf("ilp: the %s board has %d squares, the ILP compiler takes up to %d; %s: %w",
			m.Board.Dims(), n, maxSquares, largerBoards(m), ErrTooLarge)
	}
	if err := checkTourCost(m, model.MemoryLimit(maxMemory)); err != nil {
		return nil, err
	}
	g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, maxSquares)
	if err != nil {
		return nil, fmt.Errorf("ilp: %w", err)
	}
	b := newBuilder(m.Name)
	t := &tourProgram{p: b.p, g: g, closed: m.Tour.Closed, start: -1, byPair: map[[2]int32]int{}}
	if s := m.Tour.Start; s != nil {
		t.first = int32(g.Vertex(*s))
		if !t.closed {
			t.start = int(t.first)
		}
	}
	at := make([]linear, g.Len())
	for v := 0; v < g.Len(); v++ {
		for _, w := range g.Neighbours(v) {
			if int(w) <= v {
				continue
			}
			name := fmt.Sprintf("e_%v_%v", g.Squares[v], g.Squares[w])
			x := b.p.addVariable(Variable{Name: name, Lower: 0, Upper: 1, Integer: true})
			t.byPair[[2]int32{int32(v), w}] = x
			t.edges = append(t.edges, x)
			t.from, t.to = append(t.from, int32(v)), append(t.to, w)
			at[v].plus(x, 1)
			at[w].plus(x, 1)
		}
	}
	if !t.closed {
		var ends linear
		for v := 0; v < g.Len(); v++ {
			x := b.p.addVariable(Variable{Name: fmt.Sprintf("end_%v", g.Squares[v]), Lower: 0, Upper: 1, Integer: true})
			t.endVar = append(t.endVar, x)
			at[v].plus(x, 1)
			ends.plus(x, 1)
			if v == t.start {
				b.p.narrow(x, 1, 1) // a column of [0, 1]: never empty
			}
		}
		want := 2.0
		if g.Len() == 1 {
			want = 1 // the one square is both ends: a path of no move
		}
		b.addRow("end_deg", ends, Equal, want)
	}
	for v := 0; v < g.Len(); v++ {
		want := 2.0
		if g.Len() == 1 && !t.closed {
			want = 1
		}
		b.addRow(fmt.Sprintf("deg_%v", g.Squares[v]), at[v], Equal, want)
	}
	b.p.Objective = Objective{Sense: model.Fixed}
	b.p.Notes = []string{"tour: subtour elimination rows (sub_N) are added lazily; this program has none yet, so its solutions may be several disjoint cycles"}
	return t, nil
}

// checkTourCost refuses a tour whose move graph and program (a column per
// move and, when open, per square; a row per square) are estimated above
// limit bytes: from model.MoveBound, at once, and when that is above the
// limit from the moves counted one by one (walls remove moves).
func checkTourCost(m *model.Model, limit int64) error {
	b, pc := m.Board, m.Tour.Piece
	moves := model.MoveBound(b, pc)
	if tourBytes(b, moves, m.Tour.Closed) <= limit {
		return nil
	}
	moves = model.CountMoves(b, pc)
	bytes := tourBytes(b, moves, m.Tour.Closed)
	if bytes <= limit {
		return nil
	}
	return fmt.Errorf("ilp: a %s tour of the %s board has %d moves; its program would take about %s, above the bound of %s: %w",
		pc.Name, b.Dims(), moves/2, model.ByteSize(bytes), model.ByteSize(limit), model.ErrTooLarge)
}

// tourBytes estimates the move graph and the program of a tour with the
// given number of moves (ordered pairs: two a column).
func tourBytes(b *model.Board, moves int64, closed bool) int64 {
	open := int64(b.OpenCount())
	columns, rows, terms := float64(moves/2), float64(open), float64(moves)
	if !closed {
		columns, rows, terms = columns+float64(open), rows+1, terms+2*float64(open)
	}
	bytes := float64(model.MoveGraphBytes(b, moves)) + columns*bytesPerColumn + rows*bytesPerRow + terms*bytesPerTerm
	return int64(min(bytes, math.MaxInt64))
}

// edgeVar returns the variable of the move between u and w.
func (t *tourProgram) edgeVar(u, w int32) (int, bool) {
	if u > w {
		u, w = w, u
	}
	x, ok := t.byPair[[2]int32{u, w}]
	return x, ok
}

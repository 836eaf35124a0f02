package compare_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// smallTour is a tour model on a board of at most four squares and the
// number of tours docs/tour.md's rule gives it: an open tour is a
// Hamiltonian path of the move graph (one square is a path of no move),
// counted as directed paths (those from the start when there is one); a
// closed tour is a Hamiltonian cycle, which needs three squares at least,
// counted as undirected cycles.
type smallTour struct {
	board, piece, start string
	closed              bool
	want                int64
}

// smallBoards are the boards of the walk, with the tours each piece has.
// The L is a1, a2, b2: three squares pairwise a king's or a queen's move
// apart, while the rook has no a1-b2 move. other is a second start, the
// middle square of a line of three.
var smallBoards = []struct {
	board, other string
	// open, from a1, from other, closed; for king, rook, queen, knight
	counts map[string][4]int64
}{
	{`"1x1"`, "", allPieces(1, 1, 0, 0)},
	{`"1x2"`, "b1", line2()},
	{`"2x1"`, "a2", line2()},
	{`"1x3"`, "b1", map[string][4]int64{"king": {2, 1, 0, 0}, "rook": {6, 2, 2, 1}, "queen": {6, 2, 2, 1}, "knight": {}}},
	{`"3x1"`, "a2", map[string][4]int64{"king": {2, 1, 0, 0}, "rook": {6, 2, 2, 1}, "queen": {6, 2, 2, 1}, "knight": {}}},
	{`"..\n.-"`, "b2", map[string][4]int64{"king": {6, 2, 2, 1}, "rook": {2, 1, 1, 0}, "queen": {6, 2, 2, 1}, "knight": {}}},
	{`"2x2"`, "b2", map[string][4]int64{"king": {24, 6, 6, 3}, "rook": {8, 2, 2, 1}, "queen": {24, 6, 6, 3}, "knight": {}}},
}

func allPieces(counts ...int64) map[string][4]int64 {
	out := map[string][4]int64{}
	for _, p := range []string{"king", "rook", "queen", "knight"} {
		out[p] = [4]int64(counts)
	}
	return out
}

// line2 is a board of two squares side by side: one move for the king,
// rook and queen, none for the knight; no closed tour for any.
func line2() map[string][4]int64 {
	out := allPieces(2, 1, 1, 0)
	out["knight"] = [4]int64{}
	return out
}

func smallTours() []smallTour {
	var out []smallTour
	for _, b := range smallBoards {
		for _, p := range []string{"king", "rook", "queen", "knight"} {
			c := b.counts[p]
			out = append(out,
				smallTour{board: b.board, piece: p, want: c[0]},
				smallTour{board: b.board, piece: p, start: "a1", want: c[1]},
				smallTour{board: b.board, piece: p, closed: true, want: c[3]},
				smallTour{board: b.board, piece: p, start: "a1", closed: true, want: c[3]})
			if b.other != "" {
				out = append(out,
					smallTour{board: b.board, piece: p, start: b.other, want: c[2]},
					smallTour{board: b.board, piece: p, start: b.other, closed: true, want: c[3]})
			}
		}
	}
	return out
}

func (c smallTour) String() string {
	s := fmt.Sprintf("%s %s", c.board, c.piece)
	if c.start != "" {
		s += " from " + c.start
	}
	if c.closed {
		s += " closed"
	}
	return s
}

func (c smallTour) model(t *testing.T) *model.Model {
	t.Helper()
	spec := fmt.Sprintf("{piece: %s, closed: %v", c.piece, c.closed)
	if c.start != "" {
		spec += ", start: " + c.start
	}
	m, err := model.Parse([]byte(fmt.Sprintf("name: small tour\nboard: %s\ntour: %s}\n", c.board, spec)), "small.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSmallTours walks every tour of one to four squares (the 1x1, 1x2,
// 2x1, 1x3, 3x1, L-shaped and 2x2 boards; king, rook, queen and knight;
// open and closed; with and without a start) and asserts docs/tour.md's
// rule three ways: the checker accepts exactly the tours the rule counts
// (tried over every ordering of the squares), and each backend's solve,
// count and enumerate give that number.
func TestSmallTours(t *testing.T) {
	for _, c := range smallTours() {
		t.Run(c.String(), func(t *testing.T) {
			m := c.model(t)
			if got, want := checkerCount(m, c.want); got != want {
				t.Errorf("checker: accepts %d orderings of the squares, want %d", got, want)
			}
			for _, s := range []model.Solver{exact.New(), ilp.New()} {
				backendAgrees(t, s, m, c.want)
			}
		})
	}
}

// checkerCount tries every ordering of the open squares with the checker
// and returns how many it accepts and how many the rule's count of tours
// stands for: a closed tour of n squares is written as 2n orderings (n
// first squares, two directions; two with a given start), an open tour as
// one.
func checkerCount(m *model.Model, tours int64) (got, want int64) {
	var open []model.Square
	for r := 0; r < m.Board.Rows; r++ {
		for f := 0; f < m.Board.Cols; f++ {
			if s := (model.Square{File: f, Rank: r}); m.Board.IsOpen(s) {
				open = append(open, s)
			}
		}
	}
	permute(open, 0, func(p []model.Square) {
		if model.Check(m, &model.Solution{Squares: append([]model.Square(nil), p...)}).Valid {
			got++
		}
	})
	want = tours
	switch {
	case m.Tour.Closed && m.Tour.Start != nil:
		want *= 2
	case m.Tour.Closed:
		want *= int64(2 * len(open))
	}
	return got, want
}

func permute(s []model.Square, k int, visit func([]model.Square)) {
	if k == len(s) {
		visit(s)
		return
	}
	for i := k; i < len(s); i++ {
		s[k], s[i] = s[i], s[k]
		permute(s, k+1, visit)
		s[k], s[i] = s[i], s[k]
	}
}

// backendAgrees asks one backend to solve, count and enumerate.
func backendAgrees(t *testing.T, s model.Solver, m *model.Model, want int64) {
	t.Helper()
	ctx := context.Background()
	wantStatus := model.StatusInfeasible
	if want > 0 {
		wantStatus = model.StatusSatisfied // a tour has no objective
	}
	res, err := s.Solve(ctx, m, model.Options{Task: model.TaskSolve})
	if err == nil {
		model.SettleStatus(m, res) // the status as every result is reported (model.Verify)
	}
	switch {
	case err != nil:
		t.Errorf("%s solve: %v", s.Name(), err)
	case res.Status != wantStatus:
		t.Errorf("%s solve: %v %v, want %v", s.Name(), res.Status, res.Solution, wantStatus)
	case want > 0 && !model.Check(m, res.Solution).Valid:
		t.Errorf("%s solve: %v is not a tour", s.Name(), res.Solution.Squares)
	}
	res, err = s.Solve(ctx, m, model.Options{Task: model.TaskCount})
	if err != nil {
		t.Errorf("%s count: %v", s.Name(), err)
	} else if res.Count == nil || *res.Count != want {
		t.Errorf("%s count: %v %v, want %d", s.Name(), res.Status, fmtCount(res.Count), want)
	}
	var emitted []model.Solution
	emit := func(sol model.Solution) error { emitted = append(emitted, sol); return nil }
	if _, err := s.Solve(ctx, m, model.Options{Task: model.TaskEnumerate, Emit: emit}); err != nil {
		t.Errorf("%s enumerate: %v", s.Name(), err)
	}
	if int64(len(emitted)) != want {
		t.Errorf("%s enumerate: %d tours %v, want %d", s.Name(), len(emitted), emitted, want)
	}
	for _, sol := range emitted {
		if !model.Check(m, &sol).Valid {
			t.Errorf("%s enumerate: %v is not a tour", s.Name(), sol.Squares)
		}
	}
}

func fmtCount(p *int64) string {
	if p == nil {
		return "no count"
	}
	return fmt.Sprint(*p)
}

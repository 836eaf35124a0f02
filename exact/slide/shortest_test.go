package slide

import (
	"context"
	"flag"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

var long = flag.Bool("long", false, "run the long checks (the table to 16x16)")

// seedTable is the seed's least number of moves for four rooks from the
// corners to the centre of even boards.
var seedTable = map[int]int{2: 0, 4: 12, 6: 19, 8: 25, 10: 32, 12: 39, 14: 45, 16: 52, 18: 59, 20: 65, 22: 72, 24: 79}

func TestShortestSeedTable(t *testing.T) {
	top := 12
	if *long {
		top = 16
	}
	for n := 2; n <= top; n += 2 {
		m := seedModel(t, "rook", n)
		out, err := Shortest(context.Background(), m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !out.Found || len(out.Moves) != seedTable[n] {
			t.Errorf("%dx%d rooks: found %v, %d moves, want %d", n, n, out.Found, len(out.Moves), seedTable[n])
		}
		if rep := model.Check(m, &model.Solution{Moves: out.Moves}); !rep.Valid {
			t.Errorf("%dx%d: the checker rejects the solution: %v", n, n, rep.Problems)
		}
	}
}

// Table over the seed model resized: the same numbers, odd sizes skipped.
func TestTableResizesTheSeedModel(t *testing.T) {
	m, err := model.Load("../../testdata/models/sliding-rooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var rows []Row
	err = Table(context.Background(), m, []int{2, 3, 4, 6, 8}, Options{}, func(r Row) error { rows = append(rows, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	want := []int{0, -1, 12, 19, 25}
	for i, r := range rows {
		if r.Moves != want[i] {
			t.Errorf("%dx%d: %d moves (%s %s), want %d", r.Size, r.Size, r.Moves, r.Status, r.Note, want[i])
		}
	}
}

func TestShortestQueens(t *testing.T) {
	for _, c := range []struct{ n, moves int }{{4, 6}, {6, 10}, {8, 12}} {
		m := seedModel(t, "queen", c.n)
		res, err := (&Solver{}).Solve(context.Background(), m, model.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := model.Verify(m, res); err != nil || !res.Verified {
			t.Fatalf("%dx%d: not verified: %v", c.n, c.n, err)
		}
		if res.Status != model.StatusOptimal || *res.Value != int64(c.moves) {
			t.Errorf("%dx%d queens: %s %v, want %d moves", c.n, c.n, res.Status, *res.Value, c.moves)
		}
	}
}

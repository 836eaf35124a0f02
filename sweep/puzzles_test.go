package sweep_test

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// TestPuzzles checks every puzzle with up to three walls by full counts, a
// different route from the enumeration that found it: its optimal solution
// is unique, and no board made of a proper subset of its walls has the same
// value with a unique solution.
func TestPuzzles(t *testing.T) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var puzzles []sweep.Puzzle
	sum, err := sweep.Puzzles(context.Background(), m, exact.New(), sweep.PuzzleOptions{MaxWalls: 3,
		Record: func(p sweep.Puzzle) error { puzzles = append(puzzles, p); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Complete || int(sum.Puzzles) != len(puzzles) || len(puzzles) < 200 {
		t.Fatalf("complete=%v, %d puzzles recorded of %d", sum.Complete, len(puzzles), sum.Puzzles)
	}
	count := func(walls []model.Square) (value, n int64) {
		res, err := exact.New().Solve(context.Background(), m.WithWalls(walls), model.Options{Task: model.TaskCount})
		if err != nil || res.Value == nil || res.Count == nil {
			t.Fatalf("count %v: %v %+v", walls, err, res)
		}
		return *res.Value, *res.Count
	}
	for _, p := range puzzles {
		if v, n := count(p.Walls); v != p.Value || n != 1 {
			t.Errorf("puzzle %v: value %d with %d optimal solutions, want %d with 1", p.Walls, v, n, p.Value)
		}
		if r := model.Check(m.WithWalls(p.Walls), &p.Solution); !r.Valid || r.Value != p.Value {
			t.Errorf("puzzle %v: solution invalid: %v", p.Walls, r.Problems)
		}
		for mask := 0; mask < 1<<len(p.Walls)-1; mask++ {
			var subset []model.Square
			for i, s := range p.Walls {
				if mask&(1<<i) != 0 {
					subset = append(subset, s)
				}
			}
			if v, n := count(subset); v == p.Value && n == 1 {
				t.Errorf("puzzle %v is not minimal: walls %v alone give value %d uniquely", p.Walls, subset, v)
			}
		}
	}
}

// TestPuzzlesRecountedByILP counts the optimal solutions of a sample of the
// 3-wall puzzles with the ILP backend, independent of the exact one that
// found them: each must have exactly one.
func TestPuzzlesRecountedByILP(t *testing.T) {
	m, err := model.Load("../testdata/models/blocked-0w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var puzzles []sweep.Puzzle
	if _, err := sweep.Puzzles(context.Background(), m, exact.New(), sweep.PuzzleOptions{MaxWalls: 3,
		Record: func(p sweep.Puzzle) error { puzzles = append(puzzles, p); return nil }}); err != nil {
		t.Fatal(err)
	}
	step := max(1, len(puzzles)/25) // every puzzle in -short would be slow
	checked := 0
	for i := 0; i < len(puzzles); i += step {
		p := puzzles[i]
		board := m.WithWalls(p.Walls)
		res, err := ilp.New().Solve(context.Background(), board, model.Options{Task: model.TaskCount})
		if err != nil || res.Count == nil || res.Value == nil {
			t.Fatalf("ilp count of %v: %v %+v", p.Walls, err, res)
		}
		if *res.Count != 1 || *res.Value != p.Value {
			t.Errorf("puzzle %v: ilp finds %d optimal solutions of value %d, want 1 of value %d", p.Walls, *res.Count, *res.Value, p.Value)
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("only %d puzzles re-counted", checked)
	}
}

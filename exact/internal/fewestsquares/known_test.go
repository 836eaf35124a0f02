package fewestsquares

import (
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/techtest"
	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownFewest runs the fewest-squares branch and bound; the table
// counts its models (which it does not), so its solves are here, each
// refereed by brute force.
func TestKnownFewest(t *testing.T) {
	solved := func(v int64) known.Answer {
		return known.Answer{Status: model.StatusOptimal, Value: v, Count: known.Any, Classes: known.Any}
	}
	techtest.Known(t, Technique, nil,
		known.Case{Name: "5 stacked pieces on 2 squares solved",
			YAML: "pieces: {alfil: {leap: [2, 2]}, camel: {leap: [1, 3]}}\nboard: {size: 2x2, walls: [b2, a1]}\nplace: [3 alfil, 2 camel]\nrules: [stack]\nobjective: minimize dominated",
			Task: model.TaskSolve, Want: solved(1), Source: "by hand: every piece on one square, which it dominates", Brute: &brute.Solver{}},
		known.Case{Name: "king, queen and knight 5x5 fewest attacked", File: "cover-5x5-fewest", Task: model.TaskSolve, Want: solved(10),
			Source: "brute force", Brute: &brute.Solver{}},
	)
}

// TestFitsDeclinesFewestCounts: the table's count of "5 stacked pieces on
// 2 squares" (2 and 1 class at the fewest dominated squares) folds, but
// folding would count all 12 placements: neither fold.Folding nor
// Technique takes the count.
func TestFitsDeclinesFewestCounts(t *testing.T) {
	c, err := known.Find("5 stacked pieces on 2 squares")
	if err != nil {
		t.Fatal(err)
	}
	m, err := c.Model()
	if err != nil {
		t.Fatal(err)
	}
	p, err := problem.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := fold.Fits(p); !ok {
		t.Fatal("the model should fold")
	}
	opts := c.Options()
	if fold.Folding.Fits(p, opts) || Technique.Fits(p, opts) {
		t.Errorf("count: Folding fits %v, Fewest fits %v; want neither", fold.Folding.Fits(p, opts), Technique.Fits(p, opts))
	}
	opts.Task = model.TaskSolve
	if !Technique.Fits(p, opts) {
		t.Error("solve: Fewest should fit")
	}
}

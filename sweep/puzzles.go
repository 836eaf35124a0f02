package sweep

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// A Puzzle is a board whose optimal solution is unique, with no smaller
// puzzle of the same value inside it: every wall matters.
type Puzzle struct {
	Walls    []model.Square `json:"walls"`
	Value    int64          `json:"value"`
	Solution model.Solution `json:"solution"`
}

// PuzzleOptions tune Puzzles.
type PuzzleOptions struct {
	// MaxWalls is the largest number of walls tried; boards are tried with
	// 0, 1, ... MaxWalls walls, one per symmetry class.
	MaxWalls int
	// Limit stops after this many puzzles (0: no limit).
	Limit int
	// Workers bounds the goroutines solving boards, as Options.Workers.
	Workers int
	// Record receives each puzzle as it is found, from one goroutine at a time.
	Record   func(Puzzle) error
	Progress func(done float64, note string)
	// MaxMemory is the memory bound of each board's solve
	// (model.Options.MaxMemory).
	MaxMemory int64
}

// PuzzleLevel counts the classes tried and puzzles found with some number of walls.
type PuzzleLevel struct {
	Walls   int   `json:"walls"`
	Classes int64 `json:"classes"`
	Unique  int64 `json:"unique"`  // classes whose optimal solution is unique
	Puzzles int64 `json:"puzzles"` // of those, the ones with no smaller puzzle inside
}

// PuzzleSummary is what Puzzles found.
type PuzzleSummary struct {
	Model    string        `json:"model"`
	Levels   []PuzzleLevel `json:"levels"`
	Puzzles  int64         `json:"puzzles"`
	Complete bool          `json:"complete"` // every level tried to the end
	Seconds  float64       `json:"seconds"`
}

// errEnough stops an enumeration once a second optimal solution is seen.
var errEnough = errors.New("sweep: two optimal solutions")

// Puzzles finds the "interesting" boards of the blocked-queens seed: walls
// placed so that the model's optimal solution is unique, and minimal — no
// proper subset of the walls is already a puzzle of the same value (so a
// wall that only removes a second solution does count). One board per
// symmetry class. Uniqueness is decided by enumerating optimal solutions
// with the solver and stopping at the second; every solution is verified.
func Puzzles(ctx context.Context, m *model.Model, solver model.Solver, opts PuzzleOptions) (*PuzzleSummary, error) {
	if m.Kind != model.KindPlace || m.FreeWalls != nil {
		return nil, fmt.Errorf("sweep: puzzles need a place model without free walls")
	}
	start := time.Now()
	canon := m.CanonicalFunc()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ps := &puzzleSweep{m: m, solver: solver, opts: opts, cancel: cancel,
		sum:   &PuzzleSummary{Model: m.Name, Complete: true},
		found: map[string]int64{},
		key:   func(walls []model.Square) string { return canon(model.Solution{Walls: walls}).Key() },
	}
	for k := 0; k <= opts.MaxWalls && ctx.Err() == nil; k++ {
		if err := ps.level(ctx, k); err != nil {
			return nil, err
		}
	}
	ps.sum.Seconds = time.Since(start).Seconds()
	return ps.sum, nil
}

// A puzzleSweep is the state of Puzzles between levels.
type puzzleSweep struct {
	m      *model.Model
	solver model.Solver
	opts   PuzzleOptions
	cancel context.CancelFunc // at --limit
	sum    *PuzzleSummary
	found  map[string]int64 // canonical walls of each puzzle -> its value
	key    func(walls []model.Square) string
}

// level judges every class of boards with k walls and adds the level to
// the summary, and its puzzles to found.
func (ps *puzzleSweep) level(ctx context.Context, k int) error {
	opts, sum := ps.opts, ps.sum
	walls := newWallSets(ps.m, k)
	if walls.total < 0 {
		return fmt.Errorf("sweep: %d walls: too many placements to enumerate", k)
	}
	level := PuzzleLevel{Walls: k}
	var newFound []Puzzle
	var puzzles atomic.Int64 // level.Puzzles, for the progress line
	progress := func(done float64, note string) {
		if opts.Progress != nil {
			opts.Progress(done, fmt.Sprintf("%d walls: %s, %d puzzles", k, note, sum.Puzzles+puzzles.Load()))
		}
	}
	// Classes are judged by several workers in any order and released
	// in the order of their index, so that the puzzles, the counts and
	// where --limit stops are the same on any number of workers.
	release := newInOrder(func(c classAnswer) error {
		if ctx.Err() != nil {
			return nil // --limit reached: the classes after it are not counted
		}
		level.Classes++
		if !c.unique {
			return nil
		}
		level.Unique++
		if c.puzzle == nil {
			return nil
		}
		level.Puzzles++
		puzzles.Add(1)
		newFound = append(newFound, *c.puzzle)
		if opts.Record != nil {
			if err := opts.Record(*c.puzzle); err != nil {
				return err
			}
		}
		if opts.Limit > 0 && sum.Puzzles+level.Puzzles >= int64(opts.Limit) {
			ps.cancel()
		}
		return nil
	})
	err := eachClass(ctx, walls, opts.Workers, progress, func(ctx context.Context, index int64, squares []model.Square, orbit int) error {
		c, err := ps.judge(ctx, squares)
		if err != nil || ctx.Err() != nil {
			return err
		}
		return release.add(index, c)
	})
	if err != nil {
		return err
	}
	for _, p := range newFound {
		ps.found[ps.key(p.Walls)] = p.Value
	}
	sum.Puzzles += level.Puzzles
	if ctx.Err() != nil || level.Classes != walls.classes {
		sum.Complete = false
	}
	sum.Levels = append(sum.Levels, level)
	return nil
}

// judge decides whether the board with these walls has a unique optimal
// solution and, if so, whether it is a minimal puzzle.
func (ps *puzzleSweep) judge(ctx context.Context, squares []model.Square) (classAnswer, error) {
	value, solution, unique, err := uniqueOptimum(ctx, ps.m.WithWalls(squares), ps.solver, ps.opts.MaxMemory)
	if err != nil {
		return classAnswer{}, err
	}
	c := classAnswer{unique: unique}
	// Minimal: no proper subset of the walls is a puzzle of this value.
	// Earlier levels are complete and found is not written during a
	// level, so the lookup is exact.
	if unique && !hasSmallerPuzzle(squares, value, ps.found, ps.key) {
		c.puzzle = &Puzzle{Walls: squares, Value: value, Solution: solution}
	}
	return c, nil
}

// uniqueOptimum enumerates the optimal solutions of a board until it has
// seen two, verifying each.
func uniqueOptimum(ctx context.Context, board *model.Model, solver model.Solver, maxMemory int64) (value int64, first model.Solution, unique bool, err error) {
	seen := 0
	res, err := solver.Solve(ctx, board, model.Options{Task: model.TaskEnumerate, Workers: 1, MaxMemory: maxMemory, Emit: func(s model.Solution) error {
		report := model.Check(board, &s)
		if !report.Valid {
			return &model.InvalidSolutionError{Backend: solver.Name(), Problems: report.Problems}
		}
		if seen == 0 {
			first, value = s, report.Value
		}
		seen++
		if seen > 1 {
			return errEnough
		}
		return nil
	}})
	switch {
	case errors.Is(err, errEnough):
		return value, first, false, nil
	case err != nil:
		return 0, first, false, fmt.Errorf("sweep: walls %v: %w", board.Board.Walls(), err)
	case res.Status == model.StatusUnknown:
		return 0, first, false, nil
	}
	return value, first, seen == 1, nil
}

// classAnswer is what one wall class gave: whether its optimum is unique,
// and the puzzle when it is one.
type classAnswer struct {
	unique bool
	puzzle *Puzzle
}

// hasSmallerPuzzle reports whether a proper subset of squares is a puzzle
// of the same value among those found.
func hasSmallerPuzzle(squares []model.Square, value int64, found map[string]int64, key func([]model.Square) string) bool {
	for mask := 0; mask < 1<<len(squares)-1; mask++ {
		var subset []model.Square
		for i, s := range squares {
			if mask&(1<<i) != 0 {
				subset = append(subset, s)
			}
		}
		if v, ok := found[key(subset)]; ok && v == value {
			return true
		}
	}
	return false
}

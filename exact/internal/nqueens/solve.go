package nqueens

import (
	"fmt"
	"math/big"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// bytesPerPlacedPiece is what one piece of a solution costs from the
// construction to the printed answer, the checker included: 10^7 queens
// peaked at 2.0 GB, 2*10^6 at 467 MB (with some slack for the bound).
const bytesPerPlacedPiece = 300

// Solve answers n-queens and n-rooks models without a general
// search: the explicit construction or the diagonal for one solution, the
// bitwise counter or n! for counts, and listing for enumeration.
func Solve(st *tasks.Stopper, m *model.Model, sq SquareRiders, opts model.Options, res *model.Result) error {
	if opts.Task != model.TaskCount { // a count splits (shard.go); solve and enumerate do not
		if err := driver.Whole(opts, "the n-queens and n-rooks fast path"); err != nil {
			return err
		}
	}
	n := sq.n
	if cost := int64(n) * bytesPerPlacedPiece; cost > opts.MemoryLimit() {
		return fmt.Errorf("exact: a solution of %d pieces would take about %s to build, check and print, above the bound of %s: %w",
			n, model.ByteSize(cost), model.ByteSize(opts.MemoryLimit()), model.ErrTooLarge)
	}
	a := &answer{st: st, sq: sq, opts: opts, res: res}
	switch {
	case opts.Task == model.TaskSolve:
		return a.solve()
	case opts.Task == model.TaskEnumerate:
		return a.enumerate()
	case sq.family == familyRooks:
		return a.countRooks()
	}
	return a.countQueens()
}

// An answer is one n-queens or n-rooks task and the result it fills.
type answer struct {
	st   *tasks.Stopper
	sq   SquareRiders
	opts model.Options
	res  *model.Result
}

// solution is the placement with a piece on files[r] of each rank r.
func (a *answer) solution(files []int32) *model.Solution {
	s := &model.Solution{Pieces: make([]model.Placed, len(files))}
	for r, f := range files {
		s.Pieces[r] = model.Placed{Piece: a.sq.piece, Square: model.Square{File: int(f), Rank: r}}
	}
	return s // ranks ascending: already in normal order
}

// example is one solution: the diagonal for rooks, the construction for
// queens (nil when there is none).
func (a *answer) example() []int32 {
	if a.sq.family == familyRooks {
		files := make([]int32, a.sq.n)
		for i := range files {
			files[i] = int32(i)
		}
		return files
	}
	return constructQueens(a.sq.n)
}

// found reports files as the optimal solution.
func (a *answer) found(files []int32) {
	a.res.Status = model.StatusOptimal
	a.res.Solution = a.solution(files)
	a.res.Value = model.Int64(int64(a.sq.n))
}

func (a *answer) solve() error {
	if a.sq.family == familyQueens {
		a.res.Stats.Engine = "explicit n-queens construction"
	} else {
		a.res.Stats.Engine = "n-rooks diagonal"
	}
	files := a.example()
	if files == nil {
		return problem.Infeasible(a.res, a.opts)
	}
	a.found(files)
	return nil
}

func (a *answer) enumerate() error {
	n, st := a.sq.n, a.st
	var emitErr error
	var count int64
	emit := func(files []int32) bool {
		if count&1023 == 0 && st.Stopped() {
			return false
		}
		if emitErr = a.opts.Emit(*a.solution(files)); emitErr != nil {
			return false
		}
		count++
		return true
	}
	if a.sq.family == familyQueens {
		if n > maxQueensSide {
			return fmt.Errorf("exact: enumerating n-queens on a %dx%d board: more than %d ranks: %w", n, n, maxQueensSide, model.ErrUnsupported)
		}
		a.res.Stats.Engine = "bitwise n-queens"
		eachQueens(n, st, emit)
	} else {
		a.res.Stats.Engine = "n-rooks permutations"
		eachPermutation(n, emit)
	}
	return problem.Enumerated(a.res, st, count, emitErr)
}

func (a *answer) countRooks() error {
	n, res := a.sq.n, a.res
	res.Stats.Engine = "n-rooks: n!"
	total, classes := rooksCount(n), rooksClasses(n)
	if !total.IsInt64() {
		return fmt.Errorf("exact: the %d-rooks count, %d!, does not fit a 64-bit count: %w", n, n, model.ErrUnsupported)
	}
	if !driver.Owns(a.opts.Shard, 0) { // n! is one task, the first shard's
		total, classes = big.NewInt(0), big.NewInt(0)
	}
	res.Count = model.Int64(total.Int64())
	if a.opts.Symmetry {
		res.Classes = model.Int64(classes.Int64())
	}
	if total.Sign() == 0 {
		res.Status = model.StatusInfeasible
		return nil
	}
	a.found(a.example())
	return nil
}

func (a *answer) countQueens() error {
	n, st, opts, res := a.sq.n, a.st, a.opts, a.res
	if n > MaxCountSide {
		return fmt.Errorf("exact: counting n-queens on a %dx%d board: more than %d ranks could overflow the 64-bit count: %w", n, n, MaxCountSide, model.ErrUnsupported)
	}
	workers := model.WorkerCount(opts.Workers)
	res.Stats.Workers = workers
	c, err := countQueensChosen(st, n, workers, opts, res)
	if err != nil {
		return err
	}
	res.Stats.Nodes = c.nodes
	if st.Canceled() {
		res.Status = model.StatusUnknown
		res.Stats.CountedSoFar = model.Int64(c.total())
		return nil
	}
	total := c.total() // maxQueensCountSide keeps it inside 64 bits
	res.Count = model.Int64(total)
	if opts.Symmetry {
		c.setClasses(res) // joinshard.go: a join part's terms of Burnside's lemma
	}
	if total == 0 {
		res.Status = model.StatusInfeasible
		return nil
	}
	a.found(a.example())
	return nil
}

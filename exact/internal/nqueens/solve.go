package nqueens

import (
	"fmt"
	"math/big"

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
	n := sq.n
	if cost := int64(n) * bytesPerPlacedPiece; cost > opts.MemoryLimit() {
		return fmt.Errorf("exact: a solution of %d pieces would take about %s to build, check and print, above the bound of %s: %w",
			n, model.ByteSize(cost), model.ByteSize(opts.MemoryLimit()), model.ErrTooLarge)
	}
	switch opts.Task {
	case model.TaskSolve:
		if sq.family == familyQueens {
			res.Stats.Extra["engine"] = "explicit n-queens construction"
		} else {
			res.Stats.Extra["engine"] = "n-rooks diagonal"
		}
		files := sq.example()
		if files == nil {
			return problem.Infeasible(res, opts)
		}
		sq.found(res, files)
		return nil

	case model.TaskEnumerate:
		var emitErr error
		var count int64
		emit := func(files []int32) bool {
			if count&1023 == 0 && st.Stopped() {
				return false
			}
			if emitErr = opts.Emit(*sq.solution(files)); emitErr != nil {
				return false
			}
			count++
			return true
		}
		if sq.family == familyQueens {
			if n > maxQueensSide {
				return fmt.Errorf("exact: enumerating n-queens on a %dx%d board: more than %d ranks: %w", n, n, maxQueensSide, model.ErrUnsupported)
			}
			res.Stats.Extra["engine"] = "bitwise n-queens"
			eachQueens(n, st, emit)
		} else {
			res.Stats.Extra["engine"] = "n-rooks permutations"
			eachPermutation(n, emit)
		}
		return problem.Enumerated(res, st, count, emitErr)
	}
	if err := opts.Shard.Validate(); err != nil {
		return fmt.Errorf("exact: %w", err)
	}
	if sq.family == familyRooks {
		return sq.countRooks(opts, res)
	}
	return sq.countQueens(st, opts, res)
}

// solution is the board of the piece on each rank's file.
func (sq SquareRiders) solution(files []int32) *model.Solution {
	s := &model.Solution{Pieces: make([]model.Placed, len(files))}
	for r, f := range files {
		s.Pieces[r] = model.Placed{Piece: sq.piece, Square: model.Square{File: int(f), Rank: r}}
	}
	return s // ranks ascending: already in normal order
}

// example is one solution without a search (nil when there is none).
func (sq SquareRiders) example() []int32 {
	if sq.family == familyRooks {
		files := make([]int32, sq.n)
		for i := range files {
			files[i] = int32(i)
		}
		return files
	}
	return constructQueens(sq.n)
}

// found gives res the solution of files.
func (sq SquareRiders) found(res *model.Result, files []int32) {
	res.Status = model.StatusOptimal
	res.Solution = sq.solution(files)
	res.Value = model.Int64(int64(sq.n))
}

// countRooks counts n-rooks solutions as n!, one task (the first shard's).
func (sq SquareRiders) countRooks(opts model.Options, res *model.Result) error {
	n := sq.n
	res.Stats.Extra["engine"] = "n-rooks: n!"
	total, classes := rooksCount(n), rooksClasses(n)
	if !total.IsInt64() {
		return fmt.Errorf("exact: the %d-rooks count, %d!, does not fit a 64-bit count: %w", n, n, model.ErrUnsupported)
	}
	if !opts.Shard.Owns(0) {
		total, classes = big.NewInt(0), big.NewInt(0)
	}
	res.Count = model.Int64(total.Int64())
	if opts.Symmetry {
		res.Classes = model.Int64(classes.Int64())
	}
	if total.Sign() == 0 {
		res.Status = model.StatusInfeasible
		return nil
	}
	sq.found(res, sq.example())
	return nil
}

// countQueens counts n-queens solutions by start constellations.
func (sq SquareRiders) countQueens(st *tasks.Stopper, opts model.Options, res *model.Result) error {
	n := sq.n
	if n > MaxCountSide {
		return fmt.Errorf("exact: counting n-queens on a %dx%d board: more than %d ranks could overflow the 64-bit count: %w", n, n, MaxCountSide, model.ErrUnsupported)
	}
	workers := model.WorkerCount(opts.Workers)
	res.Stats.Extra["engine"] = "n-queens start constellations, one per D4 orbit"
	res.Stats.Extra["workers"] = workers
	c := countQueens(st, n, workers, opts.Shard, opts.Progress)
	res.Stats.Nodes = c.nodes
	if st.Canceled() {
		res.Status = model.StatusUnknown
		res.Stats.Extra["counted_so_far"] = c.total()
		return nil
	}
	total := c.total() // maxQueensCountSide keeps it inside 64 bits
	res.Count = model.Int64(total)
	if opts.Symmetry {
		res.Classes = model.Int64(c.classes())
	}
	if total == 0 {
		res.Status = model.StatusInfeasible
		return nil
	}
	sq.found(res, sq.example())
	return nil
}

package ilp

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// MaxHorizon is the largest horizon the ILP backend tries on a slide model
// unless told otherwise (model.Options.MaxMoves, solve --max-moves): the
// number of open squares. It grows with the board and lies past what
// lp_solve reaches in minutes (on 16 squares each step costs about ten
// times the one before, 12 steps take minutes, see docs/slide.md); past it the backend answers unknown, "more than H moves",
// never infeasible.
//
// A slide with different pieces takes longer: Guarini's four knights need
// 16 moves on 9 squares. Its largest horizon is the open squares times the
// pieces.
func MaxHorizon(m *model.Model) int {
	if m.Slide != nil && m.Slide.Labelled() {
		return m.Board.OpenCount() * len(m.Slide.From)
	}
	return m.Board.OpenCount()
}

// LastHorizon is the largest horizon a slide solve tries: opts.MaxMoves
// when it is set, MaxHorizon(m) otherwise. The in-process backend and the
// command-line solvers of compare share it.
func LastHorizon(m *model.Model, opts model.Options) int {
	if opts.MaxMoves > 0 {
		return opts.MaxMoves
	}
	return MaxHorizon(m)
}

// NoSolutionWithin records on res that no horizon up to last has a
// solution: the status stays unknown, with the bound "at least last+1
// moves" and the limit that stopped the loop.
func NoSolutionWithin(res *model.Result, last int) {
	res.Stats.Bound = model.Int64(int64(last + 1))
	res.Stats.Limit = fmt.Sprintf("no solution in at most %d moves, the largest horizon (--max-moves raises it)", last)
}

// stuckPieces proves a goal unreachable by an invariant: a piece never
// leaves the squares that the moves of the empty board connect to its own
// (a bishop its colour, any piece its side of a wall that cuts the board),
// so each such region must hold as many goal squares as pieces at the
// start. It returns why not, or "" when the counts agree. The regions are
// the components of the move graph, whose moves all have their reverse
// (the pieces move alike in every direction).
//
// In a slide with different pieces each group has its own move graph and
// the counts are taken group by group: a piece never becomes one of
// another group.
func stuckPieces(m *model.Model) string {
	for _, group := range m.Slide.SlideGroups() {
		if why := stuckGroup(m.Board, group); why != "" {
			if m.Slide.Labelled() {
				return fmt.Sprintf("%s (%s)", why, group.Label)
			}
			return why
		}
	}
	return ""
}

// stuckGroup is stuckPieces for the pieces of one group.
func stuckGroup(b *model.Board, group model.SlideGroup) string {
	region := map[model.Square]int{}
	link := map[model.Square][]model.Square{}
	for _, g := range pieceMoves(b, group.Piece, group.Move) {
		link[g.from] = append(link[g.from], g.to)
		link[g.to] = append(link[g.to], g.from)
	}
	for i := 0; i < b.Size(); i++ {
		s := b.Square(i)
		if _, seen := region[s]; seen || !b.IsOpen(s) {
			continue
		}
		n := len(region)
		region[s] = n
		for queue := []model.Square{s}; len(queue) > 0; queue = queue[1:] {
			for _, q := range link[queue[0]] {
				if _, seen := region[q]; !seen {
					region[q] = n
					queue = append(queue, q)
				}
			}
		}
	}
	pieces := map[int]int{}
	for _, s := range group.From {
		pieces[region[s]]++
	}
	goals := map[int]int{}
	for _, s := range group.To {
		goals[region[s]]++
	}
	for _, s := range append(append([]model.Square(nil), group.From...), group.To...) {
		if r := region[s]; pieces[r] != goals[r] {
			return fmt.Sprintf("a piece never leaves the squares its moves connect: %d start and %d goal squares are among those of %v",
				pieces[r], goals[r], s)
		}
	}
	return ""
}

// moveParity gives the parity of the number of moves of every solution,
// when the pieces fix it: when each group's piece only leaps, by leaps of
// an odd number of files plus ranks (a knight, a wazir), every move takes
// a piece to the other colour, so each move changes by one the number of
// a group's pieces on dark squares, and the moves of a solution add up to
// the changes of those numbers from the start to the goal.
//
// A wrapped board is left out: across a seam of odd length a leap may keep
// its colour.
func moveParity(m *model.Model) (int, bool) {
	if m.Board.Wrapped() {
		return 0, false
	}
	parity := 0
	for _, g := range m.Slide.SlideGroups() {
		if len(g.Piece.Rides) > 0 || len(g.Piece.Leaps) == 0 {
			return 0, false
		}
		for _, v := range g.Piece.Leaps {
			if (v.File+v.Rank)%2 == 0 {
				return 0, false
			}
		}
		for _, s := range g.From {
			if s.Dark() {
				parity++
			}
		}
		for _, s := range g.To {
			if s.Dark() {
				parity++
			}
		}
	}
	return parity % 2, true
}

package model

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// StuckRule says what happens to a side that has no move on its turn.
type StuckRule int

const (
	StuckLoses  StuckRule = iota // the side without a move loses (the default)
	StuckPasses                  // it passes: the other side moves again
	StuckDraw                    // the game is drawn
)

func (s StuckRule) String() string { return [...]string{"loses", "passes", "draw"}[s] }

// A GameSide is one of the two players of a game: its identical pieces,
// the squares they start on, and its goal squares. The side wins when one
// of its pieces stops on one of its goal squares (passing over one does
// not count).
type GameSide struct {
	Label string
	Piece *Piece
	From  []Square // sorted
	Goal  []Square // sorted
}

// GameSpec describes a two-player game on the board: the sides move in
// turn, First first, each move sliding one of the mover's pieces by the
// slide rule (a rider as far as it goes, stopped by a piece of either
// side, a wall, a square off the board or the edge; a leaper leaps to a
// free square). There are no captures. A side that has no move does as
// Stuck says; a game in which neither side can force a win is a draw.
type GameSpec struct {
	Sides [2]GameSide
	First int // 0 or 1
	Stuck StuckRule
}

// Mark is the letter diagrams draw a side's pieces with: the piece's
// symbol in upper case for the first side and lower case for the second.
func (g *GameSpec) Mark(side int) rune {
	r := g.Sides[side].Piece.Symbol
	if side == 0 {
		return unicode.ToUpper(r)
	}
	return unicode.ToLower(r)
}

// Side returns the index of the side labelled label, or -1.
func (g *GameSpec) Side(label string) int {
	for i, s := range g.Sides {
		if s.Label == label {
			return i
		}
	}
	return -1
}

// A GamePosition is a position of a game: each side's squares, sorted,
// and the side to move.
type GamePosition struct {
	Pieces [2][]Square
	ToMove int
}

// Key identifies a position: equal positions have equal keys.
func (p GamePosition) Key() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d", p.ToMove)
	for side := range 2 {
		b.WriteByte('|')
		for _, q := range p.Pieces[side] {
			b.WriteString(q.String())
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// GamePositionText writes the position as "white a2 b8, black b1 a7, white to move".
func (m *Model) GamePositionText(p GamePosition) string {
	g := m.Game
	var parts []string
	for side := range 2 {
		names := make([]string, len(p.Pieces[side]))
		for i, q := range p.Pieces[side] {
			names[i] = q.String()
		}
		parts = append(parts, g.Sides[side].Label+" "+strings.Join(names, " "))
	}
	return strings.Join(parts, ", ") + ", " + g.Sides[p.ToMove].Label + " to move"
}

// GameStart is the game's start position.
func (m *Model) GameStart() GamePosition {
	g := m.Game
	var p GamePosition
	for side := range 2 {
		p.Pieces[side] = slices.Clone(g.Sides[side].From)
	}
	p.ToMove = g.First
	return p
}

// GameOnGoal reports whether a piece of side stands on one of its goal
// squares.
func (m *Model) GameOnGoal(p GamePosition, side int) bool {
	for _, q := range p.Pieces[side] {
		if slices.Contains(m.Game.Sides[side].Goal, q) {
			return true
		}
	}
	return false
}

// GameOver reports whether the game has ended at p: the side that moved
// last (not the side to move) has a piece on one of its goal squares.
// The side to move has then lost. (A side without a move is judged by
// GameMoves and the stuck rule, not here.)
func (m *Model) GameOver(p GamePosition) bool { return m.GameOnGoal(p, 1-p.ToMove) }

func (p GamePosition) occupied(q Square) bool {
	return slices.Contains(p.Pieces[0], q) || slices.Contains(p.Pieces[1], q)
}

// GameMoves lists the moves of the side to move at p by the slide rule,
// on the checker's plain grid: each piece in square order, each
// destination in square order. It lists none when the game is over.
// A side without a move has none: the stuck rule says what follows.
func (m *Model) GameMoves(p GamePosition) []Move {
	if m.GameOver(p) {
		return nil
	}
	b := m.Board
	side := m.Game.Sides[p.ToMove]
	var out []Move
	for _, from := range p.Pieces[p.ToMove] {
		for i := range b.Size() {
			to := b.Square(i)
			if to == from || !b.IsOpen(to) || p.occupied(to) {
				continue
			}
			mv := Move{From: from, To: to}
			if move(b, side.Piece, from, to, p.occupied) && maximal(b, side.Piece, mv, p.occupied) {
				out = append(out, mv)
			}
		}
	}
	return out
}

// GamePlay makes move mv at p and returns the new position; p is not
// changed. It does not check that the move is legal (GameStep does). A
// pass is a move from a square to itself.
func (m *Model) GamePlay(p GamePosition, mv Move) GamePosition {
	var n GamePosition
	n.Pieces[0] = slices.Clone(p.Pieces[0])
	n.Pieces[1] = slices.Clone(p.Pieces[1])
	n.ToMove = 1 - p.ToMove
	if mv.From == mv.To {
		return n
	}
	own := n.Pieces[p.ToMove]
	for i, q := range own {
		if q == mv.From {
			own[i] = mv.To
		}
	}
	SortSquares(own)
	return n
}

// GameStep checks that mv is a legal move at p: the game is not over, a
// piece of the side to move stands on its first square, and it is one of
// GameMoves; or a pass (a move from a square of the side's to itself) of
// a side without a move under the rule that it passes.
func (m *Model) GameStep(p GamePosition, mv Move) error {
	g := m.Game
	side := g.Sides[p.ToMove]
	if m.GameOver(p) {
		return fmt.Errorf("the game is over: %s has won", g.Sides[1-p.ToMove].Label)
	}
	if !slices.Contains(p.Pieces[p.ToMove], mv.From) {
		return fmt.Errorf("no %s piece on %v (%s to move)", side.Label, mv.From, side.Label)
	}
	moves := m.GameMoves(p)
	if mv.From == mv.To {
		switch {
		case len(moves) > 0:
			return fmt.Errorf("%s passes but has %d moves", side.Label, len(moves))
		case g.Stuck != StuckPasses:
			return fmt.Errorf("%s has no move and may not pass: a side without a move %s", side.Label, stuckWords(g.Stuck))
		}
		return nil
	}
	if slices.Contains(moves, mv) {
		return nil
	}
	if !m.Board.IsOpen(mv.To) || p.occupied(mv.To) {
		return fmt.Errorf("%v is not a free open square", mv.To)
	}
	if !move(m.Board, side.Piece, mv.From, mv.To, p.occupied) {
		return fmt.Errorf("not a %s move (the %s %s on %v)", side.Piece.Name, side.Label, side.Piece.Name, mv.From)
	}
	return fmt.Errorf("the %s %s does not slide as far as it goes", side.Label, side.Piece.Name)
}

func stuckWords(r StuckRule) string {
	return map[StuckRule]string{StuckLoses: "loses", StuckPasses: "passes", StuckDraw: "draws the game"}[r]
}

// GameEnd says how the game stands at p by its rules: "<label> wins"
// when the side that moved last stands on its goal, or the side to move
// has no move and loses by the stuck rule; "draw" when the side to move
// has no move under the rule that draws; "" while the game goes on.
func (m *Model) GameEnd(p GamePosition) string {
	g := m.Game
	if m.GameOver(p) {
		return g.Sides[1-p.ToMove].Label + " wins"
	}
	if len(m.GameMoves(p)) == 0 {
		switch g.Stuck {
		case StuckLoses:
			return g.Sides[1-p.ToMove].Label + " wins"
		case StuckDraw:
			return "draw"
		}
	}
	return ""
}

// checkGame replays a claimed game move by move (GameStep) and asks that
// it end as the solution says (End): "<label> wins" or "draw" by the
// rules (GameEnd) after its last move and not before; or "draw" when its
// last position repeats an earlier one (a principal variation of a drawn
// game runs into a repetition); or "" for a game that goes on. Its value
// is the number of plies.
func checkGame(m *Model, s *Solution, r *Report) {
	if len(s.Pieces) > 0 || len(s.Walls) > 0 || len(s.Squares) > 0 {
		r.fail("a game model takes moves, not pieces, walls or squares")
	}
	pos := m.GameStart()
	seen := map[string]bool{}
	r.Measures["plies"] = int64(len(s.Moves))
	r.Value = int64(len(s.Moves))
	for i, mv := range s.Moves {
		if end := m.GameEnd(pos); end != "" {
			r.fail("move %d, %v-%v: the game ended after move %d (%s)", i+1, mv.From, mv.To, i, end)
			return
		}
		seen[pos.Key()] = true
		if err := m.GameStep(pos, mv); err != nil {
			r.fail("move %d, %v-%v: %v", i+1, mv.From, mv.To, err)
			return
		}
		pos = m.GamePlay(pos, mv)
	}
	end := m.GameEnd(pos)
	if end == "" && seen[pos.Key()] {
		end = "draw" // by repetition
	}
	if end != s.End {
		say := func(e string) string {
			if e == "" {
				return "the game goes on"
			}
			return e
		}
		r.fail("after %d plies %s, not %s as claimed", len(s.Moves), say(end), say(s.End))
	}
}

// mapsGameOnto reports whether t maps each side's start and goal squares
// onto themselves: a symmetry of a game keeps the sides.
func mapsGameOnto(t Transform, g *GameSpec, rows, cols int) bool {
	for _, s := range g.Sides {
		if !mapsOnto(t, s.From, rows, cols) || !mapsOnto(t, s.Goal, rows, cols) {
			return false
		}
	}
	return true
}

// mark draws the game on a diagram: each side's pieces with its letter,
// 'o' on a goal square no piece stands on.
func (g *GameSpec) mark(marks map[Square]rune) {
	for side, s := range g.Sides {
		for _, q := range s.From {
			marks[q] = g.Mark(side)
		}
	}
	for _, s := range g.Sides {
		for _, q := range s.Goal {
			if _, ok := marks[q]; !ok {
				marks[q] = 'o'
			}
		}
	}
}

// GameSideSummary is one side of a game in a Summary.
type GameSideSummary struct {
	Label string   `json:"label"`
	Piece string   `json:"piece"`
	Mark  string   `json:"mark"`
	From  []Square `json:"from"`
	Goal  []Square `json:"goal"`
}

// GameSummary is the game section of a Summary.
type GameSummary struct {
	Sides []GameSideSummary `json:"sides"`
	First string            `json:"first"`
	Stuck string            `json:"stuck"`
}

func (g *GameSpec) summary() *GameSummary {
	s := &GameSummary{First: g.Sides[g.First].Label, Stuck: g.Stuck.String()}
	for i, side := range g.Sides {
		s.Sides = append(s.Sides, GameSideSummary{Label: side.Label, Piece: side.Piece.Name,
			Mark: string(g.Mark(i)), From: side.From, Goal: side.Goal})
	}
	return s
}

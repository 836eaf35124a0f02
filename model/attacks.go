package model

// AttackedSquares marks, by Board.Index, the squares that some of pieces
// attacks on the model's board with walls added: a leap reaches its square
// if that square is open; a ride steps on (across glued edges, Board.Line)
// until the edge, a wall or a square not on the board, and under strong
// attack stops at the first occupied square, which it attacks. A piece
// never attacks its own square, and a piece off the board or of a kind the
// model does not know attacks nothing. It reads the model and the slices
// and changes none of them; the grid is new and the caller's.
//
// It is for pictures and pages that shade attacked squares. Check does not
// use it: the checker recomputes its own grid, independently, and its
// verdict is the one that counts.
func (m *Model) AttackedSquares(pieces []Placed, walls []Square) []bool {
	b := m.Board
	wall := make(map[Square]bool, len(walls))
	for _, w := range walls {
		wall[w] = true
	}
	occupied := make(map[Square]bool, len(pieces))
	for _, p := range pieces {
		occupied[p.Square] = true
	}
	strong := m.Rules.Attack == Strong
	attacked := make([]bool, b.Size())
	mark := func(t Square) bool {
		if wall[t] {
			return false
		}
		attacked[b.Index(t)] = true
		return !strong || !occupied[t]
	}
	for _, p := range pieces {
		def := m.Pieces[p.Piece]
		if def == nil || !b.InBounds(p.Square) {
			continue
		}
		for _, v := range def.Leaps {
			b.Line(p.Square, v, false, mark)
		}
		for _, d := range def.Rides {
			b.Line(p.Square, d, true, mark)
		}
	}
	return attacked
}

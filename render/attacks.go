package render

import "github.com/chessmodel/chessmodel/model"

// attacked marks, rank by rank from a1, the squares that some piece on the
// board attacks, by the model's rules: a leap jumps to its square if that
// square is open; a ride steps on until the edge, a wall (of the board or
// added by the solution) or a square not on the board, and under strong
// attack stops at the first occupied square, which it attacks. A piece never
// attacks its own square. The model's checker keeps its own grid to itself,
// so the picture computes one of its own.
func attacked(m *model.Model, pieces []model.Placed, walls []model.Square) []bool {
	b := m.Board
	extra := map[model.Square]bool{}
	for _, w := range walls {
		extra[w] = true
	}
	blocked := func(s model.Square) bool { return !b.IsOpen(s) || extra[s] }
	occupied := map[model.Square]bool{}
	for _, p := range pieces {
		occupied[p.Square] = true
	}
	strong := m.Rules.Attack == model.Strong
	grid := make([]bool, b.Size())
	for _, p := range pieces {
		def := m.Pieces[p.Piece]
		if def == nil {
			continue
		}
		if b.Wrapped() {
			mark := func(t model.Square) bool {
				if blocked(t) {
					return false
				}
				grid[b.Index(t)] = true
				return !strong || !occupied[t]
			}
			for _, v := range def.Leaps {
				b.Line(p.Square, v, false, mark)
			}
			for _, d := range def.Rides {
				b.Line(p.Square, d, true, mark)
			}
			continue
		}
		for _, v := range def.Leaps {
			if t := p.Square.Add(v); !blocked(t) {
				grid[b.Index(t)] = true
			}
		}
		for _, d := range def.Rides {
			for t := p.Square.Add(d); !blocked(t); t = t.Add(d) {
				grid[b.Index(t)] = true
				if strong && occupied[t] {
					break
				}
			}
		}
	}
	return grid
}

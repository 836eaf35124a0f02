package problem

import (
	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/model"
)

// Geometry of a problem that is not plain (a wrapped board, a one-sided
// piece): every leap and ride comes from the board's own walk
// (model.Board.Line), which folds lines across glued edges, stops them
// before they come back to their start, and may visit a square twice on a
// twisted board. The bitboard tables of rays.go assume straight lines of
// the rectangle and are not used.

// lineReach fills weak[i] with what pc reaches from every open square.
func (p *Problem) lineReach(pc *model.Piece, weak bitset.Rows) {
	b := p.Model.Board
	for i := 0; i < p.Squares; i++ {
		if !p.Open.Has(i) {
			continue
		}
		w := weak.Row(i)
		for _, t := range b.Reach(pc, p.Square(i)) {
			w.Set(b.Index(t))
		}
	}
}

// buildLineLists lists, for every open square, the squares of each leap
// and of each ride direction, nearest first, by the board's walk.
func (g *PieceGeometry) buildLineLists() {
	p, pc := g.p, g.Piece
	b := p.Model.Board
	g.leaps = make([][]int32, p.Squares)
	g.rays = make([][][]int32, p.Squares)
	for i := 0; i < p.Squares; i++ {
		if !p.Open.Has(i) {
			continue
		}
		s := p.Square(i)
		seen := map[int32]bool{}
		for _, v := range pc.Leaps {
			b.Line(s, v, false, func(t model.Square) bool {
				if j := int32(b.Index(t)); !seen[j] {
					seen[j] = true
					g.leaps[i] = append(g.leaps[i], j)
				}
				return true
			})
		}
		for _, d := range pc.Rides {
			var ray []int32
			b.Line(s, d, true, func(t model.Square) bool {
				ray = append(ray, int32(b.Index(t)))
				return true
			})
			if len(ray) > 0 {
				g.rays[i] = append(g.rays[i], ray)
			}
		}
	}
}

// transposeRows returns the rows x rows transpose of a square relation:
// out[j] holds i when in[i] holds j.
func transposeRows(in bitset.Rows, n int) bitset.Rows {
	out := bitset.NewRows(n, n)
	for i := 0; i < n; i++ {
		row := in.Row(i)
		for j := row.First(); j >= 0; j = row.Next(j + 1) {
			out.Row(j).Set(i)
		}
	}
	return out
}

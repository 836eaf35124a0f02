package render

import "github.com/chessmodel/chessmodel/model"

// attacked marks, rank by rank from a1, the squares that some piece on the
// board attacks, with the solution's walls added: the model's own grid for
// pictures (model.Model.AttackedSquares).
func attacked(m *model.Model, pieces []model.Placed, walls []model.Square) []bool {
	return m.AttackedSquares(pieces, walls)
}

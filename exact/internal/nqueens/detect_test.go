package nqueens

import (
	"slices"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestRidesInPieceOrder checks that the queen's and the rook's rides are
// listed as the model's pieces store them, so that sameVectors answers
// them by its comparison in order; and that it still answers the same
// vectors in another order, and tells other vectors apart.
func TestRidesInPieceOrder(t *testing.T) {
	pieces := model.BuiltinPieces()
	for _, c := range []struct {
		piece string
		rides []model.Vector
	}{{"queen", queenRides}, {"rook", rookRides}} {
		if got := pieces[c.piece].Rides; !slices.Equal(got, c.rides) {
			t.Errorf("the %s's rides %v, listed here as %v", c.piece, got, c.rides)
		}
	}
	reversed := slices.Clone(queenRides)
	slices.Reverse(reversed)
	if !sameVectors(reversed, queenRides) {
		t.Errorf("the queen's rides reversed are not the queen's rides")
	}
	if sameVectors(pieces["bishop"].Rides, rookRides) || sameVectors(pieces["rook"].Rides, queenRides) {
		t.Errorf("the bishop's rides are the rook's, or the rook's the queen's")
	}
	twice := append(slices.Clone(rookRides[:3]), rookRides[0])
	if sameVectors(twice, rookRides) {
		t.Errorf("%v, with a vector twice, are the rook's rides %v", twice, rookRides)
	}
}

package fold

import (
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/techtest"
)

// TestKnownFolding runs every known case Folding fits through it alone.
// The table's "5 stacked pieces on 2 squares" minimises dominated squares:
// Folding says it does not fit (it would count every placement, 12 and 6
// classes, where 2 and 1 are at the minimum).
// The fewest knights that dominate 10x10 and 11x11 take folding more than
// 9 minutes at load 20-30 (dispatch gives them to the fewest-pieces
// cover): they run only with CHESSMODEL_FORCED_LONG=1.
func TestKnownFolding(t *testing.T) {
	slow := "folding takes minutes on it"
	techtest.Known(t, Folding, map[string]string{"knights domination 10": slow, "knights domination 11": slow})
}

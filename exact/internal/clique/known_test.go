package clique

import (
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/techtest"
)

// TestKnownTechnique runs every known case Technique fits through it
// alone. n queens for n = 15 and 16 (2.3 and 14.8 million solutions, each
// a leaf of the clique search) took the package past go test's ten
// minutes at load 12 on 2 cores; dispatch gives them to the n-queens
// counter, and they run forced to clique only with CHESSMODEL_FORCED_LONG=1.
func TestKnownTechnique(t *testing.T) {
	long := "the clique search lists every solution: minutes"
	techtest.Known(t, Technique, map[string]string{"n-queens 15": long, "n-queens 16": long})
}

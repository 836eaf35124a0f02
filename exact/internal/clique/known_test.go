package clique

import (
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/techtest"
)

// TestKnownTechnique runs every known case Technique fits through it alone.
func TestKnownTechnique(t *testing.T) { techtest.Known(t, Technique, nil) }

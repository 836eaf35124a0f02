package nqueens

import (
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/techtest"
)

// TestKnownDetected runs every known case Technique fits through it alone.
func TestKnownDetected(t *testing.T) { techtest.Known(t, Technique, nil) }

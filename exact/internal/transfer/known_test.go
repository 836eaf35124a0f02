package transfer

import (
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/techtest"
)

// TestKnownForced runs every known count the transfer fits through it
// alone, forced: whatever the general search would cost.
func TestKnownForced(t *testing.T) { techtest.Known(t, Forced, nil) }

package nqueens

import (
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/exact/internal/techtest"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownDetected runs every known case Detect takes through Solve alone.
func TestKnownDetected(t *testing.T) {
	techtest.KnownModel(t, "n-queens", func(m *model.Model, _ model.Options) bool {
		_, ok := Detect(m)
		return ok && m.Plain() && !m.HasGroups()
	}, func(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
		sq, _ := Detect(m)
		return Solve(st, m, sq, opts, res)
	})
}

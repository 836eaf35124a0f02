package transfer

import (
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/exact/internal/techtest"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownForced runs every known count the transfer fits through it
// alone, forced: whatever the general search would cost.
func TestKnownForced(t *testing.T) {
	techtest.KnownModel(t, "transfer", func(m *model.Model, opts model.Options) bool {
		return opts.Task == model.TaskCount && !opts.DistinctWalls && m.Plain() && !m.HasGroups() && fit(m) != nil
	}, func(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
		_, err := countModel(st, m, opts, res, true)
		return err
	})
}

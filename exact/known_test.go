package exact

import (
	"testing"

	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownAnswers runs the table of puzzles with known answers through the
// facade: every kind, every task it can do.
func TestKnownAnswers(t *testing.T) {
	known.Test(t, "exact", func(*known.Case, *model.Model) model.Solver { return New() })
}

// knownValue is the value the table gives for the case of the given name.
func knownValue(t testing.TB, name string) int64 {
	t.Helper()
	c, err := known.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return c.Want.Value
}

// knownCount is the count the table gives for the case of the given name.
func knownCount(t testing.TB, name string) (count, classes int64) {
	t.Helper()
	c, err := known.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return c.Want.Count, c.Want.Classes
}

package exact

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/internal/known"
)

// TestKnownAnswers runs the table of puzzles with known answers through the
// facade: every kind, every task it can do.
func TestKnownAnswers(t *testing.T) {
	for _, c := range known.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			if c.Slow && testing.Short() || c.TooLongFor("exact") {
				t.Skip("slow")
			}
			m, err := c.Model()
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.Run(context.Background(), New(), m)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Check(m, res); err != nil {
				t.Error(err)
			}
		})
	}
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

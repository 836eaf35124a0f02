package known

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// Test runs, as subtests named after the cases, every case that pick gives
// a solver for: the case's model solved by that solver and checked against
// the answer. pick sees the model and a copy of the case, which it may
// adjust for its solver (a method that gives no classes is asked for the
// count alone), and returns nil to leave the case out. Slow cases are
// skipped under -short, and those too long for method unless
// CHESSMODEL_MINUTES is set. A runner
// that picks no case fails.
func Test(t *testing.T, method string, pick func(c *Case, m *model.Model) model.Solver) {
	t.Helper()
	picked := 0
	for _, c := range Cases() {
		m, err := c.Model()
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		s := pick(&c, m)
		if s == nil {
			continue
		}
		picked++
		t.Run(c.Name, func(t *testing.T) {
			if c.Slow && testing.Short() || c.TooLongFor(method) {
				t.Skip("slow")
			}
			res, err := c.Run(context.Background(), s, m)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Check(m, res); err != nil {
				t.Error(err)
			}
		})
	}
	if picked == 0 {
		t.Fatalf("no case for %s", method)
	}
}

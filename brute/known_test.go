package brute_test

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/internal/known"
)

// TestKnownAnswers runs the referee on the cases of the table of known
// answers that name it.
func TestKnownAnswers(t *testing.T) {
	ran := 0
	for _, c := range known.Cases() {
		if c.Brute == nil {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			m, err := c.Model()
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.Run(context.Background(), c.Brute, m)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Check(m, res); err != nil {
				t.Error(err)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no case for the referee")
	}
}

//go:build cgo

package ilp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// An unreachable goal that no invariant proves: the horizon loop stops at
// the largest horizon with "unknown" and the bound "more than H moves",
// never "infeasible".
func TestSlideHorizonBound(t *testing.T) {
	m, err := model.Load("../testdata/models/slide-impossible.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := ilp.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve, MaxMoves: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != model.StatusUnknown || res.Stats.Bound == nil || *res.Stats.Bound != 4 {
		t.Fatalf("status %v, bound %v; want unknown, at least 4 moves", res.Status, show(res.Stats.Bound))
	}
	if limit := res.Stats.Limit; !strings.Contains(limit, "no solution in at most 3 moves") {
		t.Errorf("limit %q", limit)
	}
	if h := res.Stats.Extra["horizons"].([]map[string]any); len(h) != 4 {
		t.Errorf("%d horizons tried, want 0..3", len(h))
	}
	if got := ilp.MaxHorizon(m); got != 23 {
		t.Errorf("default largest horizon %d, want the 23 open squares", got)
	}
}

// Goals that an invariant proves unreachable at once: bishops keep their
// colours, and a wall across the board keeps a rook on its side.
func TestSlideStuckPieces(t *testing.T) {
	for _, tc := range []struct{ name, yaml string }{
		{"bishop colours", "name: b\nboard: 4\nslide: {piece: bishop, from: [a1, c1], to: [b1, d1]}\n"},
		{"wall across", "name: w\nboard: {size: 3, walls: [a2, b2, c2]}\nslide: {piece: rook, from: [a1], to: [c3]}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Parse([]byte(tc.yaml), tc.name)
			if err != nil {
				t.Fatal(err)
			}
			res, err := ilp.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
			if err != nil {
				t.Fatal(err)
			}
			reason := res.Stats.Reason
			if res.Status != model.StatusInfeasible || !strings.Contains(reason, "never leaves") {
				t.Errorf("status %v (%s), want infeasible by the invariant", res.Status, reason)
			}
			if h := res.Stats.Extra["horizons"].([]map[string]any); len(h) != 0 {
				t.Errorf("%d horizons solved, want none", len(h))
			}
		})
	}
	// the same counts on each side: the invariant proves nothing
	m, err := model.Parse([]byte("name: ok\nboard: 4\nslide: {piece: bishop, from: [a1, b1], to: [c1, d1]}\n"), "ok")
	if err != nil {
		t.Fatal(err)
	}
	res, err := ilp.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve, MaxMoves: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == model.StatusInfeasible {
		t.Errorf("bishops that keep their colours: infeasible, want a solution or unknown")
	}
}

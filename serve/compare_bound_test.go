package serve

import (
	"context"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/model"
)

// cutShort answers with a placement of four independent queens once its
// context ends, as a backend stopped with a solution in hand does.
type cutShort struct{}

func (cutShort) Name() string { return "cutshort" }

func (cutShort) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	<-ctx.Done()
	res := model.NewResult(m, opts.Task, "cutshort")
	res.Solution = &model.Solution{}
	for _, name := range []string{"a2", "b4", "c1", "d3"} {
		sq, err := model.ParseSquare(name)
		if err != nil {
			return nil, err
		}
		res.Solution.Pieces = append(res.Solution.Pieces, model.Placed{Piece: "queen", Square: sq})
	}
	res.Value = model.Int64(4)
	return res, nil
}

// TestRunCompareWholeBound: every backend of a comparison has the whole
// time bound the run asked for, not a share of it, the event says so, and
// a backend cut off by it with a verified solution is feasible, as the
// command line says, its bound named in round figures.
func TestRunCompareWholeBound(t *testing.T) {
	ts := newTestServer(t, func(c *Config) {
		c.Backends["slow"] = newSlowSolver()
		c.Backends["cutshort"] = cutShort{}
	})
	yaml := "board: 4\nplace: [max queen]\nrules: [independent]\n"
	_, events, _ := runStream(t, context.Background(), ts, map[string]any{"yaml": yaml, "task": "compare", "backends": []string{"slow", "cutshort", "exact"}, "timeout": 0.4})
	var ev struct {
		wireCompareEvent
		Timeout float64        `json:"timeout"`
		Stats   []*model.Stats `json:"stats"`
	}
	if !lastEvent(t, events, "compare", &ev) {
		t.Fatalf("events %s", eventNames(events))
	}
	if ev.Timeout != 0.4 || len(ev.Stats) != 3 {
		t.Errorf("timeout %v, %d stats", ev.Timeout, len(ev.Stats))
	}
	answers := ev.Row.Answers
	if len(answers) != 3 {
		t.Fatalf("%d answers", len(answers))
	}
	for _, a := range answers[:2] {
		if a.Problem != compare.TimedOut || a.Error != "no complete answer within 400ms" || a.Seconds < 0.38 {
			t.Errorf("%s: %q %q after %.3fs, want a timeout after the whole 400ms", a.Backend, a.Problem, a.Error, a.Seconds)
		}
	}
	if a := answers[1]; a.Status != model.StatusFeasible || !a.Verified || a.Value == nil || *a.Value != 4 {
		t.Errorf("the backend cut off with a solution says %v (verified %v)", a.Status, a.Verified)
	}
	if a := answers[0]; a.Status != model.StatusUnknown {
		t.Errorf("the backend cut off with nothing says %v", a.Status)
	}
	if a := answers[2]; a.Status != model.StatusOptimal || a.Problem != "" {
		t.Errorf("exact: %v %q", a.Status, a.Problem)
	}
	// One backend answered: nothing to agree with.
	if ev.Verdict != "incomplete" || !strings.Contains(ev.Note, "no complete answer within 400ms") {
		t.Errorf("verdict %q, note %q", ev.Verdict, ev.Note)
	}
}

package driver

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// TestDispatchOrder: the first technique of the table that fits answers;
// one that does not fit, by the model or by the compiled problem, is
// passed over, and so is one that declines; the model is compiled once,
// and not at all when the answer reads the model alone.
func TestDispatchOrder(t *testing.T) {
	m := mustParse(t)
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	var ran []string
	var compiled []*problem.Problem
	tech := func(name string, fitsModel, fits bool, answer error) Technique {
		return Technique{
			Name:      name,
			FitsModel: func(*model.Model, model.Options) (any, bool) { return nil, fitsModel },
			Fits: func(p *problem.Problem, _ model.Options) bool {
				compiled = append(compiled, p)
				return fits
			},
			Solve: func(*tasks.Stopper, *problem.Problem, model.Options, *model.Result) error {
				ran = append(ran, name)
				return answer
			},
		}
	}
	// byModel hands its solve what its fits found, a different value on
	// each call: the solve must see the one found for it.
	var lastFound *int
	byModel := Technique{Name: "model",
		FitsModel: func(*model.Model, model.Options) (any, bool) {
			lastFound = new(int)
			return lastFound, true
		},
		SolveModel: func(_ *tasks.Stopper, _ *model.Model, found any, _ model.Options, _ *model.Result) error {
			if f, ok := found.(*int); !ok || f != lastFound {
				t.Errorf("the model's solve was handed %v, not what its fits found (%v)", found, lastFound)
			}
			ran = append(ran, "model")
			return nil
		}}
	answer := errors.New("answered")
	for _, c := range []struct {
		table    []Technique
		ran      string
		compiles int
	}{
		{[]Technique{tech("a", false, true, nil), tech("b", true, false, nil), tech("c", true, true, answer), tech("d", true, true, nil)}, "[c]", 2},
		{[]Technique{tech("a", true, true, fmt.Errorf("costlier: %w", ErrDeclined)), tech("b", true, true, answer)}, "[a b]", 2},
		{[]Technique{byModel, tech("a", true, true, nil)}, "[model]", 0},
	} {
		ran, compiled = nil, nil
		err := Dispatch(st, m, model.Options{}, model.NewResult(m, model.TaskSolve, "test"), c.table)
		if fmt.Sprint(ran) != c.ran || len(compiled) != c.compiles || !errors.Is(err, answer) && c.ran != "[model]" {
			t.Errorf("ran %v, asked %d fits, %v; want %s, %d", ran, len(compiled), err, c.ran, c.compiles)
		}
		for _, p := range compiled {
			if p != compiled[0] {
				t.Errorf("compiled more than once")
			}
		}
	}
	if err := Dispatch(st, m, model.Options{}, model.NewResult(m, model.TaskSolve, "test"), []Technique{tech("a", false, true, nil)}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("no technique fits: %v, want ErrUnsupported", err)
	}
	if err := tech("a", false, true, nil).Answer(st, m, model.Options{}, model.NewResult(m, model.TaskSolve, "test")); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("Answer by a technique that does not fit: %v, want ErrUnsupported", err)
	}
	if err := byModel.Answer(st, m, model.Options{}, model.NewResult(m, model.TaskSolve, "test")); err != nil {
		t.Errorf("Answer by the model's technique: %v", err)
	}
}

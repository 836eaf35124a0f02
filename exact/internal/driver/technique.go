package driver

import (
	"errors"
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A Technique is one search package as the facade's dispatch and the
// tests see it: whether it answers a model, and its answer. Fits is the
// technique's own word, not dispatch's choice: a technique may fit models
// dispatch sends elsewhere (to one earlier in its table, a faster one),
// and then must still give the right answer; where it would not, Fits
// says no. The tests force every technique onto every known case it fits
// (package techtest).
//
// What a technique needs is said by the functions it sets, as gonum's
// optimize.Method says what it Needs. FitsModel reads the model before
// it is compiled (nil: every placement model); Fits reads the compiled
// problem (nil: the technique needs none). The answer is SolveModel's
// when it is set, which reads the model itself (the n-queens counter and
// the transfer matrix never compile: their boards may be far larger than
// a compiled problem allows), else Solve's on the compiled problem.
//
// What FitsModel found in saying yes (the n-queens counter's board, the
// transfer's spec) it returns as found, and SolveModel is handed it, so
// that the answer does not look for it again; found is nil where the
// technique has nothing to hand on, and is the technique's own type,
// which only its SolveModel reads. SolveModel is only called with what
// its own FitsModel returned on the same model and options (nil when
// FitsModel is nil).
type Technique struct {
	Name       string
	FitsModel  func(m *model.Model, opts model.Options) (found any, ok bool)
	Fits       func(p *problem.Problem, opts model.Options) bool
	SolveModel func(st *tasks.Stopper, m *model.Model, found any, opts model.Options, res *model.Result) error
	Solve      func(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error
}

// ErrDeclined is what a technique's answer wraps when, having looked
// closer than Fits does (an estimate of its work against the next
// technique's), it leaves the model to the next technique of the table
// that fits. It leaves res as the next technique may fill it.
var ErrDeclined = errors.New("declined: the next technique answers")

// Dispatch answers m with the first technique of table that fits it (the
// table is the order of preference): the model is compiled once, when the
// first technique that reads a compiled problem is asked whether it fits,
// and a compile error is the answer. A technique that declines
// (ErrDeclined) passes the model on to the next that fits.
func Dispatch(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result, table []Technique) error {
	var p *problem.Problem
	for i := range table {
		t := &table[i]
		var found any
		if t.FitsModel != nil {
			var ok bool
			if found, ok = t.FitsModel(m, opts); !ok {
				continue
			}
		}
		if p == nil && (t.Fits != nil || t.SolveModel == nil) {
			var err error
			if p, err = problem.CompileWithin(m, opts.MaxMemory); err != nil {
				return err
			}
		}
		if t.Fits != nil && !t.Fits(p, opts) {
			continue
		}
		var err error
		if t.SolveModel != nil {
			err = t.SolveModel(st, m, found, opts, res)
		} else {
			err = t.Solve(st, p, opts, res)
		}
		if err == nil || !errors.Is(err, ErrDeclined) {
			return err
		}
	}
	return fmt.Errorf("exact: no technique of the placement backend answers this model: %w", model.ErrUnsupported)
}

// FitsCase reports whether t fits m under opts, compiling m when t reads
// the compiled problem; a model that does not compile fits no such
// technique.
func (t Technique) FitsCase(m *model.Model, opts model.Options) bool {
	if m.Kind != model.KindPlace {
		return false
	}
	if t.FitsModel != nil {
		if _, ok := t.FitsModel(m, opts); !ok {
			return false
		}
	}
	if t.Fits == nil {
		return true
	}
	p, err := problem.Compile(m)
	return err == nil && t.Fits(p, opts)
}

// Answer answers m with t alone, compiled as Dispatch compiles it; a
// model t does not fit (FitsModel) is an error wrapping
// model.ErrUnsupported.
func (t Technique) Answer(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
	var found any
	if t.FitsModel != nil {
		var ok bool
		if found, ok = t.FitsModel(m, opts); !ok {
			return fmt.Errorf("exact: the %s technique does not fit this model: %w", t.Name, model.ErrUnsupported)
		}
	}
	if t.SolveModel != nil {
		return t.SolveModel(st, m, found, opts, res)
	}
	p, err := problem.CompileWithin(m, opts.MaxMemory)
	if err != nil {
		return err
	}
	return t.Solve(st, p, opts, res)
}

package known

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// Any marks a number of an Answer that is not asserted.
const Any = -1

// Answer is what a backend must report.
type Answer struct {
	Status                model.Status
	Value, Count, Classes int64 // Any: not asserted
	// NoValue asserts that the result has no value: a drawn game, whose
	// start has no plies to the end (games.go).
	NoValue bool
}

// Case is one puzzle with a known answer.
type Case struct {
	Name   string
	File   string   // a model under testdata/models, without .yaml
	YAML   string   // the model itself, when File is empty
	Set    []string // overrides, as --set gives them
	Task   model.Task
	Opts   model.Options // Symmetry and DistinctWalls; Task is set from Task
	Want   Answer
	Source string

	ILP     bool          // lp_solve answers it within the suite's time
	Brute   *brute.Solver // the referee that answers it (nil: too large)
	Slow    bool          // seconds for some backend: left out under -short
	Minutes []string      // methods that would take minutes: left out of the suite
}

// Model loads or parses the case's model.
func (c Case) Model() (*model.Model, error) {
	if c.File == "" {
		return model.Parse([]byte(c.YAML), c.Name+".yaml", c.Set...)
	}
	return model.Load(filepath.Join(root(), "testdata", "models", c.File+".yaml"), c.Set...)
}

// root is the module's directory, found from this file's.
func root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// Options are the solve options of the case.
func (c Case) Options() model.Options {
	o := c.Opts
	o.Task = c.Task
	return o
}

// TooLongFor reports whether method would take minutes on the case, and
// CHESSMODEL_MINUTES does not ask for runs of minutes.
func (c Case) TooLongFor(method string) bool {
	return slices.Contains(c.Minutes, method) && os.Getenv("CHESSMODEL_MINUTES") == ""
}

// Run asks s for the case's task, through model.Run (so the result is
// verified and its status settled). An enumeration is gathered: every
// solution must pass the checker and none may come twice, and the result's
// Count and Classes are those of the solutions listed.
func (c Case) Run(ctx context.Context, s model.Solver, m *model.Model) (*model.Result, error) {
	opts := c.Options()
	if c.Task != model.TaskEnumerate {
		return model.Run(ctx, s, m, opts)
	}
	seen, classes := map[string]bool{}, map[string]bool{}
	canon := m.CanonicalFunc()
	opts.Emit = func(sol model.Solution) error {
		if r := model.Check(m, &sol); !r.Valid {
			return fmt.Errorf("%s listed an invalid solution %s: %v", s.Name(), sol.Key(), r.Problems)
		}
		if seen[sol.Key()] {
			return fmt.Errorf("%s listed %s twice", s.Name(), sol.Key())
		}
		seen[sol.Key()] = true
		classes[canon(sol).Key()] = true
		return nil
	}
	res, err := model.Run(ctx, s, m, opts)
	if err != nil {
		return nil, err
	}
	if int64(len(seen)) != deref(res.Count) {
		return nil, fmt.Errorf("%s listed %d solutions and says %d", s.Name(), len(seen), deref(res.Count))
	}
	res.Classes = model.Int64(int64(len(classes)))
	return res, nil
}

// Check verifies res with the model's checker (which settles its status)
// and compares it with the answer expected.
func (c Case) Check(m *model.Model, res *model.Result) error {
	if err := model.Verify(m, res); err != nil {
		return err
	}
	return c.Want.compare(res.Status, res.Value, res.Count, res.Classes)
}

func (w Answer) compare(status model.Status, value, count, classes *int64) error {
	got := fmt.Sprintf("%v value %s count %s classes %s", status, show(value), show(count), show(classes))
	if status != w.Status || !match(w.Value, value) || !match(w.Count, count) || !match(w.Classes, classes) || w.NoValue && value != nil {
		return fmt.Errorf("%s; want %s", got, w)
	}
	return nil
}

// CheckAnswer compares an answer given as its parts (compare's rows carry
// them so) with the one expected.
func (c Case) CheckAnswer(status model.Status, value, count, classes *int64) error {
	return c.Want.compare(status, value, count, classes)
}

func (w Answer) String() string {
	part := func(v int64) string {
		if v == Any {
			return "any"
		}
		return fmt.Sprint(v)
	}
	return fmt.Sprintf("%v value %s count %s classes %s", w.Status, part(w.Value), part(w.Count), part(w.Classes))
}

func match(want int64, got *int64) bool { return want == Any || got != nil && *got == want }

func deref(v *int64) int64 {
	if v == nil {
		return Any
	}
	return *v
}

func show(v *int64) string {
	if v == nil {
		return "none"
	}
	return fmt.Sprint(*v)
}

// Find returns the case of the given name; the tests that check one
// method against the table's number use it.
func Find(name string) (Case, error) {
	for _, c := range Cases() {
		if c.Name == name {
			return c, nil
		}
	}
	return Case{}, fmt.Errorf("no known case %q", name)
}

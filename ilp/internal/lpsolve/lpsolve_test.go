//go:build cgo

package lpsolve

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const tolerance = 1e-6

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func newLP(t testing.TB, rows, cols int) *LP {
	t.Helper()
	lp, err := New(rows, cols)
	must(t, err)
	t.Cleanup(func() { lp.Close() })
	return lp
}

// farmer is the classic LP: max 143x + 60y subject to
// 120x + 210y <= 15000, 110x + 30y <= 4000, x + y <= 75.
// Optimum 6315.625 at x = 21.875, y = 53.125.
func farmer(t testing.TB) *LP {
	lp := newLP(t, 0, 2)
	must(t, lp.SetColName(0, "x"))
	must(t, lp.SetColName(1, "y"))
	must(t, lp.SetObjective([]int{0, 1}, []float64{143, 60}))
	must(t, lp.SetMaximize())
	must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{120, 210}, LE, 15000))
	must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{110, 30}, LE, 4000))
	must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{1, 1}, LE, 75))
	must(t, lp.SetRowName(0, "land"))
	return lp
}

// Knapsack instance P01 (Kreher and Stinson): optimum 309.
var (
	knapsackProfits  = []float64{92, 57, 49, 68, 60, 43, 67, 84, 87, 72}
	knapsackWeights  = []float64{23, 31, 29, 44, 53, 38, 63, 85, 89, 82}
	knapsackCapacity = 165.0
)

func knapsack(t testing.TB) *LP {
	n := len(knapsackProfits)
	lp := newLP(t, 0, n)
	items := make([]int, n)
	for i := range items {
		items[i] = i
		must(t, lp.SetBinary(i, true))
	}
	must(t, lp.SetObjective(items, knapsackProfits))
	must(t, lp.SetMaximize())
	must(t, lp.AddConstraintSparse(items, knapsackWeights, LE, knapsackCapacity))
	return lp
}

// jeroslow is a MIP that branch and bound cannot finish in any useful time
// for large odd n: 2*sum(x) = n over binary x is infeasible, but every LP
// relaxation with fewer than n/2 fixed variables is feasible.
func jeroslow(t testing.TB, n int) *LP {
	lp := newLP(t, 0, n)
	idx := make([]int, n)
	twos := make([]float64, n)
	for i := range idx {
		idx[i] = i
		twos[i] = 2
		must(t, lp.SetBinary(i, true))
	}
	must(t, lp.SetObjective(idx, twos))
	must(t, lp.AddConstraintSparse(idx, twos, EQ, float64(n)))
	return lp
}

// jeroslowWithSlack is jeroslow made feasible by a costly integer slack
// column: incumbents come fast, proving optimality does not.
func jeroslowWithSlack(t testing.TB, n int) *LP {
	lp := jeroslow(t, n)
	slack, err := lp.AddColumnSparse([]int{0}, []float64{1})
	must(t, err)
	must(t, lp.SetInt(slack, true))
	idx := make([]int, n+1)
	obj := make([]float64, n+1)
	for i := range idx {
		idx[i] = i
		obj[i] = 2
	}
	obj[n] = -100
	must(t, lp.SetObjective(idx, obj))
	must(t, lp.SetMaximize())
	return lp
}

func approx(a, b float64) bool { return math.Abs(a-b) <= tolerance*math.Max(1, math.Abs(b)) }

func TestSolve(t *testing.T) {
	cases := []struct {
		name      string
		build     func(testing.TB) *LP
		status    Status
		objective float64
		variables []float64 // nil: not checked
	}{
		{"farmer LP", farmer, Optimal, 6315.625, []float64{21.875, 53.125}},
		{"knapsack MIP", knapsack, Optimal, 309, []float64{1, 1, 1, 1, 0, 1, 0, 0, 0, 0}},
		{"minimise with GE and EQ rows", func(t testing.TB) *LP {
			lp := newLP(t, 0, 2)
			must(t, lp.SetObjective([]int{0, 1}, []float64{1, 1}))
			must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{1, 2}, GE, 4))
			must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{1, -1}, EQ, 1))
			return lp
		}, Optimal, 3, []float64{2, 1}},
		{"general integer", func(t testing.TB) *LP {
			lp := newLP(t, 0, 2)
			must(t, lp.SetInt(0, true))
			must(t, lp.SetInt(1, true))
			must(t, lp.SetObjective([]int{0, 1}, []float64{1, 1}))
			must(t, lp.SetMaximize())
			must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{2, 2}, LE, 7))
			return lp
		}, Optimal, 3, nil},
		{"negative bounds", func(t testing.TB) *LP {
			lp := newLP(t, 0, 1)
			must(t, lp.SetBounds(0, -5, math.Inf(1)))
			must(t, lp.SetObjective([]int{0}, []float64{1}))
			return lp
		}, Optimal, -5, []float64{-5}},
		{"infeasible", func(t testing.TB) *LP {
			lp := newLP(t, 0, 2)
			must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{1, 1}, GE, 5))
			must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{1, 1}, LE, 3))
			return lp
		}, Infeasible, 0, nil},
		{"infeasible MIP", func(t testing.TB) *LP { return jeroslow(t, 5) }, Infeasible, 0, nil},
		{"unbounded", func(t testing.TB) *LP {
			lp := newLP(t, 0, 2)
			must(t, lp.SetObjective([]int{0, 1}, []float64{1, 1}))
			must(t, lp.SetMaximize())
			must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{1, -1}, LE, 1))
			return lp
		}, Unbounded, 0, nil},
		{"zero columns", func(t testing.TB) *LP {
			lp := newLP(t, 0, 0)
			must(t, lp.SetMaximize())
			return lp
		}, Optimal, 0, []float64{}},
		{"zero columns with satisfiable empty rows", func(t testing.TB) *LP {
			lp := newLP(t, 0, 0)
			must(t, lp.AddConstraintSparse(nil, nil, LE, 3))
			must(t, lp.AddConstraintSparse([]int{}, []float64{}, GE, -1))
			must(t, lp.AddConstraintSparse(nil, nil, EQ, 0))
			return lp
		}, Optimal, 0, []float64{}},
		{"zero columns with an unsatisfiable empty row", func(t testing.TB) *LP {
			lp := newLP(t, 0, 0)
			must(t, lp.AddConstraintSparse(nil, nil, GE, 1))
			return lp
		}, Infeasible, 0, nil},
		{"zero rows", func(t testing.TB) *LP {
			lp := newLP(t, 0, 3)
			must(t, lp.SetObjective([]int{2, 0}, []float64{2, 1}))
			must(t, lp.SetBounds(0, 0, 4))
			must(t, lp.SetBounds(2, 0, 5))
			must(t, lp.SetMaximize())
			return lp
		}, Optimal, 14, []float64{4, 0, 5}},
		{"empty sparse rows", func(t testing.TB) *LP {
			lp := farmer(t)
			must(t, lp.AddConstraintSparse(nil, nil, LE, 0))
			must(t, lp.AddConstraintSparse(nil, nil, EQ, 0))
			return lp
		}, Optimal, 6315.625, []float64{21.875, 53.125}},
		{"empty objective", func(t testing.TB) *LP {
			lp := farmer(t)
			must(t, lp.SetObjective(nil, nil))
			return lp
		}, Optimal, 0, nil},
		{"unsorted indices", func(t testing.TB) *LP {
			lp := newLP(t, 0, 2)
			must(t, lp.SetObjective([]int{1, 0}, []float64{60, 143}))
			must(t, lp.SetMaximize())
			must(t, lp.AddConstraintSparse([]int{1, 0}, []float64{210, 120}, LE, 15000))
			must(t, lp.AddConstraintSparse([]int{1, 0}, []float64{30, 110}, LE, 4000))
			must(t, lp.AddConstraintSparse([]int{1, 0}, []float64{1, 1}, LE, 75))
			return lp
		}, Optimal, 6315.625, []float64{21.875, 53.125}},
		{"rows added after a solve", func(t testing.TB) *LP {
			lp := farmer(t)
			if _, err := lp.Solve(); err != nil {
				t.Fatal(err)
			}
			must(t, lp.AddConstraintSparse([]int{0}, []float64{1}, LE, 10))
			return lp
		}, Optimal, 5330, []float64{10, 65}},
		{"rows added to a model read from LP text", func(t testing.TB) *LP {
			lp, err := ReadLP(strings.NewReader(integerLP), "")
			must(t, err)
			t.Cleanup(func() { lp.Close() })
			must(t, lp.AddConstraintSparse([]int{0}, []float64{1}, LE, 2))
			return lp
		}, Optimal, 13, []float64{2, 4.0 / 3}},
		{"built column by column", func(t testing.TB) *LP {
			lp := newLP(t, 0, 0)
			must(t, lp.AddConstraintSparse(nil, nil, LE, 15000))
			must(t, lp.AddConstraintSparse(nil, nil, LE, 4000))
			must(t, lp.AddConstraintSparse(nil, nil, LE, 75))
			for _, coef := range [][]float64{{120, 110, 1}, {210, 30, 1}} {
				if _, err := lp.AddColumnSparse([]int{2, 0, 1}, []float64{coef[2], coef[0], coef[1]}); err != nil {
					t.Fatal(err)
				}
			}
			must(t, lp.SetObjective([]int{0, 1}, []float64{143, 60}))
			must(t, lp.SetMaximize())
			return lp
		}, Optimal, 6315.625, []float64{21.875, 53.125}},
		{"pre-sized rows", func(t testing.TB) *LP {
			lp := newLP(t, 3, 2)
			must(t, lp.SetConstraintSparse(0, []int{0, 1}, []float64{120, 210}, LE, 15000))
			must(t, lp.SetConstraintSparse(1, []int{0, 1}, []float64{110, 30}, LE, 4000))
			must(t, lp.SetConstraintSparse(2, []int{1, 0}, []float64{1, 1}, LE, 75))
			must(t, lp.SetObjective([]int{0, 1}, []float64{143, 60}))
			must(t, lp.SetMaximize())
			return lp
		}, Optimal, 6315.625, []float64{21.875, 53.125}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lp := tc.build(t)
			status, err := lp.Solve()
			if err != nil {
				t.Fatalf("Solve: %v", err)
			}
			if status != tc.status {
				t.Fatalf("status %v, want %v", status, tc.status)
			}
			if lp.Status() != status {
				t.Errorf("Status() = %v, want %v", lp.Status(), status)
			}
			if !status.HasSolution() {
				if _, err := lp.Variables(); !errors.Is(err, ErrNoSolution) {
					t.Errorf("Variables after %v: %v, want ErrNoSolution", status, err)
				}
				if _, err := lp.Objective(); !errors.Is(err, ErrNoSolution) {
					t.Errorf("Objective after %v: %v, want ErrNoSolution", status, err)
				}
				return
			}
			objective, err := lp.Objective()
			must(t, err)
			if !approx(objective, tc.objective) {
				t.Errorf("objective %v, want %v", objective, tc.objective)
			}
			x, err := lp.Variables()
			must(t, err)
			cols, err := lp.Ncolumns()
			must(t, err)
			if len(x) != cols {
				t.Fatalf("%d variables for %d columns", len(x), cols)
			}
			if tc.variables != nil {
				for i := range x {
					if !approx(x[i], tc.variables[i]) {
						t.Errorf("variables %v, want %v", x, tc.variables)
						break
					}
				}
			}
			rows, err := lp.Nrows()
			must(t, err)
			activity, err := lp.Constraints()
			must(t, err)
			if len(activity) != rows {
				t.Errorf("%d constraint values for %d rows", len(activity), rows)
			}
		})
	}
}

func TestConstraintValues(t *testing.T) {
	lp := farmer(t)
	if _, err := lp.Solve(); err != nil {
		t.Fatal(err)
	}
	got, err := lp.Constraints()
	must(t, err)
	want := []float64{120*21.875 + 210*53.125, 4000, 75}
	for i := range want {
		if !approx(got[i], want[i]) {
			t.Fatalf("constraints %v, want %v", got, want)
		}
	}
}

func TestStats(t *testing.T) {
	lp := jeroslow(t, 11)
	status, err := lp.Solve()
	must(t, err)
	if status != Infeasible {
		t.Fatalf("status %v, want infeasible", status)
	}
	nodes, err := lp.TotalNodes()
	must(t, err)
	iter, err := lp.TotalIter()
	must(t, err)
	// The LP relaxation is feasible, so infeasibility takes branching.
	if nodes < 2 || iter < 1 {
		t.Errorf("nodes %d, iterations %d: want a branch and bound search", nodes, iter)
	}
}

func TestNames(t *testing.T) {
	lp := farmer(t)
	cases := []struct {
		name string
		get  func() (string, error)
		want string
	}{
		{"named column", func() (string, error) { return lp.ColName(1) }, "y"},
		{"named row", func() (string, error) { return lp.RowName(0) }, "land"},
		{"unnamed row", func() (string, error) { return lp.RowName(2) }, "R3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.get()
			must(t, err)
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	unnamed := newLP(t, 0, 3)
	if got, err := unnamed.ColName(2); err != nil || got != "C3" {
		t.Errorf("unnamed column: %q, %v; want C3", got, err)
	}
}

func TestInvalidArguments(t *testing.T) {
	cases := []struct {
		name string
		call func(lp *LP) error
		want error
	}{
		{"column below range", func(lp *LP) error { return lp.SetInt(-1, true) }, ErrIndex},
		{"column above range", func(lp *LP) error { return lp.SetBinary(2, true) }, ErrIndex},
		{"row above range", func(lp *LP) error { return lp.SetRowName(3, "r") }, ErrIndex},
		{"sparse index above range", func(lp *LP) error { return lp.AddConstraintSparse([]int{0, 2}, []float64{1, 1}, LE, 1) }, ErrIndex},
		{"objective index above range", func(lp *LP) error { return lp.SetObjective([]int{5}, []float64{1}) }, ErrIndex},
		{"column row above range", func(lp *LP) error { _, err := lp.AddColumnSparse([]int{3}, []float64{1}); return err }, ErrIndex},
		{"duplicate index", func(lp *LP) error { return lp.AddConstraintSparse([]int{1, 0, 1}, []float64{1, 1, 1}, LE, 1) }, ErrDuplicate},
		{"duplicate objective index", func(lp *LP) error { return lp.SetObjective([]int{0, 0}, []float64{1, 2}) }, ErrDuplicate},
		{"length mismatch", func(lp *LP) error { return lp.AddConstraintSparse([]int{0, 1}, []float64{1}, LE, 1) }, ErrLength},
		{"unknown constraint type", func(lp *LP) error { return lp.AddConstraintSparse(nil, nil, ConstraintType(9), 1) }, ErrArgument},
		{"NaN coefficient", func(lp *LP) error { return lp.AddConstraintSparse([]int{0}, []float64{math.NaN()}, LE, 1) }, ErrArgument},
		{"NaN right-hand side", func(lp *LP) error { return lp.AddConstraintSparse([]int{0}, []float64{1}, GE, math.NaN()) }, ErrArgument},
		{"crossed bounds", func(lp *LP) error { return lp.SetBounds(0, 2, 1) }, ErrArgument},
		{"bad epsilon", func(lp *LP) error { return lp.SetEpsInt(0) }, ErrArgument},
		{"bad verbosity", func(lp *LP) error { return lp.SetVerbose(7) }, ErrArgument},
		{"bad presolve", func(lp *LP) error { return lp.SetPresolve(Presolve(1 << 30)) }, ErrArgument},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lp := farmer(t)
			err := tc.call(lp)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			var callErr *CallError
			if !errors.As(err, &callErr) || !strings.HasPrefix(err.Error(), "lpsolve: ") {
				t.Errorf("error %q is not a *CallError with the package prefix", err)
			}
			// A refused call leaves the model intact.
			if status, err := lp.Solve(); err != nil || status != Optimal {
				t.Fatalf("Solve after refused call: %v, %v", status, err)
			}
			if objective, _ := lp.Objective(); !approx(objective, 6315.625) {
				t.Errorf("objective %v after refused call, want 6315.625", objective)
			}
		})
	}
	if _, err := New(-1, 0); !errors.Is(err, ErrArgument) {
		t.Errorf("New(-1, 0): %v, want ErrArgument", err)
	}
}

func TestNoSolutionBeforeSolve(t *testing.T) {
	lp := farmer(t)
	if _, err := lp.Variables(); !errors.Is(err, ErrNoSolution) {
		t.Errorf("Variables before Solve: %v, want ErrNoSolution", err)
	}
	if _, err := lp.Solve(); err != nil {
		t.Fatal(err)
	}
	must(t, lp.AddConstraintSparse([]int{0}, []float64{1}, LE, 1))
	if _, err := lp.Objective(); !errors.Is(err, ErrNoSolution) {
		t.Errorf("Objective after a change to the model: %v, want ErrNoSolution", err)
	}
}

func TestClose(t *testing.T) {
	lp, err := New(0, 2)
	must(t, err)
	must(t, lp.Close())
	must(t, lp.Close())

	calls := map[string]func() error{
		"Ncolumns":            func() error { _, err := lp.Ncolumns(); return err },
		"Nrows":               func() error { _, err := lp.Nrows(); return err },
		"SetColName":          func() error { return lp.SetColName(0, "x") },
		"ColName":             func() error { _, err := lp.ColName(0); return err },
		"SetRowName":          func() error { return lp.SetRowName(0, "r") },
		"RowName":             func() error { _, err := lp.RowName(0); return err },
		"SetInt":              func() error { return lp.SetInt(0, true) },
		"SetBinary":           func() error { return lp.SetBinary(0, true) },
		"SetBounds":           func() error { return lp.SetBounds(0, 0, 1) },
		"SetObjective":        func() error { return lp.SetObjective(nil, nil) },
		"SetMaximize":         func() error { return lp.SetMaximize() },
		"SetMinimize":         func() error { return lp.SetMinimize() },
		"AddConstraintSparse": func() error { return lp.AddConstraintSparse(nil, nil, LE, 0) },
		"SetConstraintSparse": func() error { return lp.SetConstraintSparse(0, nil, nil, LE, 0) },
		"AddColumnSparse":     func() error { _, err := lp.AddColumnSparse(nil, nil); return err },
		"Solve":               func() error { _, err := lp.Solve(); return err },
		"SolveContext":        func() error { _, err := lp.SolveContext(context.Background()); return err },
		"Objective":           func() error { _, err := lp.Objective(); return err },
		"Variables":           func() error { _, err := lp.Variables(); return err },
		"Constraints":         func() error { _, err := lp.Constraints(); return err },
		"TotalNodes":          func() error { _, err := lp.TotalNodes(); return err },
		"TotalIter":           func() error { _, err := lp.TotalIter(); return err },
		"SetTimeout":          func() error { return lp.SetTimeout(time.Second) },
		"SetBreakAtFirst":     func() error { return lp.SetBreakAtFirst(true) },
		"SetBreakAtValue":     func() error { return lp.SetBreakAtValue(1) },
		"SetEpsInt":           func() error { return lp.SetEpsInt(1e-7) },
		"SetPrimalSimplex":    func() error { return lp.SetPrimalSimplex(true) },
		"SetVerbose":          func() error { return lp.SetVerbose(0) },
		"SetPresolve":         func() error { return lp.SetPresolve(PresolveNone) },
		"WriteLP":             func() error { return lp.WriteLP(io.Discard) },
		"WriteMPS":            func() error { return lp.WriteMPS(io.Discard) },
		"SetProgress":         func() error { return lp.SetProgress(0, func(Progress) {}) },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			if err := call(); !errors.Is(err, ErrClosed) {
				t.Errorf("got %v, want ErrClosed", err)
			}
		})
	}
}

func TestUnclosedModelsAreFreed(t *testing.T) {
	// The cleanup is only a backstop, but it must not crash or double-free
	// (a closed model has its cleanup cancelled).
	for i := range 100 {
		lp, err := New(0, 10)
		must(t, err)
		must(t, lp.AddConstraintSparse([]int{1, 3}, []float64{1, 1}, LE, 1))
		if i%2 == 0 {
			must(t, lp.Close())
		}
	}
	runtime.GC()
	runtime.GC()
}

func TestRowModeMatchesColumnMode(t *testing.T) {
	// The same model, with the objective and integrality set between and
	// after the rows, must come out the same whichever way rows go in.
	write := func(rowMode bool) string {
		noRowMode = !rowMode
		defer func() { noRowMode = false }()
		lp := newLP(t, 0, 4)
		must(t, lp.AddConstraintSparse([]int{3, 0}, []float64{1, 2}, LE, 4))
		must(t, lp.SetInt(1, true))
		must(t, lp.AddConstraintSparse([]int{1, 2, 3}, []float64{1, -1, 5}, GE, 1))
		must(t, lp.SetObjective([]int{0, 1, 2, 3}, []float64{1, 2, 3, 4}))
		must(t, lp.AddConstraintSparse(nil, nil, LE, 0))
		must(t, lp.AddConstraintSparse([]int{0, 1, 2, 3}, []float64{1, 1, 1, 1}, EQ, 3))
		must(t, lp.SetMaximize())
		if rowMode != lp.rowMode {
			t.Fatalf("row mode %v, want %v", lp.rowMode, rowMode)
		}
		var text bytes.Buffer
		must(t, lp.WriteLP(&text))
		return text.String()
	}
	byRow, byColumn := write(true), write(false)
	if byRow != byColumn {
		t.Errorf("row mode model:\n%s\ncolumn mode model:\n%s", byRow, byColumn)
	}
}

const integerLP = `/* test */
max: 2x + 3y + 5;
c1: x + y <= 4;
c2: x + 3y <= 6;
x <= 3;
int x;
`

func TestRoundTrip(t *testing.T) {
	formats := []struct {
		name  string
		write func(*LP, io.Writer) error
		read  func(io.Reader) (*LP, error)
	}{
		{"LP", (*LP).WriteLP, func(r io.Reader) (*LP, error) { return ReadLP(r, "") }},
		{"free MPS", (*LP).WriteMPS, ReadMPS},
	}
	models := []struct {
		name      string
		build     func(testing.TB) *LP
		objective float64
	}{
		{"farmer", farmer, 6315.625},
		{"knapsack", knapsack, 309},
		{"objective constant", func(t testing.TB) *LP {
			// Unnamed: the LP writer puts the name in a comment, which the
			// reader skips.
			lp, err := ReadLP(strings.NewReader(integerLP), "")
			must(t, err)
			t.Cleanup(func() { lp.Close() })
			return lp
		}, 14},
		{"zero columns", func(t testing.TB) *LP { return newLP(t, 0, 0) }, 0},
	}
	for _, format := range formats {
		for _, model := range models {
			t.Run(format.name+"/"+model.name, func(t *testing.T) {
				original := model.build(t)
				var first bytes.Buffer
				must(t, format.write(original, &first))
				copied, err := format.read(bytes.NewReader(first.Bytes()))
				if err != nil {
					t.Fatalf("reading back:\n%s\n%v", first.String(), err)
				}
				defer copied.Close()
				var second bytes.Buffer
				must(t, format.write(copied, &second))
				if first.String() != second.String() {
					t.Errorf("written twice, the text differs:\n%s\n---\n%s", first.String(), second.String())
				}
				for _, lp := range []*LP{original, copied} {
					status, err := lp.Solve()
					if err != nil || status != Optimal {
						t.Fatalf("Solve: %v, %v", status, err)
					}
					objective, err := lp.Objective()
					must(t, err)
					if !approx(objective, model.objective) {
						t.Errorf("objective %v, want %v", objective, model.objective)
					}
				}
				wantCols, _ := original.Ncolumns()
				gotCols, _ := copied.Ncolumns()
				if gotCols != wantCols {
					t.Fatalf("%d columns read back, want %d", gotCols, wantCols)
				}
				for col := range wantCols {
					want, _ := original.ColName(col)
					got, _ := copied.ColName(col)
					if got != want {
						t.Errorf("column %d named %q, want %q", col, got, want)
					}
				}
			})
		}
	}
}

var errBroken = errors.New("broken stream")

type brokenReader struct{ after io.Reader }

func (r brokenReader) Read(p []byte) (int, error) {
	if n, err := r.after.Read(p); err != io.EOF {
		return n, err
	}
	return 0, errBroken
}

type brokenWriter struct{}

func (brokenWriter) Write(p []byte) (int, error) { return 0, errBroken }

func TestIOErrors(t *testing.T) {
	cases := []struct {
		name string
		call func(t *testing.T) error
		want error
	}{
		{"LP syntax error", func(t *testing.T) error {
			_, err := ReadLP(strings.NewReader("max: 2x + ;; garbage <= <="), "bad")
			return err
		}, ErrParse},
		{"empty MPS", func(t *testing.T) error {
			_, err := ReadMPS(strings.NewReader(""))
			return err
		}, ErrParse},
		{"LP reader fails", func(t *testing.T) error {
			_, err := ReadLP(brokenReader{strings.NewReader("max: x;\n")}, "broken")
			return err
		}, errBroken},
		{"MPS reader fails", func(t *testing.T) error {
			_, err := ReadMPS(brokenReader{strings.NewReader("NAME x\nROWS\n")})
			return err
		}, errBroken},
		{"LP writer fails", func(t *testing.T) error { return farmer(t).WriteLP(brokenWriter{}) }, errBroken},
		{"MPS writer fails", func(t *testing.T) error { return farmer(t).WriteMPS(brokenWriter{}) }, errBroken},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call(t)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "lpsolve: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
		})
	}
}

func TestReadLP(t *testing.T) {
	lp, err := ReadLP(strings.NewReader(integerLP), "integer")
	must(t, err)
	defer lp.Close()
	status, err := lp.Solve()
	if err != nil || status != Optimal {
		t.Fatalf("Solve: %v, %v", status, err)
	}
	x, err := lp.Variables()
	must(t, err)
	if len(x) != 2 || !approx(x[0], 3) || !approx(x[1], 1) {
		t.Errorf("variables %v, want [3 1]", x)
	}
	if name, _ := lp.RowName(1); name != "c2" {
		t.Errorf("row 1 named %q, want c2", name)
	}
}

func TestPresolve(t *testing.T) {
	// Presolve turns r1 into a bound and removes x2 (fixed at 2).
	lp := newLP(t, 0, 3)
	must(t, lp.SetColName(2, "x3"))
	must(t, lp.SetObjective([]int{0, 1, 2}, []float64{1, 1, 1}))
	must(t, lp.SetMaximize())
	must(t, lp.AddConstraintSparse([]int{1}, []float64{1}, EQ, 2))
	must(t, lp.AddConstraintSparse([]int{0, 1}, []float64{1, 1}, LE, 6))
	must(t, lp.AddConstraintSparse([]int{0, 2}, []float64{1, -2}, GE, 2))
	must(t, lp.AddConstraintSparse([]int{1, 2}, []float64{1, 3}, LE, 5))
	must(t, lp.SetPresolve(PresolveRows|PresolveCols|PresolveLinDep))
	status, err := lp.Solve()
	if err != nil || status != Optimal {
		t.Fatalf("Solve: %v, %v", status, err)
	}
	if !lp.reduced {
		t.Fatal("presolve removed nothing; the test model no longer exercises it")
	}
	objective, err := lp.Objective()
	must(t, err)
	x, err := lp.Variables()
	must(t, err)
	if !approx(objective, 7) || len(x) != 3 || !approx(x[0], 4) || !approx(x[1], 2) || !approx(x[2], 1) {
		t.Errorf("objective %v, variables %v; want 7, [4 2 1]", objective, x)
	}
	if name, _ := lp.ColName(2); name != "x3" {
		t.Errorf("column 2 named %q after presolve, want x3", name)
	}
	if _, err := lp.Constraints(); !errors.Is(err, ErrPresolved) {
		t.Errorf("Constraints after presolve: %v, want ErrPresolved", err)
	}
	if err := lp.AddConstraintSparse([]int{0}, []float64{1}, LE, 1); !errors.Is(err, ErrPresolved) {
		t.Errorf("AddConstraintSparse after presolve: %v, want ErrPresolved", err)
	}
}

func TestSolveContext(t *testing.T) {
	t.Run("cancelled before the solve", func(t *testing.T) {
		lp := farmer(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		status, err := lp.SolveContext(ctx)
		if status != UserAborted || !errors.Is(err, context.Canceled) {
			t.Errorf("got %v, %v; want aborted, context.Canceled", status, err)
		}
	})
	t.Run("finishes before the deadline", func(t *testing.T) {
		lp := knapsack(t)
		ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
		defer cancel()
		status, err := lp.SolveContext(ctx)
		if status != Optimal || err != nil {
			t.Errorf("got %v, %v; want optimal", status, err)
		}
	})
	t.Run("cancelled during branch and bound", func(t *testing.T) {
		lp := jeroslow(t, 41)
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		status, err := solveOrHang(t, lp, ctx)
		if status != UserAborted || !errors.Is(err, context.Canceled) {
			t.Errorf("got %v, %v; want aborted, context.Canceled", status, err)
		}
		if _, err := lp.Variables(); !errors.Is(err, ErrNoSolution) {
			t.Errorf("Variables after abort: %v, want ErrNoSolution", err)
		}
	})
	t.Run("deadline with an incumbent", func(t *testing.T) {
		const n = 41
		lp := jeroslowWithSlack(t, n)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		status, err := solveOrHang(t, lp, ctx)
		if status != Suboptimal || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("got %v, %v; want suboptimal, context.DeadlineExceeded", status, err)
		}
		x, err := lp.Variables()
		must(t, err)
		sum := 0.0
		for _, v := range x[:n] {
			sum += 2 * v
		}
		if !approx(sum+x[n], n) {
			t.Errorf("incumbent %v violates 2*sum(x) + slack = %d", x, n)
		}
	})
}

// solveOrHang fails the test, instead of hanging it, if the solve ignores
// its context.
func solveOrHang(t *testing.T, lp *LP, ctx context.Context) (Status, error) {
	t.Helper()
	type result struct {
		status Status
		err    error
	}
	done := make(chan result, 1)
	go func() {
		status, err := lp.SolveContext(ctx)
		done <- result{status, err}
	}()
	select {
	case r := <-done:
		return r.status, r.err
	case <-time.After(time.Minute):
		t.Fatal("the solve did not stop a minute after its context was done")
		return 0, nil
	}
}

func TestTimeout(t *testing.T) {
	lp := jeroslow(t, 41)
	must(t, lp.SetTimeout(time.Second))
	type result struct {
		status Status
		err    error
	}
	done := make(chan result, 1)
	go func() {
		status, err := lp.Solve()
		done <- result{status, err}
	}()
	select {
	case r := <-done:
		if r.status != Timeout || r.err != nil {
			t.Errorf("got %v, %v; want timeout", r.status, r.err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the solve ignored its timeout")
	}
}

func TestBreakAtFirst(t *testing.T) {
	lp := jeroslowWithSlack(t, 41)
	must(t, lp.SetBreakAtFirst(true))
	status, err := lp.Solve()
	if status != Suboptimal || err != nil {
		t.Fatalf("got %v, %v; want suboptimal", status, err)
	}
	if _, err := lp.Objective(); err != nil {
		t.Errorf("Objective after break at first: %v", err)
	}
}

func TestConcurrentModels(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 8 {
		wg.Go(func() {
			for range 20 {
				lp, err := ReadLP(strings.NewReader(integerLP), "concurrent")
				if err != nil {
					errs <- err
					return
				}
				status, err := lp.Solve()
				objective, _ := lp.Objective()
				lp.Close()
				if err != nil || status != Optimal || !approx(objective, 14) {
					errs <- errors.New("concurrent solve: " + status.String())
					return
				}
			}
		})
		lp := knapsack(t)
		wg.Go(func() {
			for range 20 {
				status, err := lp.Solve()
				objective, _ := lp.Objective()
				if err != nil || status != Optimal || !approx(objective, 309) {
					errs <- errors.New("concurrent knapsack: " + status.String())
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestQuiet(t *testing.T) {
	// lp_solve writes its reports straight to the process's stdout and
	// stderr; capture both file descriptors while it works.
	r, w, err := os.Pipe()
	must(t, err)
	defer r.Close()
	saved := [2]int{}
	for i, fd := range []int{1, 2} {
		if saved[i], err = syscall.Dup(fd); err != nil {
			t.Fatal(err)
		}
	}
	captured := make(chan []byte)
	go func() {
		out, _ := io.ReadAll(r)
		captured <- out
	}()
	for _, fd := range []int{1, 2} {
		must(t, syscall.Dup2(int(w.Fd()), fd))
	}

	for _, build := range []func(testing.TB) *LP{farmer, knapsack, func(t testing.TB) *LP { return jeroslow(t, 9) }} {
		lp := build(t)
		_, _ = lp.Solve()
		_ = lp.WriteLP(io.Discard)
	}
	_, _ = ReadLP(strings.NewReader("max: 2x + ;; garbage"), "bad")
	_, _ = ReadMPS(strings.NewReader("garbage\n"))
	flushStdio()

	for i, fd := range []int{1, 2} {
		must(t, syscall.Dup2(saved[i], fd))
		syscall.Close(saved[i])
	}
	w.Close()
	if out := <-captured; len(out) != 0 {
		t.Errorf("lp_solve printed:\n%s", out)
	}
}

func TestStatusString(t *testing.T) {
	seen := map[string]Status{}
	for s := NotRun; s <= UnknownError; s++ {
		name := s.String()
		if strings.HasPrefix(name, "Status(") {
			t.Errorf("status %d has no name", int(s))
		}
		if other, ok := seen[name]; ok {
			t.Errorf("statuses %d and %d are both %q", int(other), int(s), name)
		}
		seen[name] = s
	}
	if got := Status(99).String(); got != "Status(99)" {
		t.Errorf("Status(99).String() = %q", got)
	}
}

// TestPricing: every rule solves the farmer's problem to the same optimum,
// and reads back as set; an unknown rule is refused.
func TestPricing(t *testing.T) {
	for _, rule := range []Pricing{PricingFirstIndex, PricingDantzig, PricingDevex, PricingSteepest} {
		lp := farmer(t)
		must(t, lp.SetPricing(rule))
		got, err := lp.Pricing()
		must(t, err)
		if got != rule {
			t.Errorf("pricing %d, want %d", got, rule)
		}
		if _, err := lp.Solve(); err != nil {
			t.Fatal(err)
		}
		obj, err := lp.Objective()
		must(t, err)
		if want := 6315.625; !approx(obj, want) {
			t.Errorf("rule %d: objective %g, want %g", rule, obj, want)
		}
	}
	lp := farmer(t)
	if err := lp.SetPricing(Pricing(17)); !errors.Is(err, ErrArgument) {
		t.Errorf("pricing 17: %v, want ErrArgument", err)
	}
}

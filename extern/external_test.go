package extern_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/internal/gen"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/mzn"
)

func parse(t *testing.T, src string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(src), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// tools returns the external solvers installed here, skipping the test
// when there is none.
func tools(t *testing.T) []string {
	var out []string
	for _, tool := range extern.ExternalTools {
		if _, err := exec.LookPath(tool); err == nil {
			out = append(out, tool)
		}
	}
	if len(out) == 0 {
		t.Skip("no external solver installed (make deps)")
	}
	return out
}

// TestExternalBackendTasks runs solve, count and enumerate on placement
// models with each tool and compares them with the exact backend: counts
// and classes equal, every solution verified, the enumerated ones distinct.
func TestExternalBackendTasks(t *testing.T) {
	models := map[string]*model.Model{
		"six queens":      parse(t, "name: six queens\nboard: 6\nplace: [6 queen]\nrules: [independent]"),
		"max rooks walls": parse(t, "name: max rooks walls\nboard: {size: 4, walls: [b2, c3]}\nplace: [max rook]\nrules: [independent]"),
		"five domination": parse(t, "name: five domination\nboard: 5\nplace: [min queen]\nrules: [cover dominated]"),
		"infeasible":      parse(t, "name: infeasible\nboard: 5\nplace: [6 queen]\nrules: [independent]"),
	}
	for _, tool := range tools(t) {
		for name, m := range models {
			t.Run(tool+"/"+name, func(t *testing.T) {
				for _, task := range []model.Task{model.TaskSolve, model.TaskCount} {
					want, err := exact.New().Solve(context.Background(), m, model.Options{Task: task, Symmetry: true})
					if err != nil {
						t.Fatal(err)
					}
					got, err := (&extern.External{Tool: tool}).Solve(context.Background(), m, model.Options{Task: task, Symmetry: true})
					if err != nil {
						t.Fatalf("%v: %v", task, err)
					}
					if err := model.Verify(m, got); err != nil {
						t.Fatalf("%v: %v", task, err)
					}
					model.SettleStatus(m, want) // as Verify settled got's: satisfied on a model without an objective
					if got.Status != want.Status || str(got.Value) != str(want.Value) || str(got.Count) != str(want.Count) || str(got.Classes) != str(want.Classes) {
						t.Errorf("%v: %v value %s count %s classes %s; exact: %v %s %s %s", task, got.Status, str(got.Value), str(got.Count), str(got.Classes),
							want.Status, str(want.Value), str(want.Count), str(want.Classes))
					}
				}
				seen := map[string]bool{}
				res, err := (&extern.External{Tool: tool}).Solve(context.Background(), m, model.Options{Task: model.TaskEnumerate, Emit: func(s model.Solution) error {
					if r := model.Check(m, &s); !r.Valid || seen[s.Key()] {
						t.Errorf("enumerated %v: valid %v, seen before %v", s.Key(), r.Valid, seen[s.Key()])
					}
					seen[s.Key()] = true
					return nil
				}})
				if err != nil || res.Count == nil || int64(len(seen)) != *res.Count {
					t.Errorf("enumerate: %v, %d distinct solutions emitted, count %s", err, len(seen), str(res.Count))
				}
			})
		}
	}
}

// TestExternalBackendRefuses: enumerating tours and counting slides is
// refused with ErrUnsupported, never answered wrongly.
func TestExternalBackendRefuses(t *testing.T) {
	tour, err := model.Load("../testdata/models/knights-tour.yaml")
	if err != nil {
		t.Fatal(err)
	}
	slide, err := model.Load("../testdata/models/sliding-rook-3x3.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range extern.ExternalTools {
		for _, tc := range []struct {
			m    *model.Model
			task model.Task
		}{{tour, model.TaskEnumerate}, {slide, model.TaskCount}} {
			res, err := (&extern.External{Tool: tool}).Solve(context.Background(), tc.m, model.Options{Task: tc.task})
			if !errors.Is(err, model.ErrUnsupported) || res != nil {
				t.Errorf("%s %v %s: %v, %v; want ErrUnsupported", tool, tc.task, tc.m.Name, res, err)
			}
		}
	}
}

// TestExternalSolverOptions: --solver-option reaches the tool's command
// line: an option the tool rejects (or cbc's quit, which ends it before the
// solve) makes the solve fail, naming the tool; a harmless one changes
// nothing.
func TestExternalSolverOptions(t *testing.T) {
	m := parse(t, "board: 6\nplace: [6 queen]\nrules: [independent]")
	harmless := map[string][]string{"lp_solve": {"-e", "0.3"}, "cbc": {"sec", "100"}, "glpsol": {"--tmlim", "100"}}
	rejected := map[string][]string{"lp_solve": {"-p", "-p"}, "cbc": {"quit"}, "glpsol": {"--nosuchoption"}}
	for _, tool := range tools(t) {
		res, err := (&extern.External{Tool: tool}).Solve(context.Background(), m, model.Options{SolverOptions: harmless[tool]})
		if err != nil || model.Verify(m, res) != nil || res.Status != model.StatusSatisfied {
			t.Errorf("%s %v: %v %v", tool, harmless[tool], res, err)
		}
		res, err = (&extern.External{Tool: tool}).Solve(context.Background(), m, model.Options{SolverOptions: rejected[tool]})
		if err == nil || !strings.Contains(err.Error(), tool) {
			t.Errorf("%s %v: %v %v; want the tool's error", tool, rejected[tool], res, err)
		}
	}
}

func str(v *int64) string {
	if v == nil {
		return "-"
	}
	return strconv.FormatInt(*v, 10)
}

// TestExternalTours: each tool finds tours by the subtour cut loop, open
// and closed, around walls, each checked; the closed knight's tour of 4x4,
// which does not exist, is infeasible once the cuts have removed every
// set of cycles (exact agrees on each).
func TestExternalTours(t *testing.T) {
	load := func(file string, set ...string) *model.Model {
		m, err := model.Load("../testdata/models/"+file, set...)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, tc := range []struct {
		name string
		m    *model.Model
		want model.Status
	}{
		{"rook's tour", load("tour-rook.yaml"), model.StatusSatisfied},
		{"closed knight's tour 6x6", load("knights-tour-closed.yaml"), model.StatusSatisfied},
		{"knight's tour around a hole", load("tour-holes.yaml"), model.StatusSatisfied},
		{"closed knight's tour 4x4", load("knights-tour-closed.yaml", "board=4"), model.StatusInfeasible},
	} {
		want, err := exact.New().Solve(context.Background(), tc.m, model.Options{Task: model.TaskSolve})
		if err != nil || want.Status != tc.want {
			t.Fatalf("%s: exact says %v, %v; want %v", tc.name, want, err, tc.want)
		}
		for _, tool := range tools(t) {
			got, err := (&extern.External{Tool: tool}).Solve(context.Background(), tc.m, model.Options{Task: model.TaskSolve})
			if err != nil {
				t.Fatalf("%s %s: %v", tool, tc.name, err)
			}
			if err := model.Verify(tc.m, got); err != nil {
				t.Fatalf("%s %s: %v", tool, tc.name, err)
			}
			if got.Status != tc.want || (tc.want == model.StatusSatisfied) != got.Verified {
				t.Errorf("%s %s: %v, verified %v; want %v", tool, tc.name, got.Status, got.Verified, tc.want)
			}
		}
	}
}

// TestExternalTourCounts: each tool counts tours by the cut loop and
// no-good cuts on each class, as exact counts them: closed (a rook's tour
// around a wall), from a start square, and open without a start (directed
// paths: each found is two, and its reverse one class or two).
func TestExternalTourCounts(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    *model.Model
	}{
		{"closed rook's tour 3x3 around b2", parse(t, "name: closed rook\nboard: {size: 3, walls: [b2]}\ntour: {piece: rook, closed: true}")},
		{"open knight's tour 3x4", parse(t, "name: open knight\nboard: 3x4\ntour: {piece: knight}")},
		{"knight's tour 3x4 from a1", parse(t, "name: knight from a1\nboard: 3x4\ntour: {piece: knight, start: a1}")},
		{"no closed knight's tour 4x4", parse(t, "name: no tour\nboard: 4\ntour: {piece: knight, closed: true}")},
	} {
		opts := model.Options{Task: model.TaskCount, Symmetry: true}
		want, err := exact.New().Solve(context.Background(), tc.m, opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range tools(t) {
			got, err := (&extern.External{Tool: tool}).Solve(context.Background(), tc.m, opts)
			if err != nil {
				t.Fatalf("%s %s: %v", tool, tc.name, err)
			}
			if err := model.Verify(tc.m, got); err != nil {
				t.Fatalf("%s %s: %v", tool, tc.name, err)
			}
			if got.Status != want.Status || str(got.Count) != str(want.Count) || str(got.Classes) != str(want.Classes) {
				t.Errorf("%s %s: %v %s/%s; exact %v %s/%s", tool, tc.name, got.Status, str(got.Count), str(got.Classes), want.Status, str(want.Count), str(want.Classes))
			}
		}
	}
}

// TestExternalDegenerate: every external backend (the command-line MIP
// solvers and minizinc) answers the degenerate models gen.Random draws
// — a side of 1 or 2, every square a wall, fixed pieces covering every open
// square — and the two of issue 36 whose program has no variables, as
// exact does: solved, and counted with classes. A model minizinc does not
// formulate may be refused; a failure, a disagreement or a timeout (glpsol
// once read its answer to a program without variables as a solution not
// proven optimal, and waited for the deadline) fails the test.
func TestExternalDegenerate(t *testing.T) {
	solvers := []model.Solver{exact.New()}
	for _, tool := range tools(t) {
		solvers = append(solvers, &extern.External{Tool: tool})
	}
	if _, err := exec.LookPath(mzn.Tool); err == nil {
		solvers = append(solvers, mzn.New())
	}
	texts := map[string]string{
		"walled bishop": "name: walled bishop\nboard: \"#\"\nplace: [max bishop]\n",
		"queens rook":   "name: queens rook\nboard: \"QQ\\nQQ\"\nplace: [max rook]\n",
	}
	for name, text := range degenerateModels(8) {
		texts[name] = text
	}
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			m := parse(t, text)
			for _, task := range []model.Task{model.TaskSolve, model.TaskCount} {
				row := compare.Run(context.Background(), m, solvers, task, compare.Options{Timeout: 20 * time.Second, Symmetry: true})
				for _, a := range row.Answers {
					if a.Problem != "" && a.Problem != compare.Unsupported {
						t.Errorf("%v: %s %s after %.2fs: %s\n%s", task, a.Backend, a.Problem, a.Seconds, a.Error, text)
					}
				}
				if row.Verdict == compare.Disagree || row.Verdict == compare.Failed {
					t.Errorf("%v: %v: %s\n%s", task, row.Verdict, row.Reason, text)
				}
			}
		})
	}
}

// degenerateModels draws, from a seeded run of gen.Random, the first n
// models of each degenerate kind, by name.
func degenerateModels(n int) map[string]string {
	rng := rand.New(rand.NewPCG(36, 3))
	out, kinds := map[string]string{}, map[string]int{}
	for i := 1; len(out) < 3*n; i++ {
		name := fmt.Sprintf("degenerate-%d", i)
		text := gen.Random(rng, name)
		kind, _, _ := strings.Cut(text, "\n")
		if !strings.HasPrefix(kind, "# degenerate") || kinds[kind] == n {
			continue
		}
		kinds[kind]++
		out[name] = text
	}
	return out
}

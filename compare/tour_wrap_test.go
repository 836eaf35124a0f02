package compare_test

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// wrappedTours are tours on wrapped boards of one to six squares, where
// two squares may be joined by more than one move: on the 1x2 torus the
// wazir goes from a1 to b1 one file right, or one file left across the
// glued edge (issue 36, item 13). docs/tour.md's rule counts the tours of
// the move graph, whose squares are joined or not: two moves between the
// same squares are one edge, so 2 squares never make a closed tour. The
// counts (open, from a1, closed) are of that simple graph's Hamiltonian
// paths and cycles, listed by hand: K2, K3, C4 (wazir, knight) or K4
// (king) on the 2x2 torus, the prism C3 x K2 (wazir), K6 (king) and the
// octahedron (knight) on the 2x3 torus.
var wrappedTours = []struct {
	size   string
	counts map[string][3]int64
}{
	{"1x1", map[string][3]int64{"wazir": {1, 1, 0}, "king": {1, 1, 0}, "knight": {1, 1, 0}}},
	{"1x2", map[string][3]int64{"wazir": {2, 1, 0}, "king": {2, 1, 0}, "knight": {2, 1, 0}}},
	{"1x3", map[string][3]int64{"wazir": {6, 2, 1}, "king": {6, 2, 1}, "knight": {6, 2, 1}}},
	{"2x2", map[string][3]int64{"wazir": {8, 2, 1}, "king": {24, 6, 3}, "knight": {8, 2, 1}}},
	{"2x3", map[string][3]int64{"wazir": {60, 10, 3}, "king": {720, 120, 60}, "knight": {240, 40, 16}}},
}

func wrappedTour(t *testing.T, size, piece, start string, closed bool) *model.Model {
	t.Helper()
	spec := fmt.Sprintf("{piece: %s, closed: %v", piece, closed)
	if start != "" {
		spec += ", start: " + start
	}
	text := fmt.Sprintf("name: %s %s torus\nboard: {size: %q, wrap: torus}\npieces: {wazir: {leap: [0, 1]}}\ntour: %s}\n", piece, size, size, spec)
	m, err := model.Parse([]byte(text), "wrapped.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestWrappedSmallTours asserts the rule on every backend: the checker
// accepts exactly the orderings the counts stand for, exact and ilp solve,
// count and enumerate them, brute refuses tours (it lists no paths), and
// compare finds exact, ilp and every installed external solver agreeing
// on the closed tours (past 1x1, where there is no move at all).
func TestWrappedSmallTours(t *testing.T) {
	solvers := []model.Solver{exact.New(), ilp.New()}
	for _, tool := range extern.ExternalTools {
		if _, err := exec.LookPath(tool); err == nil {
			solvers = append(solvers, &extern.External{Tool: tool})
		}
	}
	for _, b := range wrappedTours {
		for _, piece := range []string{"wazir", "king", "knight"} {
			c := b.counts[piece]
			for _, tc := range []struct {
				start  string
				closed bool
				want   int64
			}{{"", false, c[0]}, {"a1", false, c[1]}, {"", true, c[2]}, {"a1", true, c[2]}} {
				m := wrappedTour(t, b.size, piece, tc.start, tc.closed)
				t.Run(fmt.Sprintf("%s from %q closed %v", m.Name, tc.start, tc.closed), func(t *testing.T) {
					if got, want := checkerCount(m, tc.want); got != want {
						t.Errorf("checker: accepts %d orderings of the squares, want %d", got, want)
					}
					for _, s := range solvers[:2] {
						backendAgrees(t, s, m, tc.want)
					}
					if _, err := (&brute.Solver{}).Solve(context.Background(), m, model.Options{Task: model.TaskCount}); !errors.Is(err, model.ErrUnsupported) {
						t.Errorf("brute: %v, want it to refuse tours", err)
					}
					if tc.closed && tc.want == 0 {
						exactSaysWhy(t, m)
					}
					if tc.closed && tc.start == "" && b.size != "1x1" {
						// On 1x1 the program has no variables: the external
						// solvers' answers to it are items 2 and 3 of issue 36.
						compareAgrees(t, m, solvers, tc.want)
					}
				})
			}
		}
	}
}

// compareAgrees runs compare's solve and count with the solvers and wants
// every answer complete and agreeing, with the count want.
func compareAgrees(t *testing.T, m *model.Model, solvers []model.Solver, want int64) {
	t.Helper()
	for _, task := range []model.Task{model.TaskSolve, model.TaskCount} {
		row := compare.Run(context.Background(), m, solvers, task, compare.Options{})
		if row.Verdict != compare.Agree {
			t.Errorf("compare %v: %v (%s)", task, row.Verdict, row.Reason)
		}
		for _, a := range row.Answers {
			if task == model.TaskCount && (a.Count == nil || *a.Count != want) {
				t.Errorf("compare count: %s counts %s, want %d (%s)", a.Backend, fmtCount(a.Count), want, a.Error)
			}
		}
	}
}

// exactSaysWhy wants the exact backend's proof that a board of fewer than
// 3 squares has no closed tour to speak of squares joined once, not of
// distinct moves, which the two moves of a wrapped board would refute.
func exactSaysWhy(t *testing.T, m *model.Model) {
	t.Helper()
	res, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
	if err != nil {
		t.Fatal(err)
	}
	const why = "a cycle of the move graph, which joins two squares once however many moves go between them"
	if reason := res.Stats.Reason; !strings.Contains(reason, why) {
		t.Errorf("exact: reason %q, want it to say %q", reason, why)
	}
}

package cli

import (
	"regexp"
	"strings"
	"testing"
)

// TestMessages: what the CLI says matches what it does (issue 28 item 11).
func TestMessages(t *testing.T) {
	stack := writeFile(t, "stack.yaml", "board: 8\nplace: [1000000000 queen]\nstack: true\n")
	short := writeFile(t, "short.yaml", "board: 8\nplace: [7 queen]\n")
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		want   string // in stdout+stderr
		refuse string // not in stdout+stderr
	}{
		{"said once", []string{"count", models + "sliding-rook-3x3.yaml"}, ExitUnsupported, "count is not supported on sliding puzzles (solve finds a shortest solution)\n", "backend: not supported"},
		{"ilp slide board", []string{"solve", "--backend", "ilp", models + "sliding-rooks.yaml"}, ExitUnsupported, "this one has 64: board too large for the ILP backend: not supported by this backend\n", "backend: not supported by this backend: the"},
		{"memory is bad input", []string{"solve", "--max-memory", "1K", models + "eight-queens.yaml"}, ExitBadInput, "too large for the memory bound (raise it with --max-memory)\n", "not supported"},
		{"stack on ilp", []string{"solve", "--backend", "ilp", stack}, ExitBadInput, "too large for the memory bound", "not supported"},
		{"stack on exact", []string{"solve", stack}, ExitUnsupported, "more than the 64 copies the search represents", ""},
		{"count so far", []string{"count", "--timeout", "300ms", models + "n-queens.yaml", "--set", "board=18"}, ExitTimeout, "counted so far: ", ""},
		{"plural", []string{"check", short, writeFile(t, "two.json", `{"pieces": [{"piece": "queen", "square": "a1"}, {"piece": "queen", "square": "b3"}]}`)}, ExitNegative, "2 queens placed, the place list asks for at least 7", "2 queen placed"},
		{"own corners", []string{"show", models + "sliding-rook-3x3.yaml"}, 0, "reflect in a1-c3 diagonal", "a1-h8"},
		{"infeasible verified", []string{"compare", "--task", "solve", models + "n-queens.yaml", "--set", "board=3"}, 0, "infeasible (T)       -        agree", "0 of 2"},
		{"slide reason", []string{"solve", models + "slide-impossible.yaml"}, 0, "reason: exhaustive search: no sequence of slides", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
			out := seconds.ReplaceAllString(stdout+stderr, "(T)") // times vary with the load
			if code != tc.code || !strings.Contains(out, tc.want) || (tc.refuse != "" && strings.Contains(out, tc.refuse)) {
				t.Errorf("exit %d, want %d; want %q, not %q in:\n%s", code, tc.code, tc.want, tc.refuse, out)
			}
		})
	}
}

// seconds matches a time in a compare cell, "(0.00s)"; it keeps its width.
var seconds = regexp.MustCompile(`\(\d+\.\d\ds\)`)

// TestCompareLongNames: the compare table cuts no model name.
func TestCompareLongNames(t *testing.T) {
	name := "queens on a board with a rather long descriptive name indeed"
	long := writeFile(t, "long.yaml", "name: "+name+"\nboard: 4\nplace: [4 queen]\nrules: [independent]\n")
	code, stdout, stderr := run(t, DefaultBackends(), "compare", "--task", "solve", long, models+"eight-queens.yaml")
	if code != 0 || !strings.Contains(stdout, name+" solve  satisfied 4") || !strings.Contains(stdout, "\neight queens "+strings.Repeat(" ", len(name)-len("eight queens"))+"solve") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

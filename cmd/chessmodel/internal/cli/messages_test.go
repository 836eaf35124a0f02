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

// TestMessagesSayWhatWorks (issue 36, item 11): a refusal names what the
// user wrote, in the user's words, and a way that works: groups with a
// one-sided piece or on a wrapped board (they said "a none board or with a
// one-sided piece"), a board too large for the ILP (it said "use the exact
// backend", which refused it too), a bound below a KiB (it said 1 KiB of
// --max-memory 10).
func TestMessagesSayWhatWorks(t *testing.T) {
	oneSided := writeFile(t, "one-sided.yaml", "board: 4\npieces:\n  lefthanded: {leap: [-1, 2], images: rotations}\n"+
		"place: [max lefthanded as white, max lefthanded as black]\nrules: [independent between groups, equal groups]\n")
	torus := writeFile(t, "torus.yaml", "board: {size: 4, wrap: torus}\nplace: [max queen as white, max queen as black]\nrules: [independent between groups, equal groups]\n")
	freeWalls := writeFile(t, "walls.yaml", "board: {size: 4, wrap: cylinder, walls: free}\nplace: [4 queen]\nrules: [independent]\nobjective: minimize walls\n")
	huge := writeFile(t, "huge.yaml", "board: 10000000\nplace: [n queen]\nrules: [independent]\n")
	const works = "; they are supported on a plain board (no wrap) whose pieces all move alike under every turn and mirror, and --backend brute answers such a model on a small board\n"
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"groups, one-sided, exact", []string{"solve", oneSided}, ExitUnsupported, "exact: pieces in groups are not supported with the one-sided lefthanded: the armies search reads straight lines and symmetric attack" + works},
		{"groups, one-sided, ilp", []string{"solve", "--backend", "ilp", oneSided}, ExitUnsupported, "ilp: pieces in groups are not supported with the one-sided lefthanded: the group rows read straight lines" + works},
		{"groups, torus, exact", []string{"solve", torus}, ExitUnsupported, "exact: pieces in groups are not supported on a torus board: "},
		{"groups, torus, ilp", []string{"solve", "--backend", "ilp", torus}, ExitUnsupported, "ilp: pieces in groups are not supported on a torus board: "},
		{"free walls, cylinder, exact", []string{"solve", freeWalls}, ExitUnsupported, "exact: free walls are not supported on a cylinder board: the wall searches assume straight lines and symmetric attack" + works},
		{"ilp on 10^7 x 10^7", []string{"solve", "--backend", "ilp", huge}, ExitUnsupported, "the ILP compiler takes up to 16384; no backend searches a board this large in general: the exact backend takes one only on its fast paths, n queens or n rooks on an empty square board"},
		{"a bound of 10 bytes", []string{"solve", "--max-memory", "10", models + "eight-queens.yaml"}, ExitBadInput, "above the bound of 10 B: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
			out := stdout + stderr
			if code != tc.code || !strings.Contains(out, tc.want) || strings.Contains(out, "none board") || strings.Contains(out, "use the exact backend") {
				t.Errorf("exit %d, want %d; want %q in:\n%s", code, tc.code, tc.want, out)
			}
		})
	}
	small := writeFile(t, "small.yaml", "board: 3\npieces:\n  lefthanded: {leap: [-1, 2], images: rotations}\n"+
		"place: [max lefthanded as white, max lefthanded as black]\nrules: [independent between groups, equal groups]\n")
	if code, stdout, stderr := run(t, DefaultBackends(), "solve", "--backend", "brute", small); code != 0 || !strings.Contains(stdout, "optimal, pieces 8") {
		t.Errorf("brute, as the message says, on a small board: exit %d\n%s%s", code, stdout, stderr)
	}
}

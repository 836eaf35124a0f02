package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestSizesTable: count --sizes and solve --sizes tabulate a placement or
// a tour by board size, one row per size, and --oeis prints the terms.
// The oracles are OEIS's: A000170 (n queens), A002562 (their classes),
// A051906 (torus queens: the wrap of the board mapping is kept),
// A075458 (queens domination), A001230 (closed knight's tours: 9862
// on 6x6).
func TestSizesTable(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string // the whole of standard output
	}{
		{"n queens", []string{"count", "--sizes", "1..9", "--oeis", models + "n-queens.yaml"}, "1, 0, 0, 2, 10, 4, 40, 92, 352\n"},
		{"n queens classes", []string{"count", "--sizes", "1..9", "--symmetry", "--oeis", models + "n-queens.yaml"}, "1, 0, 0, 2, 10, 4, 40, 92, 352\n1, 0, 0, 1, 2, 1, 6, 12, 46\n"},
		{"torus queens", []string{"count", "--sizes", "1..7", "--oeis", models + "torus-queens.yaml"}, "1, 0, 0, 0, 10, 0, 28\n"},
		{"step", []string{"count", "--sizes", "4..8:2", "--oeis", models + "n-queens.yaml"}, "2, 4, 92\n"},
		{"domination", []string{"solve", "--sizes", "1..7", "--oeis", models + "queens-domination.yaml"}, "1, 1, 1, 2, 3, 3, 4\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
			if code != 0 || stdout != tc.want {
				t.Errorf("exit %d\nstdout: %q\nwant    %q\nstderr: %s", code, stdout, tc.want, stderr)
			}
		})
	}

	code, stdout, stderr := run(t, DefaultBackends(), "count", "--sizes", "4..6", models+"knights-tour-closed.yaml")
	want := []string{
		"closed knight's tour 6x6: count by board size (exact backend)",
		" board  status      value          count      classes       time",
		"   4x4  infeasible      -              0            -",
		"   5x5  infeasible      -              0            -",
		"   6x6  satisfied      36           9862            -",
	}
	lines := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
	if code != 0 || len(lines) != len(want) {
		t.Fatalf("tours: exit %d\n%s%s", code, stdout, stderr)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("tours: line %d\n%q\nwant it to start\n%q", i+1, lines[i], w)
		}
	}

	// a size the model does not fit is a row that says why; the others are
	// answered, and the terms stop at the first size without one
	code, stdout, stderr = run(t, DefaultBackends(), "solve", "--sizes", "7..8", models+"knights-tour.yaml")
	if code != 0 || !strings.Contains(stdout, "   7x7  skipped: ") || !strings.Contains(stdout, "square d8 is not on the 7x7 board") || !strings.Contains(stdout, "   8x8  satisfied      64") {
		t.Errorf("skipped size: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = run(t, DefaultBackends(), "solve", "--sizes", "1..5", "--oeis", models+"n-queens.yaml")
	if code != 0 || stdout != "1\n" || !strings.Contains(stderr, "n queens: the terms stop at 2x2: infeasible, no term") {
		t.Errorf("terms that stop: exit %d\nstdout: %q\nstderr: %s", code, stdout, stderr)
	}

	// --json: one line per size
	code, stdout, _ = run(t, DefaultBackends(), "count", "--json", "--sizes", "4..5", "--symmetry", models+"n-queens.yaml")
	var rows []sizeRow
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var r sizeRow
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		rows = append(rows, r)
	}
	if code != 0 || len(rows) != 2 || rows[1].Size != 5 || *rows[1].Count != 10 || *rows[1].Classes != 2 || rows[1].Model != "n queens (board=5)" {
		t.Errorf("--json: exit %d\n%s", code, stdout)
	}
}

// TestSizesRefused: what --sizes and --oeis do not go with is bad input.
func TestSizesRefused(t *testing.T) {
	q := models + "n-queens.yaml"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"count", "--oeis", q}, ExitBadInput, "--oeis prints the terms of a --sizes or --vary table"},
		{[]string{"count", "--sizes", "4..5", q, q}, ExitBadInput, "--sizes makes a table of one model, not 2"},
		{[]string{"count", "--sizes", "4..5", "--shard", "0/2", q}, ExitBadInput, "--sizes and --shard"},
		{[]string{"count", "--sizes", "5..4", q}, ExitBadInput, `--sizes "5..4": expected A..B`},
		{[]string{"count", "--sizes", "4..6", models + "sliding-rooks.yaml"}, ExitUnsupported, "a slide is solved, not counted"},
		{[]string{"enumerate", "--sizes", "4..6", q}, ExitBadInput, "unknown flag: --sizes"},
	} {
		code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d (want %d)\nstdout: %s\nstderr: %s\nwant %q", tc.args, code, tc.code, stdout, stderr, tc.want)
		}
	}
}

// TestSizesCutShort: a size the backend refuses, or stops at its own
// limit, is a row that says so and the other sizes are answered (exit 4);
// --timeout ends the table at the size it cuts (exit 3).
func TestSizesCutShort(t *testing.T) {
	q := models + "n-queens.yaml"
	unsupported := Backends{"failing": &failing{err: fmt.Errorf("failing: queens: %w", model.ErrUnsupported)}}
	code, stdout, stderr := run(t, unsupported, "count", "--sizes", "4..5", "--backend", "failing", q)
	if code != ExitUnsupported || strings.Count(stdout, "skipped: failing: queens: not supported") != 2 {
		t.Errorf("unsupported: exit %d\n%s%s", code, stdout, stderr)
	}
	limited := Backends{"limited": &scripted{result: model.Result{Status: model.StatusUnknown, Stats: model.Stats{Limit: "the node budget ran out"}}}}
	code, stdout, stderr = run(t, limited, "count", "--sizes", "4..5", "--backend", "limited", q)
	if code != ExitUnsupported || strings.Count(stdout, "unknown         -              -            -") != 2 || strings.Count(stdout, "the node budget ran out") != 2 {
		t.Errorf("a backend's limit: exit %d\n%s%s", code, stdout, stderr)
	}
	slow := Backends{"failing": &failing{}}
	code, stdout, stderr = run(t, slow, "count", "--sizes", "4..6", "--timeout", "50ms", "--backend", "failing", q)
	if code != ExitTimeout || !strings.Contains(stdout, "   4x4  unknown") || strings.Contains(stdout, "5x5") || !strings.Contains(stderr, "stopped by --timeout 50ms at 4x4") {
		t.Errorf("--timeout: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestVaryTable: --vary tabulates the model over the values of one
// override, here the least walls for each number of queens on 5x5 of a
// model whose walls are free. The oracle is a plain search written here:
// the least walls k is the first for which some k-subset of squares,
// made walls, lets q queens stand with no two attacking (tried up to 4
// walls, which the first queen counts need).
func TestVaryTable(t *testing.T) {
	const n, most = 5, 4
	var want []string
	for q := 1; ; q++ {
		k := leastWallsByHand(n, q, most)
		if k < 0 {
			break
		}
		want = append(want, fmt.Sprint(k))
	}
	if len(want) < n+2 || want[n-1] != "0" || want[n+1] == "0" {
		t.Fatalf("the hand search found least walls %v: want more than %d queen counts, the last ones with walls", want, n+1)
	}
	vary := fmt.Sprintf("place=[{1..%d} queen]", len(want))
	code, stdout, stderr := run(t, DefaultBackends(), "solve", "--oeis", "--set", fmt.Sprintf("board=%d", n), "--vary", vary, models+"least-walls-12.yaml")
	if code != 0 || stdout != strings.Join(want, ", ")+"\n" {
		t.Errorf("exit %d\nstdout: %q\nwant    %q\nstderr: %s", code, stdout, strings.Join(want, ", "), stderr)
	}
	// past the most queens any walls allow (no two queens side by side:
	// 9 on 6x6), the terms stop
	code, stdout, stderr = run(t, DefaultBackends(), "solve", "--oeis", "--set", "board=6", "--vary", "place=[{9..10} queen]", models+"least-walls-12.yaml")
	if code != 0 || stdout != "6\n" || !strings.Contains(stderr, "the terms stop at 10: infeasible") {
		t.Errorf("6x6: exit %d\nstdout: %q\nstderr: %s", code, stdout, stderr)
	}

	// the text table: one row per value, labelled by it; --json names the
	// override of each row
	code, stdout, stderr = run(t, DefaultBackends(), "solve", "--set", "board=5", "--vary", "place=[{5..7:2} queen]", models+"least-walls-12.yaml")
	lines := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
	if code != 0 || len(lines) != 4 || !strings.Contains(lines[0], "solve by place=[{5..7:2} queen]") ||
		!strings.HasPrefix(lines[2], "     5  optimal    "+fmt.Sprintf("%6s", want[4])) || !strings.HasPrefix(lines[3], "     7  optimal    "+fmt.Sprintf("%6s", want[6])) {
		t.Errorf("table: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = run(t, DefaultBackends(), "count", "--json", "--vary", "board={4..5}", models+"n-queens.yaml")
	var rows []sizeRow
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var r sizeRow
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		rows = append(rows, r)
	}
	if code != 0 || len(rows) != 2 || rows[1].Set != "board=5" || rows[1].Size != 0 || *rows[1].Count != 10 || rows[1].Model != "n queens (board=5)" {
		t.Errorf("--json: exit %d\n%s", code, stdout)
	}
}

// TestVaryRefused: a --vary value that is no override with one range, or
// one with more than maxVaryRows values, is bad input, as is --vary with
// --sizes; a value the model refuses is a row that says why.
func TestVaryRefused(t *testing.T) {
	q := models + "n-queens.yaml"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"count", "--vary", "board", q}, "no key=value"},
		{[]string{"count", "--vary", "board=8", q}, "not one {A..B}"},
		{[]string{"count", "--vary", "board={4..5}{6..7}", q}, "not one {A..B}"},
		{[]string{"count", "--vary", "{4..5}=8", q}, "not one {A..B}"},
		{[]string{"count", "--vary", "board={5..4}", q}, "{5..4} is no range"},
		{[]string{"count", "--vary", "board={4..x}", q}, "{4..x} is no range"},
		{[]string{"count", "--vary", "board={4..6:0}", q}, "{4..6:0} is no range"},
		{[]string{"count", "--vary", fmt.Sprintf("board={0..%d}", maxVaryRows), q}, fmt.Sprintf("more than %d values", maxVaryRows)},
		{[]string{"count", "--vary", "board={4..5}", "--sizes", "4..5", q}, "--sizes and --vary"},
		{[]string{"count", "--vary", "board={4..5}", q, q}, "--vary makes a table of one model, not 2"},
		{[]string{"count", "--vary", "board={4..5}", "--stats", q}, "--vary and --stats"},
	} {
		code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
		if code != ExitBadInput || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d\nstdout: %s\nstderr: %s\nwant %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	// a range at the top of int ends
	if rows, err := parseVary(fmt.Sprintf("board={%d..%d}", math.MaxInt-1, math.MaxInt)); err != nil || len(rows) != 2 || rows[1].label != strconv.Itoa(math.MaxInt) {
		t.Errorf("the top of int: %v, %v", rows, err)
	}
	// the last value of the range just under the bound is accepted
	if rows, err := parseVary(fmt.Sprintf("board={1..%d}", maxVaryRows)); err != nil || len(rows) != maxVaryRows {
		t.Errorf("%d values: %d rows, %v", maxVaryRows, len(rows), err)
	}
	code, stdout, stderr := run(t, DefaultBackends(), "count", "--vary", "board={0..1}", q)
	if code != 0 || !strings.Contains(stdout, "     0  skipped: ") || !strings.Contains(stdout, "     1  satisfied") {
		t.Errorf("a value the model refuses: exit %d\n%s%s", code, stdout, stderr)
	}
}

// leastWallsByHand is the least number of walls that lets q queens stand
// on an n x n board with no two attacking, or -1 if no number does: every
// set of walls of each size in turn, and for each a plain search for q
// queens on the other squares, up to most walls. Two queens attack when
// they share a line with no wall between them.
func leastWallsByHand(n, q, most int) int {
	wall := make([]bool, n*n)
	attacks := func(a, b int) bool {
		ar, ac, br, bc := a/n, a%n, b/n, b%n
		dr, dc := sign(br-ar), sign(bc-ac)
		if !(ar == br || ac == bc || ar-br == ac-bc || ar-br == bc-ac) {
			return false
		}
		for r, c := ar+dr, ac+dc; r != br || c != bc; r, c = r+dr, c+dc {
			if wall[r*n+c] {
				return false
			}
		}
		return true
	}
	var place func(from int, queens []int) bool
	place = func(from int, queens []int) bool {
		if len(queens) == q {
			return true
		}
		for s := from; s < n*n; s++ {
			if wall[s] {
				continue
			}
			ok := true
			for _, o := range queens {
				if attacks(o, s) {
					ok = false
					break
				}
			}
			if ok && place(s+1, append(queens, s)) {
				return true
			}
		}
		return false
	}
	var walls func(from, left int) bool
	walls = func(from, left int) bool {
		if left == 0 {
			return place(0, nil)
		}
		for s := from; s < n*n; s++ {
			wall[s] = true
			found := walls(s+1, left-1)
			wall[s] = false
			if found {
				return true
			}
		}
		return false
	}
	for k := 0; k <= most && k+q <= n*n; k++ {
		if walls(0, k) {
			return k
		}
	}
	return -1
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// blockingOn waits for its context on boards of one size and hands the
// others to the exact backend.
type blockingOn struct {
	size int
	next model.Solver
}

func (b *blockingOn) Name() string { return "blocking" }
func (b *blockingOn) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if m.Board.Rows == b.size {
		return (&failing{}).Solve(ctx, m, opts)
	}
	return b.next.Solve(ctx, m, opts)
}

// TestRowTimeout: --row-timeout stops the row it bounds, which says so,
// and the rows after it are answered; the table exits 3 at its end.
// Without a table, or below zero, it is bad input.
func TestRowTimeout(t *testing.T) {
	q := models + "n-queens.yaml"
	blocking := Backends{"blocking": &blockingOn{size: 5, next: DefaultBackends()["exact"]}}
	for _, flag := range [][]string{{"--sizes", "4..6"}, {"--vary", "board={4..6}"}} {
		args := append([]string{"count", "--row-timeout", "50ms", "--backend", "blocking", q}, flag...)
		code, stdout, stderr := run(t, blocking, args...)
		lines := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
		if code != ExitTimeout || len(lines) != 5 || !strings.Contains(lines[2], " 2 ") ||
			!strings.Contains(lines[3], "unknown") || !strings.HasSuffix(lines[3], "stopped by --row-timeout 50ms") ||
			!strings.Contains(lines[4], " 4 ") || !strings.Contains(stderr, "some rows were stopped by --row-timeout 50ms") {
			t.Errorf("%v: exit %d\n%s%s", flag, code, stdout, stderr)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"count", "--row-timeout", "1s", q}, "--row-timeout bounds each row of a --sizes or --vary table"},
		{[]string{"solve", "--row-timeout", "-1s", "--sizes", "4..5", q}, "--row-timeout -1s: expected a duration from 0"},
	} {
		code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
		if code != ExitBadInput || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d\nstdout: %s\nstderr: %s\nwant %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

// TestParseSizesEdges: a range ending at the top of int ends; a step
// past the range gives its first size; more than maxVaryRows sizes is
// refused rather than listed.
func TestParseSizesEdges(t *testing.T) {
	top := strconv.Itoa(math.MaxInt)
	for _, c := range []struct {
		in   string
		want []int
	}{
		{top + ".." + top, []int{math.MaxInt}},
		{strconv.Itoa(math.MaxInt-2) + ".." + top + ":2", []int{math.MaxInt - 2, math.MaxInt}},
		{"4..12:5", []int{4, 9}},
		{"3..3:100", []int{3}},
	} {
		got, err := parseSizes(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("parseSizes(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	if _, err := parseSizes("1..1000000000"); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("a billion sizes: %v, want a refusal", err)
	}
}

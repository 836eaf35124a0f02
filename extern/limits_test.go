package extern

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// TestToolBounds reads the bounds in logs of cbc and glpsol stopped by
// their time limits (lines as the tools print them) and rounds them to
// the feasible side of the value found.
func TestToolBounds(t *testing.T) {
	cbcLog := "Result - Stopped on time limit\n\nObjective value:                35.00000000\nLower bound:                    5.516\nGap:                            5.35\n"
	glpkLog := "+   149: mip =     not found yet >=              -inf        (1; 0)\n+  9684: mip =   6.000000000e+00 >=   4.000000000e+00  33.3% (275; 350)\nTIME LIMIT EXCEEDED; SEARCH TERMINATED\n"
	for _, tc := range []struct {
		tool, log string
		value     int64
		sense     model.Optimize
		want      int64
		ok        bool
	}{
		{"cbc", cbcLog, 35, model.Minimize, 6, true},
		{"glpsol", glpkLog, 6, model.Minimize, 4, true},
		{"cbc", "Upper bound: -12.5\n", 10, model.Maximize, 12, true}, // a maximum's bound printed negated
		{"glpsol", "+ 1: mip = not found yet >= -inf (1; 0)\n", 6, model.Minimize, 0, false},
		{"lp_solve", cbcLog, 35, model.Minimize, 0, false},
	} {
		got, ok := integerBound((&External{Tool: tc.tool}).bound([]byte(tc.log)), tc.value, tc.sense)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s %q: %d %v; want %d %v", tc.tool, tc.log, got, ok, tc.want, tc.ok)
		}
	}
}

// TestToolTimeLimit: the tools that can stop themselves are given the time
// left before the deadline, less the margin; without a deadline, nothing.
func TestToolTimeLimit(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for tool, want := range map[string]string{"cbc": "sec 17", "glpsol": "--tmlim 17", "lp_solve": ""} {
		got := (&External{Tool: tool}).timeLimit(ctx)
		if s := strings.Join(got, " "); s != want {
			t.Errorf("%s: %q; want %q", tool, s, want)
		}
		if got := (&External{Tool: tool}).timeLimit(context.Background()); got != nil {
			t.Errorf("%s without a deadline: %q", tool, got)
		}
	}
}

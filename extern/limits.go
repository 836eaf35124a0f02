package extern

import (
	"context"
	"math"
	"regexp"
	"strconv"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Time limits and bounds. Killed at the deadline, a tool leaves nothing to
// read; given its own time limit a little before the deadline, cbc and
// glpsol stop, write their best solution and print the bound they proved.
// lp_solve is only killed: its -timeout is documented as "when not
// solution found", and what it prints then was not found to tell a timeout
// from an infeasible program.

// limitMargin is how long before the deadline a tool is asked to stop: a
// tenth of the time left, at least half a second for writing its files.
func limitMargin(left time.Duration) time.Duration { return max(left/10, 500*time.Millisecond) }

// timeLimit is the tool's option for stopping before ctx's deadline, nil
// when ctx has none, the tool has no such option, or too little time is left.
func (e *External) timeLimit(ctx context.Context) []string {
	deadline, ok := ctx.Deadline()
	if !ok {
		return nil
	}
	left := time.Until(deadline)
	seconds := int64((left - limitMargin(left)) / time.Second)
	if seconds < 1 {
		return nil
	}
	switch e.Tool {
	case "cbc":
		return []string{"sec", strconv.FormatInt(seconds, 10)}
	case "glpsol":
		return []string{"--tmlim", strconv.FormatInt(seconds, 10)}
	}
	return nil
}

var (
	cbcBound  = regexp.MustCompile(`(?m)^(?:Lower|Upper) bound:\s+(\S+)`)
	glpkBound = regexp.MustCompile(`mip =\s+\S+\s+[<>]=\s+(\S+)`)
)

// bound is the last bound on the objective the tool's log shows, if any.
func (e *External) bound(log []byte) *float64 {
	var re *regexp.Regexp
	switch e.Tool {
	case "cbc":
		re = cbcBound
	case "glpsol":
		re = glpkBound
	default:
		return nil
	}
	all := re.FindAllSubmatch(log, -1)
	if len(all) == 0 {
		return nil
	}
	b, err := strconv.ParseFloat(string(all[len(all)-1][1]), 64)
	if err != nil || math.IsInf(b, 0) || math.IsNaN(b) {
		return nil
	}
	return &b
}

// integerBound rounds a tool's bound towards the feasible side and checks
// it against the value found: cbc minimises, and may print a maximum's
// bound negated, so the sign that bounds the value is taken; none, no bound.
func integerBound(b *float64, value int64, sense model.Optimize) (int64, bool) {
	if b == nil {
		return 0, false
	}
	for _, v := range []float64{*b, -*b} {
		switch sense {
		case model.Minimize:
			if r := int64(math.Ceil(v - 1e-6)); r <= value {
				return r, true
			}
		case model.Maximize:
			if r := int64(math.Floor(v + 1e-6)); r >= value {
				return r, true
			}
		}
	}
	return 0, false
}

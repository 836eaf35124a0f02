package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// intermediateHelp is the --intermediate flag's help.
const intermediateHelp = "print each better solution as it is found, with its value, the proven bound and the time (MiniZinc's -i); with --json one JSON object per line, the final result last"

// An improvedLine is one intermediate solution as --intermediate --json
// prints it: "event" tells it from the final result, which has "status".
type improvedLine struct {
	Model    string          `json:"model"`
	Backend  string          `json:"backend"`
	Event    string          `json:"event"` // "improved"
	Value    int64           `json:"value"`
	Bound    *int64          `json:"bound,omitempty"`
	Seconds  float64         `json:"seconds"`
	Solution *model.Solution `json:"solution,omitempty"`
	// Verified: the checker has accepted Solution, here in the CLI.
	Verified bool `json:"verified"`
}

// intermediate returns the model.Options.Improved listener of a solve that
// prints each incumbent to w, checked by the checker, stamped with the time
// since start; a print that fails is remembered in *failed.
func intermediate(w io.Writer, m *model.Model, backend string, asJSON bool, start time.Time, failed *error) func(model.Incumbent) {
	return model.Improving(m.Objective.Sense, func(in model.Incumbent) {
		line := improvedLine{Model: m.Name, Backend: backend, Event: "improved", Value: in.Value, Bound: in.Bound,
			Seconds: time.Since(start).Seconds(), Solution: in.Solution}
		if in.Solution != nil {
			report := model.Check(m, in.Solution)
			line.Verified = report.Valid && report.Value == in.Value
		}
		var err error
		if asJSON {
			err = writeJSON(w, line)
		} else {
			_, err = fmt.Fprintln(w, improvedText(m, line))
		}
		if err != nil && *failed == nil {
			*failed = err
		}
	})
}

// improvedText is the line of an intermediate solution without --json:
// "eight pieces, fewest attacked: improved, attacked 18, proven bound 9,
// at 0.412s, verified: king a1, ...".
func improvedText(m *model.Model, line improvedLine) string {
	what := "value"
	if o := m.Objective.Measure; o != model.MeasureNone {
		what = o.String()
	}
	s := fmt.Sprintf("%s: improved, %s %d", m.Name, what, line.Value)
	if line.Bound != nil {
		s += fmt.Sprintf(", proven bound %d", *line.Bound)
	}
	s += fmt.Sprintf(", at %.3fs", line.Seconds)
	if line.Verified {
		s += ", verified"
	}
	if sol := line.Solution; sol != nil && len(sol.Pieces) > 0 && len(sol.Pieces) <= 64 {
		words := make([]string, len(sol.Pieces))
		for i, p := range sol.Pieces {
			words[i] = fmt.Sprintf("%s %v", p.Piece, p.Square)
		}
		s += ": " + strings.Join(words, ", ")
	}
	return s
}

// printingImproved is the backend of solve --intermediate: it prints each
// better solution to w, the final one too for a backend that streams none;
// a failed print is the error of its solve.
type printingImproved struct {
	model.Solver
	w      io.Writer
	asJSON bool
}

func (p *printingImproved) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	var printFailed error
	opts.Improved = intermediate(p.w, m, p.Name(), p.asJSON, time.Now(), &printFailed)
	res, err := p.Solver.Solve(ctx, m, opts)
	if err == nil {
		opts.ReportFinal(res) // the final solution of a backend that streams none
	}
	if printFailed != nil {
		return nil, printFailed
	}
	return res, err
}

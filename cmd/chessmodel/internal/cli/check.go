package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/model"
)

// checkOutput is check's JSON output.
type checkOutput struct {
	Model    string           `json:"model"`
	Kind     string           `json:"kind"`
	Valid    bool             `json:"valid"`
	Value    int64            `json:"value"`
	Measures map[string]int64 `json:"measures"`
	Problems []string         `json:"problems"`
	// Claims are what a whole result claims wrongly of its solution (a
	// value, status, count or classes); NotChecked says which claims were
	// not checked, and why.
	Claims     []string `json:"claims,omitempty"`
	NotChecked string   `json:"not_checked,omitempty"`
}

func newCheckCommand(g *globals, streams Streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "check MODEL.yaml SOLUTION.json",
		Short: "Verify a claimed solution with the independent checker (exit 1 when invalid)",
		Long: `check verifies a solution that came from anywhere against the model. The
solution is JSON: the "solution" object of chessmodel's results, or a whole
result. Either file may be - for standard input (not both).

Of a whole result, check holds the claims against the solution and, within
the brute-force backend's budget, against a count: a wrong value, status,
count, classes or optimum is reported (exit 1), a claim past the budget is
said not checked. A key given twice, or a square with spaces, is bad input.

For a placement model the solution may also be what a command-line solver
wrote for the program "chessmodel export" made of the same model (same --set):
lp_solve's -S4 output, cbc's solution file (solve solu FILE), or glpsol's -o
report or -w raw solution, recognised by their content and matched to the
program by the variables' names (glpsol -w by column numbers). A name the
program does not have, a variable missing or listed twice, or a fractional
value is bad input at its line (exit 2).`,
		Example: `  chessmodel check testdata/models/knights-tour.yaml testdata/solutions/knights-tour-seed.json
  chessmodel solve --json testdata/models/eight-queens.yaml | chessmodel check testdata/models/eight-queens.yaml -
  chessmodel export M.yaml --format lp -o m.lp; lp_solve -S4 m.lp > m.out; chessmodel check M.yaml m.out`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[0] == "-" && args[1] == "-" {
				return &ExitError{Code: ExitBadInput, Err: errors.New("the model and the solution cannot both come from standard input")}
			}
			return runCheck(cmd.Context(), g, streams, args[0], args[1])
		},
	}
	addCertificateCheck(g, streams, cmd) // certificate.go
	return cmd
}

func runCheck(ctx context.Context, g *globals, streams Streams, modelPath, solutionPath string) error {
	m, err := g.loadModel(ctx, modelPath)
	if err != nil {
		return err
	}
	claim, err := readInput(ctx, g, solutionPath, "solution", func(r io.Reader, name string) (*model.Claim, error) {
		return readClaimedSolution(g, m, r, name)
	})
	if errors.Is(err, model.ErrUnsupported) {
		return &ExitError{Code: ExitUnsupported, Err: err}
	}
	if err != nil {
		return err
	}
	report := model.Check(m, claim.Solution)
	ctx, cancel := g.context(ctx)
	defer cancel()
	claims, unchecked := claimProblems(ctx, m, claim, report)
	if err := printCheck(streams.Out, m, report, claims, unchecked, g.json); err != nil {
		return err
	}
	if !report.Valid || len(claims) > 0 {
		return &ExitError{Code: ExitNegative}
	}
	return nil
}

// printCheck writes check's verdict: the solution's, then the claims of the
// result around it that are wrong, and what was not checked.
func printCheck(w io.Writer, m *model.Model, report *model.Report, claims []string, unchecked string, asJSON bool) error {
	if asJSON {
		out := checkOutput{Model: m.Name, Kind: m.Kind.String(), Valid: report.Valid, Value: report.Value,
			Measures: report.Measures, Problems: report.Problems, Claims: claims, NotChecked: unchecked}
		if out.Problems == nil {
			out.Problems = []string{}
		}
		return writeJSON(w, out)
	}
	if report.Valid {
		fmt.Fprintf(w, "valid: %s\n", measures(report))
	} else {
		fmt.Fprintf(w, "invalid:\n  %s\n", strings.Join(report.Problems, "\n  "))
	}
	if len(claims) > 0 {
		fmt.Fprintf(w, "wrong claims:\n  %s\n", strings.Join(claims, "\n  "))
	}
	if unchecked != "" {
		fmt.Fprintf(w, "%s\n", unchecked)
	}
	return nil
}

func measures(r *model.Report) string {
	var parts []string
	for _, k := range sortedKeys(r.Measures) {
		parts = append(parts, fmt.Sprintf("%s %d", k, r.Measures[k]))
	}
	return strings.Join(parts, ", ")
}

// readClaimedSolution reads a solution as JSON, or, when it is not JSON, as
// a command-line solver's file (extern.ReadSolverSolution), which wraps
// model.ErrUnsupported for a model that is not a placement.
func readClaimedSolution(g *globals, m *model.Model, in io.Reader, name string) (*model.Claim, error) {
	data, err := io.ReadAll(io.LimitReader(in, model.MaxSolutionBytes+1))
	if err != nil {
		return nil, err
	}
	if trimmed := bytes.TrimSpace(data); len(trimmed) == 0 || trimmed[0] == '{' || extern.DetectSolverFormat(data) == 0 {
		return model.ReadClaim(bytes.NewReader(data), name)
	}
	sol, _, err := extern.ReadSolverSolution(m, bytes.NewReader(data), name, int64(g.maxMemory))
	if err != nil {
		return nil, err
	}
	return &model.Claim{Solution: sol}, nil
}

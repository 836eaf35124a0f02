package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/compare"
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
}

func newCheckCommand(g *globals, streams Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "check MODEL.yaml SOLUTION.json",
		Short: "Verify a claimed solution with the independent checker (exit 1 when invalid)",
		Long: `check verifies a solution that came from anywhere against the model. The
solution is JSON: the "solution" object of chessmodel's results, or a whole
result. Either file may be - for standard input (not both).

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
			m, err := g.loadModel(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			sol, err := readInput(cmd.Context(), g, args[1], "solution", func(r io.Reader, name string) (*model.Solution, error) {
				return readClaimedSolution(g, m, r, name)
			})
			if errors.Is(err, model.ErrUnsupported) {
				return &ExitError{Code: ExitUnsupported, Err: err}
			}
			if err != nil {
				return err
			}
			report := model.Check(m, sol)
			if g.json {
				out := checkOutput{Model: m.Name, Kind: m.Kind.String(), Valid: report.Valid, Value: report.Value,
					Measures: report.Measures, Problems: report.Problems}
				if out.Problems == nil {
					out.Problems = []string{}
				}
				if err := writeJSON(streams.Out, out); err != nil {
					return err
				}
			} else if report.Valid {
				fmt.Fprintf(streams.Out, "valid: %s\n", measures(report))
			} else {
				fmt.Fprintf(streams.Out, "invalid:\n  %s\n", strings.Join(report.Problems, "\n  "))
			}
			if !report.Valid {
				return &ExitError{Code: ExitNegative}
			}
			return nil
		},
	}
}

func measures(r *model.Report) string {
	var parts []string
	for _, k := range sortedKeys(r.Measures) {
		parts = append(parts, fmt.Sprintf("%s %d", k, r.Measures[k]))
	}
	return strings.Join(parts, ", ")
}

// readClaimedSolution reads a solution as JSON, or, when it is not JSON, as
// a command-line solver's file (compare.ReadSolverSolution), which wraps
// model.ErrUnsupported for a model that is not a placement.
func readClaimedSolution(g *globals, m *model.Model, in io.Reader, name string) (*model.Solution, error) {
	data, err := io.ReadAll(io.LimitReader(in, model.MaxSolutionBytes+1))
	if err != nil {
		return nil, err
	}
	if trimmed := bytes.TrimSpace(data); len(trimmed) == 0 || trimmed[0] == '{' || model.DetectSolverFormat(data) == 0 {
		return model.ReadSolution(bytes.NewReader(data), name)
	}
	sol, _, err := compare.ReadSolverSolution(m, bytes.NewReader(data), name, int64(g.maxMemory))
	return sol, err
}

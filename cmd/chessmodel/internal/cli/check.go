package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

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
result. Either file may be - for standard input (not both).`,
		Example: `  chessmodel check testdata/models/knights-tour.yaml testdata/solutions/knights-tour-seed.json
  chessmodel solve --json testdata/models/eight-queens.yaml | chessmodel check testdata/models/eight-queens.yaml -`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[0] == "-" && args[1] == "-" {
				return &ExitError{Code: ExitBadInput, Err: errors.New("the model and the solution cannot both come from standard input")}
			}
			m, err := g.loadModel(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			sol, err := readInput(cmd.Context(), g, args[1], "solution", model.ReadSolution)
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

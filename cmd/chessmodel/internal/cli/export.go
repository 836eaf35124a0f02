package cli

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/mzn"
)

// exportOutput is export's JSON output.
type exportOutput struct {
	Model     string `json:"model"`
	Kind      string `json:"kind"`
	Format    string `json:"format"`
	File      string `json:"file,omitempty"`
	Variables int    `json:"variables"`
	Rows      int    `json:"rows"`
	NonZeros  int    `json:"nonzeros"`
	Objective string `json:"objective"`
	Program   string `json:"program,omitempty"` // the text, when no file is given
}

// exportFlags are export's flags.
type exportFlags struct {
	format, output string
	breakSymmetry  bool
	horizon        int
}

func newExportCommand(g *globals, streams Streams) *cobra.Command {
	f := &exportFlags{horizon: -1}
	cmd := &cobra.Command{
		Use:   "export MODEL.yaml [--format lp|mps|cplex] [-o FILE]",
		Short: "Write the model's integer linear program for other solvers (lp_solve LP, free MPS, CPLEX LP)",
		Long: `export compiles the model to the integer linear program the ilp backend
solves, and writes it for any solver:

  lp     lp_solve's LP format          lp_solve FILE
  mps    free MPS                      lp_solve -fmps FILE, cbc FILE, glpsol --freemps FILE
  cplex  CPLEX LP                      cbc FILE.lp, glpsol --cpxlp FILE
  mzn    MiniZinc (placement models)   minizinc --solver gecode FILE.mzn
  cnf    DIMACS CNF (placement models) cadical FILE.cnf
  opb    pseudo-Boolean OPB            any PB solver (roundingsat, ...)

--format mzn is not the linear program: it is the MiniZinc model the
minizinc backend writes from the puzzle (booleans per piece and square,
the rays of the board as data, the rules as constraints).

Variables and rows have meaningful names: q_d4 is a queen on d4, w_e5 a free
wall on e5, seg_e_a3 the segment of rank 3 that starts on a3. MPS has no
portable way to say "maximise", so a maximisation is written there as the
minimisation of the negated objective (the file's header says so).

With --break-symmetry a placement model's program keeps one solution of each
class under the model's symmetries (a piece the place list has once stands
on the least square of its orbit): the same optimum, found sooner, but not
every solution — for solving, not for counting.

A tour's program comes with the subtour elimination rows the ilp backend's
cut loop finds (sub_N). When --timeout or a signal stops the loop, the
program with the rows found so far is written, its header says so, and the
exit status is 3 (130, 143), as for solve.

The program goes to standard output unless -o names a file. With --json the
output is one JSON object describing the program, with its text in the
"program" field when no file is given.

A slide model's program is time-expanded: --horizon T writes the program
whose solutions are the solutions in at most T moves (x3_b2 is a piece on b2
after step 3, m3_a1_a4 step 3 sliding the piece on a1 to a4), minimising the
moves; it is infeasible when the least number of moves is more than T.`,
		Example: `  chessmodel export testdata/models/eight-queens.yaml
  chessmodel export --format mps -o queens.mps testdata/models/eight-queens.yaml && cbc queens.mps
  chessmodel export --format cplex -o walls.lp testdata/models/least-walls-12.yaml && glpsol --cpxlp walls.lp
  chessmodel export --horizon 6 --set board=4 --set 'slide.from=[a1, a4, d1, d4]' --set 'slide.to=[b2, b3, c2, c3]' testdata/models/sliding-queens.yaml`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runExport(cmd.Context(), g, streams, f, args[0])
		},
	}
	cmd.Flags().StringVar(&f.format, "format", "lp", "file format: lp (lp_solve LP), mps (free MPS), cplex (CPLEX LP), mzn (the MiniZinc model), cnf (DIMACS) or opb (pseudo-Boolean)")
	cmd.Flags().StringVarP(&f.output, "output", "o", "", "write to this file instead of standard output")
	deprecatedAlias(cmd, "out", "output")
	cmd.Flags().BoolVar(&f.breakSymmetry, "break-symmetry", false, "keep one solution per symmetry class (placement models; for solving, not counting)")
	cmd.Flags().IntVar(&f.horizon, "horizon", -1, "a slide model's number of steps T: the time-expanded program of solutions in at most T moves")
	completeValues(cmd, "format", "lp", "mps", "cplex", "mzn", "cnf", "opb")
	completeModels(cmd)
	return cmd
}

// runExport compiles the model's program and writes it in the format
// asked for, to -o or standard output, or describes it in JSON.
func runExport(ctx context.Context, g *globals, streams Streams, f *exportFlags, path string) (retErr error) {
	if f.format == "mzn" {
		return exportMiniZinc(ctx, g, streams, path, f.output, f.breakSymmetry || f.horizon >= 0)
	}
	if f.format == "cnf" || f.format == "opb" {
		return exportSAT(ctx, g, streams, f, path) // export_sat.go
	}
	format, err := ilp.ParseFormat(f.format)
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--format: %w", err)}
	}
	m, err := g.loadModel(ctx, path)
	if err != nil {
		return err
	}
	ctx, cancel := g.context(ctx)
	defer cancel()
	p, err := exportProgram(ctx, m, f.horizon, f.breakSymmetry, int64(g.maxMemory))
	var text bytes.Buffer
	var to io.Writer = stopWriter{ctx, &text}
	if errors.Is(err, ilp.ErrCutsStopped) {
		// The context is done already; the program so far is
		// written whole (its size was bounded before the loop).
		to = &text
		// The program with the cuts so far is written, as solve
		// shows what it found; the exit status and the message
		// (after the program) say it is not complete.
		defer func() { retErr = cmp.Or(retErr, stopped(ctx, g, "in the subtour cut loop")) }()
	} else if err != nil {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("%s: %w", path, err)}
	}
	if err := p.Write(to, format); err != nil {
		return err
	}
	if f.output != "" {
		if err := os.WriteFile(f.output, text.Bytes(), 0o644); err != nil {
			return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot write the program: %w", err)}
		}
	}
	if !g.json {
		if f.output == "" {
			_, err := streams.Out.Write(text.Bytes())
			return err
		}
		return nil
	}
	out := exportOutput{Model: m.Name, Kind: m.Kind.String(), Format: format.String(), File: f.output,
		Variables: len(p.Variables), Rows: len(p.Rows), NonZeros: p.NonZeros(), Objective: objectiveText(p)}
	if f.output == "" {
		out.Program = text.String()
	}
	return writeJSON(streams.Out, out)
}

// exportProgram compiles the program export writes: a slide model's
// time-expanded program at the horizon asked for (it has no program
// without one), any other model's program with the cuts found so far.
func exportProgram(ctx context.Context, m *model.Model, horizon int, breakSymmetry bool, maxMemory int64) (*ilp.Program, error) {
	switch {
	case breakSymmetry && m.Kind != model.KindPlace:
		return nil, fmt.Errorf("--break-symmetry is for placement models, this is a %s model", m.Kind)
	case m.Kind == model.KindSlide && horizon < 0:
		return nil, fmt.Errorf("a slide model's program has one step per move: --horizon T writes the program of solutions in at most T moves (solve --backend ilp --stats shows the least)")
	case m.Kind == model.KindSlide:
		return ilp.CompileSlideWithin(ctx, m, horizon, maxMemory)
	case horizon >= 0:
		return nil, fmt.Errorf("--horizon is for slide models, this is a %s model", m.Kind)
	case breakSymmetry:
		return ilp.CompileToSolve(m, maxMemory)
	}
	return ilp.CompileWithCuts(ctx, m, maxMemory) // a tour's program with the subtour cuts found so far
}

// objectiveText names what the program optimises: "maximize pieces", or
// "none" for a feasibility program.
func objectiveText(p *ilp.Program) string {
	switch p.Objective.Sense {
	case model.Maximize:
		return "maximize " + p.Objective.What()
	case model.Minimize:
		return "minimize " + p.Objective.What()
	}
	return "none"
}

// exportMiniZinc writes the MiniZinc model of a placement model; what it
// does not formulate is refused with exit status 4, like the backend.
func exportMiniZinc(ctx context.Context, g *globals, streams Streams, path, output string, ilpFlags bool) error {
	if ilpFlags {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--break-symmetry and --horizon are for the linear program, not --format mzn")}
	}
	m, err := g.loadModel(ctx, path)
	if err != nil {
		return err
	}
	var text bytes.Buffer
	if err := mzn.Write(&text, m, mzn.Fix{}); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if output != "" {
		if err := os.WriteFile(output, text.Bytes(), 0o644); err != nil {
			return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot write the model: %w", err)}
		}
	}
	if !g.json {
		if output == "" {
			_, err := streams.Out.Write(text.Bytes())
			return err
		}
		return nil
	}
	out := exportOutput{Model: m.Name, Kind: m.Kind.String(), Format: "mzn", File: output, Objective: mznObjective(m)}
	if output == "" {
		out.Program = text.String()
	}
	return writeJSON(streams.Out, out)
}

// mznObjective names what the MiniZinc model optimises, as objectiveText
// names the program's.
func mznObjective(m *model.Model) string {
	measure := m.Objective.Measure
	if measure == model.MeasureNone {
		measure = model.MeasurePieces
	}
	switch m.Objective.Sense {
	case model.Maximize:
		return "maximize " + measure.String()
	case model.Minimize:
		return "minimize " + measure.String()
	}
	return "none"
}

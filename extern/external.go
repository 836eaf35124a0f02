package extern

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/internal/procgroup"
	"github.com/chessmodel/chessmodel/model"
)

// External solves a placement model with a command-line MIP solver, through
// the file the ilp package exports: lp_solve reads the LP format, cbc CPLEX
// LP, glpsol free MPS — so a comparison with all three exercises every
// writer. The variable values the tool prints are decoded back into a
// placement, which the checker then verifies like any other answer.
type External struct {
	Tool string // "lp_solve", "cbc" or "glpsol"

	// rawValues: runTool leaves the solution undecoded (answer.values
	// only), for the tour loop (tour.go).
	rawValues bool
}

var _ model.Solver = (*External)(nil)

// waitDelay bounds how long Solve waits, once the tool is killed, for its
// output pipes to close (a grandchild holding them open).
const waitDelay = 2 * time.Second

// ExternalTools are the command-line solvers External knows.
var ExternalTools = []string{"lp_solve", "cbc", "glpsol"}

// Name is the tool's name.
func (e *External) Name() string { return e.Tool }

// Solve exports the model, runs the tool and reads its solution, which the
// checker verifies. Placement models are solved, counted and enumerated
// (count.go); slides solved horizon by horizon like the ilp
// backend does (see solveSlide); tours solved and counted by the subtour
// cut loop (tour.go), not enumerated.
func (e *External) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if opts.Shard.Active() {
		return nil, fmt.Errorf("%s: a count by no-good cuts has no task list to split into shards: %w", e.Tool, model.ErrUnsupported)
	}
	if err := e.supports(m, opts.Task); err != nil {
		return nil, err
	}
	if _, err := exec.LookPath(e.Tool); err != nil {
		return nil, fmt.Errorf("%s is not installed (apt-get install lp-solve coinor-cbc glpk-utils): %w", e.Tool, model.ErrUnsupported)
	}
	if m.Kind == model.KindSlide {
		return e.solveSlide(ctx, m, opts)
	}
	if m.Kind == model.KindTour {
		return e.solveTour(ctx, m, opts)
	}
	if opts.Task != model.TaskSolve {
		return e.count(ctx, m, opts)
	}
	start := time.Now()
	program, err := ilp.CompileToSolve(m, opts.MaxMemory)
	if err != nil {
		return nil, err
	}
	res := model.NewResult(m, opts.Task, e.Tool)
	limit := e.timeLimit(ctx)
	a, err := e.runTool(ctx, program, false, append(limit, opts.SolverOptions...))
	res.Stats.Seconds = time.Since(start).Seconds()
	res.Stats.Format = a.format.String()
	if err != nil {
		return nil, err
	}
	switch a.status {
	case "stopped":
		res.Status = model.StatusUnknown
		if limit != nil {
			<-ctx.Done() // stopped by the limit set for the deadline
		}
	case "infeasible":
		res.Status = model.StatusInfeasible
	default:
		e.solved(ctx, m, res, a, limit != nil)
	}
	return res, nil
}

// solved fills in the result of a solve that found a solution. Stopped by
// the time limit it was given for ctx's deadline, the tool's best solution
// is reported as the ilp backend reports a solve cut short: Status Unknown
// with Stats.Bound, once the deadline has passed (so that callers see
// the timeout); stopped by a limit of the user's (--solver-option), as
// feasible with the bound and the gap.
func (e *External) solved(ctx context.Context, m *model.Model, res *model.Result, a answer, limited bool) {
	res.Solution = a.sol
	value := model.Check(m, a.sol).Value
	res.Value = model.Int64(value)
	switch {
	case m.Objective.Sense == model.Fixed:
		res.Status = model.StatusFeasible
		return
	case a.status == "optimal":
		res.Status = model.StatusOptimal
		return
	}
	bound, ok := integerBound(a.bound, value, m.Objective.Sense)
	if ok {
		res.Stats.Bound = model.Int64(bound)
	}
	if limited {
		res.Status = model.StatusUnknown
		<-ctx.Done()
		return
	}
	res.Status = model.StatusFeasible
	model.AddGap(res)
}

// supports refuses, with model.ErrUnsupported, what the tools are not run on.
func (e *External) supports(m *model.Model, task model.Task) error {
	switch {
	case m.Kind == model.KindTour && task == model.TaskEnumerate:
		return fmt.Errorf("%s: tours are solved and counted (by the subtour cut loop), not enumerated (use --backend ilp or exact): %w", e.Tool, model.ErrUnsupported)
	case m.Kind == model.KindSlide && task != model.TaskSolve:
		return fmt.Errorf("%s: slides are only solved, not %s: %w", e.Tool, task, model.ErrUnsupported)
	case m.Kind != model.KindPlace && m.Kind != model.KindSlide && m.Kind != model.KindTour:
		return fmt.Errorf("%s: %s models: %w", e.Tool, m.Kind, model.ErrUnsupported)
	}
	return nil
}

// solveSlide solves the time-expanded programs of horizons 0, 1, 2, ...
// until one is feasible, up to ilp.LastHorizon: past it
// the answer is unknown, never infeasible.
func (e *External) solveSlide(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	start := time.Now()
	res := model.NewResult(m, opts.Task, e.Tool)
	last := ilp.LastHorizon(m, opts)
	defer func() { res.Stats.Seconds = time.Since(start).Seconds() }()
	if m.SlideGoal(m.SlideStart()) == nil { // each group already on its goal squares
		res.Solution, res.Value, res.Status = &model.Solution{Moves: []model.Move{}}, model.Int64(0), model.StatusOptimal
		return res, nil
	}
	// Horizon 0 has no variables, which glpsol treats as a linear program
	// without an integer answer: it is decided here.
	for t := 1; t <= last; t++ {
		if opts.Progress != nil {
			opts.Progress(-1, fmt.Sprintf("%s: horizon %d", e.Tool, t))
		}
		program, err := ilp.CompileSlideWithin(context.Background(), m, t, opts.MaxMemory) // the tool stops by ctx
		if err != nil {
			return nil, err
		}
		// Horizon t-1 was infeasible: any solution of this one is optimal.
		status, sol, format, err := e.run(ctx, program, true, opts.SolverOptions)
		res.Stats.Format = format.String()
		if err != nil {
			return nil, err
		}
		switch status {
		case "stopped":
			if t > 0 {
				res.Stats.Bound = model.Int64(int64(t))
			}
			return res, nil
		case "infeasible":
			continue
		}
		res.Solution, res.Value, res.Status = sol, model.Int64(int64(len(sol.Moves))), model.StatusOptimal
		return res, nil
	}
	ilp.NoSolutionWithin(res, last)
	return res, nil
}

// run writes the program in the tool's format, runs the tool with the
// user's options (opts.SolverOptions) and reads its answer: "optimal" or
// "feasible" with the decoded solution, "infeasible", or "stopped" when the
// context ended first. With anySolution the tool stops at its first
// solution, for a program whose solutions are all optimal.
func (e *External) run(ctx context.Context, program *ilp.Program, anySolution bool, options []string) (string, *model.Solution, ilp.Format, error) {
	a, err := e.runTool(ctx, program, anySolution, options)
	return a.status, a.sol, a.format, err
}

// answer is what a run of the tool gave: its status, the decoded solution,
// the format it read, and the bound on the objective its log shows.
type answer struct {
	status string
	sol    *model.Solution
	values []float64 // the program's column values, when there is a solution
	format ilp.Format
	bound  *float64
}

// runTool is run, with the bound the tool printed.
func (e *External) runTool(ctx context.Context, program *ilp.Program, anySolution bool, options []string) (answer, error) {
	dir, err := os.MkdirTemp("", "chessmodel-"+e.Tool)
	if err != nil {
		return answer{}, err
	}
	defer os.RemoveAll(dir)
	format, input, output, args, err := e.command(dir, anySolution, options)
	if err != nil {
		return answer{}, err
	}
	var text bytes.Buffer
	if err := program.Write(&text, format); err != nil {
		return answer{format: format}, err
	}
	if err := os.WriteFile(input, text.Bytes(), 0o644); err != nil {
		return answer{format: format}, err
	}
	cmd := exec.CommandContext(ctx, e.Tool, args...)
	reaped := procgroup.Own(cmd, 0)
	// Whatever happens to the tool, Output returns only once it has been
	// reaped, so the deferred RemoveAll finds no process writing in dir.
	cmd.WaitDelay = waitDelay
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, runErr := cmd.Output()
	reaped()
	if ctx.Err() != nil {
		return answer{status: "stopped", format: format}, nil
	}
	out, err := e.readOutput(stdout, output, runErr, &stderr)
	if err != nil {
		return answer{format: format}, err
	}
	switch {
	case out.Status == "infeasible":
		return answer{status: out.Status, format: format}, nil
	case out.HasSolution():
	case out.Status == "stopped without a solution", out.Status == "undefined":
		return answer{status: "stopped", format: format}, nil // by a time limit, the tool's or ours
	default:
		return answer{format: format}, fmt.Errorf("%s: status %q", e.Tool, out.Status)
	}
	values, err := programValues(program, out)
	if err != nil {
		return answer{format: format}, fmt.Errorf("%s: %w", e.Tool, err)
	}
	a := answer{status: out.Status, values: values, format: format, bound: e.bound(stdout)}
	if e.rawValues {
		return a, nil
	}
	sol, err := program.Decode(values)
	if err != nil {
		return answer{format: format}, fmt.Errorf("%s: %w", e.Tool, err)
	}
	a.sol = &sol
	return a, nil
}

// command is the tool's command line: the format it reads, the files and
// the arguments, the user's options before the solve.
func (e *External) command(dir string, anySolution bool, options []string) (ilp.Format, string, string, []string, error) {
	input, output := filepath.Join(dir, "model"), filepath.Join(dir, "solution")
	switch e.Tool {
	case "lp_solve":
		input += ".lp"
		args := append(append([]string{}, options...), "-S4", input)
		if anySolution {
			args = append([]string{"-f"}, args...)
		}
		return ilp.FormatLP, input, "", args, nil
	case "cbc":
		input += ".lp"
		args := append([]string{input}, options...)
		if anySolution { // a gap larger than any objective: the first solution ends the search
			args = append(args, "allowableGap", "1e9")
		}
		return ilp.FormatCPLEX, input, output, append(args, "solve", "solu", output), nil
	case "glpsol":
		input += ".mps"
		args := append([]string{"--freemps", input, "-w", output}, options...)
		if anySolution {
			args = append(args, "--mipgap", "1e9")
		}
		return ilp.FormatMPS, input, output, args, nil
	}
	return 0, "", "", nil, fmt.Errorf("extern: unknown external solver %q; expected one of %s", e.Tool, strings.Join(ExternalTools, ", "))
}

// readOutput reads the tool's solution: lp_solve's standard output (it
// exits non-zero for infeasible programs; its output says why), the
// solution file of the others.
func (e *External) readOutput(stdout []byte, output string, runErr error, stderr *bytes.Buffer) (*SolverOutput, error) {
	fail := func(err error) error {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return fmt.Errorf("%s: %v: %.300s", e.Tool, err, msg)
		}
		return fmt.Errorf("%s: %v", e.Tool, err)
	}
	data := stdout
	if output != "" {
		if runErr != nil {
			return nil, fail(runErr)
		}
		var err error
		if data, err = os.ReadFile(output); err != nil {
			return nil, fail(fmt.Errorf("no solution file (%v); its output: %.300s", err, stdout))
		}
	}
	out, err := ReadSolverOutput(bytes.NewReader(data), e.Tool+" output")
	if err != nil {
		if runErr != nil {
			return nil, fail(runErr)
		}
		return nil, fmt.Errorf("%s: %w", e.Tool, err)
	}
	return out, nil
}

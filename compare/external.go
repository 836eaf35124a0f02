package compare

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// External solves a placement model with a command-line MIP solver, through
// the file the ilp package exports: lp_solve reads the LP format, cbc CPLEX
// LP, glpsol free MPS — so a comparison with all three exercises every
// writer. The variable values the tool prints are decoded back into a
// placement, which the checker then verifies like any other answer.
type External struct {
	Tool string // "lp_solve", "cbc" or "glpsol"
}

var _ model.Solver = (*External)(nil)

// waitDelay bounds how long Solve waits, once the tool is killed, for its
// output pipes to close (a grandchild holding them open).
const waitDelay = 2 * time.Second

// ExternalTools are the command-line solvers External knows.
var ExternalTools = []string{"lp_solve", "cbc", "glpsol"}

// Name is the tool's name.
func (e *External) Name() string { return e.Tool }

// Solve exports the model, runs the tool and reads its solution. Only
// TaskSolve on placement and slide models is supported; a slide is solved
// horizon by horizon like the ilp backend does (see solveSlide).
func (e *External) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if opts.Task != model.TaskSolve {
		return nil, fmt.Errorf("%s: only solve, not %s: %w", e.Tool, opts.Task, model.ErrUnsupported)
	}
	if m.Kind != model.KindPlace && m.Kind != model.KindSlide {
		return nil, fmt.Errorf("%s: %s models: %w", e.Tool, m.Kind, model.ErrUnsupported)
	}
	if _, err := exec.LookPath(e.Tool); err != nil {
		return nil, fmt.Errorf("%s is not installed (apt-get install lp-solve coinor-cbc glpk-utils): %w", e.Tool, model.ErrUnsupported)
	}
	if m.Kind == model.KindSlide {
		return e.solveSlide(ctx, m, opts)
	}
	start := time.Now()
	program, err := ilp.CompileToSolve(m, opts.MaxMemory)
	if err != nil {
		return nil, err
	}
	res := &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: opts.Task, Backend: e.Tool}
	status, sol, format, err := e.run(ctx, program, false)
	res.Stats.Seconds = time.Since(start).Seconds()
	res.Stats.Extra = map[string]any{"format": format.String()}
	if err != nil {
		return nil, err
	}
	switch status {
	case "stopped":
		res.Status = model.StatusUnknown
	case "infeasible":
		res.Status = model.StatusInfeasible
	default:
		res.Solution = sol
		res.Value = model.Int64(model.Check(m, sol).Value)
		res.Status = model.StatusOptimal
		if m.Objective.Sense == model.Fixed {
			res.Status = model.StatusFeasible
		}
	}
	return res, nil
}

// solveSlide solves the time-expanded programs of horizons 0, 1, 2, ...
// until one is feasible, up to ilp.LastHorizon: past it
// the answer is unknown, never infeasible.
func (e *External) solveSlide(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	start := time.Now()
	res := &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: opts.Task, Backend: e.Tool, Status: model.StatusUnknown,
		Stats: model.Stats{Extra: map[string]any{}}}
	last := ilp.LastHorizon(m, opts)
	defer func() { res.Stats.Seconds = time.Since(start).Seconds() }()
	if sameSquares(m.Slide.From, m.Slide.To) {
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
		status, sol, format, err := e.run(ctx, program, true)
		res.Stats.Extra["format"] = format.String()
		if err != nil {
			return nil, err
		}
		switch status {
		case "stopped":
			if t > 0 {
				res.Stats.Extra["bound"] = int64(t)
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

// sameSquares reports whether two lists hold the same squares.
func sameSquares(a, b []model.Square) bool {
	in := map[model.Square]bool{}
	for _, s := range a {
		in[s] = true
	}
	for _, s := range b {
		if !in[s] {
			return false
		}
	}
	return len(a) == len(b)
}

// run writes the program in the tool's format, runs the tool and reads its
// answer: "optimal" with the decoded solution, "infeasible", or "stopped"
// when the context ended first. With anySolution the tool stops at its
// first solution, for a program whose solutions are all optimal.
func (e *External) run(ctx context.Context, program *ilp.Program, anySolution bool) (string, *model.Solution, ilp.Format, error) {
	dir, err := os.MkdirTemp("", "chessmodel-"+e.Tool)
	if err != nil {
		return "", nil, 0, err
	}
	defer os.RemoveAll(dir)

	var format ilp.Format
	var args []string
	input, output := filepath.Join(dir, "model"), filepath.Join(dir, "solution")
	switch e.Tool {
	case "lp_solve":
		format, input = ilp.FormatLP, input+".lp"
		args = []string{"-S4", input}
		if anySolution {
			args = append([]string{"-f"}, args...)
		}
	case "cbc":
		format, input = ilp.FormatCPLEX, input+".lp"
		args = []string{input, "solve", "solu", output}
		if anySolution { // a gap larger than any objective: the first solution ends the search
			args = []string{input, "allowableGap", "1e9", "solve", "solu", output}
		}
	case "glpsol":
		// MPS lists the columns in the program's order, which glpsol's raw
		// solution follows (CPLEX LP would order them by first appearance).
		format, input = ilp.FormatMPS, input+".mps"
		args = []string{"--freemps", input, "-w", output}
		if anySolution {
			args = append(args, "--mipgap", "1e9")
		}
	default:
		return "", nil, 0, fmt.Errorf("compare: unknown external solver %q; expected one of %s", e.Tool, strings.Join(ExternalTools, ", "))
	}
	var text bytes.Buffer
	if err := program.Write(&text, format); err != nil {
		return "", nil, format, err
	}
	if err := os.WriteFile(input, text.Bytes(), 0o644); err != nil {
		return "", nil, format, err
	}
	cmd := exec.CommandContext(ctx, e.Tool, args...)
	ownProcessGroup(cmd)
	// Whatever happens to the tool, Output returns only once it has been
	// reaped, so the deferred RemoveAll finds no process writing in dir.
	cmd.WaitDelay = waitDelay
	stdout, runErr := cmd.Output()
	if ctx.Err() != nil {
		return "stopped", nil, format, nil
	}
	var status string
	var values map[string]float64
	switch e.Tool {
	case "lp_solve":
		// lp_solve exits non-zero for infeasible models; its output says why.
		status, values, err = readLPSolve(stdout)
	case "cbc":
		if runErr != nil {
			return "", nil, format, fmt.Errorf("cbc: %v", runErr)
		}
		status, values, err = readCBC(output)
	case "glpsol":
		if runErr != nil {
			return "", nil, format, fmt.Errorf("glpsol: %v", runErr)
		}
		status, values, err = readGLPK(output, program)
	}
	if err != nil {
		return "", nil, format, fmt.Errorf("%s: %w", e.Tool, err)
	}
	switch {
	case status == "infeasible":
		return status, nil, format, nil
	case status == "optimal", status == "feasible" && anySolution:
	default:
		return "", nil, format, fmt.Errorf("%s: status %q", e.Tool, status)
	}
	full := make([]float64, len(program.Variables))
	for i, v := range program.Variables {
		full[i] = values[v.Name]
	}
	sol, err := program.Decode(full)
	if err != nil {
		return "", nil, format, fmt.Errorf("%s: %w", e.Tool, err)
	}
	return status, &sol, format, nil
}

// readLPSolve reads `lp_solve -S4` output: a status line, then the
// variables as "name value" lines.
func readLPSolve(out []byte) (string, map[string]float64, error) {
	text := string(out)
	switch {
	case strings.Contains(text, "This problem is infeasible"):
		return "infeasible", nil, nil
	case !strings.Contains(text, "Actual values of the variables"):
		return "", nil, fmt.Errorf("unexpected output: %.200s", text)
	}
	values := map[string]float64{}
	section := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "Actual values of the variables"):
			section = true
		case strings.HasPrefix(line, "Actual values of the constraints"), strings.HasPrefix(line, "Dual value"):
			section = false
		case section:
			f := strings.Fields(line)
			if len(f) == 2 {
				v, err := strconv.ParseFloat(f[1], 64)
				if err != nil {
					return "", nil, fmt.Errorf("value of %s: %v", f[0], err)
				}
				values[f[0]] = v
			}
		}
	}
	return "optimal", values, nil
}

// readCBC reads cbc's solution file: a status line, then the nonzero
// columns as "index name value reduced-cost".
func readCBC(path string) (string, map[string]float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", nil, err
	}
	lines := strings.Split(string(data), "\n")
	switch first := lines[0]; {
	case strings.HasPrefix(first, "Infeasible"), strings.HasPrefix(first, "Integer infeasible"):
		return "infeasible", nil, nil
	case !strings.HasPrefix(first, "Optimal"):
		return first, nil, nil
	}
	values := map[string]float64{}
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		if len(f) < 3 {
			continue
		}
		if f[0] == "**" { // cbc marks infeasibilities this way
			f = f[1:]
		}
		v, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			return "", nil, fmt.Errorf("value of %s: %v", f[1], err)
		}
		values[f[1]] = v
	}
	return "optimal", values, nil
}

// readGLPK reads glpsol's raw solution (-w) of a free MPS file: "s mip ROWS
// COLS STATUS OBJ", then "j INDEX VALUE" for every column in the order of
// the file, which is the program's order.
func readGLPK(path string, p *ilp.Program) (string, map[string]float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", nil, err
	}
	values := map[string]float64{}
	status := ""
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 5 && f[0] == "s" && f[1] == "mip":
			if cols, err := strconv.Atoi(f[3]); err != nil || cols != len(p.Variables) {
				return "", nil, fmt.Errorf("glpsol read %s columns, the program has %d", f[3], len(p.Variables))
			}
			switch f[4] {
			case "o":
				status = "optimal"
			case "f":
				status = "feasible"
			case "n":
				status = "infeasible"
			default:
				status = "status " + f[4]
			}
		case len(f) == 3 && f[0] == "j":
			j, err1 := strconv.Atoi(f[1])
			v, err2 := strconv.ParseFloat(f[2], 64)
			if err1 != nil || err2 != nil || j < 1 || j > len(p.Variables) {
				return "", nil, fmt.Errorf("bad column line %q", line)
			}
			values[p.Variables[j-1].Name] = v
		}
	}
	if status == "" {
		return "", nil, fmt.Errorf("no solution status in %s", path)
	}
	return status, values, nil
}

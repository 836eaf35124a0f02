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
// TaskSolve on placement models is supported.
func (e *External) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if opts.Task != model.TaskSolve {
		return nil, fmt.Errorf("%s: only solve, not %s: %w", e.Tool, opts.Task, model.ErrUnsupported)
	}
	if m.Kind != model.KindPlace {
		return nil, fmt.Errorf("%s: %s models: %w", e.Tool, m.Kind, model.ErrUnsupported)
	}
	path, err := exec.LookPath(e.Tool)
	if err != nil {
		return nil, fmt.Errorf("%s is not installed (apt-get install lp-solve coinor-cbc glpk-utils): %w", e.Tool, model.ErrUnsupported)
	}
	start := time.Now()
	program, err := ilp.CompileToSolve(m, opts.MaxMemory)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "chessmodel-"+e.Tool)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)

	var format ilp.Format
	var args []string
	input, output := filepath.Join(dir, "model"), filepath.Join(dir, "solution")
	switch e.Tool {
	case "lp_solve":
		format, input = ilp.FormatLP, input+".lp"
		args = []string{"-S4", input}
	case "cbc":
		format, input = ilp.FormatCPLEX, input+".lp"
		args = []string{input, "solve", "solu", output}
	case "glpsol":
		// MPS lists the columns in the program's order, which glpsol's raw
		// solution follows (CPLEX LP would order them by first appearance).
		format, input = ilp.FormatMPS, input+".mps"
		args = []string{"--freemps", input, "-w", output}
	default:
		return nil, fmt.Errorf("compare: unknown external solver %q; expected one of %s", e.Tool, strings.Join(ExternalTools, ", "))
	}
	var text bytes.Buffer
	if err := program.Write(&text, format); err != nil {
		return nil, err
	}
	if err := os.WriteFile(input, text.Bytes(), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, path, args...)
	ownProcessGroup(cmd)
	// Whatever happens to the tool, Output returns only once it has been
	// reaped, so the deferred RemoveAll finds no process writing in dir.
	cmd.WaitDelay = waitDelay
	stdout, runErr := cmd.Output()
	res := &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: opts.Task, Backend: e.Tool}
	res.Stats.Seconds = time.Since(start).Seconds()
	res.Stats.Extra = map[string]any{"format": format.String()}
	if ctx.Err() != nil {
		res.Status = model.StatusUnknown
		return res, nil
	}
	var status string
	var values map[string]float64
	switch e.Tool {
	case "lp_solve":
		// lp_solve exits non-zero for infeasible models; its output says why.
		status, values, err = readLPSolve(stdout)
	case "cbc":
		if runErr != nil {
			return nil, fmt.Errorf("cbc: %v", runErr)
		}
		status, values, err = readCBC(output)
	case "glpsol":
		if runErr != nil {
			return nil, fmt.Errorf("glpsol: %v", runErr)
		}
		status, values, err = readGLPK(output, program)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.Tool, err)
	}
	switch status {
	case "infeasible":
		res.Status = model.StatusInfeasible
		return res, nil
	case "optimal":
	default:
		return nil, fmt.Errorf("%s: status %q", e.Tool, status)
	}
	full := make([]float64, len(program.Variables))
	for i, v := range program.Variables {
		full[i] = values[v.Name]
	}
	sol, err := program.Decode(full)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.Tool, err)
	}
	res.Solution = &sol
	res.Value = model.Int64(model.Check(m, &sol).Value)
	res.Status = model.StatusOptimal
	if m.Objective.Sense == model.Fixed {
		res.Status = model.StatusFeasible
	}
	return res, nil
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
	case strings.HasPrefix(first, "Infeasible"):
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

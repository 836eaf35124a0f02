package extern

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// SolverFormat is a file a command-line MIP solver writes with the values of
// its variables.
type SolverFormat int

const (
	SolverLPSolve   SolverFormat = iota + 1 // lp_solve -S4 standard output
	SolverCBC                               // cbc's solution file (solve solu FILE)
	SolverGLPKPrint                         // glpsol -o FILE, the printable report
	SolverGLPKRaw                           // glpsol -w FILE, the raw solution
)

func (f SolverFormat) String() string {
	switch f {
	case SolverLPSolve:
		return "lp_solve -S4 output"
	case SolverCBC:
		return "cbc solution file"
	case SolverGLPKPrint:
		return "glpsol -o report"
	case SolverGLPKRaw:
		return "glpsol -w raw solution"
	}
	return "unknown format"
}

// A SolverValue is one variable's value as a solver file gives it.
type SolverValue struct {
	Name   string // empty in a glpsol raw solution, which numbers its columns
	Column int    // the column's number from 1, when the file gives one
	Value  float64
	Line   int
}

// SolverOutput is what ReadSolverOutput found in a solver's file.
type SolverOutput struct {
	File   string
	Format SolverFormat
	// Status is "optimal", "feasible" (a solution not proven optimal),
	// "infeasible", "unbounded", or the solver's own words.
	Status string
	// Complete is set when the format lists every column (all but cbc's,
	// which lists the nonzero ones): a column it does not list is missing.
	Complete bool
	// Columns is the number of columns the file's header declares (glpsol),
	// 0 when it has none; ColumnsLine is that header's line.
	Columns, ColumnsLine int
	Values               []SolverValue
	Lines                int // the number of lines read
}

// HasSolution reports whether the status comes with values.
func (o *SolverOutput) HasSolution() bool { return o.Status == "optimal" || o.Status == "feasible" }

// DetectSolverFormat recognises a solver file by its content, 0 if none.
func DetectSolverFormat(data []byte) SolverFormat {
	first := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if first = strings.TrimSpace(sc.Text()); first != "" {
			break
		}
	}
	switch {
	case strings.HasPrefix(first, "Problem:"):
		return SolverGLPKPrint
	case strings.HasPrefix(first, "c ") || strings.HasPrefix(first, "s mip ") || strings.HasPrefix(first, "s bas "):
		return SolverGLPKRaw
	case strings.Contains(first, " - objective value") || first == "Integer infeasible" ||
		strings.HasPrefix(first, "Infeasible") || strings.HasPrefix(first, "Unbounded") || strings.HasPrefix(first, "Stopped on"):
		return SolverCBC
	case bytes.Contains(data, []byte("Actual values of the variables")), bytes.Contains(data, []byte("This problem is infeasible")),
		bytes.Contains(data, []byte("This problem is unbounded")), strings.HasPrefix(first, "Value of objective function:"):
		return SolverLPSolve
	}
	return 0
}

// ReadSolverOutput reads the values a command-line solver wrote, of at most
// model.MaxSolutionBytes: lp_solve's -S4 output, cbc's solution file, glpsol's -o
// report or -w raw solution, told apart by their content. A line that does
// not read as its format expects is a *model.Error at that line.
func ReadSolverOutput(r io.Reader, name string) (*SolverOutput, error) {
	data, err := io.ReadAll(io.LimitReader(r, model.MaxSolutionBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > model.MaxSolutionBytes {
		return nil, &model.Error{File: name, Line: 1, Column: 1, Msg: fmt.Sprintf("more than the %d bytes a solution may have", model.MaxSolutionBytes)}
	}
	out := &SolverOutput{File: name, Format: DetectSolverFormat(data)}
	lines := strings.Split(string(data), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	out.Lines = len(lines)
	switch out.Format {
	case SolverLPSolve:
		err = out.readLPSolve(lines)
	case SolverCBC:
		err = out.readCBC(lines)
	case SolverGLPKPrint:
		err = out.readGLPKPrint(lines)
	case SolverGLPKRaw:
		err = out.readGLPKRaw(lines)
	default:
		return nil, &model.Error{File: name, Line: 1, Column: 1, Msg: "not a solution: expected chessmodel's solution JSON, " +
			"lp_solve -S4 output, a cbc solution file (solu), or glpsol's -o or -w file"}
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// at is a *model.Error at line i (from 0) of the file.
func (o *SolverOutput) at(i int, format string, args ...any) error {
	return &model.Error{File: o.File, Line: i + 1, Column: 1, Msg: o.Format.String() + ": " + fmt.Sprintf(format, args...)}
}

// value parses a number of the file.
func (o *SolverOutput) value(i int, name, text string) (float64, error) {
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, o.at(i, "the value %q of %s is not a number", text, name)
	}
	return v, nil
}

// readLPSolve reads `lp_solve -S4`: "Value of objective function: X", then
// "Actual values of the variables:" and one "name value" line per column,
// up to "Actual values of the constraints:". A solution printed again (an
// improved one) replaces the one before.
func (o *SolverOutput) readLPSolve(lines []string) error {
	o.Complete = true
	section, seen := false, false
	for i, line := range lines {
		switch t := strings.TrimSpace(line); {
		case strings.Contains(t, "This problem is infeasible"):
			o.Status = "infeasible"
		case strings.Contains(t, "This problem is unbounded"):
			o.Status = "unbounded"
		case strings.HasPrefix(t, "Actual values of the variables"):
			section, seen, o.Values = true, true, nil
		case strings.HasPrefix(t, "Actual values of the constraints"), strings.HasPrefix(t, "Dual value"):
			section = false
		case section && t != "":
			f := strings.Fields(t)
			if len(f) != 2 {
				return o.at(i, "expected a variable's name and value, found %q", t)
			}
			v, err := o.value(i, f[0], f[1])
			if err != nil {
				return err
			}
			o.Values = append(o.Values, SolverValue{Name: f[0], Value: v, Line: i + 1})
		}
	}
	if o.Status == "" && seen {
		o.Status = "optimal"
		if strings.Contains(strings.Join(lines, "\n"), "sub-optimal") {
			o.Status = "feasible"
		}
	}
	if o.Status == "" {
		return o.at(max(0, len(lines)-1), "no \"Actual values of the variables\" and no status: the output is truncated or was not written with -S4")
	}
	return nil
}

// readCBC reads cbc's solution file: "Optimal - objective value X" (or
// Infeasible, Stopped on ..., Unbounded), then "index name value reduced-cost"
// for each nonzero column, index from 0, marked "**" when infeasible.
func (o *SolverOutput) readCBC(lines []string) error {
	head := strings.TrimSpace(lines[0])
	switch {
	case strings.HasPrefix(head, "Optimal"):
		o.Status = "optimal"
	case strings.HasPrefix(head, "Stopped on"):
		o.Status = "feasible"
	case strings.HasPrefix(head, "Infeasible"), strings.HasPrefix(head, "Integer infeasible"):
		o.Status = "infeasible"
	case strings.HasPrefix(head, "Unbounded"):
		o.Status = "unbounded"
	default:
		o.Status = head
	}
	for i := 1; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) > 0 && f[0] == "**" {
			f = f[1:]
		}
		if len(f) == 0 {
			continue
		}
		if len(f) != 4 {
			return o.at(i, "expected \"index name value reduced-cost\", found %q", strings.TrimSpace(lines[i]))
		}
		col, err := strconv.Atoi(f[0])
		if err != nil || col < 0 {
			return o.at(i, "the column index %q is not a number from 0", f[0])
		}
		v, err := o.value(i, f[1], f[2])
		if err != nil {
			return err
		}
		o.Values = append(o.Values, SolverValue{Name: f[1], Column: col + 1, Value: v, Line: i + 1})
	}
	if o.Status == "feasible" && len(o.Values) == 0 {
		o.Status = "stopped without a solution"
	}
	return nil
}

// glpkStatus maps glpsol's status words and letters to ours.
var glpkStatus = map[string]string{
	"INTEGER OPTIMAL": "optimal", "OPTIMAL": "optimal", "INTEGER NON-OPTIMAL": "feasible", "FEASIBLE": "feasible",
	"INTEGER EMPTY": "infeasible", "INFEASIBLE (FINAL)": "infeasible", "EMPTY": "infeasible", "UNBOUNDED": "unbounded",
	"o": "optimal", "f": "feasible", "n": "infeasible", "i": "infeasible", "u": "undefined",
}

// glpkRawStatus is the status of a raw solution's "s" line: the status
// letter of a MIP's, "s mip ROWS COLS STATUS OBJ"; of a basic solution's,
// "s bas ROWS COLS PRIMAL DUAL OBJ" (glpsol solves a program without
// integer columns as a linear program), optimal when it is both primal and
// dual feasible, as glpsol's report says OPTIMAL.
func glpkRawStatus(f []string) string {
	if f[1] == "bas" && len(f) >= 7 && f[4] == "f" && f[5] == "f" {
		return "optimal"
	}
	if status := glpkStatus[f[4]]; status != "" {
		return status
	}
	return "status " + f[4]
}

// readGLPKPrint reads glpsol's -o report: "Status: ...", the rows, then
// the columns as "No. name [marker] activity lower upper" (a long name
// alone on its line, the numbers on the next), up to "End of output".
func (o *SolverOutput) readGLPKPrint(lines []string) error {
	o.Complete = true
	section, ended := false, false
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		switch {
		case strings.HasPrefix(t, "Status:"):
			word := strings.TrimSpace(strings.TrimPrefix(t, "Status:"))
			if o.Status = glpkStatus[word]; o.Status == "" {
				o.Status = word
			}
		case strings.HasPrefix(t, "No. Column name"):
			section = true
			i++ // the dashes
		case strings.HasPrefix(t, "End of output"):
			ended = true
		case section && t == "":
			section = false
		case section:
			if err := o.glpkColumn(lines, &i); err != nil {
				return err
			}
		}
	}
	if !ended {
		return o.at(max(0, len(lines)-1), "no \"End of output\": the report is truncated")
	}
	return nil
}

// glpkColumn reads the column entry at lines[*i], and the next line when
// the name stood alone.
func (o *SolverOutput) glpkColumn(lines []string, i *int) error {
	start := *i
	f := strings.Fields(lines[start])
	if len(f) == 2 && *i+1 < len(lines) {
		*i++
		f = append(f, strings.Fields(lines[*i])...)
	}
	col, err := strconv.Atoi(f[0])
	if err != nil || len(f) < 3 {
		return o.at(start, "expected a column \"No. name activity ...\", found %q", strings.TrimSpace(lines[start]))
	}
	rest := f[2:]
	switch rest[0] {
	case "*", "B", "NL", "NU", "NF", "NS":
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return o.at(start, "column %s has no value", f[1])
	}
	v, err := o.value(start, f[1], rest[0])
	if err != nil {
		return err
	}
	o.Values = append(o.Values, SolverValue{Name: f[1], Column: col, Value: v, Line: start + 1})
	return nil
}

// readGLPKRaw reads glpsol's -w file: comments "c", "s mip ROWS COLS STATUS
// OBJ" (or "s bas ROWS COLS PRIMAL DUAL OBJ"), "i" rows, "j COL VALUE" (or
// "j COL STATUS VALUE DUAL"), ending "e o f".
func (o *SolverOutput) readGLPKRaw(lines []string) error {
	o.Complete = true
	kind, ended := "", false
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] == "c" || f[0] == "i" {
			continue
		}
		switch {
		case f[0] == "e":
			ended = true
		case f[0] == "s" && len(f) >= 6:
			kind = f[1]
			cols, err := strconv.Atoi(f[3])
			if err != nil {
				return o.at(i, "the number of columns %q is not a number", f[3])
			}
			o.Columns, o.ColumnsLine = cols, i+1
			o.Status = glpkRawStatus(f)
		case f[0] == "j" && kind != "":
			at := 2
			if kind == "bas" {
				at = 3
			}
			if len(f) <= at {
				return o.at(i, "expected \"j column value\", found %q", strings.TrimSpace(line))
			}
			col, err := strconv.Atoi(f[1])
			if err != nil || col < 1 {
				return o.at(i, "the column number %q is not a number from 1", f[1])
			}
			v, err := o.value(i, "column "+f[1], f[at])
			if err != nil {
				return err
			}
			o.Values = append(o.Values, SolverValue{Column: col, Value: v, Line: i + 1})
		default:
			return o.at(i, "unexpected line %q", strings.TrimSpace(line))
		}
	}
	switch {
	case kind == "":
		return o.at(0, "no solution line \"s mip ...\"")
	case !ended:
		return o.at(max(0, len(lines)-1), "no \"e o f\": the file is truncated")
	}
	return nil
}

package extern

import (
	"fmt"
	"io"
	"math"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// integrality is how far from an integer a solver's value of an integer
// variable may be (ilp.Decode's own tolerance).
const integrality = 1e-6

// ReadSolverSolution reads a file a command-line solver wrote for the
// program `chessmodel export` makes of m (any format, with or without
// --break-symmetry: the variables are the same) and maps it back to a
// placement. Names are matched to the program's; a name the program does
// not have, a variable listed twice or missing, or a fractional integer
// variable is a *model.Error at its line. Only placement models are read:
// a tour's solution is its edges, which the ilp package does not decode
// outside its cut loop, and a slide's program depends on its horizon.
func ReadSolverSolution(m *model.Model, r io.Reader, name string, maxMemory int64) (*model.Solution, *SolverOutput, error) {
	out, err := ReadSolverOutput(r, name)
	if err != nil {
		return nil, nil, err
	}
	if m.Kind != model.KindPlace {
		return nil, out, fmt.Errorf("%s: reading a %s of a %s model: only placement models are read from solver files (give the solution as JSON): %w",
			name, out.Format, m.Kind, model.ErrUnsupported)
	}
	if !out.HasSolution() {
		return nil, out, &model.Error{File: name, Line: 1, Column: 1, Msg: fmt.Sprintf("%s: the solver reports %s: there is no solution to check", out.Format, out.Status)}
	}
	p, err := ilp.CompileWithin(m, maxMemory)
	if err != nil {
		return nil, out, err
	}
	values, err := programValues(p, out)
	if err != nil {
		return nil, out, err
	}
	sol, err := p.Decode(values)
	if err != nil {
		return nil, out, &model.Error{File: name, Line: 1, Column: 1, Msg: err.Error()}
	}
	return &sol, out, nil
}

// programValues orders a solver file's values like p.Variables. Columns
// the file does not list are 0 in a format that lists only nonzero ones
// (cbc's), and an error in the others. The file is of the program as
// written (p.AsWritten()): the value of a placeholder column is read like
// any other, then dropped.
func programValues(p *ilp.Program, out *SolverOutput) ([]float64, error) {
	values, err := writtenValues(p.AsWritten(), out)
	if err != nil {
		return nil, err
	}
	return values[:len(p.Variables)], nil
}

// writtenValues orders a solver file's values like p.Variables, for the
// program p as it was written.
func writtenValues(p *ilp.Program, out *SolverOutput) ([]float64, error) {
	errAt := func(line int, format string, args ...any) error {
		return &model.Error{File: out.File, Line: line, Column: 1, Msg: out.Format.String() + ": " + fmt.Sprintf(format, args...)}
	}
	if out.Columns != 0 && out.Columns != len(p.Variables) {
		return nil, errAt(out.ColumnsLine, "%d columns, but the program chessmodel exports for this model has %d: was it solved from another model or --set?",
			out.Columns, len(p.Variables))
	}
	values := make([]float64, len(p.Variables))
	lineOf := make([]int, len(p.Variables))
	for _, v := range out.Values {
		i, ok := p.Var(v.Name)
		if v.Name == "" {
			i, ok = v.Column-1, v.Column >= 1 && v.Column <= len(p.Variables)
		}
		if !ok {
			what := fmt.Sprintf("variable %q", v.Name)
			if v.Name == "" {
				what = fmt.Sprintf("column %d", v.Column)
			}
			return nil, errAt(v.Line, "%s is not in the program chessmodel exports for this model (was it solved from another model or --set?)", what)
		}
		if v.Name != "" && v.Column != 0 && v.Column != i+1 {
			// export mentions every column in the program's order, so the
			// solvers number them alike: another number is another program
			return nil, errAt(v.Line, "variable %s is column %d here, column %d in the program chessmodel exports for this model (was it solved from another model or --set?)",
				v.Name, v.Column, i+1)
		}
		variable := p.Variables[i]
		if lineOf[i] != 0 {
			return nil, errAt(v.Line, "variable %s is listed twice (first on line %d)", variable.Name, lineOf[i])
		}
		if variable.Integer && math.Abs(v.Value-math.Round(v.Value)) > integrality {
			return nil, errAt(v.Line, "variable %s = %g is fractional: an integer solution was expected (was the program solved as a relaxation?)", variable.Name, v.Value)
		}
		values[i], lineOf[i] = v.Value, v.Line
	}
	if !out.Complete {
		return values, nil
	}
	var missing []string
	for i, line := range lineOf {
		if line == 0 {
			missing = append(missing, p.Variables[i].Name)
		}
	}
	if len(missing) > 0 {
		more := ""
		if len(missing) > 1 {
			more = fmt.Sprintf(" and %d more", len(missing)-1)
		}
		return nil, errAt(out.Lines, "variable %s%s missing: the file is truncated or belongs to another program", missing[0], more)
	}
	return values, nil
}

package extern_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/extern"
	"github.com/chessmodel/chessmodel/model"
)

// TestReadSolverOutput reads the shapes of each format the real tools'
// files take (the files themselves are tested in the CLI's tests): status,
// values with their lines, a glpsol column name alone on its line, cbc's
// "**" mark, an lp_solve solution printed twice.
func TestReadSolverOutput(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		format     extern.SolverFormat
		status     string
		values     string // name=value@line ...
	}{
		{"lp_solve", "\nValue of objective function: 2\n\nActual values of the variables:\nq_a1   1\nq_b2   0\n\nActual values of the constraints:\nr1  1\n",
			extern.SolverLPSolve, "optimal", "q_a1=1@5 q_b2=0@6"},
		{"lp_solve improved", "Improved solution\nActual values of the variables:\nq_a1 0\nActual values of the variables:\nq_a1 1\nDual value\nq_a1 1 2 3\n",
			extern.SolverLPSolve, "optimal", "q_a1=1@5"},
		{"lp_solve infeasible", "\nThis problem is infeasible", extern.SolverLPSolve, "infeasible", ""},
		{"cbc", "Optimal - objective value 1.00000000\n      0 q_a1     1    0\n**    3 w_b2     1    1\n", extern.SolverCBC, "optimal", "q_a1=1@2 w_b2=1@3"},
		{"cbc stopped", "Stopped on time - objective value 3\n      2 q_c1  1  0\n", extern.SolverCBC, "feasible", "q_c1=1@2"},
		{"cbc infeasible", "Infeasible - objective value 0.00000000\n", extern.SolverCBC, "infeasible", ""},
		{"glpsol -o", "Problem:    \nRows:       1\nStatus:     INTEGER NON-OPTIMAL\n\n   No. Column name       Activity     Lower bound   Upper bound\n------ ------------    ------------- ------------- -------------\n" +
			"     1 q_a1         *              1             0             1 \n     2 a_very_long_column_name\n                    *              0             0             1 \n     3 att_b2                     0.5             0             1 \n\nEnd of output\n",
			extern.SolverGLPKPrint, "feasible", "q_a1=1@7 a_very_long_column_name=0@8 att_b2=0.5@10"},
		{"glpsol -w", "c Problem:\nc\ns mip 3 2 o 1\ni 1 1\nj 1 1\nj 2 0\ne o f\n", extern.SolverGLPKRaw, "optimal", "#1=1@5 #2=0@6"},
		{"glpsol -w empty", "s mip 3 2 n 0\ne o f\n", extern.SolverGLPKRaw, "infeasible", ""},
		{"glpsol -w basic optimal", "c Status:     OPTIMAL\ns bas 0 0 f f 0\ne o f\n", extern.SolverGLPKRaw, "optimal", ""},
		{"glpsol -w basic feasible", "s bas 1 1 f i 0\ni 1 b 0 0\nj 1 b 2 0\ne o f\n", extern.SolverGLPKRaw, "feasible", "#1=2@3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := extern.ReadSolverOutput(strings.NewReader(tc.text), "f")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, v := range out.Values {
				name := v.Name
				if name == "" {
					name = fmt.Sprintf("#%d", v.Column)
				}
				got = append(got, fmt.Sprintf("%s=%g@%d", name, v.Value, v.Line))
			}
			if out.Format != tc.format || out.Status != tc.status || strings.Join(got, " ") != tc.values {
				t.Errorf("%v %q %q; want %v %q %q", out.Format, out.Status, strings.Join(got, " "), tc.format, tc.status, tc.values)
			}
		})
	}
}

// TestReadSolverOutputErrors: what is not a solver's file, or is cut short
// or garbled, is a *model.Error at its line.
func TestReadSolverOutputErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"not a solution", "hello\n", "f:1:1: not a solution"},
		{"lp_solve garbled", "Actual values of the variables:\nq_a1 1\nq_b1\n", `f:3:1: lp_solve -S4 output: expected a variable's name and value, found "q_b1"`},
		{"lp_solve number", "Actual values of the variables:\nq_a1 x\n", `f:2:1: lp_solve -S4 output: the value "x" of q_a1 is not a number`},
		{"cbc garbled", "Optimal - objective value 1\n  0 q_a1 1 0\n  1 q_b1\n", `f:3:1: cbc solution file: expected "index name value reduced-cost"`},
		{"cbc index", "Optimal - objective value 1\n  x q_a1 1 0\n", `f:2:1: cbc solution file: the column index "x"`},
		{"glpsol -o truncated", "Problem:\nStatus:     INTEGER OPTIMAL\n", `f:2:1: glpsol -o report: no "End of output"`},
		{"glpsol -w truncated", "s mip 1 1 o 1\nj 1 1\n", `f:2:1: glpsol -w raw solution: no "e o f"`},
		{"glpsol -w garbled", "s mip 1 1 o 1\nj 1\ne o f\n", `f:2:1: glpsol -w raw solution: expected "j column value"`},
		{"glpsol -w no status", "c only comments\ne o f\n", `f:1:1: glpsol -w raw solution: no solution line`},
	} {
		_, err := extern.ReadSolverOutput(strings.NewReader(tc.text), "f")
		var me *model.Error
		if !errors.As(err, &me) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want a *model.Error with %q", tc.name, err, tc.want)
		}
	}
}

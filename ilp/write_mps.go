package ilp

import (
	"io"
	"math"

	"github.com/chessmodel/chessmodel/model"
)

// WriteMPS writes the program in free MPS format (lp_solve -fmps, cbc,
// glpsol --freemps).
//
// MPS has no portable way to say "maximise": OBJSENSE is an extension that
// glpsol rejects and cbc ignores. A maximisation is therefore written as the
// minimisation of the negated objective, and the header comment says so:
// every reader finds the same optimal solutions, with the objective value
// negated.
//
// Integer columns are bracketed by INTORG/INTEND markers and always get
// explicit bounds, since readers disagree on the default upper bound of an
// integer column (1 in some, +Inf in others). A program without variables gets the
// column PlaceholderColumn (see AsWritten).
func (p *Program) WriteMPS(w io.Writer) error {
	p = p.AsWritten()
	if err := p.emptyBounds(); err != nil {
		return err
	}
	t := newTextWriter(w)
	negate := p.Objective.Sense == model.Maximize
	p.mpsHeader(t, negate)
	t.print("NAME chessmodel\n")
	t.print("ROWS\n N obj\n")
	for _, r := range p.Rows {
		t.printf(" %s %s\n", mpsSense(r.Sense), r.Name)
	}
	p.mpsColumns(t, negate)
	t.print("RHS\n")
	for _, r := range p.Rows {
		if r.RHS != 0 {
			t.printf("    RHS %s %s\n", r.Name, number(r.RHS))
		}
	}
	t.print("BOUNDS\n")
	for _, v := range p.Variables {
		mpsBounds(t, v)
	}
	t.print("ENDATA\n")
	return t.flush()
}

// mpsHeader writes the comment lines: the name, the size, the notes, the
// objective and, when it is negated, a warning.
func (p *Program) mpsHeader(t *textWriter, negate bool) {
	t.printf("* chessmodel: %s\n", commentSafe(p.Name, "\n"))
	t.printf("* %d variables, %d rows, %d nonzeros\n", len(p.Variables), len(p.Rows), p.NonZeros())
	for _, n := range p.Notes {
		t.printf("* %s\n", commentSafe(n, "\n"))
	}
	t.printf("* Objective: %s\n", p.objectiveComment())
	if negate {
		t.print("* The objective row obj is the NEGATED objective, minimised:\n")
		t.print("* the optimal value of the model is minus the optimal value of this file.\n")
	}
}

// mpsColumns writes the matrix by column, the objective entry first, the
// integer columns between markers.
func (p *Program) mpsColumns(t *textWriter, negate bool) {
	type entry struct {
		row  string
		coef float64
	}
	columns := make([][]entry, len(p.Variables))
	for _, term := range p.objectiveTerms() {
		coef := term.Coef
		if negate && coef != 0 {
			coef = -coef
		}
		columns[term.Var] = append(columns[term.Var], entry{"obj", coef})
	}
	for _, r := range p.Rows {
		for _, term := range r.Terms {
			columns[term.Var] = append(columns[term.Var], entry{r.Name, term.Coef})
		}
	}
	t.print("COLUMNS\n")
	inIntegers, markers := false, 0
	for i, v := range p.Variables {
		if v.Integer != inIntegers {
			kind := "INTORG"
			if !v.Integer {
				kind = "INTEND"
			}
			t.printf("    MARKER%d 'MARKER' '%s'\n", markers/2, kind)
			markers++
			inIntegers = v.Integer
		}
		for _, e := range columns[i] {
			t.printf("    %s %s %s\n", v.Name, e.row, number(e.coef))
		}
	}
	if inIntegers {
		t.printf("    MARKER%d 'MARKER' 'INTEND'\n", markers/2)
	}
}

// mpsBounds writes the bounds of one column: integer columns always get
// explicit ones, continuous columns only those that differ from [0, +Inf).
func mpsBounds(t *textWriter, v Variable) {
	switch {
	case v.Lower == v.Upper:
		t.printf(" FX BND %s %s\n", v.Name, number(v.Lower))
	case v.Integer && math.IsInf(v.Upper, 1):
		if v.Lower != 0 {
			t.printf(" LO BND %s %s\n", v.Name, number(v.Lower))
		}
		t.printf(" PL BND %s\n", v.Name)
	case !bounded(v) && !v.Integer:
	default:
		if v.Lower != 0 {
			t.printf(" LO BND %s %s\n", v.Name, number(v.Lower))
		}
		if !math.IsInf(v.Upper, 1) {
			t.printf(" UP BND %s %s\n", v.Name, number(v.Upper))
		}
	}
}

func mpsSense(s Sense) string {
	switch s {
	case LessEqual:
		return "L"
	case GreaterEqual:
		return "G"
	}
	return "E"
}

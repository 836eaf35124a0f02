package ilp

import (
	"io"
	"math"

	"github.com/chessmodel/chessmodel/model"
)

// WriteCPLEX writes the program in CPLEX LP format (cbc and glpsol --cpxlp
// read it):
//
//	Maximize
//	 obj: + q_a1 + q_b1 ...
//	Subject To
//	 seg_e_a1: + q_a1 + q_b1 ... <= 1
//	Bounds
//	 0 <= att_a1 <= 1
//	Binaries
//	 q_a1 q_b1 ...
//	End
//
// The objective names every column, with coefficient 0 where it has none,
// so that readers number the columns as the program does. Continuation
// lines start with a space, which the format allows anywhere in the
// objective and constraints. A program without variables gets the column
// PlaceholderColumn (see AsWritten); one without rows the row
// placeholderRow, 0 times its first column >= 0, since glpsol refuses a
// CPLEX LP file without constraints.
func (p *Program) WriteCPLEX(w io.Writer) error {
	p = p.AsWritten()
	if err := p.emptyBounds(); err != nil {
		return err
	}
	t := newTextWriter(w)
	t.printf("\\ chessmodel: %s\n", commentSafe(p.Name, "\n"))
	t.printf("\\ %d variables, %d rows, %d nonzeros\n", len(p.Variables), len(p.Rows), p.NonZeros())
	for _, n := range p.Notes {
		t.printf("\\ %s\n", commentSafe(n, "\n"))
	}
	t.printf("\\ Objective: %s\n", p.objectiveComment())
	if p.Objective.Sense == model.Maximize {
		t.print("Maximize\n")
	} else {
		t.print("Minimize\n")
	}
	t.print(" obj:")
	for _, term := range p.objectiveEveryColumn() {
		if term.Coef == 0 {
			t.word("+ 0 "+p.Variables[term.Var].Name, "  ")
			continue
		}
		t.word(signedTerm(term.Coef, p.Variables[term.Var].Name, true), "  ")
	}
	t.print("\nSubject To\n")
	if len(p.Rows) == 0 {
		// glpsol refuses an empty Subject To: a row that always holds
		t.printf(" %s: + 0 %s >= 0\n", placeholderRow, p.Variables[0].Name)
	}
	for _, r := range p.Rows {
		t.print(" " + r.Name + ":")
		for _, term := range r.Terms {
			t.word(signedTerm(term.Coef, p.Variables[term.Var].Name, true), "  ")
		}
		t.word(r.Sense.String()+" "+number(r.RHS), "  ")
		t.print("\n")
	}

	first := true
	for _, v := range p.Variables {
		if !bounded(v) || v.Binary() {
			continue
		}
		if first {
			t.print("Bounds\n")
			first = false
		}
		switch {
		case v.Lower == v.Upper:
			t.printf(" %s = %s\n", v.Name, number(v.Lower))
		case math.IsInf(v.Upper, 1):
			t.printf(" %s >= %s\n", v.Name, number(v.Lower))
		default:
			t.printf(" %s <= %s <= %s\n", number(v.Lower), v.Name, number(v.Upper))
		}
	}
	section := func(title string, match func(Variable) bool) {
		first := true
		for _, v := range p.Variables {
			if !match(v) {
				continue
			}
			if first {
				t.print(title + "\n")
				first = false
			}
			t.word(v.Name, " ")
		}
		if !first {
			t.print("\n")
		}
	}
	section("Generals", func(v Variable) bool { return v.Integer && !v.Binary() })
	section("Binaries", Variable.Binary)
	t.print("End\n")
	return t.flush()
}

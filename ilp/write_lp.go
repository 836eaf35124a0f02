package ilp

import (
	"io"
	"math"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// WriteLP writes the program in lp_solve's LP format (read by lp_solve,
// and by lp_solve's library through ReadLP):
//
//	max: +q_a1 +q_b1 ...;
//	seg_e_a1: +q_a1 +q_b1 ... <= 1;
//	att_a1 <= 1;
//	int q_a1,q_b1,...;
//
// The objective names every column, with coefficient 0 where it has none,
// so that readers number the columns as the program does. Every row is
// named, so that a row of one variable stays a row (lp_solve reads an
// unnamed one as a bound). Bounds other than [0, +Inf) follow the rows;
// integer columns are declared last. A program without variables gets the
// column PlaceholderColumn (see AsWritten).
func (p *Program) WriteLP(w io.Writer) error {
	p = p.AsWritten()
	if err := p.emptyBounds(); err != nil {
		return err
	}
	t := newTextWriter(w)
	t.printf("/* chessmodel: %s */\n", commentSafe(p.Name, "*/"))
	t.printf("/* %d variables, %d rows, %d nonzeros */\n", len(p.Variables), len(p.Rows), p.NonZeros())
	for _, n := range p.Notes {
		t.printf("/* %s */\n", commentSafe(n, "*/"))
	}
	t.print("\n")

	sense := "min:"
	if p.Objective.Sense == model.Maximize {
		sense = "max:"
	}
	t.printf("/* Objective: %s */\n", p.objectiveComment())
	t.print(sense)
	for _, term := range p.objectiveEveryColumn() {
		t.word(signedTerm(term.Coef, p.Variables[term.Var].Name, false), "  ")
	}
	t.print(";\n")

	if len(p.Rows) > 0 {
		t.print("\n/* Constraints */\n")
	}
	for _, r := range p.Rows {
		t.print(r.Name + ":")
		for _, term := range r.Terms {
			t.word(signedTerm(term.Coef, p.Variables[term.Var].Name, false), "  ")
		}
		t.word(r.Sense.String()+" "+number(r.RHS)+";", "  ")
		t.print("\n")
	}

	first := true
	for _, v := range p.Variables {
		if !bounded(v) {
			continue
		}
		if first {
			t.print("\n/* Bounds */\n")
			first = false
		}
		switch {
		case v.Lower == v.Upper:
			t.printf("%s = %s;\n", v.Name, number(v.Lower))
		case v.Lower == 0:
			t.printf("%s <= %s;\n", v.Name, number(v.Upper))
		case math.IsInf(v.Upper, 1):
			t.printf("%s >= %s;\n", v.Name, number(v.Lower))
		default:
			t.printf("%s <= %s <= %s;\n", number(v.Lower), v.Name, number(v.Upper))
		}
	}

	first = true
	for _, v := range p.Variables {
		if !v.Integer {
			continue
		}
		if first {
			t.print("\nint")
			t.word(v.Name, "  ")
			first = false
			continue
		}
		t.print(",")
		t.word(v.Name, "  ")
	}
	if !first {
		t.print(";\n")
	}
	return t.flush()
}

// commentSafe removes new lines, and the sequence that would end a comment
// early, from text put in a comment.
func commentSafe(text, end string) string {
	s := strings.NewReplacer("\n", " ", "\r", " ").Replace(text)
	for strings.Contains(s, end) {
		s = strings.ReplaceAll(s, end, end[:len(end)-1])
	}
	return s
}

package ilp

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// Format is a file format the writers produce.
type Format int

const (
	FormatLP    Format = iota // lp_solve's LP format
	FormatMPS                 // free MPS
	FormatCPLEX               // CPLEX LP
)

func (f Format) String() string { return [...]string{"lp", "mps", "cplex"}[f] }

// Extension is the usual file name extension of the format. CPLEX LP files
// are .lp too, which is how cbc and glpsol recognise them.
func (f Format) Extension() string { return [...]string{".lp", ".mps", ".lp"}[f] }

// ParseFormat reads a format name: lp, mps or cplex.
func ParseFormat(name string) (Format, error) {
	for f := FormatLP; f <= FormatCPLEX; f++ {
		if f.String() == name {
			return f, nil
		}
	}
	return 0, fmt.Errorf("ilp: unknown format %q: expected lp (lp_solve LP), mps (free MPS) or cplex (CPLEX LP)", name)
}

// Write writes the program in the given format: p.AsWritten(), a program
// without variables with its placeholder column.
func (p *Program) Write(w io.Writer, f Format) error {
	switch f {
	case FormatLP:
		return p.WriteLP(w)
	case FormatMPS:
		return p.WriteMPS(w)
	case FormatCPLEX:
		return p.WriteCPLEX(w)
	}
	return fmt.Errorf("ilp: unknown format %d", int(f))
}

// PlaceholderColumn is the one column the writers give a program without
// variables (a board that leaves nothing to place): lp_solve refuses a
// program without columns in either of its formats, glpsol a CPLEX LP
// objective without a term, and glpsol solves an MPS file without integer
// columns as a linear program, answering with a basic solution rather than
// an integer one. An integer column fixed at 0, in no row and with an
// objective coefficient of 0, makes each file a program every reader takes,
// with the same answers.
const PlaceholderColumn = "no_variables"

// placeholderRow is the row WriteCPLEX gives a program without rows.
const placeholderRow = "no_rows"

// AsWritten is the program as the writers write it: p itself, or, when p
// has no variables, a copy of p with the column PlaceholderColumn and a note
// saying why. A solver's values for the written program are p's, followed by
// the placeholder's 0 when there is one.
func (p *Program) AsWritten() *Program {
	if len(p.Variables) > 0 {
		return p
	}
	q := *p
	q.Variables = []Variable{{Name: PlaceholderColumn, Integer: true, Role: RoleAux}}
	q.varIndex = map[string]int{PlaceholderColumn: 0}
	q.Notes = append(append([]string(nil), p.Notes...),
		"The model leaves nothing to place: the column "+PlaceholderColumn+", fixed at 0, is there because some solvers refuse a program without columns.")
	return &q
}

// lineLimit is where the writers wrap long rows. CPLEX LP readers limit line
// length (CPLEX to 510 characters); short lines also keep diffs of golden
// files readable.
const lineLimit = 100

// textWriter writes words, wrapping lines, and keeps the first error.
type textWriter struct {
	w      *bufio.Writer
	err    error
	column int
}

func newTextWriter(w io.Writer) *textWriter { return &textWriter{w: bufio.NewWriter(w)} }

// print writes s as is.
func (t *textWriter) print(s string) {
	if t.err != nil {
		return
	}
	_, t.err = t.w.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		t.column = len(s) - i - 1
	} else {
		t.column += len(s)
	}
}

func (t *textWriter) printf(format string, args ...any) { t.print(fmt.Sprintf(format, args...)) }

// word writes " "+s, or a new line indented by indent and s when the line
// would grow past lineLimit.
func (t *textWriter) word(s, indent string) {
	if t.column+1+len(s) > lineLimit && t.column > len(indent) {
		t.print("\n" + indent + s)
		return
	}
	t.print(" " + s)
}

func (t *textWriter) flush() error {
	if t.err != nil {
		return t.err
	}
	return t.w.Flush()
}

// number formats a coefficient or bound: the shortest decimal that reads
// back as the same float64.
func number(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// signedTerm writes "+x", "-x", "+2 x", "-0.5 x" (lp_solve and CPLEX LP).
func signedTerm(coef float64, name string, spaceAfterSign bool) string {
	sign := "+"
	if coef < 0 {
		sign, coef = "-", -coef
	}
	if spaceAfterSign {
		sign += " "
	}
	if coef == 1 {
		return sign + name
	}
	return sign + number(coef) + " " + name
}

// orphans lists the variables that appear in no row and not in the
// objective. The writers give them a 0 objective coefficient so that every
// reader creates every column, in the program's order of first mention.
func (p *Program) orphans() []Term {
	seen := make([]bool, len(p.Variables))
	for _, r := range p.Rows {
		for _, t := range r.Terms {
			seen[t.Var] = true
		}
	}
	for _, t := range p.Objective.Terms {
		seen[t.Var] = true
	}
	var out []Term
	for i, s := range seen {
		if !s {
			out = append(out, Term{Var: i, Coef: 0})
		}
	}
	return out
}

// objectiveTerms are the objective's terms and the orphans, by variable.
func (p *Program) objectiveTerms() []Term {
	terms := append(append([]Term(nil), p.Objective.Terms...), p.orphans()...)
	sortTerms(terms)
	return terms
}

// objectiveEveryColumn lists every variable in index order with its
// objective coefficient, 0 included. The LP formats create columns in the
// order they first mention them, and lp_solve branches on the
// lowest-numbered fractional column: written this way a file keeps the
// program's order (pieces before walls and auxiliary variables), which
// matters. Least walls for 14 queens, objective on walls only, took lp_solve
// more than 60 s from a file mentioning the walls first, 6.5 s in this order.
func (p *Program) objectiveEveryColumn() []Term {
	out := make([]Term, len(p.Variables))
	for i := range out {
		out[i].Var = i
	}
	for _, t := range p.Objective.Terms {
		out[t.Var].Coef += t.Coef
	}
	return out
}

func sortTerms(terms []Term) {
	sort.Slice(terms, func(i, j int) bool { return terms[i].Var < terms[j].Var })
}

// bounded reports whether v has bounds other than the default [0, +Inf).
func bounded(v Variable) bool { return v.Lower != 0 || !math.IsInf(v.Upper, 1) }

// objectiveComment describes the objective in words for the files' headers.
func (p *Program) objectiveComment() string {
	switch p.Objective.Sense {
	case model.Maximize:
		return "maximize " + p.Objective.What()
	case model.Minimize:
		return "minimize " + p.Objective.What()
	}
	return "none (any feasible placement)"
}

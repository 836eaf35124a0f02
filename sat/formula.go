package sat

import (
	"bufio"
	"fmt"
	"io"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// A Formula is a CNF: clauses over variables 1..NumVars.
type Formula struct {
	NumVars int
	Clauses [][]int
}

// CNF is the encoding's formula with its cardinality constraints, and the
// extra ones given (a bound on the objective), compiled by totalizers
// (doc.go). The encoding is not changed.
func (e *Encoding) CNF(extra ...Card) *Formula {
	f := &Formula{NumVars: e.NumVars, Clauses: slices.Clone(e.Clauses)}
	for _, c := range append(slices.Clone(e.Cards), extra...) {
		f.card(c)
	}
	return f
}

func (f *Formula) newVar() int {
	f.NumVars++
	return f.NumVars
}

// card adds min <= |true lits| <= max.
func (f *Formula) card(c Card) {
	n := len(c.Lits)
	switch {
	case c.Min > n || c.Max < 0 || c.Min > c.Max:
		f.Clauses = append(f.Clauses, []int{})
		return
	case c.Min <= 0 && c.Max >= n:
		return
	}
	need := max(c.Min, 0)
	if c.Max < n {
		need = max(need, c.Max+1)
	}
	out := f.totalizer(c.Lits, need)
	if c.Min >= 1 {
		f.Clauses = append(f.Clauses, []int{out[c.Min-1]})
	}
	if c.Max < n {
		f.Clauses = append(f.Clauses, []int{-out[c.Max]})
	}
}

// totalizer returns r_1..r_m, m = min(len(lits), limit), r_i true exactly
// when at least i of lits are (doc.go).
func (f *Formula) totalizer(lits []int, limit int) []int {
	if len(lits) == 1 {
		return []int{lits[0]}
	}
	a := f.totalizer(lits[:len(lits)/2], limit)
	b := f.totalizer(lits[len(lits)/2:], limit)
	m := min(len(lits), limit)
	r := make([]int, m)
	for i := range r {
		r[i] = f.newVar()
	}
	for i := 0; i <= len(a); i++ {
		for j := 0; j <= len(b); j++ {
			if i+j >= 1 {
				var cl []int
				if i > 0 {
					cl = append(cl, -a[i-1])
				}
				if j > 0 {
					cl = append(cl, -b[j-1])
				}
				f.Clauses = append(f.Clauses, append(cl, r[min(i+j, m)-1]))
			}
			if i+j+1 <= m {
				var cl []int
				if i < len(a) {
					cl = append(cl, a[i])
				}
				if j < len(b) {
					cl = append(cl, b[j])
				}
				f.Clauses = append(f.Clauses, append(cl, -r[i+j]))
			}
		}
	}
	return r
}

// WriteDIMACS writes the formula in DIMACS CNF, after comment lines.
func (f *Formula) WriteDIMACS(w io.Writer, comments ...string) error {
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		fmt.Fprintf(bw, "c %s\n", c)
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.NumVars, len(f.Clauses))
	buf := make([]byte, 0, 64)
	for _, cl := range f.Clauses {
		buf = buf[:0]
		for _, l := range cl {
			buf = fmt.Appendf(buf, "%d ", l)
		}
		buf = append(buf, '0', '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// WriteOPB writes the encoding in the OPB pseudo-Boolean format of the
// PB competitions: the objective as "min:" (a maximisation as the
// minimisation of its negation, the header says so), each clause as a
// linear constraint (a negated literal ~x written 1 - x), each cardinality
// constraint as one or two linear constraints.
func (e *Encoding) WriteOPB(w io.Writer, comments ...string) error {
	bw := bufio.NewWriter(w)
	rows := len(e.Clauses)
	for _, c := range e.Cards {
		if c.Min > 0 {
			rows++
		}
		if c.Max < len(c.Lits) {
			rows++
		}
	}
	fmt.Fprintf(bw, "* #variable= %d #constraint= %d\n", e.NumVars, rows)
	for _, c := range comments {
		fmt.Fprintf(bw, "* %s\n", c)
	}
	sense := e.Model.Objective.Sense
	if sense != model.Fixed {
		coef, what := 1, "minimise"
		if sense == model.Maximize {
			coef, what = -1, "maximise (written as the minimisation of its negation)"
		}
		fmt.Fprintf(bw, "* objective: %s (%s); the measure is the sum plus %d\nmin:", e.Model.Objective.String(), what, e.Offset)
		for _, l := range e.Objective {
			fmt.Fprintf(bw, " %+d x%d", coef, l)
		}
		bw.WriteString(" ;\n")
	}
	for _, cl := range e.Clauses {
		neg := 0
		for _, l := range cl {
			if l > 0 {
				fmt.Fprintf(bw, "+1 x%d ", l)
			} else {
				fmt.Fprintf(bw, "-1 x%d ", -l)
				neg++
			}
		}
		fmt.Fprintf(bw, ">= %d ;\n", 1-neg)
	}
	for _, c := range e.Cards {
		if c.Min > 0 {
			writeLinear(bw, c.Lits, 1, c.Min)
		}
		if c.Max < len(c.Lits) {
			writeLinear(bw, c.Lits, -1, -c.Max)
		}
	}
	return bw.Flush()
}

// writeLinear writes sum of coef*lit >= rhs, a negated literal as 1 - x.
func writeLinear(w *bufio.Writer, lits []int, coef, rhs int) {
	for _, l := range lits {
		if l > 0 {
			fmt.Fprintf(w, "%+d x%d ", coef, l)
		} else {
			fmt.Fprintf(w, "%+d x%d ", -coef, -l)
			rhs -= coef
		}
	}
	fmt.Fprintf(w, ">= %d ;\n", rhs)
}

package ilp

import (
	"math"
	"sort"
)

// A linear expression: terms plus a constant. Fixed pieces enter the
// formulations as constants (a fixed queen is a queen variable that is 1),
// so every formula is written once and the builder folds the constants into
// the right-hand side.
type linear struct {
	terms    []Term
	constant float64
}

// plus adds coef * variable v.
func (l *linear) plus(v int, coef float64) *linear {
	l.terms = append(l.terms, Term{Var: v, Coef: coef})
	return l
}

// plusConst adds c to the constant.
func (l *linear) plusConst(c float64) *linear {
	l.constant += c
	return l
}

// plusLinear adds scale * o.
func (l *linear) plusLinear(o linear, scale float64) *linear {
	for _, t := range o.terms {
		l.terms = append(l.terms, Term{Var: t.Var, Coef: scale * t.Coef})
	}
	l.constant += scale * o.constant
	return l
}

// isZero reports whether the expression is the constant 0.
func (l linear) isZero() bool { return len(l.terms) == 0 && l.constant == 0 }

// sum returns the sum of expressions.
func sum(parts ...linear) linear {
	var out linear
	for _, p := range parts {
		out.plusLinear(p, 1)
	}
	return out
}

// merged returns the terms sorted by variable, duplicates added up and zero
// coefficients dropped.
func merged(terms []Term) []Term {
	out := append([]Term(nil), terms...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Var < out[j].Var })
	k := 0
	for _, t := range out {
		if k > 0 && out[k-1].Var == t.Var {
			out[k-1].Coef += t.Coef
			continue
		}
		out[k] = t
		k++
	}
	out = out[:k]
	k = 0
	for _, t := range out {
		if t.Coef != 0 {
			out[k] = t
			k++
		}
	}
	return out[:k]
}

// A builder adds variables and rows to a program, simplifying rows as it
// goes: a row of one variable becomes a bound, a row "sum of non-negative
// terms <= 0" fixes its variables at 0, a row without variables is dropped
// when it holds (and kept, as a row on the constant column, when it does
// not, so that every solver sees the infeasibility).
type builder struct {
	p   *Program
	one int // the column fixed at 1 that carries constants, -1 until needed
}

func newBuilder(name string) *builder {
	return &builder{p: newProgram(name), one: -1}
}

// constantOne returns the column fixed at 1, creating it on first use. It
// carries the constant of an objective (for example the fixed walls counted
// by "minimize walls") in a form every file format can express.
func (b *builder) constantOne() int {
	if b.one < 0 {
		b.one = b.p.addVariable(Variable{Name: "const_one", Lower: 1, Upper: 1})
	}
	return b.one
}

// addRow adds "lhs sense rhs" under name, simplified.
func (b *builder) addRow(name string, lhs linear, sense Sense, rhs float64) {
	rhs -= lhs.constant
	terms := merged(lhs.terms)
	switch {
	case len(terms) == 0:
		if holds(0, sense, rhs) {
			return
		}
		// Kept as a row so that the infeasibility survives export: "0 sense
		// rhs" fails, and so does "const_one sense rhs+1" with const_one = 1.
		terms = []Term{{b.constantOne(), 1}}
		rhs++
	case len(terms) == 1 && b.tightenBound(terms[0], sense, rhs):
		return
	case rhs == 0 && sense == LessEqual && b.allNonNegativeTerms(terms, 1):
		for _, t := range terms {
			b.fixUpper(name, t.Var, 0)
		}
		return
	case rhs == 0 && sense == GreaterEqual && b.allNonNegativeTerms(terms, -1):
		for _, t := range terms {
			b.fixUpper(name, t.Var, 0)
		}
		return
	}
	b.p.appendRow(Row{Name: name, Terms: terms, Sense: sense, RHS: rhs})
}

func holds(value float64, sense Sense, rhs float64) bool {
	const tolerance = 1e-9
	switch sense {
	case LessEqual:
		return value <= rhs+tolerance
	case GreaterEqual:
		return value >= rhs-tolerance
	}
	return math.Abs(value-rhs) <= tolerance
}

// allNonNegativeTerms reports whether every term has a coefficient of the
// given sign on a variable with lower bound 0.
func (b *builder) allNonNegativeTerms(terms []Term, sign float64) bool {
	for _, t := range terms {
		if t.Coef*sign <= 0 || b.p.Variables[t.Var].Lower != 0 {
			return false
		}
	}
	return true
}

// tightenBound turns "coef * x sense rhs" into a bound of x. It reports
// false, leaving the row to be added, when the bound would contradict the
// existing ones: the row then shows the solver why there is no solution.
func (b *builder) tightenBound(t Term, sense Sense, rhs float64) bool {
	limit := rhs / t.Coef
	switch {
	case sense == Equal:
		return b.p.narrow(t.Var, limit, limit)
	case (sense == LessEqual) == (t.Coef > 0):
		return b.p.narrow(t.Var, math.Inf(-1), limit)
	}
	return b.p.narrow(t.Var, limit, math.Inf(1))
}

// fixUpper bounds column i above by upper, or, when its lower bound is
// above upper, states "x <= upper" as the row name: the program is then
// infeasible, as it must be, and lp_solve and every file format accept it.
func (b *builder) fixUpper(name string, i int, upper float64) {
	var l linear
	l.plus(i, 1)
	b.addRow(name, l, LessEqual, upper)
}

package ilp

import (
	"fmt"
	"math"
	"strconv"

	"github.com/chessmodel/chessmodel/model"
)

// A Program is a mixed-integer linear program with named variables and rows:
// what Compile builds from a model, what the writers print and what the
// solver hands to lp_solve. Variables and rows keep the order in which the
// compiler created them, so the same model always gives the same program.
type Program struct {
	Name      string // the model's name, for comments in written files
	Variables []Variable
	Rows      []Row
	Objective Objective
	// Notes are printed as comments at the top of written files (a tour's
	// program says there which subtour cuts it has).
	Notes []string

	varIndex map[string]int
	rowIndex map[string]int
	// unboundedStack is set when stacked copies of a piece with an open-ended
	// count had to be capped: the program then answers solve, but counting
	// its solutions (or maximising pieces) would be wrong.
	unboundedStack bool
	// cost estimates the bytes the program takes here and in lp_solve; once
	// it passes limit, rows are no longer stored and compile refuses the
	// model (see the memory bound in doc.go).
	cost, limit int64
	overLimit   bool
	// primalSimplex asks lp_solve for the primal simplex in both phases
	// (a slide's program stalls the default dual simplex).
	primalSimplex bool
	// lone lists, for the anchor of the symmetry rows and the second kind
	// of one piece, the columns they may stand on (place_symmetry.go): what
	// a split solve fixes (solve_split.go).
	lone [][]int
}

// Estimated bytes of a column and of a row with its terms, in the Program
// and again in lp_solve, with the garbage collector's slack: 2000 stacked
// queens on 8x8 (128,000 columns and copy rows) peaked at 221 MB solved.
const (
	bytesPerColumn = 800
	bytesPerRow    = 600
	bytesPerTerm   = 60
)

// charge adds bytes to the program's estimated cost and reports whether it
// is still within the limit.
func (p *Program) charge(bytes int64) bool {
	p.cost += bytes
	if p.limit > 0 && p.cost > p.limit {
		p.overLimit = true
	}
	return !p.overLimit
}

// A Variable is a column of the program. Its Role says what it stands for
// in the model: decision variables (pieces and free walls) are what Decode
// reads and what no-good cuts speak of; auxiliary ones follow from them.
type Variable struct {
	Name         string
	Lower, Upper float64 // Upper is math.Inf(1) when open
	Integer      bool
	Role         Role
	Piece        string       // RolePiece: the piece's name
	Group        string       // RolePiece: its group in a group model (model/groups.go)
	Square       model.Square // RolePiece, RoleWall: where it stands; RoleMove: where the move starts
	Level        int          // RolePiece: 1 for the first piece of its kind on the square, 2 for a second stacked copy, ...
	To           model.Square // RoleMove: where the move ends
	Step         int          // RoleMove: the step, from 1
}

// Binary reports whether the variable is an integer in [0, 1].
func (v Variable) Binary() bool { return v.Integer && v.Lower == 0 && v.Upper == 1 }

// Role is what a variable stands for.
type Role int

const (
	RoleAux   Role = iota // an auxiliary variable: attack, coverage, visibility, counts
	RolePiece             // a piece on a square
	RoleWall              // a free wall on a square
	RoleMove              // a slide's move at a step
)

func (r Role) String() string { return [...]string{"aux", "piece", "wall", "move"}[r] }

// A Term is one coefficient of a row or of the objective.
type Term struct {
	Var  int // index into Program.Variables
	Coef float64
}

// Sense is the relation of a row to its right-hand side.
type Sense int

const (
	LessEqual Sense = iota + 1
	GreaterEqual
	Equal
)

func (s Sense) String() string {
	switch s {
	case LessEqual:
		return "<="
	case GreaterEqual:
		return ">="
	case Equal:
		return "="
	}
	return fmt.Sprintf("Sense(%d)", int(s))
}

// A Row is a linear constraint: sum of Terms, Sense, RHS. Its terms are
// sorted by variable index, each variable at most once, no zero coefficient.
type Row struct {
	Name  string
	Terms []Term
	Sense Sense
	RHS   float64
}

// Objective is what the program optimises. Sense is model.Fixed when the
// model only asks for a feasible placement; Measure names the quantity, or
// Quantity when it is not a measure of a placement (a slide's moves).
type Objective struct {
	Sense    model.Optimize
	Measure  model.Measure
	Quantity string
	Terms    []Term
}

// What names the quantity the objective optimises.
func (o Objective) What() string {
	if o.Measure == model.MeasureNone {
		return o.Quantity
	}
	return o.Measure.String()
}

// Var returns the index of the variable with the given name.
func (p *Program) Var(name string) (int, bool) {
	i, ok := p.varIndex[name]
	return i, ok
}

// Row returns the row with the given name.
func (p *Program) Row(name string) (*Row, bool) {
	i, ok := p.rowIndex[name]
	if !ok {
		return nil, false
	}
	return &p.Rows[i], true
}

// NonZeros counts the coefficients of the constraint matrix.
func (p *Program) NonZeros() int {
	n := 0
	for _, r := range p.Rows {
		n += len(r.Terms)
	}
	return n
}

// Decisions lists the indices of the piece, wall and move variables, the
// ones a solution is made of.
func (p *Program) Decisions() []int {
	var out []int
	for i, v := range p.Variables {
		if v.Role != RoleAux {
			out = append(out, i)
		}
	}
	return out
}

// ObjectiveValue evaluates the objective at the given variable values.
func (p *Program) ObjectiveValue(values []float64) float64 {
	total := 0.0
	for _, t := range p.Objective.Terms {
		total += t.Coef * values[t.Var]
	}
	return total
}

// newProgram returns an empty program.
func newProgram(name string) *Program {
	return &Program{Name: name, varIndex: map[string]int{}, rowIndex: map[string]int{}}
}

// addVariable appends a column. Names are made by the compiler, so a
// duplicate is a bug in it.
func (p *Program) addVariable(v Variable) int {
	if _, dup := p.varIndex[v.Name]; dup {
		panic("ilp: duplicate variable " + v.Name)
	}
	p.charge(bytesPerColumn + int64(len(v.Name)))
	p.varIndex[v.Name] = len(p.Variables)
	p.Variables = append(p.Variables, v)
	return len(p.Variables) - 1
}

// appendRow adds a normalised row; callers go through builder.addRow. A
// name already taken gets a suffix _2, _3, ... (two fixed pieces on one
// stacked square may leap to the same target).
func (p *Program) appendRow(r Row) {
	if !p.charge(bytesPerRow + int64(len(r.Name)) + bytesPerTerm*int64(len(r.Terms))) {
		return // refused at the end of compile: nothing more is stored
	}
	if _, dup := p.rowIndex[r.Name]; dup {
		for n := 2; ; n++ {
			name := r.Name + "_" + strconv.Itoa(n)
			if _, taken := p.rowIndex[name]; !taken {
				r.Name = name
				break
			}
		}
	}
	p.rowIndex[r.Name] = len(p.Rows)
	p.Rows = append(p.Rows, r)
}

// narrow intersects the bounds of column i with [lower, upper] (rounded
// inward for an integer column). It reports false, leaving them unchanged,
// when the intersection is empty: the caller then states the bound as a
// row, which shows the solver, and every file format, that there is no
// solution. Every bound the compiler tightens goes through here, so no
// column reaches lp_solve or a file with its lower bound above its upper.
func (p *Program) narrow(i int, lower, upper float64) bool {
	v := &p.Variables[i]
	lower, upper = math.Max(v.Lower, lower), math.Min(v.Upper, upper)
	if v.Integer {
		const tolerance = 1e-9
		lower, upper = math.Ceil(lower-tolerance), math.Floor(upper+tolerance)
	}
	if lower > upper {
		return false
	}
	v.Lower, v.Upper = lower, upper
	return true
}

// emptyBounds reports the first column whose lower bound is above its
// upper: a program no solver accepts (a bug in the compiler, since narrow
// keeps them apart).
func (p *Program) emptyBounds() error {
	for _, v := range p.Variables {
		if v.Lower > v.Upper {
			return fmt.Errorf("ilp: internal error: column %s has bounds [%g, %g]", v.Name, v.Lower, v.Upper)
		}
	}
	return nil
}

// unitVariable is a continuous column in [0, 1].
func unitVariable(name string) Variable {
	return Variable{Name: name, Lower: 0, Upper: 1}
}

// openVariable is a continuous column in [0, +Inf).
func openVariable(name string) Variable {
	return Variable{Name: name, Lower: 0, Upper: math.Inf(1)}
}

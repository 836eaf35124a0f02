package ilp

import (
	"errors"

	"github.com/chessmodel/chessmodel/model"
)

// ErrInvalidSolution is wrapped by the error returned when a solution from
// lp_solve fails the model checker: a bug in the compiler, never an answer.
var ErrInvalidSolution = errors.New("ilp: solution rejected by the checker")

// Solver is the ILP backend: it compiles the model, solves it in-process
// with lp_solve and checks every solution with model.Check.
type Solver struct {
	form formulation
}

var _ model.Solver = (*Solver)(nil)

// New returns the ILP backend.
func New() *Solver { return &Solver{form: defaultFormulation} }

// Name is "ilp".
func (*Solver) Name() string { return "ilp" }

package ilp

import (
	"errors"
	"fmt"

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

// NewSplit returns the ILP backend that solves an optimisation with lone
// pieces (a kind of one piece, on either colour) as the union of the
// programs with the first two of them fixed to each pair of their squares
// (solve_split.go): slower on small models, it proves optima the whole program's
// branch and bound does not reach. Other models and tasks are solved as by
// New.
func NewSplit() *Solver {
	form := defaultFormulation
	form.split = true
	return &Solver{form: form}
}

// Name is "ilp".
func (*Solver) Name() string { return "ilp" }

// errNoShards refuses a part of a task (model.Options.Shard): a count by
// no-good cuts is one sequence of solves, with no task list to split.
var errNoShards = fmt.Errorf("ilp: a count by no-good cuts has no task list to split into shards; use --backend exact: %w", model.ErrUnsupported)

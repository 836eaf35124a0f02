//go:build !cgo

package ilp

import (
	"context"
	"errors"
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// Available reports whether this build can solve. Built without cgo
// (CGO_ENABLED=0), the package compiles models and writes LP, MPS and CPLEX
// LP files, but cannot call lp_solve.
const Available = false

// errNoLibrary says why and how to get the solving ILP backend.
var errNoLibrary = errors.New("ilp: this chessmodel was built without cgo, so without the lp_solve library; " +
	"install it (apt-get install liblpsolve55-dev) and build with CGO_ENABLED=1 (make install), " +
	"or export the program (chessmodel export) for lp_solve, cbc or glpsol")

// LibraryVersion reports that no lp_solve library is linked.
func LibraryVersion() (string, error) { return "", errNoLibrary }

// Solve cannot solve without lp_solve: every task is unsupported.
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if opts.Shard.Active() {
		return nil, errNoShards
	}
	if _, err := compile(m, s.form); err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("%w: %w", errNoLibrary, model.ErrUnsupported)
}

// CompileWithCuts compiles m. Without lp_solve no subtour cut can be found,
// so a tour's program is written without cuts.
func CompileWithCuts(ctx context.Context, m *model.Model, maxMemory int64) (*Program, error) {
	return CompileWithin(m, maxMemory)
}

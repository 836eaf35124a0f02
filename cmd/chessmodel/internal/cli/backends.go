package cli

import (
	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/sat"
)

// DefaultBackends are the solvers of a chessmodel installation. brute, the
// naive referee of differential tests, answers only tiny models; sat runs
// the cadical command (placement models).
func DefaultBackends() Backends {
	return Backends{"exact": exact.New(), "ilp": ilp.New(), "brute": &brute.Solver{}, "sat": sat.New()}
}

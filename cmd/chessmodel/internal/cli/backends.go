package cli

import (
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
)

// DefaultBackends are the solvers of a chessmodel installation. brute, the
// naive referee of differential tests, answers only tiny models.
func DefaultBackends() Backends {
	return Backends{"exact": exact.New(), "brute": &compare.Brute{}}
}

package cli

import "github.com/chessmodel/chessmodel/compare"

// DefaultBackends are the solvers of a chessmodel installation. brute, the
// naive referee of differential tests, answers only tiny models.
func DefaultBackends() Backends {
	return Backends{"brute": &compare.Brute{}}
}

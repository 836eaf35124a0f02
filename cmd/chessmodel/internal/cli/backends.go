package cli

// DefaultBackends are the solvers of a chessmodel installation.
func DefaultBackends() Backends {
	return Backends{}
}

//go:build cgo

package ilp

import "github.com/chessmodel/chessmodel/ilp/internal/lpsolve"

// Available reports whether this build can solve: the ILP backend solves
// in-process with the lp_solve library, through cgo.
const Available = true

// LibraryVersion is the version of the lp_solve library found at run time,
// e.g. "5.5.2.11".
func LibraryVersion() (string, error) { return lpsolve.Version(), nil }

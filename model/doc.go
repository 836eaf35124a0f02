// Package model is the declarative description of a chessboard puzzle and
// everything that can be said about one without solving it.
//
// A puzzle is read from YAML with Load (or Parse), which reports bad input as an
// *Error naming file:line:column. A model file is one YAML document, UTF-8
// with or without a byte-order mark: anything after a "---" or "..." that
// ends it is refused, not ignored. Load (and OpenFile, for solution files)
// reads only regular files, or standard input for "-": a named pipe, a
// device or a directory is refused before it is opened. ReadSolution reads
// a solution's JSON, with or without a byte-order mark. The resulting *Model is plain data: a Board
// with walls and squares that are not on it, the Pieces (built-in and fairy),
// and one of three kinds of task — placing pieces under rules (Place), a tour of
// one piece (TourSpec) or sliding pieces (SlideSpec).
//
// The package also holds what every backend shares: the Solver interface and
// its Result, the model's own symmetry group (Model.Symmetries, Canonical), and
// an independent checker (Check) that recomputes attacks on a plain grid so
// that no answer from a backend is reported unverified. Negative answers
// are checked by CheckCertificate (cert_check.go): the SAT backend's
// formula derived again by an encoder of the checker's own
// (cert_encode.go) and its DRAT proof verified by a DRAT checker
// (cert_drat.go, CheckDRAT).
//
//	m, err := model.Load("testdata/models/eight-queens.yaml")
//	report := model.Check(m, solution)
//
// The package imports no backend.
package model

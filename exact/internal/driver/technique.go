package driver

import (
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A Technique is one search package as the facade's dispatch and the
// tests see it: whether it answers a compiled problem, and its answer.
// Fits is the technique's own word, not dispatch's choice: a technique
// may fit models dispatch sends elsewhere (to a faster one), and then
// must still give the right answer; where it would not, Fits says no.
// The tests force every technique onto every known case it fits
// (package techtest).
type Technique struct {
	Name  string
	Fits  func(p *problem.Problem, opts model.Options) bool
	Solve func(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error
}

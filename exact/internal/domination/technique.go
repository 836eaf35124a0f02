package domination

import (
	"fmt"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Technique is the fewest-pieces branch and bound: "solve" of a model
// that folds, with one "min" entry, a full cover and weak attack equal to
// strong. When the cover it finds under weak attack turns out short under
// strong attack (which Fits rules out, so never in practice), it answers
// nothing and declines (driver.ErrDeclined, and model.ErrUnsupported
// forced alone): folding, next in dispatch, judges both.
var Technique = driver.Technique{Name: "domination", Fits: fits, Solve: solve}

func fits(p *problem.Problem, opts model.Options) bool {
	groups, ok := fold.Fits(p)
	return ok && opts.Task == model.TaskSolve && Fits(p, groups) && fullCover(p)
}

// fullCover reports whether the cover rule asks for every open square.
func fullCover(p *problem.Problem) bool {
	return p.CoverAtLeast == 0 || p.CoverAtLeast == p.Open.Count()
}

func solve(st *tasks.Stopper, p *problem.Problem, opts model.Options, res *model.Result) error {
	groups, _ := fold.Fits(p)
	done, err := Solve(st, p, groups[0], opts, res)
	if err == nil && !done {
		return fmt.Errorf("exact: the fewest-pieces search covers under weak attack, and this model's strong attack differs: %w (%w)", model.ErrUnsupported, driver.ErrDeclined)
	}
	return err
}

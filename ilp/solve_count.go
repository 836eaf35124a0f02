//go:build cgo

package ilp

import (
	"context"
	"fmt"
	"sort"

	"github.com/chessmodel/chessmodel/ilp/internal/lpsolve"
	"github.com/chessmodel/chessmodel/model"
)

// Counting and enumeration. lp_solve has no solution pool, so solutions are
// found one at a time: after each, a no-good cut forbids it and the program
// is solved again, until it is infeasible. For a 0/1 solution x with ones O
// among the decision variables D (pieces and free walls) the cut is
//
//	sum over O of x  -  sum over D \ O of x  <=  |O| - 1
//
// which removes x and nothing else. With an objective the optimum is found
// first and then fixed by a row (count_objective), so that only optimal
// solutions are counted.
//
// Each solution found is mapped by every symmetry of the model; all its
// distinct images are solutions too, so they are counted (and emitted) at
// once and cut together. That needs one solve per class instead of one per
// solution, and gives the classes up to symmetry for free. With
// DistinctWalls the cuts speak of the wall variables only, so each wall set
// is found once.

// count performs TaskCount and TaskEnumerate.
func count(ctx context.Context, m *model.Model, sess *session, opts model.Options, res *model.Result) error {
	p := sess.p
	out, done, err := countStart(ctx, m, sess, opts, res)
	if err != nil || done {
		return err
	}
	if terms, ok := orbitRow(m, p); ok { // count_symmetry.go
		if err := sess.addRow(terms, GreaterEqual, 1); err != nil {
			return fmt.Errorf("ilp: the count's orbit row: %w", err)
		}
	}
	group := m.FullSymmetries()
	decisions := cutDecisions(p, opts.DistinctWalls)
	var solutions, classes int64
	for {
		found, _, err := checkedSolution(m, p, out)
		if err != nil {
			return err
		}
		images, err := countOrbit(sess, m, opts, m.SymmetryImages(group, found, opts.DistinctWalls), decisions)
		if err != nil {
			return err
		}
		solutions += images
		classes++
		if opts.Progress != nil {
			opts.Progress(-1, fmt.Sprintf("%d solutions, %d classes", solutions, classes))
		}
		if len(decisions) == 0 {
			break // nothing to vary: the one solution is all there is
		}
		out, err = sess.solve(ctx)
		if err != nil {
			return err
		}
		if out.stopped {
			partial(res, solutions, classes)
			return nil
		}
		if out.values == nil {
			if out.status != lpsolve.Infeasible {
				return fmt.Errorf("ilp: counting stopped by lp_solve status %v", out.status)
			}
			break
		}
	}
	res.Status = model.StatusOptimal
	res.Count = model.Int64(solutions)
	if opts.Symmetry {
		res.Classes = model.Int64(classes)
	}
	return nil
}

// countStart solves the program once and fixes its optimum. It reports
// done when that already settles the count: infeasible (a count of 0),
// or stopped before any solution or right after the first.
func countStart(ctx context.Context, m *model.Model, sess *session, opts model.Options, res *model.Result) (outcome, bool, error) {
	first, err := sess.solve(ctx)
	if err != nil {
		return first, true, err
	}
	if first.values == nil {
		if first.status == lpsolve.Infeasible {
			res.Status = model.StatusInfeasible
			res.Count = model.Int64(0)
			if opts.Symmetry {
				res.Classes = model.Int64(0)
			}
			return first, true, nil
		}
		partial(res, 0, 0)
		return first, true, nil
	}
	sol, value, err := checkedSolution(m, sess.p, first)
	if err != nil {
		return first, true, err
	}
	res.Solution, res.Value = &sol, model.Int64(value)
	if first.stopped {
		partial(res, 0, 0)
		return first, true, nil
	}
	return first, false, fixObjective(sess, first.objective)
}

// cutDecisions are the variables the no-good cuts speak of: every
// decision, or with distinctWalls the free walls only.
func cutDecisions(p *Program, distinctWalls bool) []int {
	if !distinctWalls {
		return p.Decisions()
	}
	var walls []int
	for _, i := range p.Decisions() {
		if p.Variables[i].Role == RoleWall {
			walls = append(walls, i)
		}
	}
	return walls
}

// countOrbit checks, emits (when enumerating) and cuts every image of a
// solution found, and returns how many there are.
func countOrbit(sess *session, m *model.Model, opts model.Options, orbit []model.Solution, decisions []int) (int64, error) {
	for _, img := range orbit {
		if report := model.Check(m, &img); !report.Valid {
			return 0, fmt.Errorf("%w: the image %v of a solution: %v", ErrInvalidSolution, img.Key(), report.Problems)
		}
		if opts.Task == model.TaskEnumerate && opts.Emit != nil {
			if err := opts.Emit(img); err != nil {
				return 0, err
			}
		}
		if len(decisions) == 0 {
			continue
		}
		if err := cut(sess, img, decisions); err != nil {
			return 0, err
		}
	}
	return int64(len(orbit)), nil
}

// partial marks a count cut short: status unknown, no count, and in the
// statistics what had been found.
func partial(res *model.Result, solutions, classes int64) {
	res.Status = model.StatusUnknown
	res.Count, res.Classes = nil, nil
	res.Stats.CountedSoFar, res.Stats.ClassesSoFar = model.Int64(solutions), model.Int64(classes)
}

// fixObjective keeps later solves at the optimum found, and drops the
// objective so that lp_solve stops at the first solution.
func fixObjective(sess *session, optimum float64) error {
	p := sess.p
	if p.Objective.Sense == model.Fixed {
		return nil
	}
	rounded := float64(int64(optimum + 0.5))
	if optimum < 0 {
		rounded = -float64(int64(-optimum + 0.5))
	}
	if err := sess.addRow(p.Objective.Terms, Equal, rounded); err != nil {
		return fmt.Errorf("ilp: fixing the objective: %w", err)
	}
	if err := sess.setObjective(nil, model.Fixed); err != nil {
		return fmt.Errorf("ilp: %w", err)
	}
	if err := sess.stopAtFirst(); err != nil {
		return fmt.Errorf("ilp: %w", err)
	}
	return nil
}

// cut adds the no-good cut of solution s over the decision variables.
func cut(sess *session, s model.Solution, decisions []int) error {
	ones, ok := sess.p.Encode(s)
	if !ok {
		return fmt.Errorf("ilp: internal error: solution %v has a piece or wall without a variable", s.Key())
	}
	var terms []Term
	n := 0
	for _, i := range decisions {
		if ones[i] {
			terms = append(terms, Term{Var: i, Coef: 1})
			n++
		} else {
			terms = append(terms, Term{Var: i, Coef: -1})
		}
	}
	sort.Slice(terms, func(a, b int) bool { return terms[a].Var < terms[b].Var })
	if err := sess.addRow(terms, LessEqual, float64(n-1)); err != nil {
		return fmt.Errorf("ilp: adding a no-good cut: %w", err)
	}
	return nil
}

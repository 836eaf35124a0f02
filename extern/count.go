package extern

import (
	"context"
	"fmt"
	"time"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// Counting and enumeration with a command-line tool, by no-good cuts as the
// ilp backend counts (ilp/solve_count.go), on the exported program: each
// solution found, with its images under the model's symmetries, is cut off
// by a row
//
//	sum over its ones of x  -  sum over the other decisions of x  <=  ones - 1
//
// appended to the program, which is exported and solved again, until the
// tool answers infeasible. With an objective the optimum found first is
// fixed by a row and the objective dropped, so only optimal solutions are
// counted and the tool stops at its first solution. One run of the tool per
// class of solutions: for small counts (tests, cross-checks), not for the
// large ones exact is made for.

// count performs TaskCount and TaskEnumerate on a placement model.
func (e *External) count(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	start := time.Now()
	if m.Rules.Stack && m.MaxPieces() == model.Unbounded {
		return nil, fmt.Errorf("%s: pieces stack and the place list has an open-ended count, so there are infinitely many solutions to %v: %w",
			e.Tool, opts.Task, model.ErrUnsupported)
	}
	p, err := ilp.CompileWithin(m, opts.MaxMemory)
	if err != nil {
		return nil, err
	}
	q := *p
	q.Rows = append([]ilp.Row(nil), p.Rows...)
	res := model.NewResult(m, opts.Task, e.Tool)
	defer func() { res.Stats.Seconds = time.Since(start).Seconds() }()
	c := &counter{e: e, m: m, p: &q, opts: opts, res: res, decisions: decisionsToCut(p, opts.DistinctWalls)}
	return res, c.run(ctx)
}

// counter is one count's state.
type counter struct {
	e                  *External
	m                  *model.Model
	p                  *ilp.Program // the program, growing cuts
	opts               model.Options
	res                *model.Result
	decisions          []int
	solutions, classes int64
	runs               int
}

func (c *counter) run(ctx context.Context) error {
	defer func() { c.res.Stats.Extra["tool_runs"] = c.runs }()
	for anySolution := false; ; anySolution = true {
		c.runs++
		status, sol, format, err := c.e.run(ctx, c.p, anySolution, c.opts.SolverOptions)
		c.res.Stats.Format = format.String()
		if err != nil {
			return err
		}
		switch {
		case status == "stopped", status == "feasible" && !anySolution && c.p.Objective.Sense != model.Fixed:
			c.partial()
			return nil
		case status == "infeasible":
			c.done()
			return nil
		}
		if err := c.found(*sol, !anySolution); err != nil {
			return err
		}
		if len(c.decisions) == 0 {
			c.done() // nothing to vary: the one solution is all there is
			return nil
		}
	}
}

// found counts, emits and cuts off a solution and its images; the first
// one fixes the optimum.
func (c *counter) found(sol model.Solution, first bool) error {
	report := model.Check(c.m, &sol)
	if !report.Valid {
		return fmt.Errorf("%w (%s): %v", ilp.ErrInvalidSolution, c.e.Tool, report.Problems)
	}
	if first {
		c.res.Solution, c.res.Value = &sol, model.Int64(report.Value)
		c.fixObjective(report.Value)
	}
	c.classes++
	for _, img := range c.m.SymmetryImages(c.m.FullSymmetries(), sol, c.opts.DistinctWalls) {
		if r := model.Check(c.m, &img); !r.Valid {
			return fmt.Errorf("%w (%s): the image %v of a solution: %v", ilp.ErrInvalidSolution, c.e.Tool, img.Key(), r.Problems)
		}
		c.solutions++
		if c.opts.Task == model.TaskEnumerate && c.opts.Emit != nil {
			if err := c.opts.Emit(img); err != nil {
				return err
			}
		}
		if err := c.cut(img); err != nil {
			return err
		}
	}
	if c.opts.Progress != nil {
		c.opts.Progress(-1, fmt.Sprintf("%s: %d solutions, %d classes", c.e.Tool, c.solutions, c.classes))
	}
	return nil
}

// fixObjective keeps later solves at the optimum: a row fixes the
// objective (the checker's measure of the first solution, which the ilp
// package's programs equal) and the objective is dropped.
func (c *counter) fixObjective(value int64) {
	if c.p.Objective.Sense == model.Fixed {
		return
	}
	c.p.Rows = append(c.p.Rows, ilp.Row{Name: "count_objective", Terms: c.p.Objective.Terms, Sense: ilp.Equal, RHS: float64(value)})
	c.p.Objective = ilp.Objective{Sense: model.Fixed, Measure: c.p.Objective.Measure}
}

// cut appends the no-good row of s over the decision variables.
func (c *counter) cut(s model.Solution) error {
	if len(c.decisions) == 0 {
		return nil
	}
	ones, ok := c.p.Encode(s)
	if !ok {
		return fmt.Errorf("%s: internal error: solution %v has a piece or wall without a variable", c.e.Tool, s.Key())
	}
	row := ilp.Row{Name: fmt.Sprintf("nogood_%d", c.solutions), Sense: ilp.LessEqual, RHS: -1}
	for _, i := range c.decisions { // increasing, as rows are kept
		coef := -1.0
		if ones[i] {
			coef, row.RHS = 1, row.RHS+1
		}
		row.Terms = append(row.Terms, ilp.Term{Var: i, Coef: coef})
	}
	c.p.Rows = append(c.p.Rows, row)
	return nil
}

func (c *counter) done() {
	c.res.Status = model.StatusOptimal
	if c.solutions == 0 {
		c.res.Status = model.StatusInfeasible
	}
	c.res.Count = model.Int64(c.solutions)
	if c.opts.Symmetry {
		c.res.Classes = model.Int64(c.classes)
	}
}

// partial marks a count cut short, as the ilp backend does.
func (c *counter) partial() {
	c.res.Status = model.StatusUnknown
	c.res.Stats.CountedSoFar, c.res.Stats.ClassesSoFar = model.Int64(c.solutions), model.Int64(c.classes)
}

// decisionsToCut are the variables the no-good rows speak of: pieces and
// walls, or with distinct walls the walls only.
func decisionsToCut(p *ilp.Program, walls bool) []int {
	var out []int
	for _, i := range p.Decisions() {
		if !walls || p.Variables[i].Role == ilp.RoleWall {
			out = append(out, i)
		}
	}
	return out
}

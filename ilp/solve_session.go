//go:build cgo

package ilp

import (
	"context"
	"errors"
	"fmt"

	"github.com/chessmodel/chessmodel/ilp/internal/lpsolve"
	"github.com/chessmodel/chessmodel/model"
)

// A session is a program loaded into lp_solve, solved once or again after
// rows are added (the no-good cuts of counting). It adds up the work of
// every solve for the result's statistics.
type session struct {
	p          *Program
	lp         *lpsolve.LP
	solves     int
	nodes      int64
	iterations int64
	rebuilds   int

	// What was changed after loading — the cuts of counting and the
	// objective in force — so that the model can be built again when
	// lp_solve loses its numerical footing on a much-modified model.
	built    bool
	cuts     []addedRow
	objTerms []Term
	objSense model.Optimize
	first    bool // stop branch and bound at the first solution (stopAtFirst)

	progress func(done float64, note string)       // model.Options.Progress, for optimisations (solve_progress.go)
	improved func(columns []float64, bound *int64) // hears each incumbent of an optimisation (solve_incumbents.go); may be nil
}

// addedRow is a row added to a loaded program.
type addedRow struct {
	terms []Term
	sense Sense
	rhs   float64
}

// load builds the lp_solve model of p: columns with names, bounds and
// integrality, the rows, the objective.
func load(p *Program) (*session, error) {
	if err := p.emptyBounds(); err != nil {
		return nil, err
	}
	lp, err := lpsolve.New(0, len(p.Variables))
	if err != nil {
		return nil, fmt.Errorf("ilp: %w", err)
	}
	s := &session{p: p, lp: lp, objTerms: p.Objective.Terms, objSense: p.Objective.Sense}
	if err := s.build(); err != nil {
		lp.Close()
		return nil, fmt.Errorf("ilp: loading the program into lp_solve: %w", err)
	}
	s.built = true
	return s, nil
}

// rebuild loads the program afresh, with the cuts and the objective the
// session has now.
func (s *session) rebuild() error {
	lp, err := lpsolve.New(0, len(s.p.Variables))
	if err != nil {
		return err
	}
	s.lp.Close()
	s.lp = lp
	s.built = false
	defer func() { s.built = true }()
	if err := s.build(); err != nil {
		return err
	}
	for _, c := range s.cuts {
		if err := s.addRow(c.terms, c.sense, c.rhs); err != nil {
			return err
		}
	}
	s.rebuilds++
	return nil
}

func (s *session) build() error {
	for i, v := range s.p.Variables {
		if err := s.lp.SetColName(i, v.Name); err != nil {
			return err
		}
		if err := s.lp.SetBounds(i, v.Lower, v.Upper); err != nil {
			return err
		}
		if v.Integer {
			if err := s.lp.SetInt(i, true); err != nil {
				return err
			}
		}
	}
	for _, r := range s.p.Rows {
		if err := s.addRow(r.Terms, r.Sense, r.RHS); err != nil {
			return err
		}
	}
	for i, r := range s.p.Rows {
		if err := s.lp.SetRowName(i, r.Name); err != nil {
			return err
		}
	}
	if s.p.primalSimplex {
		if err := s.lp.SetPrimalSimplex(true); err != nil {
			return err
		}
	}
	if s.first {
		if err := s.lp.SetBreakAtFirst(true); err != nil {
			return err
		}
	}
	return s.setObjective(s.objTerms, s.objSense)
}

// stopAtFirst makes later solves stop at the first solution found, which
// is all counting needs once the objective is fixed.
func (s *session) stopAtFirst() error {
	s.first = true
	return s.lp.SetBreakAtFirst(true)
}

func (s *session) addRow(terms []Term, sense Sense, rhs float64) error {
	if s.built {
		s.cuts = append(s.cuts, addedRow{terms, sense, rhs})
	}
	indices := make([]int, len(terms))
	values := make([]float64, len(terms))
	for i, t := range terms {
		indices[i], values[i] = t.Var, t.Coef
	}
	op := lpsolve.LE
	switch sense {
	case GreaterEqual:
		op = lpsolve.GE
	case Equal:
		op = lpsolve.EQ
	}
	return s.lp.AddConstraintSparse(indices, values, op, rhs)
}

func (s *session) setObjective(terms []Term, sense model.Optimize) error {
	s.objTerms, s.objSense = terms, sense
	indices := make([]int, len(terms))
	values := make([]float64, len(terms))
	for i, t := range terms {
		indices[i], values[i] = t.Var, t.Coef
	}
	if err := s.lp.SetObjective(indices, values); err != nil {
		return err
	}
	if sense == model.Maximize {
		return s.lp.SetMaximize()
	}
	return s.lp.SetMinimize()
}

func (s *session) close() { s.lp.Close() }

// outcome is what one solve found.
type outcome struct {
	status    lpsolve.Status
	values    []float64 // the solution, when status has one
	objective float64
	stopped   bool     // the context ended the solve
	tracked   *tracker // what lp_solve reported while optimising; nil without an objective
}

// solve runs lp_solve once. A solve the context stops is not an error: it
// comes back with stopped set, and the incumbent if lp_solve had one.
func (s *session) solve(ctx context.Context) (outcome, error) {
	status, tracked, err := s.solveLP(ctx)
	if (status == lpsolve.AccuracyError || status == lpsolve.NumFailure) && ctx.Err() == nil {
		// Seen after many no-good cuts: the same program loaded afresh
		// solves cleanly.
		if rerr := s.rebuild(); rerr != nil {
			return outcome{status: status}, fmt.Errorf("ilp: rebuilding after %v: %w", status, rerr)
		}
		status, tracked, err = s.solveLP(ctx)
	}
	s.solves++
	if nodes, nerr := s.lp.TotalNodes(); nerr == nil {
		s.nodes += nodes
	}
	if iterations, ierr := s.lp.TotalIter(); ierr == nil {
		s.iterations += iterations
	}
	out := outcome{status: status, tracked: tracked}
	if err != nil {
		if ctx.Err() == nil || !errors.Is(err, ctx.Err()) {
			return out, fmt.Errorf("ilp: %w", err)
		}
		out.stopped = true
	}
	switch status {
	case lpsolve.Optimal, lpsolve.Suboptimal, lpsolve.Presolved:
		values, err := s.lp.Variables()
		if err != nil {
			return out, fmt.Errorf("ilp: %w", err)
		}
		out.values = values
		out.objective = s.p.ObjectiveValue(values)
	case lpsolve.Infeasible, lpsolve.UserAborted, lpsolve.Timeout:
	case lpsolve.Unbounded:
		return out, fmt.Errorf("ilp: the program is unbounded: the model lets its objective grow without limit")
	default:
		return out, fmt.Errorf("ilp: lp_solve ended with status %v", status)
	}
	return out, nil
}

// stats are the session's measurements for a result.
func (s *session) stats(st *model.Stats) {
	st.Nodes += s.nodes
	if st.Extra == nil {
		st.Extra = map[string]any{}
	}
	st.Extra["rows"] = len(s.p.Rows)
	st.Extra["columns"] = len(s.p.Variables)
	st.Extra["nonzeros"] = s.p.NonZeros()
	st.Extra["iterations"] = s.iterations
	if s.rebuilds > 0 {
		st.Extra["rebuilds"] = s.rebuilds
	}
	solves := s.solves
	st.Solves = &solves
}

package sat

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// MaxSolutions bounds the solutions counting by blocking clauses finds:
// each costs a run of cadical.
const MaxSolutions = 2000

// Backend is the SAT backend: `--backend sat`.
type Backend struct {
	// Certificate, when set, asks solve to write the certificate of a
	// proved optimum or infeasibility (certificate.go).
	Certificate *CertificateRequest
	// MaxSolutions, when positive, lowers the bound of counting below
	// the package's MaxSolutions.
	MaxSolutions int
	// Cases, when set, names a kind of piece of the place list: every
	// call of cadical is split into cases by where one such piece stands,
	// a square of each orbit of the model's symmetry group and a case of
	// none (cases.go), each a formula of its own with a proof of its own.
	Cases string
}

var _ model.Solver = (*Backend)(nil)

// New returns the SAT backend.
func New() *Backend { return &Backend{} }

// Name is the backend's name.
func (*Backend) Name() string { return "sat" }

// A search is one solve: the encoding, cadical's files, the calls made.
type search struct {
	ctx       context.Context
	enc       *Encoding
	dir       string
	calls     int
	proofs    bool
	options   []string
	last      run         // the last run
	lastCNF   *Formula    // the formula of the last run
	tried     int64       // the bound of the last call of the search on the objective
	proved    proved      // the last unsatisfiable call of the search
	cases     []split     // the cases of every call (none: one formula)
	casesBy   string      // the kind of piece of the cases
	lastCases []caseProof // the cases of the last call, when unsatisfiable

	maxSolutions int // counting stops past it
}

// proved is an unsatisfiable call: its formula, proof and bound, and
// with cases each case's formula and proof.
type proved struct {
	formula *Formula
	proof   string
	bound   int64
	cases   []caseProof
}

func (s *search) lastCall() proved { return proved{s.lastCNF, s.last.proof, s.tried, s.lastCases} }

// call runs cadical on the encoding with the extra constraints and
// clauses, case by case when the search has cases: the first satisfiable
// case answers, and the call is unsatisfiable when every case is.
func (s *search) call(extra []Card, clauses [][]int) (run, error) {
	f := s.enc.CNF(extra...)
	f.Clauses = append(f.Clauses, clauses...)
	s.calls++
	s.lastCNF, s.lastCases = f, nil
	if s.cases == nil {
		r, err := s.solve(f, fmt.Sprintf("call%d", s.calls))
		s.last = r
		return r, err
	}
	var done []caseProof
	for _, c := range s.cases {
		fc := &Formula{NumVars: f.NumVars, Clauses: append(slices.Clip(f.Clauses), c.units...)}
		r, err := s.solve(fc, fmt.Sprintf("call%d-%s", s.calls, c.name))
		s.last = r
		if err != nil || r.answer != unsatisfiable {
			return r, err
		}
		done = append(done, caseProof{split: c, formula: fc, proof: r.proof})
	}
	s.lastCases = done
	s.last = run{answer: unsatisfiable}
	return s.last, nil
}

// solve runs cadical on one formula, with a proof file when the search
// keeps proofs.
func (s *search) solve(f *Formula, name string) (run, error) {
	proof := ""
	if s.proofs {
		proof = filepath.Join(s.dir, name+".drat")
	}
	return solveFormula(s.ctx, f, s.dir, name+".cnf", proof, s.options)
}

// Solve encodes the model and answers the task by runs of cadical:
// solve by a descending search on the objective's bound, count and
// enumerate by blocking each solution found.
func (b *Backend) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	if err := Supports(m); err != nil {
		return nil, err
	}
	switch {
	case opts.Shard.Active():
		return nil, fmt.Errorf("sat: a search run by cadical cannot be split into shards: %w", model.ErrUnsupported)
	case opts.DistinctWalls:
		return nil, fmt.Errorf("sat: --distinct walls is not counted by this backend: %w", model.ErrUnsupported)
	case b.Certificate != nil && opts.Task != model.TaskSolve:
		return nil, fmt.Errorf("sat: certificates are written by solve, not %s: %w", opts.Task, model.ErrUnsupported)
	}
	if _, err := exec.LookPath(Tool); err != nil {
		return nil, fmt.Errorf("%s is not installed (apt-get install cadical): %w", Tool, model.ErrUnsupported)
	}
	enc, err := Encode(m)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "chessmodel-sat")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	start := time.Now()
	s := &search{ctx: ctx, enc: enc, dir: dir, proofs: b.Certificate != nil, options: opts.SolverOptions, maxSolutions: MaxSolutions}
	if b.MaxSolutions > 0 {
		s.maxSolutions = min(b.MaxSolutions, MaxSolutions)
	}
	if b.Cases != "" {
		s.casesBy = b.Cases
		if s.cases, err = enc.Cases(b.Cases); err != nil {
			return nil, err
		}
	}
	res := model.NewResult(m, opts.Task, b.Name())
	res.Stats.Solver = Tool
	defer func() {
		res.Stats.Seconds = time.Since(start).Seconds()
		res.Stats.Extra["calls"] = s.calls
		res.Stats.Extra["variables"] = enc.NumVars
		res.Stats.Extra["clauses"] = len(enc.Clauses)
	}()
	if err := s.optimise(m, res, opts); err != nil {
		return nil, err
	}
	if opts.Task == model.TaskSolve {
		if b.Certificate != nil && (res.Status == model.StatusOptimal || res.Status == model.StatusInfeasible) {
			if err := s.proveOptimum(m, res); err != nil {
				return nil, err
			}
			if err := b.Certificate.write(s, res); err != nil {
				return nil, err
			}
			res.Stats.Extra["certificate"] = b.Certificate.Dir
		} else if b.Certificate != nil {
			res.Stats.Extra["certificate"] = "not written: only a proved optimum or infeasibility has one (a model without an objective, or a search stopped, has none)"
		}
		opts.ReportFinal(res)
		return res, nil
	}
	if res.Status != model.StatusOptimal && res.Status != model.StatusFeasible {
		if res.Status == model.StatusInfeasible {
			res.Count = model.Int64(0)
			if opts.Symmetry {
				res.Classes = model.Int64(0)
			}
		}
		return res, nil
	}
	return res, s.count(m, res, opts)
}

// optimise finds a first solution, then searches the objective's bound
// between the best value found and the least (or most) proven possible:
// a bound halfway, cadical asked for a solution at least as good; a
// solution raises the best, an unsatisfiable call moves the proven limit.
// It ends when they meet: the last unsatisfiable call, past the best by
// one, is the proof of optimality (proved).
func (s *search) optimise(m *model.Model, res *model.Result, opts model.Options) error {
	improved := model.Improving(m.Objective.Sense, opts.Improved)
	maximise := m.Objective.Sense == model.Maximize
	// limit: no solution is better than it (proven, or the trivial one).
	limit := s.enc.Offset
	if maximise {
		limit += int64(len(s.enc.Objective))
	}
	var bound []Card
	for {
		r, err := s.call(bound, nil)
		if err != nil {
			return err
		}
		switch r.answer {
		case unknown:
			if res.Solution != nil && m.Objective.Sense != model.Fixed {
				res.Stats.Bound = model.Int64(limit)
			}
			return nil
		case unsatisfiable:
			if res.Solution == nil {
				res.Status = model.StatusInfeasible
				s.proved = s.lastCall()
				return nil
			}
			s.proved = s.lastCall()
			if maximise {
				limit = s.tried - 1
			} else {
				limit = s.tried + 1
			}
		default:
			sol := s.enc.Decode(func(v int) bool { return r.model[v] })
			report := model.Check(m, &sol)
			if !report.Valid {
				return &model.InvalidSolutionError{Backend: "sat", Problems: report.Problems}
			}
			res.Solution, res.Value = &sol, model.Int64(report.Value)
			res.Status = model.StatusFeasible
			if improved != nil {
				improved(model.Incumbent{Value: report.Value, Solution: &sol})
			}
			if m.Objective.Sense == model.Fixed {
				return nil
			}
		}
		best := *res.Value
		if best == limit {
			res.Status = model.StatusOptimal
			return nil
		}
		// The next bound: halfway between the best and the limit, the
		// first step past the best when they are one apart.
		if maximise {
			s.tried = best + 1 + (limit-best-1)/2
		} else {
			s.tried = best - 1 - (best-1-limit)/2
		}
		bound = []Card{s.enc.Bound(s.tried, maximise)}
	}
}

// proveOptimum makes sure the search's proof is the one a certificate
// of an optimum needs, of no solution one better than it: a search that
// met a trivial limit (every literal of the objective, or none) made no
// such call, and one is made now.
func (s *search) proveOptimum(m *model.Model, res *model.Result) error {
	if res.Status != model.StatusOptimal {
		return nil
	}
	want := *res.Value - 1
	if m.Objective.Sense == model.Maximize {
		want = *res.Value + 1
	}
	if s.proved.formula != nil && s.proved.bound == want {
		return nil
	}
	s.tried = want
	r, err := s.call([]Card{s.enc.Bound(want, m.Objective.Sense == model.Maximize)}, nil)
	if err != nil {
		return err
	}
	if r.answer != unsatisfiable {
		return fmt.Errorf("sat: the call to prove the optimum %d said %v, not unsatisfiable", *res.Value, r.answer)
	}
	s.proved = s.lastCall()
	return nil
}

// count finds every (optimal) solution by blocking each one found.
func (s *search) count(m *model.Model, res *model.Result, opts model.Options) error {
	var fix []Card
	if m.Objective.Sense != model.Fixed {
		fix = []Card{s.enc.Bound(*res.Value, true), s.enc.Bound(*res.Value, false)}
	}
	canonical := m.CanonicalFunc()
	classes := map[string]bool{}
	var blocks [][]int
	decision := s.enc.Decision()
	for n := int64(0); ; n++ {
		r, err := s.call(fix, blocks)
		if err != nil {
			return err
		}
		switch r.answer {
		case unknown:
			res.Status = model.StatusUnknown
			res.Stats.CountedSoFar = model.Int64(n)
			return nil
		case unsatisfiable:
			res.Count = model.Int64(n)
			if opts.Symmetry {
				res.Classes = model.Int64(int64(len(classes)))
			}
			return nil
		}
		if n == int64(s.maxSolutions) {
			return fmt.Errorf("sat: more than %d solutions, which counting by blocking clauses does not go past: %w", s.maxSolutions, model.ErrUnsupported)
		}
		sol := s.enc.Decode(func(v int) bool { return r.model[v] })
		if report := model.Check(m, &sol); !report.Valid {
			return &model.InvalidSolutionError{Backend: "sat", Problems: report.Problems}
		}
		if opts.Symmetry {
			classes[canonical(sol).Key()] = true
		}
		if opts.Task == model.TaskEnumerate && opts.Emit != nil {
			if err := opts.Emit(sol); err != nil {
				return err
			}
		}
		block := make([]int, decision)
		for v := 1; v <= decision; v++ {
			block[v-1] = v
			if r.model[v] {
				block[v-1] = -v
			}
		}
		blocks = append(blocks, block)
	}
}

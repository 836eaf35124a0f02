package transfer

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// searchBound is the general search's estimated work (placements it could
// visit) below which a model whose transfer does not fit memory goes back
// to it rather than failing: it finishes such models in minutes.
const searchBound = 1e10

// A sweepPlan is the plan chosen for one element of the group.
type sweepPlan struct {
	t    model.Transform
	w    sweep
	p    *plan
	cost estimate
}

// Count answers a count on a model the transfer takes. taken is false when
// it does not take the model (see fit) or the general search is estimated
// to cost less, and the caller answers the model; otherwise err and res
// are the answer.
func Count(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) (taken bool, err error) {
	return countModel(st, m, opts, res, false)
}

// countModel is Count; forced, it takes every model fit takes, whatever
// the general search would cost.
func countModel(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result, forced bool) (taken bool, err error) {
	s := fit(m)
	if s == nil || opts.Task != model.TaskCount || opts.DistinctWalls {
		return false, nil
	}
	if fixedConflict(m) {
		return true, problem.Infeasible(res, opts)
	}
	c, err := newCounter(s)
	if err != nil {
		return forced, err
	}
	group := []model.Transform{{}}
	if opts.Symmetry {
		group = m.Symmetries()
	}
	plans, work, err := s.plans(group, c, opts.MemoryLimit(), st)
	search := s.searchWork()
	switch {
	case errors.Is(err, errStopped):
		res.Status = model.StatusUnknown
		return true, nil
	case err != nil && search < searchBound && !forced:
		return false, nil
	case err != nil:
		return true, err
	case search < work && !forced:
		return false, nil
	case opts.Shard.Active() && (opts.Symmetry || s.maximize):
		return true, fmt.Errorf("exact: the transfer splits plain counts into shards, not counts of classes or of the most pieces: %w", model.ErrUnsupported)
	}
	if !forced {
		if answered, err := trySearch(st, m, opts, res, work); answered || err != nil {
			if st.Stopped() {
				res.Status = model.StatusUnknown
			}
			return true, err
		}
	}
	return true, s.count(st, plans, c, opts, res)
}

// plans chooses, for each element of the group, the sweep (across rows or
// up columns) whose estimated work is the smaller, and sums the work.
func (s *spec) plans(group []model.Transform, c *counter, limit int64, st *tasks.Stopper) ([]sweepPlan, float64, error) {
	var out []sweepPlan
	work := 0.0
	for _, t := range group {
		var best *sweepPlan
		var firstErr error
		for _, w := range []sweep{byRows, byColumns} {
			p, err := newPlan(s.buildGraph(t, w))
			var e estimate
			if err == nil {
				e, err = p.estimate(c, limit, st)
			}
			if err != nil {
				firstErr = cmpErr(firstErr, err)
				continue
			}
			if best == nil || e.work < best.cost.work {
				best = &sweepPlan{t: t, w: w, p: p, cost: e}
			}
		}
		if best == nil {
			return nil, 0, firstErr
		}
		out = append(out, *best)
		work += best.cost.work
	}
	return out, work, nil
}

// cmpErr keeps the first error.
func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// searchWork bounds the placements the general search could visit: the
// sets of the allowed (piece, square) pairs of an allowed size.
func (s *spec) searchWork() float64 {
	n := 0
	lo, hi := 0, 0
	for _, k := range s.kinds {
		for _, ok := range k.allowed {
			if ok {
				n++
			}
		}
		lo += k.lo
		hi = min(hi+k.hi, model.Unbounded)
	}
	hi = min(hi, n)
	total := 0.0
	for j := lo; j <= hi; j++ {
		a, _ := math.Lgamma(float64(n + 1))
		b, _ := math.Lgamma(float64(j + 1))
		c, _ := math.Lgamma(float64(n - j + 1))
		total += math.Exp(a - b - c)
	}
	return total
}

// count runs the plans: the first (the identity) counts the placements,
// the others the placements their symmetry fixes, and the classes are
// their mean (Burnside's lemma).
func (s *spec) count(st *tasks.Stopper, plans []sweepPlan, c *counter, opts model.Options, res *model.Result) error {
	id := plans[0]
	res.Stats.Extra["engine"] = "transfer over " + id.w.String()
	res.Stats.Extra["frontier"] = id.p.width
	workers := 1
	for workers*2 <= model.WorkerCount(opts.Workers) {
		workers *= 2
	}
	res.Stats.Extra["workers"] = workers
	fixed := new(big.Int)
	var all total
	var example *model.Solution
	peak := 0
	progress := newProgress(opts.Progress, len(plans))
	for i, sp := range plans {
		c.prepare(sp.p)
		r := &run{p: sp.p, c: c, st: st, workers: workers, maxBytes: opts.MemoryLimit(), progress: progress.of(i, len(sp.p.steps))}
		if i == 0 {
			r.shard = opts.Shard
			estimated := sp.cost.bytes
			if sp.cost.bytes+sp.cost.trace <= float64(opts.MemoryLimit()) {
				r.trace = &trace{maximize: s.maximize}
				estimated += sp.cost.trace
			}
			res.Stats.Extra["memory_estimate"] = model.ByteSize(int64(estimated))
		}
		cells, err := r.count()
		res.Stats.Nodes += r.nodes
		peak = max(peak, r.peak)
		if errors.Is(err, errStopped) {
			res.Status = model.StatusUnknown
			return nil
		}
		if err != nil {
			return err
		}
		t := c.sum(cells)
		if i == 0 {
			all = t
			if t.found && r.trace != nil {
				example = s.solution(sp.p.g, r.trace.example(sp.p, c, t.cell, t.best))
			}
		}
		if t.found && (!s.maximize || t.value == all.value) {
			fixed.Add(fixed, t.count)
		}
	}
	res.Stats.Extra["states"] = peak
	res.Solution = example
	return s.result(all, fixed, len(plans), opts, res)
}

// result fills the answer from the count of placements and the sum over
// the group of the placements each element fixes.
func (s *spec) result(all total, fixed *big.Int, group int, opts model.Options, res *model.Result) error {
	if !all.count.IsInt64() {
		return fmt.Errorf("exact: the number of solutions, %s, does not fit a 64-bit count: %w", all.count, model.ErrUnsupported)
	}
	if all.count.Sign() == 0 {
		return problem.Infeasible(res, opts)
	}
	res.Status = model.StatusOptimal
	res.Count = model.Int64(all.count.Int64())
	switch {
	case s.maximize:
		res.Value = model.Int64(all.value)
	case res.Solution != nil:
		res.Value = model.Int64(int64(len(res.Solution.Pieces)))
	}
	if opts.Symmetry {
		classes, rest := new(big.Int).QuoRem(fixed, big.NewInt(int64(group)), new(big.Int))
		if rest.Sign() != 0 {
			return fmt.Errorf("exact: transfer: the placements fixed by the %d symmetries add up to %s, not a multiple of the group's order (a bug)", group, fixed)
		}
		res.Classes = model.Int64(classes.Int64())
	}
	return nil
}

// A progress reports the fraction of steps done over all the runs, at
// most a few times a second.
type progress struct {
	report func(float64, string)
	runs   int
	last   time.Time
}

func newProgress(report func(float64, string), runs int) *progress {
	return &progress{report: report, runs: runs}
}

// of returns the progress callback of run i of n steps.
func (p *progress) of(i, steps int) func(step, states int, bytes int64) {
	if p.report == nil {
		return nil
	}
	return func(step, states int, bytes int64) {
		if time.Since(p.last) < 200*time.Millisecond && step < steps {
			return
		}
		p.last = time.Now()
		note := fmt.Sprintf("square %d of %d, %d states, %s", step, steps, states, model.ByteSize(bytes))
		if p.runs > 1 {
			note = fmt.Sprintf("symmetry %d of %d: %s", i+1, p.runs, note)
		}
		p.report((float64(i)+float64(step)/float64(max(steps, 1)))/float64(p.runs), note)
	}
}

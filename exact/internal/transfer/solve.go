package transfer

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"
	"unsafe"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// maxBytesPerSquare is a first bound, before fit allocates anything per
// square, on what the transfer takes per square of the board; planBytes,
// checked once the pieces are known, is the precise one.
const maxBytesPerSquare = 1 << 10

// A sweepPlan is the plan chosen for one element of the group: a plan per
// connected part of its graph.
type sweepPlan struct {
	t     model.Transform
	w     sweep
	parts []*plan
	cost  estimate // work and trace summed over the parts, states and bytes the most of one
	steps int
}

// newSweepPlan plans the sweep w of the graph of t, part by part.
func (s *spec) newSweepPlan(t model.Transform, w sweep, c *counter, limit int64, st *tasks.Stopper) (*sweepPlan, error) {
	if bytes := int64(s.rows) * int64(s.cols) * s.planBytes(); bytes > limit {
		return nil, fmt.Errorf("transfer: the plan of the %dx%d board would take about %s, above the bound of %s: %w",
			s.rows, s.cols, model.ByteSize(bytes), model.ByteSize(limit), model.ErrTooLarge)
	}
	g := s.buildGraph(t, w)
	sp := &sweepPlan{t: t, w: w}
	for _, vs := range g.components() {
		sub, _ := g.induced(vs)
		p, err := newPlan(sub)
		if err != nil {
			return nil, err
		}
		e, err := p.estimate(c, limit, st)
		if err != nil {
			return nil, err
		}
		sp.parts = append(sp.parts, p)
		sp.steps += len(p.steps)
		sp.cost.work += e.work
		sp.cost.trace += e.trace
		sp.cost.peak = max(sp.cost.peak, e.peak)
		sp.cost.bytes = max(sp.cost.bytes, e.bytes)
	}
	return sp, nil
}

// planBytes bounds what the graph and the plan take per square: the
// square's vertex and edges (one per leap), its step with the masks of
// every kind, and its list of live vertices (at most 64).
func (s *spec) planBytes() int64 {
	return 4*int64(len(s.kinds)) + 8 + 24*3 + 16*int64(len(s.leaps)) + int64(unsafe.Sizeof(step{})) + 4*64
}

// width is the widest frontier of the parts, in slots.
func (sp *sweepPlan) width() int {
	w := 0
	for _, p := range sp.parts {
		w = max(w, p.width)
	}
	return w
}

// Technique is the transfer as dispatch runs it (choose): on a model
// the general search is estimated to count more cheaply it declines
// (driver.ErrDeclined), and where its own work is large the general
// search runs first, for a budget its work sets (race.go).
var Technique = driver.Technique{Name: "transfer", FitsModel: fits, SolveModel: choose}

// Forced is the transfer on every model it fits, whatever the general
// search would cost: the tests compare the two on small boards.
var Forced = driver.Technique{Name: "transfer", FitsModel: fits, SolveModel: solveForced}

// Fits reports whether the transfer takes a model: a count (not of
// distinct wall sets) on a plain board without groups or attack counts,
// whose squares fit the memory bound (otherwise the general search says
// why), of the independent placements fit takes.
func Fits(m *model.Model, opts model.Options) bool {
	_, ok := fits(m, opts)
	return ok
}

// fits is Fits as the technique's FitsModel: it hands the spec fit made
// to the solve, which does not make it again.
func fits(m *model.Model, opts model.Options) (any, bool) {
	if opts.Task != model.TaskCount || opts.DistinctWalls || m.Kind != model.KindPlace || m.HasGroups() || m.HasCounts() || !m.Plain() {
		return nil, false
	}
	if squares := int64(m.Board.Rows) * int64(m.Board.Cols); squares > opts.MemoryLimit()/maxBytesPerSquare {
		return nil, false
	}
	s := fit(m)
	return s, s != nil
}

// A transferPlan is what the transfer would do on a model: its spec and
// counter, a sweep for each symmetry counted, and their estimated work.
type transferPlan struct {
	s      *spec
	c      *counter
	sweeps []sweepPlan
	work   float64
}

// newTransferPlan plans the count of a model Fits takes, whose spec
// (fit's) is s; errStopped when st stopped the planning.
func newTransferPlan(st *tasks.Stopper, m *model.Model, s *spec, opts model.Options) (*transferPlan, error) {
	c, err := newCounter(s)
	if err != nil {
		return nil, err
	}
	group := []model.Transform{{}}
	if opts.Symmetry {
		group = m.Symmetries()
	}
	sweeps, work, err := s.plans(group, c, opts.MemoryLimit(), st)
	if err != nil {
		return nil, err
	}
	return &transferPlan{s: s, c: c, sweeps: sweeps, work: work}, nil
}

// Solve counts a model Fits takes with the transfer, whatever the general
// search would cost. A shard is the transfer's to split or to refuse.
func Solve(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
	return solve(st, m, fit(m), opts, res)
}

// solveForced is Solve as Forced's SolveModel, on the spec fits found.
func solveForced(st *tasks.Stopper, m *model.Model, found any, opts model.Options, res *model.Result) error {
	return solve(st, m, found.(*spec), opts, res)
}

// solve is Solve on the spec s fit made of m.
func solve(st *tasks.Stopper, m *model.Model, s *spec, opts model.Options, res *model.Result) error {
	if fixedConflict(m) {
		return problem.Infeasible(res, opts)
	}
	tp, err := newTransferPlan(st, m, s, opts)
	switch {
	case errors.Is(err, errStopped):
		res.Status = model.StatusUnknown
		return nil
	case err != nil:
		return err
	case opts.Shard.Active() && (opts.Symmetry || tp.s.maximize):
		return fmt.Errorf("exact: the transfer splits plain counts into shards, not counts of classes or of the most pieces: %w", model.ErrUnsupported)
	}
	return tp.s.count(st, tp.sweeps, tp.c, opts, res)
}

// choose is Solve where the transfer is estimated the cheaper: it
// declines a model it cannot plan (the general search's bound counts
// every set, not the independent ones: 3 kinds on 6x6 with 27 GiB of
// transfer states took it 9 minutes) or whose search is estimated to cost
// less, and tries the search first where its own work is large. The
// general search counts a shard as the whole, so a shard is Solve's.
// found is the spec fits made.
func choose(st *tasks.Stopper, m *model.Model, found any, opts model.Options, res *model.Result) error {
	s := found.(*spec)
	if opts.Shard.Active() || fixedConflict(m) {
		return solve(st, m, s, opts, res)
	}
	tp, err := newTransferPlan(st, m, s, opts)
	switch {
	case errors.Is(err, errStopped):
		res.Status = model.StatusUnknown
		return nil
	case err != nil:
		return driver.ErrDeclined
	case tp.s.searchWork() < tp.work:
		return driver.ErrDeclined
	}
	if searchFirst(st, m, opts, res, tp.work) {
		if st.Stopped() {
			res.Status = model.StatusUnknown
		}
		return nil
	}
	return tp.s.count(st, tp.sweeps, tp.c, opts, res)
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
			sp, err := s.newSweepPlan(t, w, c, limit, st)
			if err != nil {
				firstErr = cmpErr(firstErr, err)
				continue
			}
			if best == nil || sp.cost.work < best.cost.work {
				best = sp
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
	id := &plans[0]
	res.Stats.Engine = "transfer over " + id.w.String()
	res.Stats.Extra["frontier"] = id.width()
	res.Stats.Extra["parts"] = len(id.parts)
	workers := 1
	for workers*2 <= model.WorkerCount(opts.Workers) {
		workers *= 2
	}
	res.Stats.Workers = workers
	fixed := new(big.Int)
	var all total
	progress := newProgress(opts.Progress, len(plans))
	sw := &sweeper{c: c, st: st, workers: workers, limit: opts.MemoryLimit()}
	for i := range plans {
		sp := &plans[i]
		keep := i == 0 && sp.cost.bytes+sp.cost.trace <= float64(opts.MemoryLimit())
		if i == 0 {
			estimated := sp.cost.bytes
			if keep {
				estimated += sp.cost.trace
			}
			res.Stats.Extra["memory_estimate"] = model.ByteSize(int64(estimated))
			sw.shard = opts.Shard
		} else {
			sw.shard = model.Shard{}
		}
		cells, err := sw.sweep(sp, keep, progress, i)
		res.Stats.Nodes = sw.nodes
		res.Stats.Extra["states"] = sw.peak
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
			if t.found && keep {
				res.Solution = sw.example(s, sp, t)
			}
		}
		if t.found && (!s.maximize || t.value == all.value) {
			fixed.Add(fixed, t.count)
		}
	}
	return s.result(all, fixed, len(plans), opts, res)
}

// A sweeper runs the parts of a sweep plan and combines their counts,
// keeping what an example is read back from.
type sweeper struct {
	c         *counter
	st        *tasks.Stopper
	workers   int
	limit     int64
	shard     model.Shard // applied to the first part: the others are counted whole
	nodes     int64
	peak      int
	traces    []*trace
	partCells [][]cell // the final cells of each part
	acc       [][]cell // the combined cells before each part
}

// sweep runs every part of sp; keep says whether to trace them for an
// example.
func (sw *sweeper) sweep(sp *sweepPlan, keep bool, pr *progress, i int) ([]cell, error) {
	sw.traces, sw.partCells, sw.acc = nil, nil, nil
	acc := sw.c.unit()
	if len(sp.parts) == 0 && !sw.shard.Owns(0) {
		return make([]cell, sw.c.size), nil // the one task, the empty board, is shard 0's
	}
	done := 0
	for k, p := range sp.parts {
		sw.c.prepare(p)
		r := &run{p: p, c: sw.c, st: sw.st, workers: sw.workers, maxBytes: sw.limit, progress: pr.of(i, done, sp.steps)}
		if k == 0 {
			r.shard = sw.shard
		}
		if keep {
			r.trace = &trace{maximize: sw.c.maximize}
		}
		cells, err := r.count()
		sw.nodes += r.nodes
		sw.peak = max(sw.peak, r.peak)
		if err != nil {
			return nil, err
		}
		done += len(p.steps)
		sw.traces, sw.partCells, sw.acc = append(sw.traces, r.trace), append(sw.partCells, cells), append(sw.acc, acc)
		if acc, err = sw.c.combine(acc, cells); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

// example reads back a placement that reaches the total's cell: the cells
// of each part it splits into, from the last part, then each part's trace.
func (sw *sweeper) example(s *spec, sp *sweepPlan, t total) *model.Solution {
	x, best := t.cell, t.best
	choices := make([][]int8, len(sp.parts))
	for k := len(sp.parts) - 1; k >= 0; k-- {
		ax, ab, px, pb, ok := sw.c.split(sw.acc[k], sw.partCells[k], x, best)
		if !ok {
			return nil
		}
		choices[k] = sw.traces[k].example(sp.parts[k], sw.c, px, pb)
		if choices[k] == nil {
			return nil
		}
		x, best = ax, ab
	}
	sol := &model.Solution{}
	for k, p := range sp.parts {
		sol.Pieces = append(sol.Pieces, s.solution(p.g, choices[k]).Pieces...)
	}
	sol.Normalize()
	return sol
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

// of returns the progress callback of a part of run i whose steps come
// after offset steps of the run's steps.
func (p *progress) of(i, offset, steps int) func(step, states int, bytes int64) {
	if p.report == nil {
		return nil
	}
	return func(step, states int, bytes int64) {
		step += offset
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

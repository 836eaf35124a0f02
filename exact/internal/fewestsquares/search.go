package fewestsquares

import (
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The fewest squares a set of pieces attacks (or dominates): branch and
// bound, the eight-pieces paper's closing suggestion. Folding does not
// apply: under strong attack a piece added later can shorten the lines of
// the pieces before it, so what a partial placement attacks is no lower
// bound by itself. The bound here is what it attacks less what the pieces
// still to come could cut off: a square is lost only when a piece stands
// on a line before it, and different lines onto one square share no square
// before it, so a blocker on y removes at most the squares behind y on the
// lines through y that only lines attack; the pieces to come take the
// largest such losses.

// A fewestSearch places the axes one after another.
type fewestSearch struct {
	plan    *fold.Plan
	ax      fold.Axes
	order   [][]int32 // per axis: its squares by leaf number (fold.Axes.Order)
	squares []int32   // per axis, as placed
	occ     bitset.Set
	att     bitset.Set
	fixedOK bitset.Set // squares only lines attack (scratch)
	loss    []int      // per square: what a blocker there could cut off (scratch)
	best    point
	reps    []bool // per square: allowed for the symmetry axis (nil: all)
	symAxis int
	shared  *atomic.Int64 // the best value any worker has found
	nodes   int64
	st      *tasks.Stopper
	halted  bool
	// improved is model.Options.Improved (nil: nobody listens); workers
	// call it with every value better than the shared best they saw.
	improved func(model.Incumbent)
}

// A point is a placement, one square per axis, and the squares it attacks.
type point struct {
	squares []int32
	value   int
}

// Solve minimises the attacked (or dominated) squares of a model whose
// place list fold.Fits.
func Solve(st *tasks.Stopper, p *problem.Problem, groups []fold.Group, opts model.Options, res *model.Result) error {
	if err := driver.Whole(opts, "the fewest-squares branch and bound"); err != nil {
		return err
	}
	groups = slices.Clone(groups)
	reach := func(g fold.Group) int {
		n := 0
		for _, w := range p.PieceGeometry(g.Piece).Weak.Store {
			n += bits.OnesCount64(w)
		}
		return n
	}
	// the pieces that reach farthest first: their lines make the bound
	slices.SortStableFunc(groups, func(a, b fold.Group) int { return reach(b) - reach(a) })
	plan := fold.NewPlan(p, groups)
	ax := plan.Axes(0)
	order := make([][]int32, len(ax.Group))
	for a := range order {
		order[a] = ax.Order(a)
	}
	res.Stats.Engine = "branch and bound on the fewest attacked squares"
	s := &fewestSearch{plan: plan, ax: ax, order: order, squares: make([]int32, 0, len(ax.Group)), st: st,
		occ: bitset.New(p.Squares), att: bitset.New(p.Squares), fixedOK: bitset.New(p.Squares),
		loss: make([]int, p.Squares), best: point{value: p.Squares + 1}, symAxis: -1, improved: opts.Improved}
	if a := plan.SymmetryAxis(ax); a == 0 {
		s.symAxis = a
		s.reps = make([]bool, p.Squares)
		for sq := range s.reps {
			s.reps[sq] = fold.LeastOfOrbit(p.Symmetries(), sq)
		}
	}
	s = s.shareOut(model.WorkerCount(opts.Workers), opts.Progress)
	res.Stats.Nodes = s.nodes
	if s.best.value > p.Squares {
		if st.Canceled() {
			res.Status = model.StatusUnknown
			return nil
		}
		return problem.Infeasible(res, opts)
	}
	sol := plan.Solution(ax, s.best.squares)
	res.Solution = &sol
	res.Value = model.Int64(int64(s.best.value))
	res.Status = model.StatusOptimal
	if st.Canceled() {
		res.Status = model.StatusUnknown
	}
	return nil
}

// shareOut runs the search on the driver's pool (driver.Spread), one task
// per square of the first axis, sharing the best value found so far as
// the bound. The least value is the same on any number of workers; which
// of several optimal placements is reported may not be.
func (s *fewestSearch) shareOut(workers int, progress func(float64, string)) *fewestSearch {
	if len(s.ax.Group) == 0 {
		s.shared = new(atomic.Int64)
		s.shared.Store(int64(s.best.value))
		s.place(0)
		return s
	}
	var firsts []int32
	for _, sq := range s.order[0] {
		if s.reps == nil || s.reps[sq] {
			firsts = append(firsts, sq)
		}
	}
	var shared atomic.Int64
	shared.Store(int64(s.best.value))
	searches := driver.Spread(s.st, model.WorkerCount(workers), len(firsts), progress, "fewest squares", func() *fewestSearch {
		c := *s
		c.squares = make([]int32, 0, len(s.ax.Group))
		c.occ, c.att, c.fixedOK = slices.Clone(s.occ), slices.Clone(s.att), slices.Clone(s.fixedOK)
		c.loss = make([]int, len(s.loss))
		c.shared = &shared
		return &c
	}, func(_ int, c *fewestSearch, i int) {
		c.squares = append(c.squares[:0], firsts[i])
		c.place(1)
	})
	best := searches[0]
	for _, c := range searches[1:] {
		best.nodes += c.nodes
		if c.best.value < best.best.value {
			best.best = c.best
		}
	}
	return best
}

// lowerShared makes v the workers' shared best if it is lower, and
// reports whether it was.
func (s *fewestSearch) lowerShared(v int) bool {
	for old := s.shared.Load(); int64(v) < old; old = s.shared.Load() {
		if s.shared.CompareAndSwap(old, int64(v)) {
			return true
		}
	}
	return false
}

// place tries every square for axis a, in leaf order, identical pieces in
// increasing order.
func (s *fewestSearch) place(a int) {
	s.nodes++
	if s.st.Stopped() { // every node: see tasks.Stopper
		s.halted = true
	}
	if s.halted {
		return
	}
	if a == len(s.ax.Group) {
		if v := s.plan.StrongCover(s.ax, s.squares, s.occ, s.att); v < s.best.value {
			s.best = point{squares: slices.Clone(s.squares), value: v}
			if s.lowerShared(v) && s.improved != nil {
				sol := s.plan.Solution(s.ax, s.best.squares)
				s.improved(model.Incumbent{Value: int64(v), Solution: &sol})
			}
		}
		return
	}
	if s.bound(len(s.ax.Group)-a) >= int(min(int64(s.best.value), s.shared.Load())) {
		return
	}
	order := s.order[a]
	from := int32(0)
	if !s.ax.First(a) {
		from = s.ax.LeafNumber(a-1, s.squares[a-1])
		if !s.plan.Stack {
			from++
		}
	}
	for pos := from; pos < int32(len(order)); pos++ {
		sq := order[pos]
		if s.reps != nil && a == s.symAxis && !s.reps[sq] || !s.plan.Stack && slices.Contains(s.squares, sq) {
			continue
		}
		s.squares = append(s.squares, sq)
		s.place(a + 1)
		s.squares = s.squares[:len(s.squares)-1]
		if s.halted {
			return
		}
	}
}

// bound is a lower bound on the squares any completion attacks, with
// `more` pieces still to place.
func (s *fewestSearch) bound(more int) int {
	plan := s.plan
	p := plan.Problem
	now := plan.StrongCover(s.ax, s.squares, s.occ, s.att) // fills occ and att
	// squares some leap or first square of a line reaches cannot be lost
	fixed := s.fixedOK
	clear(fixed)
	if plan.Dominate {
		fixed.CopyFrom(s.occ)
	}
	reach := func(geo *problem.PieceGeometry, sq int, each func(ray []int32)) {
		for _, t := range geo.LeapsAt(sq) {
			fixed.Set(int(t))
		}
		for _, ray := range geo.RaysAt(sq) {
			if len(ray) > 0 {
				fixed.Set(int(ray[0]))
			}
			each(ray)
		}
	}
	none := func([]int32) {}
	for _, fp := range p.Fixed {
		reach(fp.Geometry, fp.Square, none)
	}
	for a, sq := range s.squares {
		reach(p.Geometry[plan.Groups[s.ax.Group[a]].Piece.Name], int(sq), none)
	}
	// a blocker on the k-th empty square of a line cuts the cuttable
	// squares behind it, up to and including the line's first piece
	clear(s.loss)
	cut := func(ray []int32) {
		behind := 0
		end := len(ray)
		for i, t := range ray {
			if s.occ.Has(int(t)) {
				end = i + 1
				break
			}
		}
		for i := end - 1; i > 0; i-- {
			if t := int(ray[i]); !fixed.Has(t) && plan.Open.Has(t) {
				behind++
			}
			if y := int(ray[i-1]); !s.occ.Has(y) {
				s.loss[y] += behind
			}
		}
	}
	for _, fp := range p.Fixed {
		reach(fp.Geometry, fp.Square, cut)
	}
	for a, sq := range s.squares {
		reach(p.Geometry[plan.Groups[s.ax.Group[a]].Piece.Name], int(sq), cut)
	}
	return now - topSum(s.loss, more)
}

// topSum is the sum of the k largest values.
func topSum(values []int, k int) int {
	top := make([]int, 0, k+1)
	for _, v := range values {
		if v == 0 || len(top) == k && v <= top[k-1] {
			continue
		}
		i, _ := slices.BinarySearchFunc(top, v, func(a, b int) int { return b - a })
		top = slices.Insert(top, i, v)
		if len(top) > k {
			top = top[:k]
		}
	}
	sum := 0
	for _, v := range top {
		sum += v
	}
	return sum
}

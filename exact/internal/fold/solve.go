package fold

import (
	"fmt"
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A foldPass is one folding search: its target, pieces and statistics.
type foldPass struct {
	Target   int       `json:"target"`
	Pieces   int       `json:"pieces"`
	Boxes    int       `json:"start_boxes"` // boxes shared out among workers
	Symmetry string    `json:"symmetry"`    // how the model's symmetry cut the space
	Log2     float64   `json:"log2_space"`  // log2 of the points searched (after symmetry, before clipping)
	Found    bool      `json:"found"`       // some point met the target
	Stats    foldStats `json:"stats"`
	Leaves   int64     `json:"leaves"`
}

// A foldRun runs the passes of one model, as the driver runs a search:
// Optimise runs the passes that find an optimum (first), the count or
// the enumeration then one more pass (count.go).
type foldRun struct {
	plan    *Plan
	st      *tasks.Stopper
	opts    model.Options
	passes  []foldPass
	workers int
	best    foldPoint // the point of greatest strong cover judged in any pass (value -1: none)
	reduced bool      // the last pass fixed a piece to one square per orbit

	answer   foldPoint  // what Optimise found (or, stopped, the best point judged)
	answerAx Axes       // its axes
	tooMany  bool       // a "min" count would pass MaxAxes pieces
	count    *foldBoxes // the pass of the count or the enumeration
}

var _ driver.Search = (*foldRun)(nil)

// A foldPoint is a placement found, with the index of the box it came from
// (so that answers do not depend on how work was shared out).
type foldPoint struct {
	task    int
	squares []int32
	value   int
}

// Solve answers a model that Fits, whole, or one part of the proof of a
// solve without an objective (part.go); any other shard it refuses.
func Solve(st *tasks.Stopper, p *problem.Problem, groups []Group, opts model.Options, res *model.Result) error {
	if opts.Task != model.TaskSolve || !SplitsSolve(p, groups) {
		if err := driver.Whole(opts, FoldingWhat(opts)); err != nil {
			return err
		}
	}
	plan := NewPlan(p, groups)
	r := &foldRun{plan: plan, st: st, opts: opts, workers: model.WorkerCount(opts.Workers), best: foldPoint{value: -1}}
	res.Stats.Engine = "search-space folding"
	defer r.report(res)
	if p.MinTotal > p.MaxTotal {
		return problem.Infeasible(res, opts)
	}
	for gi, g := range groups {
		if plan.trees[gi].empty() && (g.count > 0) {
			return problem.Infeasible(res, opts) // a piece with nowhere to stand
		}
	}
	if opts.Shard.Active() {
		return r.solvePart(res) // part.go
	}
	err := driver.Solve(st, p, opts, res, r)
	if r.count != nil {
		r.count.finish(r.count.found())
	}
	if r.tooMany {
		return fmt.Errorf("exact: folding needs more than %d pieces: %w", MaxAxes, model.ErrUnsupported)
	}
	return err
}

// Optimise finds an optimal point; for a count or an enumeration, it
// sets up the pass that finds every point at the optimum. Stopped, it
// keeps the best point judged (of a maximised cover) as the answer.
func (r *foldRun) Optimise(task model.Task) (bool, int64) {
	before := len(r.passes)
	best, minCount, ok := r.optimum()
	var nodes int64
	for _, pass := range r.passes[before:] {
		nodes += pass.Stats.Nodes
	}
	if r.st.Canceled() {
		r.answer, r.answerAx = r.best, r.plan.Axes(0)
		return r.plan.Problem.Sense == model.Maximize && r.best.value >= 0, nodes
	}
	if ok && best.task == -2 {
		r.tooMany = true
		return false, nodes
	}
	r.answer, r.answerAx = best, r.plan.Axes(minCount)
	if ok && task != model.TaskSolve {
		target := best.value
		if r.plan.Problem.Sense != model.Maximize {
			target = r.coverGoal()
		}
		r.count = r.newBoxes(r.answerAx, target)
	}
	return ok, nodes
}

// Best is the answer as vertices.
func (r *foldRun) Best() ([]int32, []int32) {
	return r.plan.vertices(r.answerAx, r.answer.squares), nil
}

// Value is the objective's value of a placement: its cover, or its pieces.
func (r *foldRun) Value(vertices, _ []int32) int64 {
	if ms := r.plan.Problem.Measure; ms == model.MeasureAttacked || ms == model.MeasureDominated {
		return int64(r.plan.coverOfVertices(vertices))
	}
	return int64(len(vertices))
}

// coverGoal is the cover a placement must reach when the objective is not
// the cover itself: the rule's.
func (r *foldRun) coverGoal() int { return r.plan.ruleGoal }

// optimum finds one optimal point: for a maximised cover, the highest
// target some point meets, tried from the top down (a high target prunes
// hardest, so the passes that fail are quick, and the last one stops at
// its first point); for the fewest pieces, the least count that covers;
// otherwise the first point meeting the rule.
func (r *foldRun) optimum() (foldPoint, int, bool) {
	plan := r.plan
	open := plan.Open.Count()
	switch {
	case plan.Problem.Sense == model.Maximize:
		ax := plan.Axes(0)
		r.greedy(ax)
		floor := max(plan.ruleGoal, 0)
		t := open
		for ; t >= floor && t > r.best.value && !r.st.Stopped(); t-- {
			if pt, ok := r.first(ax, t); ok {
				return pt, 0, true
			}
		}
		// every target above t failed: the best point judged is optimal
		if !r.st.Stopped() && r.best.value >= floor && r.best.value >= t {
			return r.best, 0, true
		}
	case plan.minGroup >= 0:
		g := plan.Groups[plan.minGroup]
		limit := len(plan.SquaresOf(g))
		others := 0
		for _, h := range plan.Groups {
			others += h.count
		}
		for k := 0; k <= limit && !r.st.Stopped(); k++ {
			if others+k > MaxAxes {
				return foldPoint{task: -2}, k, true
			}
			if pt, ok := r.first(plan.Axes(k), plan.ruleGoal); ok {
				return pt, k, true
			}
		}
	default:
		if pt, ok := r.first(plan.Axes(0), plan.ruleGoal); ok {
			return pt, 0, true
		}
	}
	return foldPoint{}, 0, false
}

// first searches for a point meeting target and returns the one from the
// earliest box, which makes the answer the same on any number of workers.
func (r *foldRun) first(ax Axes, target int) (foldPoint, bool) {
	b := r.newBoxes(ax, target)
	got, workers := driver.First(r.st, r.opts, b, fmt.Sprintf("folding to %d", target))
	b.finish(got.Task >= 0)
	if got.Task < 0 {
		return foldPoint{}, false
	}
	return workers[got.Worker].(*foldWorker).found, true
}

// startBoxes are the boxes a pass starts from: the whole space, or — when
// the model has symmetries and some piece is alone of its name and free to
// stand on every image of its squares — one box per square of that piece
// that is the least of its orbit (every orbit of placements has a member
// with the piece there).
func (r *foldRun) startBoxes(ax Axes) ([][]int32, string) {
	root := make([]int32, len(ax.Group))
	a := r.plan.SymmetryAxis(ax)
	if a < 0 {
		return [][]int32{root}, "none"
	}
	perms := r.plan.Problem.Symmetries()
	tree := ax.tree[a]
	var boxes [][]int32
	for s, leaf := range tree.leafOf {
		if leaf < 0 || !LeastOfOrbit(perms, s) {
			continue
		}
		b := slices.Clone(root)
		b[a] = leaf
		boxes = append(boxes, b)
	}
	name := r.plan.Groups[ax.Group[a]].Piece.Name
	return boxes, fmt.Sprintf("%s on %d squares, one per orbit of the %d symmetries", name, len(boxes), len(perms)+1)
}

// LeastOfOrbit reports whether square s is the least of its orbit under
// the symmetries perms.
func LeastOfOrbit(perms [][]int32, s int) bool {
	for _, perm := range perms {
		if int(perm[s]) < s {
			return false
		}
	}
	return true
}

// SymmetryAxis picks the axis fixed to one square per orbit: a piece alone
// of its name whose squares every symmetry maps onto themselves, the one
// that attacks most (it prunes hardest); -1 when there is none or the
// model has no symmetry.
func (f *Plan) SymmetryAxis(ax Axes) int {
	perms := f.Problem.Symmetries()
	if len(perms) == 0 {
		return -1
	}
	best, bestReach := -1, -1
	for a, gi := range ax.Group {
		g := f.Groups[gi]
		alone := true
		for b, gj := range ax.Group {
			if b != a && f.Groups[gj].Piece.Name == g.Piece.Name {
				alone = false
			}
		}
		if !alone {
			continue
		}
		tree := ax.tree[a]
		reach := 0
		invariant := true
		for s, leaf := range tree.leafOf {
			if leaf < 0 {
				continue
			}
			reach += tree.attack(leaf).Count()
			for _, perm := range perms {
				if tree.leafOf[perm[s]] < 0 {
					invariant = false
				}
			}
		}
		if invariant && reach > bestReach {
			best, bestReach = a, reach
		}
	}
	return best
}

// log2Space is log2 of the points in the start boxes.
func (r *foldRun) log2Space(ax Axes, boxes [][]int32) float64 {
	total := 0.0
	for _, b := range boxes {
		size := 0.0
		for a, n := range b {
			size += ax.tree[a].log2[n]
		}
		total += math.Exp2(size)
	}
	return math.Log2(total)
}

// report puts the passes in the result's stats (their nodes are the
// driver's, which adds up those of every pass).
func (r *foldRun) report(res *model.Result) {
	var leaves int64
	for _, p := range r.passes {
		leaves += p.Leaves
	}
	res.Stats.Extra["leaves"] = leaves
	res.Stats.Extra["folding"] = r.passes
}

// offer keeps pt if it covers more than the best so far. Points of one
// pass compare by box index on ties, and passes run one after another, so
// the point kept does not depend on the number of workers.
func (r *foldRun) offer(pt foldPoint) {
	if pt.value > r.best.value || (pt.value == r.best.value && pt.value >= 0 && pt.task < r.best.task) {
		r.best = pt
	}
}

// greedy places the pieces one by one, each where it adds most to the
// strong cover of those before it: a placement to start from, so that a
// search stopped early still has an answer and a pass whose target it
// already meets is skipped.
func (r *foldRun) greedy(ax Axes) {
	plan := r.plan
	squares := make([]int32, 0, len(ax.Group))
	occ, att := bitset.New(plan.Problem.Squares), bitset.New(plan.Problem.Squares)
	value := -1
	for a := range ax.Group {
		if r.st.Stopped() {
			return
		}
		best := int32(-1)
		value = -1
		for sq, leaf := range ax.tree[a].leafOf {
			if leaf < 0 || (!plan.Stack && slices.Contains(squares, int32(sq))) {
				continue
			}
			if v := plan.StrongCover(ax, append(squares, int32(sq)), occ, att); v > value {
				best, value = int32(sq), v
			}
		}
		if best < 0 {
			return
		}
		squares = append(squares, best)
	}
	r.offer(foldPoint{task: -1, squares: squares, value: value})
}

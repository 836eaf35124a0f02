package domination

import (
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/fold"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// The fewest identical pieces that cover the board (domination numbers:
// γ(Q_n) for queens, knights, any piece), as a minimum set cover solved by
// branch and bound.
//
// Each square a piece may stand on is a candidate whose set is the squares
// a piece there covers. A node of the search is the squares still to cover
// and the candidates still allowed; it branches on the uncovered square
// with the fewest allowed candidates covering it, one child per candidate,
// the i-th child forbidding the candidates of the children before it (so
// that the subtrees are disjoint). A candidate whose set, within the
// uncovered squares, lies inside another's is left out of the branching.
// Nodes are pruned by two lower bounds on the pieces still needed
// (search.go): a fractional one (each uncovered square counts
// 1/m, m the most uncovered squares one allowed candidate covering it
// covers) and a packing one (uncovered squares no two of which one
// candidate covers need one piece each). The model's symmetries fix the
// first piece: with the orbits of candidate squares in order, the i-th
// subtree puts a piece on orbit i's representative and forbids the
// orbits before it. Counts from the least the root bound allows upward are
// tried in turn, each shared among the workers; the first that covers is
// the answer.
//
// The search uses weak attack, which equals strong attack when the pieces
// are all one kind and no other piece stands on the board: a piece
// blocking another's line covers the rest of that line itself. Models
// where that does not hold are left to folding (package fold).
//
// Under model.Options.Shard the solve runs one part of its proof
// (part.go): the counts below a bound every part computes alike, each on
// the tasks the part owns.

// A domProblem is a minimum cover in integers.
type domProblem struct {
	words     int          // words of a square bitset
	cwords    int          // words of a candidate bitset
	cand      []int32      // per candidate: its square
	sets      []bitset.Set // per candidate: the squares to cover it covers
	coverers  [][]int32    // per square: the candidates covering it
	coveredBy []bitset.Set // the same as candidate sets
	reach     []bitset.Set // per square: the squares some candidate covering it also covers
	need      bitset.Set   // the squares to cover
	orbits    [][]int32
}

// Fits reports whether the fewest-pieces search applies: one
// group of identical pieces whose count is minimised, a full cover by a
// rule, and weak attack equal to strong (weak attack, or no fixed piece).
func Fits(p *problem.Problem, groups []fold.Group) bool {
	if len(groups) != 1 || !groups[0].MinOpt || !p.Cover {
		return false
	}
	if p.Sense != model.Minimize || p.Measure != model.MeasurePieces {
		return false
	}
	return !p.Strong || len(p.Fixed) == 0
}

// newDomProblem compiles the cover; ok is false when the rule asks for a
// partial cover (folding maximises those).
func newDomProblem(p *problem.Problem, g fold.Group) (*domProblem, bool) {
	plan := &fold.Plan{Problem: p, Stack: p.Stack}
	dominate := p.CoverMeasure() == model.MeasureDominated
	need := slices.Clone(p.Open)
	for _, fp := range p.Fixed {
		need.AndNot(fp.Geometry.Weak.Row(fp.Square))
		if dominate {
			need.Clear(fp.Square)
		}
	}
	if at := p.CoverAtLeast; at != 0 && at != p.Open.Count() {
		return nil, false
	}
	geo := p.PieceGeometry(g.Piece)
	d := &domProblem{words: bitset.WordsFor(p.Squares), need: need, coverers: make([][]int32, p.Squares)}
	d.cand = plan.SquaresOf(g)
	d.cwords = bitset.WordsFor(len(d.cand))
	for i, s := range d.cand {
		set := slices.Clone(geo.Weak.Row(int(s)))
		if dominate {
			set.Set(int(s))
		}
		set.And(need)
		d.sets = append(d.sets, set)
		for t := set.First(); t >= 0; t = set.Next(t + 1) {
			d.coverers[t] = append(d.coverers[t], int32(i))
		}
	}
	d.coveredBy = make([]bitset.Set, p.Squares)
	for t, cs := range d.coverers {
		d.coveredBy[t] = make(bitset.Set, d.cwords)
		for _, c := range cs {
			d.coveredBy[t].Set(int(c))
		}
	}
	d.reach = make([]bitset.Set, p.Squares)
	for s := range d.reach {
		d.reach[s] = bitset.New(p.Squares)
		for _, c := range d.coverers[s] {
			d.reach[s].Or(d.sets[c])
		}
	}
	d.orbits = d.candidateOrbits(p.Symmetries())
	return d, true
}

// candidateOrbits groups the candidates by the symmetries that map
// candidates to candidates and each candidate's set to its image's, the
// orbit whose representative covers most first; nil without symmetry.
func (d *domProblem) candidateOrbits(perms [][]int32) [][]int32 {
	index := map[int32]int32{}
	for i, s := range d.cand {
		index[s] = int32(i)
	}
	parent := make([]int32, len(d.cand))
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	kept := 0
	for _, perm := range perms {
		if !d.preserves(perm, index) {
			continue
		}
		kept++
		for i, s := range d.cand {
			a, b := find(int32(i)), find(index[perm[s]])
			parent[max(a, b)] = min(a, b)
		}
	}
	if kept == 0 {
		return nil
	}
	byRoot := map[int32][]int32{}
	for i := range d.cand {
		r := find(int32(i))
		byRoot[r] = append(byRoot[r], int32(i))
	}
	var orbits [][]int32
	for _, o := range byRoot {
		orbits = append(orbits, o)
	}
	slices.SortFunc(orbits, func(a, b []int32) int {
		if ca, cb := d.sets[a[0]].Count(), d.sets[b[0]].Count(); ca != cb {
			return cb - ca
		}
		return int(a[0] - b[0])
	})
	return orbits
}

// preserves reports whether a permutation of squares maps the candidates,
// the squares to cover and every candidate's set onto themselves.
func (d *domProblem) preserves(perm []int32, index map[int32]int32) bool {
	for t := d.need.First(); t >= 0; t = d.need.Next(t + 1) {
		if !d.need.Has(int(perm[t])) {
			return false
		}
	}
	for i, s := range d.cand {
		j, ok := index[perm[s]]
		if !ok || d.sets[i].Count() != d.sets[j].Count() {
			return false
		}
		set := d.sets[i]
		for t := set.First(); t >= 0; t = set.Next(t + 1) {
			if !d.sets[j].Has(int(perm[t])) {
				return false
			}
		}
	}
	return true
}

// newSolve is how Solve and SolvePart begin: the compiled search, or nil
// and false when folding must judge the model, or nil and true with the
// infeasible answer in res when some square no piece can cover.
func newSolve(p *problem.Problem, g fold.Group, opts model.Options, res *model.Result) (*domProblem, bool, error) {
	d, ok := newDomProblem(p, g)
	if !ok {
		return nil, false, nil
	}
	for t := d.need.First(); t >= 0; t = d.need.Next(t + 1) {
		if len(d.coverers[t]) == 0 {
			d.report(res, nil)
			return nil, true, problem.Infeasible(res, opts)
		}
	}
	return d, true, nil
}

// Solve answers the fewest pieces that cover, for a model that
// dominationFits; it returns false, with res untouched, when the cover is
// partial or weak and strong attack turn out to differ (folding judges
// both). Under model.Options.Shard it answers one part (SolvePart).
func Solve(st *tasks.Stopper, p *problem.Problem, g fold.Group, opts model.Options, res *model.Result) (bool, error) {
	if opts.Shard.Active() {
		return SolvePart(st, p, g, opts, res) // part.go
	}
	d, ok, err := newSolve(p, g, opts, res)
	if d == nil {
		return ok, err
	}
	var passes []model.PartPass
	root := newDomSearch(d, st)
	for k := root.lowerBound(d.need, root.allCandidates()); k <= len(d.cand) && !st.Stopped(); k++ {
		chosen, pass := d.first(st, k, opts)
		passes = append(passes, pass)
		if !pass.Found || st.Canceled() {
			continue
		}
		if !d.strongCovers(p, g, chosen) {
			return false, nil
		}
		d.report(res, passes)
		sol := d.solution(p, g, chosen)
		res.Status = model.StatusOptimal
		res.Solution = &sol
		res.Value = model.Int64(int64(len(chosen)))
		return true, nil
	}
	d.report(res, passes)
	if st.Canceled() {
		res.Status = model.StatusUnknown
		return true, nil
	}
	return true, problem.Infeasible(res, opts)
}

// report puts the engine and the passes in the result's stats.
func (d *domProblem) report(res *model.Result, passes []model.PartPass) {
	res.Stats.Engine = "fewest pieces by branch and bound on the least covered square"
	if len(d.orbits) > 0 {
		res.Stats.Extra["symmetry"] = fmt.Sprintf("first piece on one of %d orbits of %d squares", len(d.orbits), len(d.cand))
	}
	for _, ps := range passes {
		res.Stats.Nodes += ps.Nodes
	}
	res.Stats.Passes = passes
}

// first looks for a cover by at most k pieces, shared among the workers
// by driver.First, and returns the one from the earliest subtree (the
// same answer on any number of workers); pass.Found says whether there is
// one. The cover may be empty (nothing left to cover), so found is not
// the same as a non-nil slice.
func (d *domProblem) first(st *tasks.Stopper, k int, opts model.Options) ([]int32, model.PartPass) {
	f := &domFinder{d: d, k: k, split: newDomSearch(d, st)}
	got, workers := driver.First(st, opts, f, fmt.Sprintf("covering with %d pieces", k))
	pass := model.PartPass{Pieces: k, Tasks: got.Tasks, Nodes: got.SplitNodes}
	for _, w := range workers {
		pass.Nodes += w.(*domWorker).s.nodes
	}
	if got.Task < 0 {
		return nil, pass
	}
	pass.Found = true
	return workers[got.Worker].(*domWorker).found, pass
}

// solution turns candidates into a model solution.
func (d *domProblem) solution(p *problem.Problem, g fold.Group, chosen []int32) model.Solution {
	var s model.Solution
	for _, c := range chosen {
		s.Pieces = append(s.Pieces, model.Placed{Piece: g.Piece.Name, Square: p.Square(int(d.cand[c]))})
	}
	s.Normalize()
	return s
}

// strongCovers checks a cover found under weak attack by the model's own
// attack rule.
func (d *domProblem) strongCovers(p *problem.Problem, g fold.Group, chosen []int32) bool {
	plan := &fold.Plan{Problem: p, Groups: []fold.Group{g}, Open: p.Open,
		Strong: p.Strong, Dominate: p.CoverMeasure() == model.MeasureDominated}
	ax := fold.Axes{Group: make([]int, len(chosen))}
	squares := make([]int32, len(chosen))
	for i, c := range chosen {
		squares[i] = d.cand[c]
	}
	occ, out := bitset.New(p.Squares), bitset.New(p.Squares)
	return plan.StrongCover(ax, squares, occ, out) == p.Open.Count()
}

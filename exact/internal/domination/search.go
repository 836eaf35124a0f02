package domination

import (
	"math"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// The branch and bound of the fewest-pieces cover (solve.go).

// Dual ascent (ascend) costs about as much as the fractional bound each
// round; it runs only on nodes whose bound is within reach of pruning, for
// a few rounds while they still raise it. Measured on queens 14x14 and
// knights 11x11: 8 rounds from 85% of the pieces left cut the CPU time by a
// quarter (queens) and a third (knights) against none.
const (
	ascentRounds = 8
	ascentFrom   = 0.85
	ascentGain   = 0.01
)

// A domTask is a node to search from: the pieces placed, the squares left
// to cover and the candidates still allowed.
type domTask struct {
	chosen []int32
	unc    bitset.Set
	allow  bitset.Set
}

// A domSearch is one worker's search; its buffers are per depth.
type domSearch struct {
	d       *domProblem
	st      *tasks.Stopper
	nodes   int64
	halted  bool
	abort   func() bool          // the caller no longer needs this subtree
	onCover func(chosen []int32) // a cover within the count
	chosen  []int32
	unc     []bitset.Set // per depth: the squares left to cover
	allow   []bitset.Set // per depth: the candidates allowed
	rest    []bitset.Set // per depth: the allowed candidates not yet branched on
	branch  [][]int32
	cnt     []int32 // per candidate: uncovered squares it covers (this node's)
	both    bitset.Set
	y       []float64 // per square: its weight in the fractional bound
	load    []float64 // per candidate: the weight it covers
	pack    bitset.Set

	splitDepth int // record nodes at this depth as tasks instead of searching them (-1: never)
	tasks      []domTask
	deeper     bool // some node was recorded at splitDepth
}

func newDomSearch(d *domProblem, st *tasks.Stopper) *domSearch {
	return &domSearch{d: d, st: st, cnt: make([]int32, len(d.cand)), both: make(bitset.Set, d.cwords), y: make([]float64, len(d.coverers)), load: make([]float64, len(d.cand)), pack: make(bitset.Set, d.words), splitDepth: -1}
}

func (s *domSearch) allCandidates() bitset.Set {
	a := make(bitset.Set, s.d.cwords)
	for i := range s.d.cand {
		a.Set(i)
	}
	return a
}

// grow makes the buffers of depth i.
func (s *domSearch) grow(i int) {
	for len(s.unc) <= i {
		s.unc = append(s.unc, make(bitset.Set, s.d.words))
		s.allow = append(s.allow, make(bitset.Set, s.d.cwords))
		s.rest = append(s.rest, make(bitset.Set, s.d.cwords))
		s.branch = append(s.branch, nil)
	}
}

// resume searches below a task for a cover by at most k pieces in all.
func (s *domSearch) resume(t domTask, k int) {
	s.halted = false
	s.chosen = append(s.chosen[:0], t.chosen...)
	s.grow(0)
	copy(s.unc[0], t.unc)
	copy(s.allow[0], t.allow)
	s.search(0, k-len(t.chosen))
}

// lowerBound is the fewest pieces a node needs by the bounds of the
// search: 0 when nothing is left to cover, past any count when some
// square has no allowed candidate.
func (s *domSearch) lowerBound(unc, allow bitset.Set) int {
	if unc.Empty() {
		return 0
	}
	s.counts(unc, allow)
	frac, _, ok := s.fractional(unc)
	if !ok {
		return math.MaxInt32
	}
	return max(int(math.Ceil(frac-1e-9)), s.packing(unc), 1)
}

// search is one node at depth i with at most left more pieces.
func (s *domSearch) search(i, left int) {
	s.nodes++
	if s.st.Stopped() || s.nodes&1023 == 0 && s.abort != nil && s.abort() { // see tasks.Stopper
		s.halted = true
	}
	if s.halted {
		return
	}
	if i == s.splitDepth {
		s.record(i)
		return
	}
	unc, allow := s.unc[i], s.allow[i]
	if unc.Empty() {
		s.cover(i)
		return
	}
	if left == 0 {
		return
	}
	if left == 1 {
		if c := s.oneCovers(unc, allow); c >= 0 {
			s.chosen = append(s.chosen, int32(c))
			s.cover(i)
			s.chosen = s.chosen[:len(s.chosen)-1]
		}
		return
	}
	n := unc.Count()
	if c, most := s.counts(unc, allow); most == n {
		s.chosen = append(s.chosen, int32(c))
		s.cover(i)
		s.chosen = s.chosen[:len(s.chosen)-1]
		return
	}
	frac, square, ok := s.fractional(unc)
	if !ok || frac > float64(left)+1e-9 || s.packing(unc) > left {
		return
	}
	for r := 0; r < ascentRounds && frac > ascentFrom*float64(left); r++ {
		raised, prune := s.ascend(unc, left)
		if prune {
			return
		}
		if raised < frac*(1+ascentGain) {
			break
		}
		frac = raised
	}
	s.grow(i + 1)
	next := s.unc[i+1]
	branch, cur := s.branchesOn(i, square)
	for _, c := range branch {
		cur.Clear(int(c))
		copy(s.allow[i+1], cur)
		copy(next, unc)
		next.AndNot(s.d.sets[c])
		s.chosen = append(s.chosen, c)
		s.search(i+1, left-1)
		s.chosen = s.chosen[:len(s.chosen)-1]
		if s.halted {
			return
		}
	}
}

// counts sets the uncovered squares each allowed candidate covers (0 for
// the others) and returns the candidate covering most, with their number.
func (s *domSearch) counts(unc, allow bitset.Set) (best, most int) {
	best, most = -1, -1
	for c := range s.cnt {
		n := 0
		if allow.Has(c) {
			n = s.d.sets[c].CountAnd(unc)
		}
		s.cnt[c] = int32(n)
		if n > most {
			best, most = c, n
		}
	}
	return best, most
}

// oneCovers returns an allowed candidate covering every uncovered square,
// or -1: the intersection of the squares' covering candidates.
func (s *domSearch) oneCovers(unc, allow bitset.Set) int {
	both := s.both
	copy(both, allow)
	for t := unc.First(); t >= 0; t = unc.Next(t + 1) {
		if !both.AndAny(s.d.coveredBy[t]) {
			return -1
		}
	}
	return both.First()
}

// fractional is the fractional bound (after counts): every uncovered
// square weighs 1/m, m the most uncovered squares an allowed candidate
// covering it covers, so that no candidate covers more than weight 1. It
// returns the square with the fewest allowed candidates to branch on; ok
// is false when some square has none.
func (s *domSearch) fractional(unc bitset.Set) (frac float64, square int, ok bool) {
	cnt := s.cnt
	fewest := math.MaxInt
	for t := unc.First(); t >= 0; t = unc.Next(t + 1) {
		// a candidate covering t counts t when it is allowed, 0 otherwise
		m, k := int32(0), 0
		for _, c := range s.d.coverers[t] {
			n := cnt[c]
			m = max(m, n)
			k += int(uint32(-n) >> 31)
		}
		if k == 0 {
			return 0, -1, false
		}
		s.y[t] = 1 / float64(m)
		frac += s.y[t]
		if k < fewest {
			fewest, square = k, t
		}
	}
	return frac, square, true
}

// ascend raises the fractional bound (after fractional) by one step of
// dual ascent: a candidate's load is the weight of the uncovered squares
// it covers, at most 1; dividing each square's weight by the greatest load
// among its candidates keeps every load at most 1 and the weights no
// lower. It returns the new sum and whether it prunes a node with at most
// left more pieces.
func (s *domSearch) ascend(unc bitset.Set, left int) (float64, bool) {
	load, y := s.load, s.y
	clear(load)
	for t := unc.First(); t >= 0; t = unc.Next(t + 1) {
		for _, c := range s.d.coverers[t] {
			load[c] += y[t]
		}
	}
	for c, n := range s.cnt {
		if n == 0 {
			load[c] = 0 // not allowed
		}
	}
	frac := 0.0
	for t := unc.First(); t >= 0; t = unc.Next(t + 1) {
		top := 0.0
		for _, c := range s.d.coverers[t] {
			top = max(top, load[c])
		}
		y[t] /= top
		frac += y[t]
	}
	return frac, frac > float64(left)+1e-9
}

// packing is the packing bound: uncovered squares, taken greedily, no two
// of which one candidate covers.
func (s *domSearch) packing(unc bitset.Set) int {
	copy(s.pack, unc)
	n := 0
	for t := s.pack.First(); t >= 0; t = s.pack.Next(t + 1) {
		n++
		s.pack.AndNot(s.d.reach[t])
	}
	return n
}

// branchesOn lists the allowed candidates covering square, most covering
// first, without those whose uncovered squares another's include (a cover
// using one uses the other as well); cur is the node's allowed set without
// the ones left out, for the children to forbid their elder siblings in.
func (s *domSearch) branchesOn(i, square int) ([]int32, bitset.Set) {
	unc, allow := s.unc[i], s.allow[i]
	list := s.branch[i][:0]
	for _, c := range s.d.coverers[square] {
		if allow.Has(int(c)) {
			list = append(list, c)
		}
	}
	slices.SortFunc(list, func(a, b int32) int {
		if s.cnt[a] != s.cnt[b] {
			return int(s.cnt[b] - s.cnt[a])
		}
		return int(a - b)
	})
	cur := s.rest[i]
	copy(cur, allow)
	kept := list[:0]
	for _, c := range list {
		if s.dominated(c, kept, unc) {
			cur.Clear(int(c))
			continue
		}
		kept = append(kept, c)
	}
	s.branch[i] = kept
	return kept, cur
}

// dominated reports whether some candidate before c (covering at least as
// many) covers every uncovered square c covers. Those before are the ones
// kept: one left out has a kept one covering all it covers.
func (s *domSearch) dominated(c int32, before []int32, unc bitset.Set) bool {
	sc := s.d.sets[c]
	for _, o := range before {
		so := s.d.sets[o]
		inside := true
		for w, x := range sc {
			if x&unc[w]&^so[w] != 0 {
				inside = false
				break
			}
		}
		if inside {
			return true
		}
	}
	return false
}

// cover reports the pieces chosen, or in a split records them as a task.
func (s *domSearch) cover(i int) {
	if s.splitDepth >= 0 {
		s.tasks = append(s.tasks, domTask{chosen: slices.Clone(s.chosen), unc: make(bitset.Set, s.d.words), allow: slices.Clone(s.allow[i])})
		return
	}
	s.onCover(s.chosen)
	s.halted = true
}

func (s *domSearch) record(i int) {
	s.deeper = true
	s.tasks = append(s.tasks, domTask{chosen: slices.Clone(s.chosen), unc: slices.Clone(s.unc[i]), allow: slices.Clone(s.allow[i])})
}

// A domFinder is the search for a cover by at most k pieces, as
// driver.First runs it: its tasks are the root, or with the model's
// symmetries one subtree per orbit of the first piece (depth 0), unfolded
// a level at a time until there are 64 a worker or nothing to unfold.
type domFinder struct {
	d     *domProblem
	k     int
	split *domSearch // the search that unfolds the list
	tasks []domTask
}

func (f *domFinder) SplitPolicy() driver.SplitPolicy {
	return driver.SplitPolicy{PerWorker: 64, From: 0, Always: true}
}

func (f *domFinder) MaxSplit() int { return math.MaxInt32 }

// Whole makes the root the one task.
func (f *domFinder) Whole() int {
	f.tasks = []domTask{f.root()}
	return 1
}

func (f *domFinder) root() domTask {
	return domTask{unc: slices.Clone(f.d.need), allow: f.split.allCandidates()}
}

// Split lists the tasks at depth 0, then unfolds the list one level each
// call (depths come in order).
func (f *domFinder) Split(depth int) (int, int64, bool) {
	if depth == 0 {
		f.tasks = f.orbitTasks()
		return len(f.tasks), 0, true
	}
	s := f.split
	s.tasks, s.splitDepth, s.deeper = nil, 1, false
	for _, t := range f.tasks {
		s.resume(t, f.k)
	}
	nodes := s.nodes - int64(len(f.tasks)) // visited again by the workers
	s.nodes = 0
	f.tasks = s.tasks
	return len(f.tasks), nodes, s.deeper
}

// orbitTasks is the root, or one subtree per orbit of the first piece:
// a piece on the orbit's representative, the orbits before it forbidden.
func (f *domFinder) orbitTasks() []domTask {
	d := f.d
	if len(d.orbits) == 0 || f.k == 0 || d.need.Empty() {
		return []domTask{f.root()}
	}
	var out []domTask
	allow := f.split.allCandidates()
	for _, o := range d.orbits {
		rep := o[0]
		a := slices.Clone(allow)
		a.Clear(int(rep))
		unc := slices.Clone(d.need)
		unc.AndNot(d.sets[rep])
		out = append(out, domTask{chosen: []int32{rep}, unc: unc, allow: a})
		for _, c := range o {
			allow.Clear(int(c))
		}
	}
	return out
}

// A domWorker searches tasks for a cover and keeps the one it finds.
type domWorker struct {
	f     *domFinder
	s     *domSearch
	found []int32
}

func (f *domFinder) FindWorker() driver.FindWorker {
	return &domWorker{f: f, s: newDomSearch(f.d, f.split.st)}
}

func (w *domWorker) Find(task int, abort func() bool) bool {
	ok := false
	w.s.abort = abort
	w.s.onCover = func(chosen []int32) { w.found, ok = slices.Clone(chosen), true }
	w.s.resume(w.f.tasks[task], w.f.k)
	return ok
}

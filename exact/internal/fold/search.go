package fold

import (
	"math"
	"math/bits"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// foldStats are the paper's measures of a folding search: the boxes
// visited, and the leaves of the search tree by kind and by the log2 of
// their size (the paper's Table 1: "foldings").
type foldStats struct {
	Nodes   int64   `json:"nodes"`
	Safe    []int64 `json:"safe_by_foldings"`    // boxes left with too many weakly safe squares
	Clipped []int64 `json:"clipped_by_foldings"` // boxes outside the order of identical pieces
	Points  int64   `json:"points"`              // boxes unfolded to one placement
	Shared  int64   `json:"shared_square"`       // points with two pieces on a square (no stack)
	Short   int64   `json:"strong_short"`        // points whose strong attack misses the target
	Found   int64   `json:"found"`               // points that meet it
}

// Leaves is the number of leaves of the search tree.
func (s *foldStats) Leaves() int64 {
	n := s.Points
	for _, v := range s.Safe {
		n += v
	}
	for _, v := range s.Clipped {
		n += v
	}
	return n
}

func (s *foldStats) merge(o *foldStats) {
	s.Nodes += o.Nodes
	s.Points += o.Points
	s.Shared += o.Shared
	s.Short += o.Short
	s.Found += o.Found
	s.Safe = addBins(s.Safe, o.Safe)
	s.Clipped = addBins(s.Clipped, o.Clipped)
}

func addBins(a, b []int64) []int64 {
	for len(a) < len(b) {
		a = append(a, 0)
	}
	for i, v := range b {
		a[i] += v
	}
	return a
}

func bump(bins []int64, log2 float64) []int64 {
	i := max(0, int(math.Round(log2)))
	for len(bins) <= i {
		bins = append(bins, 0)
	}
	bins[i]++
	return bins
}

// A foldSearch searches boxes of the space of one foldAxes for points whose
// strong attack reaches target.
type foldSearch struct {
	plan    *Plan
	ax      Axes
	target  int
	full    bool // the target is every open square: boxes can be narrowed
	cand    bitset.Set
	words   int
	cur     []int32  // per axis: its node
	pre     []uint64 // per axis a: the base and the attacks of axes before a
	suf     []uint64 // per axis a: the attacks of axes from a on
	others  []uint64 // scratch: every axis's attack but one
	ordered []bool   // per axis: its group has other pieces, so clipping applies
	squares []int32  // scratch: the squares of a point
	occ     bitset.Set
	att     bitset.Set
	stats   foldStats
	task    int       // the box being searched, by index
	best    foldPoint // the point of greatest strong cover judged so far, earliest first
	st      *tasks.Stopper
	halted  bool
	abort   func() bool                      // polled now and then: stop this search
	onPoint func(squares []int32, value int) // a point meeting the target; may set halted

	splitDepth int // >= 0: record the boxes at this depth instead of searching them
	tasks      [][]int32
	deeper     bool
}

func newFoldSearch(plan *Plan, ax Axes, target int, st *tasks.Stopper) *foldSearch {
	n := len(ax.Group)
	w := bitset.WordsFor(plan.Problem.Squares)
	s := &foldSearch{plan: plan, ax: ax, target: target, words: w, st: st, splitDepth: -1,
		cur: make([]int32, n), pre: make([]uint64, (n+1)*w), suf: make([]uint64, (n+1)*w),
		others: make([]uint64, w), ordered: make([]bool, n), squares: make([]int32, n),
		occ: bitset.New(plan.Problem.Squares), att: bitset.New(plan.Problem.Squares), cand: bitset.New(plan.Problem.Squares),
		full: target >= plan.Open.Count(), best: foldPoint{value: -1}}
	for a := range ax.Group {
		s.ordered[a] = plan.groupCount(ax, ax.Group[a]) > 1
	}
	return s
}

// groupCount is the number of axes of group g.
func (f *Plan) groupCount(ax Axes, g int) int {
	n := 0
	for _, h := range ax.Group {
		if h == g {
			n++
		}
	}
	return n
}

// run searches the box cur (set by the caller) to the end or until halted.
func (s *foldSearch) run() {
	s.visit(0)
}

// visit searches the box s.cur.
func (s *foldSearch) visit(depth int) {
	s.stats.Nodes++
	if s.st.Stopped() || s.stats.Nodes&4095 == 0 && s.abort != nil && s.abort() { // see tasks.Stopper
		s.halted = true
	}
	if s.halted {
		return
	}
	covered := s.unions()
	if covered < s.target {
		s.stats.Safe = bump(s.stats.Safe, s.log2Size())
		return
	}
	if s.clipped() {
		s.stats.Clipped = bump(s.stats.Clipped, s.log2Size())
		return
	}
	if s.full {
		var saved [MaxAxes]int32
		copy(saved[:], s.cur)
		defer copy(s.cur, saved[:len(s.cur)])
		if !s.narrow() {
			copy(s.cur, saved[:len(s.cur)])
			s.stats.Safe = bump(s.stats.Safe, s.log2Size())
			return
		}
	}
	if depth == s.splitDepth {
		s.deeper = true
		s.tasks = append(s.tasks, slices.Clone(s.cur))
		return
	}
	a, dead := s.chooseAxis()
	if s.splitDepth >= 0 && a < 0 {
		s.tasks = append(s.tasks, slices.Clone(s.cur)) // points are judged by the workers, in order
		return
	}
	if a < 0 {
		s.point()
		return
	}
	tree := s.ax.tree[a]
	node := s.cur[a]
	for i, child := range [2]int32{tree.left[node], tree.right[node]} {
		s.cur[a] = child
		switch {
		case s.halted:
		case dead[i] != 0:
			s.deadChild(dead[i])
		default:
			s.visit(depth + 1)
		}
	}
	s.cur[a] = node
}

// unions fills the prefix and suffix unions of the axes' attacks and
// returns how many open squares the whole box weakly covers.
func (s *foldSearch) unions() int {
	w := s.words
	n := len(s.cur)
	copy(s.pre[:w], s.plan.base)
	for a, node := range s.cur {
		att := s.ax.tree[a].att[int(node)*w : int(node+1)*w]
		prev, next := s.pre[a*w:(a+1)*w], s.pre[(a+1)*w:(a+2)*w]
		for i := range next {
			next[i] = prev[i] | att[i]
		}
	}
	clear(s.suf[n*w:])
	for a := n - 1; a >= 0; a-- {
		node := s.cur[a]
		att := s.ax.tree[a].att[int(node)*w : int(node+1)*w]
		next, here := s.suf[(a+1)*w:(a+2)*w], s.suf[a*w:(a+1)*w]
		for i := range here {
			here[i] = next[i] | att[i]
		}
	}
	return weakCount(s.pre[n*w:(n+1)*w], s.plan.Open)
}

// Why a child of the chosen axis need not be visited.
const (
	deadSafe = 1 + iota
	deadClip
)

// chooseAxis picks the axis to unfold: one whose split drops a half at
// once (the paper's one-level look-ahead: the largest half dropped wins),
// otherwise the one whose halves leave the most squares weakly safe
// between them. It returns -1 when every axis is a single square, and for
// each child whether the look-ahead already found it dead.
func (s *foldSearch) chooseAxis() (int, [2]int) {
	w := s.words
	best, bestScore := -1, math.Inf(-1)
	var bestDead [2]int
	for a, node := range s.cur {
		tree := s.ax.tree[a]
		if tree.isLeaf(node) {
			continue
		}
		pre, suf := s.pre[a*w:(a+1)*w], s.suf[(a+1)*w:(a+2)*w]
		for i := range s.others {
			s.others[i] = pre[i] | suf[i]
		}
		var dead [2]int
		var cover [2]int
		for i, child := range [2]int32{tree.left[node], tree.right[node]} {
			att := tree.att[int(child)*w : int(child+1)*w]
			c := 0
			for j, o := range s.others {
				c += bits.OnesCount64((o | att[j]) & s.plan.Open[j])
			}
			cover[i] = c
			switch {
			case c < s.target:
				dead[i] = deadSafe
			case s.ordered[a] && s.clippedWith(a, child):
				dead[i] = deadClip
			}
		}
		var score float64
		switch {
		case dead[0] != 0 && dead[1] != 0:
			return a, dead // the whole box is dead
		case dead[0] != 0:
			score = 1e9 + tree.log2[tree.left[node]]
		case dead[1] != 0:
			score = 1e9 + tree.log2[tree.right[node]]
		default:
			score = s.unfoldScore(tree, node, cover)
		}
		if score > bestScore {
			best, bestScore, bestDead = a, score, dead
		}
	}
	return best, bestDead
}

// deadChild counts a box the look-ahead found dead as a visited leaf.
func (s *foldSearch) deadChild(why int) {
	s.stats.Nodes++
	if why == deadSafe {
		s.stats.Safe = bump(s.stats.Safe, s.log2Size())
	} else {
		s.stats.Clipped = bump(s.stats.Clipped, s.log2Size())
	}
}

// clipped reports whether the box lies wholly outside the order of
// identical pieces: no choice of one leaf per axis is increasing within
// each group (non-decreasing when pieces stack).
func (s *foldSearch) clipped() bool {
	least := int32(0)
	for a, node := range s.cur {
		if !s.ordered[a] {
			continue
		}
		t := s.ax.tree[a]
		if s.ax.first[a] {
			least = t.lo[node]
			continue
		}
		if !s.plan.Stack {
			least++
		}
		least = max(least, t.lo[node])
		if least >= t.hi[node] {
			return true
		}
	}
	return false
}

// clippedWith is clipped with axis a at node child.
func (s *foldSearch) clippedWith(a int, child int32) bool {
	saved := s.cur[a]
	s.cur[a] = child
	c := s.clipped()
	s.cur[a] = saved
	return c
}

func (s *foldSearch) log2Size() float64 {
	sum := 0.0
	for a, node := range s.cur {
		sum += s.ax.tree[a].log2[node]
	}
	return sum
}

// point judges a box of one placement: pieces may not share a square
// without stack, and its strong attack must reach the target.
func (s *foldSearch) point() {
	s.stats.Points++
	for a, node := range s.cur {
		s.squares[a] = s.ax.tree[a].square[node]
	}
	if !s.plan.Stack {
		for a, sq := range s.squares {
			if slices.Contains(s.squares[a+1:], sq) {
				s.stats.Shared++
				return
			}
		}
	}
	v := s.plan.StrongCover(s.ax, s.squares, s.occ, s.att)
	if v > s.best.value {
		s.best = foldPoint{task: s.task, squares: slices.Clone(s.squares), value: v}
	}
	if v < s.target {
		s.stats.Short++
		return
	}
	s.stats.Found++
	s.onPoint(s.squares, v)
}

// unfoldScore rates unfolding an axis whose halves both survive: the most
// folded axis first (the paper's first heuristic; on the superqueen model
// it needs 35 times fewer nodes than preferring the split whose halves
// cover least, and on the eight pieces' proof the latter had not finished
// at twice the nodes), and among those the split whose halves cover least.
func (s *foldSearch) unfoldScore(tree *foldTree, node int32, cover [2]int) float64 {
	return tree.log2[node]*1000 - float64(cover[0]+cover[1])
}

// narrow shrinks the box when the target is a full cover: a square that
// only one axis can cover must be covered by that axis's piece alone, so
// the piece stands where it reaches every such square; the axis's node
// moves down to the least node holding all those squares. It reports false
// when some axis has no such square (the box is dead), and repeats while
// boxes shrink, since a smaller box may leave other squares to one axis.
func (s *foldSearch) narrow() bool {
	w := s.words
	open := s.plan.Open
	for changed := true; changed; {
		changed = false
		for a, node := range s.cur {
			tree := s.ax.tree[a]
			if tree.isLeaf(node) {
				continue
			}
			pre, suf := s.pre[a*w:(a+1)*w], s.suf[(a+1)*w:(a+2)*w]
			cand := s.cand
			cand.CopyFrom(tree.membersOf(node))
			for i := range pre {
				only := open[i] &^ (pre[i] | suf[i])
				for only != 0 {
					x := i<<6 | bits.TrailingZeros64(only)
					only &= only - 1
					cand.And(tree.reachOf(x))
				}
			}
			if cand.Empty() {
				return false
			}
			for !tree.isLeaf(node) {
				switch {
				case subset(cand, tree.membersOf(tree.left[node])):
					node = tree.left[node]
				case subset(cand, tree.membersOf(tree.right[node])):
					node = tree.right[node]
				default:
					goto settled
				}
			}
		settled:
			if node != s.cur[a] {
				s.cur[a] = node
				changed = true
			}
		}
		if changed {
			if s.unions() < s.target {
				return false
			}
			if s.clipped() {
				return false
			}
		}
	}
	return true
}

// subset reports whether a is a subset of b.
func subset(a, b bitset.Set) bool {
	for i, w := range a {
		if w&^b[i] != 0 {
			return false
		}
	}
	return true
}

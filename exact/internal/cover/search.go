package cover

import (
	"math/bits"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Coverage: cover rules and attacked/dominated objectives. The search
// branches on the uncovered square with the fewest pieces left that could
// still cover it: one of them must be placed (the branch placing the i-th
// excludes the earlier ones, so every placement is reached once), or — when
// the target leaves room — the square is given up and none of them is
// placed. Attacks only shrink as pieces are added (under strong attack a
// new piece can block, never unblock), so a square the pieces placed so far
// do not cover must be covered by a piece still to come; and the squares the
// pieces still to come can attack bound how much more can be covered.

// A coverSearch is the search of placements that cover at least target
// squares.
type coverSearch struct {
	p        *problem.Problem
	g        *graph.Graph
	words    int          // per vertex set
	sqWords  int          // per square set
	coverers []bitset.Set // per square: vertices whose weak attack (or, for dominated, whose square) reaches it
	between  []uint64     // on boards of at most 64 squares: squares strictly between two squares of a line, per pair
	strong   bool
	dominate bool

	target, budget int // squares to cover; squares that may stay uncovered
	lo, cap        int // pieces
	openCount      int

	chosen     []int32
	light      []int
	dark       []int
	occupied   bitset.Set // squares with a piece, fixed or placed
	covered    bitset.Set
	gaveUp     bitset.Set // squares given up: none of their coverers will be placed
	wallState             // free walls, when the model has them
	arena      []uint64   // available vertices per depth
	depthLimit int
	gains      [][]int // per kind, best gains (scratch)
	limits     []int
	heads      []int
	excludes   []uint64 // coverers tried, per depth
	nodes      int64
	st         *tasks.Stopper
	halted     bool
	accept     func(value int) // a placement meeting the target, with its measure

	splitDepth int // when >= 0, record subtrees at this depth instead of searching them
	tasks      []coverTask
	deeper     bool // some subtree reached the split depth: splitting deeper may give more
}

// A coverTask is a subtree of the coverage search.
type coverTask struct {
	depth, givenUp int
	avail, gaveUp  bitset.Set
	chosen         []int32
}

func (c *coverSearch) record(depth, givenUp int) {
	c.tasks = append(c.tasks, coverTask{depth: depth, givenUp: givenUp,
		avail: slices.Clone(c.level(depth)), gaveUp: slices.Clone(c.gaveUp), chosen: slices.Clone(c.chosen)})
}

// resume searches one recorded subtree.
func (c *coverSearch) resume(t coverTask) {
	c.prepare()
	for _, v := range t.chosen {
		c.place(int(v))
	}
	c.gaveUp.CopyFrom(t.gaveUp)
	c.level(t.depth).CopyFrom(t.avail)
	c.search(t.depth, t.givenUp)
}

func newCoverSearch(p *problem.Problem, g *graph.Graph, st *tasks.Stopper) *coverSearch {
	c := &coverSearch{p: p, g: g, st: st, splitDepth: -1, words: bitset.WordsFor(p.Vertices), sqWords: bitset.WordsFor(p.Squares),
		strong:   p.Strong,
		dominate: p.CoverMeasure() == model.MeasureDominated,
		light:    make([]int, len(p.Rules)), dark: make([]int, len(p.Rules)),
		occupied: bitset.New(p.Squares), covered: bitset.New(p.Squares), gaveUp: bitset.New(p.Squares),
		gains: make([][]int, len(p.Kinds)), openCount: p.Open.Count(),
		limits: make([]int, len(p.Kinds)), heads: make([]int, len(p.Kinds))}
	c.coverers = make([]bitset.Set, p.Squares)
	store := make([]uint64, c.words*p.Squares)
	for x := range c.coverers {
		c.coverers[x] = bitset.Set(store[x*c.words : (x+1)*c.words : (x+1)*c.words])
	}
	for v := p.Allowed.First(); v >= 0; v = p.Allowed.Next(v + 1) {
		k, s := p.KindOf(v), p.SquareOf(v)
		w := p.Kinds[k].Weak.Row(s)
		for x := w.First(); x >= 0; x = w.Next(x + 1) {
			c.coverers[x].Set(v)
		}
		if c.dominate {
			c.coverers[s].Set(v)
		}
	}
	if p.Squares <= 64 && c.strong {
		c.between = betweenTable(p)
	}
	return c
}

// betweenTable gives, per pair of squares s, t, the squares strictly
// between them on the one line that goes from s to t, for any kind: a
// piece on s whose line to t passes an occupied one cannot attack t. When
// two lines go from s to t with different squares between (a torus, where
// the rides (1,1) and (-1,-1) meet; a bishop beside a (2,2)-rider), an
// occupied square may block one and not the other, so the pair gets no
// squares: never blocked, which only prunes less. (One table for every
// line was the cause of a count of 97 where there were 98.)
func betweenTable(p *problem.Problem) []uint64 {
	n := p.Squares
	table := make([]uint64, n*n)
	seen := make([]bool, n*n)
	for s := 0; s < n; s++ {
		for _, geo := range p.Kinds {
			for _, ray := range geo.RaysAt(s) {
				var mask uint64
				for _, t := range ray {
					i := s*n + int(t)
					if seen[i] && table[i] != mask {
						mask |= 1 << uint(t)
						table[i] = 0
						continue
					}
					seen[i], table[i] = true, mask
					mask |= 1 << uint(t)
				}
			}
		}
	}
	return table
}

// attacks computes into out the open squares attacked by the fixed pieces
// and the given vertices, with lines stopped (under strong attack) at
// occupied squares.
func (c *coverSearch) attacks(vertices []int32, out bitset.Set) {
	clear(out)
	p := c.p
	walls := c.walls // free walls: they stop lines and are not attacked
	one := func(geo *problem.PieceGeometry, s int) {
		for _, t := range geo.LeapsAt(s) {
			out.Set(int(t))
		}
		for _, ray := range geo.RaysAt(s) {
			for _, t := range ray {
				if walls != nil && walls.Has(int(t)) {
					break
				}
				out.Set(int(t))
				if c.strong && c.occupied.Has(int(t)) {
					break
				}
			}
		}
	}
	for _, f := range p.Fixed {
		one(f.Geometry, f.Square)
	}
	for _, v := range vertices {
		one(p.Kinds[p.KindOf(int(v))], p.SquareOf(int(v)))
	}
	if c.dominate {
		out.Or(c.occupied)
	}
	if walls != nil {
		out.AndNot(walls)
	}
}

func (c *coverSearch) level(depth int) bitset.Set {
	return bitset.Set(c.arena[depth*c.words : (depth+1)*c.words : (depth+1)*c.words])
}

func (c *coverSearch) need() int {
	n := 0
	for k, r := range c.p.Rules {
		n += r.Need(c.light[k], c.dark[k])
	}
	return n
}

func (c *coverSearch) add(v int, delta int) {
	k, s := c.p.RuleOf[c.p.KindOf(v)], c.p.SquareOf(v)
	if c.p.Dark.Has(s) {
		c.dark[k] += delta
	} else {
		c.light[k] += delta
	}
}

// place puts vertex v and returns whether the place list allows it.
func (c *coverSearch) place(v int) bool {
	k := c.p.RuleOf[c.p.KindOf(v)]
	c.add(v, 1)
	if c.p.Rules[k].Over(c.light[k], c.dark[k]) {
		c.add(v, -1)
		return false
	}
	c.chosen = append(c.chosen, int32(v))
	c.occupied.Set(c.p.SquareOf(v))
	return true
}

func (c *coverSearch) unplace(v int) {
	c.add(v, -1)
	c.chosen = c.chosen[:len(c.chosen)-1]
	s := c.p.SquareOf(v)
	c.occupied.Clear(s)
	for _, f := range c.p.Fixed {
		if f.Square == s {
			c.occupied.Set(s)
		}
	}
	for _, u := range c.chosen {
		if c.p.SquareOf(int(u)) == s {
			c.occupied.Set(s)
		}
	}
}

// start searches every placement with lo..cap pieces covering target squares.
func (c *coverSearch) start() {
	c.prepare()
	c.level(0).CopyFrom(c.p.Allowed)
	if c.lowTarget() {
		c.supersets(0, 0)
		return
	}
	c.search(0, 0)
}

// lowTarget reports whether the target is so low (half the open squares or
// less) that branching on squares would only multiply the ways of leaving
// them uncovered: the placements are then listed directly and weighed.
func (c *coverSearch) lowTarget() bool { return 2*c.target <= c.openCount && c.splitDepth < 0 }

// prepare sizes the search for its target and clears its state.
func (c *coverSearch) prepare() {
	c.budget = c.openCount - c.target
	// the branchings on squares, then one level per clique of the supersets
	c.depthLimit = c.cap + c.openCount + max(len(c.g.Cliques), len(c.hardCliques)) + 4
	if len(c.arena) < c.depthLimit*c.words {
		c.arena = make([]uint64, c.depthLimit*c.words)
		c.excludes = make([]uint64, c.depthLimit*c.words)
	}
	c.chosen = c.chosen[:0]
	clear(c.light)
	clear(c.dark)
	c.occupied.CopyFrom(c.p.FixedSquares)
	clear(c.gaveUp)
}

// search: avail at this depth holds the vertices still allowed; givenUp
// counts the squares certainly left uncovered.
func (c *coverSearch) search(depth, givenUp int) {
	c.nodes++
	if c.st.Stopped() { // every node: see tasks.Stopper
		c.halted = true
	}
	if c.halted || givenUp > c.budget {
		return
	}
	if depth == c.splitDepth {
		c.deeper = true
		c.record(depth, givenUp)
		return
	}
	placed := len(c.chosen)
	need := c.need()
	if placed+need > c.cap {
		return
	}
	avail := c.level(depth)
	uncovered, missing := c.uncovered()
	if c.openCount-missing >= c.target {
		// the target is met: every superset is a candidate
		if c.splitDepth >= 0 {
			c.record(depth, givenUp)
			return
		}
		c.supersets(depth, 0)
		return
	}
	// what the pieces to come must cover; squares given up stay uncovered
	uncovered.AndNot(c.gaveUp)
	if !c.canCover(avail, uncovered, missing-c.budget, c.cap-placed) {
		return
	}
	if x := c.leastCovered(uncovered, avail, 1); x >= 0 { // x < 0 cannot happen: the target would be met
		c.branchOn(x, depth, givenUp)
	}
}

// uncovered computes, in scratch c.covered, the open squares the pieces
// placed leave uncovered, and their number.
func (c *coverSearch) uncovered() (bitset.Set, int) {
	uncovered := c.covered
	c.attacks(c.chosen, uncovered)
	for i := range uncovered {
		uncovered[i] = c.p.Open[i] &^ uncovered[i]
	}
	return uncovered, uncovered.Count()
}

// leastCovered is the uncovered square with the fewest available vertices
// covering it, the first found with at most enough of them (-1 when none is
// uncovered).
func (c *coverSearch) leastCovered(uncovered, avail bitset.Set, enough int) int {
	best, bestCount := -1, 1<<30
	for x := uncovered.First(); x >= 0; x = uncovered.Next(x + 1) {
		n := c.coverers[x].CountAnd(avail)
		if n < bestCount {
			best, bestCount = x, n
			if n <= enough {
				break
			}
		}
	}
	return best
}

// branchOn searches the ways to cover square x below the node at depth:
// the i-th coverer is placed and the ones before it are not; or none is
// and x is given up. A coverer whose line to x is already blocked cannot
// cover it whatever comes, so it is neither a branch nor excluded.
//
// With free walls (walls.go, c.walls set) the search below is
// searchWalls, a line stops at the walls too, a piece placed excludes
// only its hard conflicts (those no wall mends: independence is checked
// once the walls are placed), and x may be given up unless every square
// is to be covered; the node has decided first that x takes no wall.
func (c *coverSearch) branchOn(x, depth, givenUp int) {
	walls := c.walls != nil
	avail := c.level(depth)
	next := c.level(depth + 1)
	excluded := bitset.Set(c.excludes[depth*c.words : (depth+1)*c.words]) // the coverers tried so far
	clear(excluded)
	cov := c.coverers[x]
	for v := cov.First(); v >= 0 && !c.halted; v = cov.Next(v + 1) {
		if !avail.Has(v) || c.blocked(v, x) || !c.stackedAfter(v) {
			continue
		}
		excluded.Set(v)
		if !c.place(v) {
			continue
		}
		copy(next, avail)
		next.AndNot(excluded) // v among them
		if walls {
			next.AndNot(c.hard[v])
			c.searchWalls(depth+1, givenUp)
		} else {
			next.AndNot(c.g.Adj.Row(v))
			c.search(depth+1, givenUp)
		}
		c.unplace(v)
	}
	// or give x up: none of its coverers will be placed
	if (walls && !c.all || !walls && givenUp < c.budget) && !c.halted {
		copy(next, avail)
		next.AndNot(excluded)
		c.gaveUp.Set(x)
		if walls {
			c.searchWalls(depth+1, givenUp+1)
		} else {
			c.search(depth+1, givenUp+1)
		}
		c.gaveUp.Clear(x)
	}
}

// stackedAfter reports whether v, an identical piece stacked on a square,
// may be placed: the one before it must stand there already. (A placement
// holding v holds that one too, which comes earlier among the coverers.)
func (c *coverSearch) stackedAfter(v int) bool {
	p := c.p
	if !p.StackCopies || p.CopyOf[p.KindOf(v)] == 0 {
		return true
	}
	return slices.Contains(c.chosen, int32(v-p.Squares))
}

// blocked reports whether v's line to x already passes an occupied square
// (with free walls: a wall, or under strong attack an occupied square),
// so that v cannot attack x now or later (occupying x still dominates it).
func (c *coverSearch) blocked(v, x int) bool {
	if c.between == nil {
		return false
	}
	s := c.p.SquareOf(v)
	if s == x {
		return false
	}
	k := c.p.KindOf(v)
	for _, t := range c.p.Kinds[k].LeapsAt(s) {
		if int(t) == x {
			return false
		}
	}
	stops := c.occupied[0]
	if c.walls != nil {
		stops = c.walls[0]
		if c.strong {
			stops |= c.occupied[0]
		}
	}
	return c.between[s*c.p.Squares+x]&stops != 0
}

// canCover bounds what the pieces to come can add: the best gains (weak
// attacks on uncovered squares) of at most room more pieces, each kind
// within its count, must reach want.
func (c *coverSearch) canCover(avail, uncovered bitset.Set, want, room int) bool {
	if want <= 0 {
		return true
	}
	c.bestGains(avail, uncovered, room)
	return c.sumOfBest(room, want) >= want
}

// bestGains lists, per kind of piece, the largest numbers of uncovered
// squares its available vertices cover (as many as the kind may still
// place, at most room), sorted from the largest.
func (c *coverSearch) bestGains(avail, uncovered bitset.Set, room int) {
	p := c.p
	limits := c.limits
	for k := range c.gains {
		c.gains[k] = c.gains[k][:0]
		r := p.RuleOf[k]
		limits[k] = min(room, p.Rules[r].Most()-c.light[r]-c.dark[r])
	}
	n := p.Squares
	oneWord := len(uncovered) == 1
	k, base := 0, 0 // the kind of v and its first vertex: no division per vertex
	for v := avail.First(); v >= 0; v = avail.Next(v + 1) {
		for v >= base+n {
			k, base = k+1, base+n
		}
		if limits[k] <= 0 {
			v = base + n - 1 // on to the next kind
			continue
		}
		s := v - base
		var gain int
		if oneWord {
			gain = bits.OnesCount64(p.Kinds[k].Weak.Row(s)[0] & uncovered[0])
		} else {
			gain = p.Kinds[k].Weak.Row(s).CountAnd(uncovered)
		}
		if c.dominate && uncovered.Has(s) {
			gain++
		}
		// keep the kind's best gains, sorted from the largest
		top := c.gains[k]
		if len(top) == limits[k] {
			if gain <= top[len(top)-1] {
				continue
			}
			top = top[:len(top)-1]
		}
		i := len(top)
		top = append(top, gain)
		for ; i > 0 && top[i-1] < gain; i-- {
			top[i] = top[i-1]
		}
		top[i] = gain
		c.gains[k] = top
	}
}

// sumOfBest adds the room best gains over all kinds (after bestGains),
// taken from the heads of the lists, stopping once it reaches want.
func (c *coverSearch) sumOfBest(room, want int) int {
	heads := c.heads
	clear(heads)
	sum := 0
	for n := 0; n < room && sum < want; n++ {
		best := -1
		for k, top := range c.gains {
			if heads[k] < len(top) && (best < 0 || top[heads[k]] > c.gains[best][heads[best]]) {
				best = k
			}
		}
		if best < 0 {
			break
		}
		sum += c.gains[best][heads[best]]
		heads[best]++
	}
	return sum
}

// supersets enumerates the placements that add vertices from avail to the
// current pieces, deciding the cliques of the conflict graph from ci on —
// one vertex of each, or none — so that each placement comes once and the
// cliques left bound the pieces still to come; it accepts those that meet
// the place list and the target.
func (c *coverSearch) supersets(depth, ci int) {
	c.nodes++
	if c.st.Stopped() { // every node: see tasks.Stopper
		c.halted = true
	}
	if c.halted {
		return
	}
	placed := len(c.chosen)
	need := c.need()
	if placed+need > c.cap {
		return
	}
	cliques := c.g.Cliques
	avail := c.level(depth)
	for ci < len(cliques) && !cliques[ci].Intersects(avail) {
		ci++
	}
	if ci == len(cliques) || placed == c.cap {
		if need == 0 && placed >= c.lo && c.p.CopiesInOrder(c.chosen) {
			att := c.covered
			c.attacks(c.chosen, att)
			if n := att.CountAnd(c.p.Open); n >= c.target {
				c.accept(n)
			}
		}
		return
	}
	if want := max(c.lo-placed, need); want > 0 && graph.OpenCliques(cliques[ci:], avail, want) < want {
		return
	}
	next := c.level(depth + 1)
	clique := cliques[ci]
	for v := clique.First(); v >= 0 && !c.halted; v = clique.Next(v + 1) {
		if !avail.Has(v) || !c.place(v) {
			continue
		}
		for i := range next {
			next[i] = avail[i] &^ (c.g.Adj.Row(v)[i] | clique[i])
		}
		c.supersets(depth+1, ci+1)
		c.unplace(v)
	}
	if !c.halted {
		for i := range next {
			next[i] = avail[i] &^ clique[i]
		}
		c.supersets(depth+1, ci+1)
	}
}

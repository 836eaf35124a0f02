package exact

import (
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// Coverage with free walls. A wall stops lines, is not attacked and takes
// its square out of what is to be covered. The coverage search then also
// branches on whether the uncovered square it looks at becomes a wall, and
// its supersets may add walls. Independence is only known once the walls
// are: the search prunes on the conflicts no wall can mend and checks the
// rest at each placement.

// wallState is the part of a coverSearch that deals with free walls.
type wallState struct {
	walls       bitset // the free walls placed (nil: the model has none)
	wallN       int
	noWall      bitset // squares decided not to take a wall
	wallable    bitset // open squares without a fixed piece
	wallLo      int
	wallHi      int
	all         bool // cover every open square that is not a wall (else target)
	hard        []bitset
	hardCliques []bitset // a partition of the vertices into cliques of hard
	// conflicts: each holds one piece at most
	minimalWalls bool            // only walls that separate pieces: enough to find a placement
	acceptW      func(value int) // sees c.chosen and c.walls
}

// setupWalls prepares a coverage search for free walls: the vertices a
// fixed piece excludes whatever the walls, and the conflicts no wall mends.
func (c *coverSearch) setupWalls() {
	p := c.p
	m := p.m
	c.walls = newBitset(p.squares)
	c.noWall = newBitset(p.squares)
	c.wallable = slices.Clone(p.open)
	c.wallable.andNot(p.fixedSquares)
	c.wallLo, c.wallHi = m.FreeWalls.Min, min(m.FreeWalls.Max, c.wallable.count())
	c.all = m.Rules.Cover != nil && m.Rules.Cover.AtLeast == 0
	allowed := c.allowedWithWalls()
	p.allowed = allowed
	n := p.squares
	c.hard = make([]bitset, p.vertices)
	for v := allowed.first(); v >= 0; v = allowed.next(v + 1) {
		c.hard[v] = newBitset(p.vertices)
		for u := allowed.first(); u >= 0; u = allowed.next(u + 1) {
			if u != v && c.hardPair(v/n, v%n, u/n, u%n) {
				c.hard[v].set(u)
			}
		}
	}
	c.hardCliques = greedyPartition(c.hard, allowed)
	c.coverersOf(allowed)
}

// hardPair reports whether pieces of kinds k1 and k2 on squares s1 and s2
// conflict whatever walls come: a leap, the first square of a ride, a
// shared square.
func (c *coverSearch) hardPair(k1, s1, k2, s2 int) bool {
	p, m := c.p, c.p.m
	if s1 == s2 {
		return !m.Rules.Stack
	}
	if !m.Rules.Independent {
		return false
	}
	for _, pair := range [][4]int{{k1, s1, k2, s2}, {k2, s2, k1, s1}} {
		g := p.kinds[pair[0]]
		if slices.Contains(g.leapsAt(pair[1]), int32(pair[3])) {
			return true
		}
		for _, ray := range g.raysAt(pair[1]) {
			if len(ray) > 0 && int(ray[0]) == pair[3] {
				return true
			}
		}
	}
	return false
}

// allowedWithWalls is the allowed vertices again: the compiler's exclude
// fixed conflicts a wall could mend.
func (c *coverSearch) allowedWithWalls() bitset {
	p, m := c.p, c.p.m
	n := p.squares
	allowed := newBitset(p.vertices)
	for k := range p.kinds {
		r := p.rules[p.ruleOf[k]]
		for s := 0; s < n; s++ {
			if !p.open.has(s) || (p.fixedSquares.has(s) && !m.Rules.Stack) {
				continue
			}
			if p.dark.has(s) && !r.allowsDark() || !p.dark.has(s) && !r.allowsLight() {
				continue
			}
			ok := true
			for _, f := range p.fixed {
				if m.Rules.Independent && f.square != s && (slices.Contains(f.geo.leapsAt(f.square), int32(s)) ||
					slices.Contains(p.kinds[k].leapsAt(s), int32(f.square)) || firstOnRay(f.geo, f.square, s) || firstOnRay(p.kinds[k], s, f.square)) {
					ok = false
				}
			}
			if ok {
				allowed.set(k*n + s)
			}
		}
	}
	return allowed
}

// coverersOf sets the coverers of every square, as before, from the new
// allowed set.
func (c *coverSearch) coverersOf(allowed bitset) {
	p := c.p
	n := p.squares
	for x := range c.coverers {
		clear(c.coverers[x])
	}
	for v := allowed.first(); v >= 0; v = allowed.next(v + 1) {
		k, s := v/n, v%n
		w := p.kinds[k].weak.row(s)
		for x := w.first(); x >= 0; x = w.next(x + 1) {
			c.coverers[x].set(v)
		}
		if c.dominate {
			c.coverers[s].set(v)
		}
	}
}

func firstOnRay(g *pieceGeometry, from, to int) bool {
	for _, ray := range g.raysAt(from) {
		if len(ray) > 0 && int(ray[0]) == to {
			return true
		}
	}
	return false
}

// independentNow checks independence with the walls placed: no piece rides
// or leaps onto another before a wall.
func (c *coverSearch) independentNow() bool {
	p := c.p
	at := make(map[int]int, len(c.chosen)+len(p.fixed)) // square -> pieces there
	for _, f := range p.fixed {
		at[f.square]++
	}
	for _, v := range c.chosen {
		at[p.squareOf(int(v))]++
	}
	check := func(g *pieceGeometry, s int) bool {
		for _, t := range g.leapsAt(s) {
			if !c.walls.has(int(t)) && at[int(t)] > 0 {
				return false
			}
		}
		for _, ray := range g.raysAt(s) {
			for _, t := range ray {
				if c.walls.has(int(t)) {
					break
				}
				if at[int(t)] > 0 {
					return false
				}
			}
		}
		return true
	}
	for _, f := range p.fixed {
		if !check(f.geo, f.square) {
			return false
		}
	}
	for _, v := range c.chosen {
		if !check(p.kinds[p.kindOf(int(v))], p.squareOf(int(v))) {
			return false
		}
	}
	return true
}

// startWalls searches every placement of pieces and free walls that meets
// the target (all open squares not walls when c.all).
func (c *coverSearch) startWalls() {
	c.prepare()
	clear(c.walls)
	clear(c.noWall)
	c.wallN = 0
	c.level(0).copyFrom(c.p.allowed)
	if !c.all && c.lowTarget() {
		c.supersetsWalls(0, 0)
		return
	}
	c.searchWalls(0, 0)
}

// covered counts the open squares, walls excepted, the pieces cover now,
// and leaves the uncovered ones in c.covered.
func (c *coverSearch) coveredNow() (covered, missing int) {
	unc := c.covered
	c.attacks(c.chosen, unc)
	for i := range unc {
		unc[i] = c.p.open[i] &^ unc[i] &^ c.walls[i]
	}
	missing = unc.count()
	return c.openCount - c.wallN - missing, missing
}

func (c *coverSearch) metWalls(covered, missing int) bool {
	if c.all {
		return missing == 0
	}
	return covered >= c.target
}

func (c *coverSearch) searchWalls(depth, givenUp int) {
	c.nodes++
	if c.st.stopped() { // every node: see stopper
		c.halted = true
	}
	if c.halted {
		return
	}
	// squares certainly uncovered, and walls, against what the target allows
	if !c.all && givenUp+c.wallN > c.openCount-c.target {
		return
	}
	placed := len(c.chosen)
	if placed+c.need() > c.cap {
		return
	}
	avail := c.level(depth)
	covered, missing := c.coveredNow()
	if c.metWalls(covered, missing) {
		c.supersetsWalls(depth, 0)
		return
	}
	uncovered := c.covered
	uncovered.andNot(c.gaveUp)
	if !c.canCover(avail, uncovered, c.wantWalls(covered, missing, givenUp), c.cap-placed) {
		return
	}
	x := c.leastCovered(uncovered, avail, -1)
	if x < 0 {
		return
	}
	c.wallOn(x, depth, givenUp)
	wasNoWall := c.noWall.has(x)
	c.noWall.set(x)
	c.coverWithWalls(x, depth, givenUp)
	if !wasNoWall {
		c.noWall.clear(x)
	}
}

// wantWalls is what the pieces and walls to come must still cover or take
// away.
func (c *coverSearch) wantWalls(covered, missing, givenUp int) int {
	if c.all {
		return missing - givenUp - (c.wallHi - c.wallN)
	}
	return c.target - covered
}

// wallOn searches below the node at depth with a wall on x (when only
// separating walls are wanted, a wall that does not take x out of a
// cover-all rule cannot help).
func (c *coverSearch) wallOn(x, depth, givenUp int) {
	if !(c.all || !c.minimalWalls) || c.wallN >= c.wallHi || !c.wallable.has(x) || c.noWall.has(x) || c.occupied.has(x) {
		return
	}
	next := c.level(depth + 1)
	copy(next, c.level(depth))
	for k := range c.p.kinds {
		next.clear(k*c.p.squares + x)
	}
	c.walls.set(x)
	c.wallN++
	c.searchWalls(depth+1, givenUp)
	c.wallN--
	c.walls.clear(x)
}

// coverWithWalls searches below the node at depth with no wall on x: one
// of its coverers is placed (the first of them in P), or none and x is
// given up.
func (c *coverSearch) coverWithWalls(x, depth, givenUp int) {
	avail := c.level(depth)
	next := c.level(depth + 1)
	excluded := bitset(c.excludes[depth*c.words : (depth+1)*c.words])
	clear(excluded)
	cov := c.coverers[x]
	for v := cov.first(); v >= 0 && !c.halted; v = cov.next(v + 1) {
		if !avail.has(v) || c.blockedNow(v, x) || !c.stackedAfter(v) {
			continue
		}
		excluded.set(v)
		if !c.place(v) {
			continue
		}
		copy(next, avail)
		next.andNot(excluded)
		next.andNot(c.hard[v])
		next.clear(v)
		c.searchWalls(depth+1, givenUp)
		c.unplace(v)
	}
	if !c.all && !c.halted {
		copy(next, avail)
		next.andNot(excluded)
		c.gaveUp.set(x)
		c.searchWalls(depth+1, givenUp+1)
		c.gaveUp.clear(x)
	}
}

// blockedNow is blocked with the free walls as blockers too.
func (c *coverSearch) blockedNow(v, x int) bool {
	if c.between == nil {
		return false
	}
	s := c.p.squareOf(v)
	if s == x || slices.Contains(c.p.kinds[c.p.kindOf(v)].leapsAt(s), int32(x)) {
		return false
	}
	stops := c.walls[0]
	if c.strong {
		stops |= c.occupied[0]
	}
	return c.between[s*c.p.squares+x]&stops != 0
}

// supersetsWalls adds pieces, deciding the cliques of hard conflicts from
// ci on (one vertex of each, or none), then walls; see wallsFrom.
func (c *coverSearch) supersetsWalls(depth, ci int) {
	c.nodes++
	if c.st.stopped() { // every node: see stopper
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
	cliques := c.hardCliques
	avail := c.level(depth)
	for ci < len(cliques) && !cliques[ci].intersects(avail) {
		ci++
	}
	if ci == len(cliques) || placed == c.cap {
		if need == 0 && placed >= c.lo && c.p.copiesInOrder(c.chosen) {
			c.wallsFrom(depth, 0)
		}
		return
	}
	if want := max(c.lo-placed, need); want > 0 && openCliques(cliques[ci:], avail, want) < want {
		return
	}
	next := c.level(depth + 1)
	clique := cliques[ci]
	for v := clique.first(); v >= 0 && !c.halted; v = clique.next(v + 1) {
		if !avail.has(v) || !c.place(v) {
			continue
		}
		for i := range next {
			next[i] = avail[i] &^ (c.hard[v][i] | clique[i])
		}
		c.supersetsWalls(depth+1, ci+1)
		c.unplace(v)
	}
	if !c.halted {
		for i := range next {
			next[i] = avail[i] &^ clique[i]
		}
		c.supersetsWalls(depth+1, ci+1)
	}
}

// wallsFrom adds walls on free squares from square 'from' on (none decided
// otherwise, and in minimal mode only between pieces that see each other)
// and accepts every placement that meets the walls range, independence and
// the target.
func (c *coverSearch) wallsFrom(depth, from int) {
	c.nodes++
	if c.st.stopped() { // every node: see stopper
		c.halted = true
	}
	if c.halted {
		return
	}
	if c.wallN >= c.wallLo {
		covered, missing := c.coveredNow()
		if c.metWalls(covered, missing) && (!c.p.m.Rules.Independent || c.independentNow()) {
			c.acceptW(covered)
			if c.halted {
				return
			}
		}
	}
	if c.wallN >= c.wallHi {
		return
	}
	var useful bitset
	if c.minimalWalls {
		if useful = c.gapSquares(); useful.empty() {
			return // nothing to separate: more walls only block
		}
	}
	for s := from; s < c.p.squares && !c.halted; s++ {
		if !c.wallable.has(s) || c.noWall.has(s) || c.walls.has(s) || c.occupied.has(s) || useful != nil && !useful.has(s) {
			continue
		}
		c.walls.set(s)
		c.wallN++
		c.wallsFrom(depth, s+1)
		c.wallN--
		c.walls.clear(s)
	}
}

// gapSquares are the squares between two pieces that see each other along
// a line with no wall between: the only places a wall helps independence.
func (c *coverSearch) gapSquares() bitset {
	p := c.p
	out := newBitset(p.squares)
	if !p.m.Rules.Independent {
		return out
	}
	occupied := c.occupied
	walk := func(g *pieceGeometry, s int) {
		for _, ray := range g.raysAt(s) {
			for i, t := range ray {
				if c.walls.has(int(t)) {
					break
				}
				if occupied.has(int(t)) {
					for _, u := range ray[:i] {
						out.set(int(u))
					}
					break
				}
			}
		}
	}
	for _, f := range p.fixed {
		walk(f.geo, f.square)
	}
	for _, v := range c.chosen {
		walk(p.kinds[p.kindOf(int(v))], p.squareOf(int(v)))
	}
	return out
}

// wallList gives the free walls placed.
func (c *coverSearch) wallList() []int32 {
	var out []int32
	for s := c.walls.first(); s >= 0; s = c.walls.next(s + 1) {
		out = append(out, int32(s))
	}
	return out
}

// measureWalls is measure with the free walls of a solution in place.
func (c *coverSearch) measureWalls(vertices, walls []int32, ms model.Measure) int64 {
	switch ms {
	case model.MeasureWalls:
		return int64(c.p.fixedWalls + len(walls))
	case model.MeasureAttacked, model.MeasureDominated:
	default:
		return int64(len(vertices))
	}
	saved := slices.Clone(c.walls)
	clear(c.walls)
	for _, w := range walls {
		c.walls.set(int(w))
	}
	n := c.measure(vertices, ms)
	c.walls.copyFrom(saved)
	return n
}

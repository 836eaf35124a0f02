package cover

import (
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/bitset"
	"github.com/chessmodel/chessmodel/exact/internal/graph"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
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
	walls       bitset.Set // the free walls placed (nil: the model has none)
	wallN       int
	noWall      bitset.Set // squares decided not to take a wall
	wallable    bitset.Set // open squares without a fixed piece
	wallLo      int
	wallHi      int
	all         bool // cover every open square that is not a wall (else target)
	hard        []bitset.Set
	hardCliques []bitset.Set // a partition of the vertices into cliques of hard
	// conflicts: each holds one piece at most
	minimalWalls bool            // only walls that separate pieces: enough to find a placement
	acceptW      func(value int) // sees c.chosen and c.walls
}

// setupWalls prepares a coverage search for free walls: the vertices a
// fixed piece excludes whatever the walls, and the conflicts no wall mends.
func (c *coverSearch) setupWalls() {
	p := c.p
	c.walls = bitset.New(p.Squares)
	c.noWall = bitset.New(p.Squares)
	c.wallable = slices.Clone(p.Open)
	c.wallable.AndNot(p.FixedSquares)
	c.wallLo, c.wallHi = p.WallsMin, min(p.WallsMax, c.wallable.Count())
	c.all = p.Cover && p.CoverAtLeast == 0
	allowed := c.allowedWithWalls()
	p.Allowed = allowed
	n := p.Squares
	c.hard = make([]bitset.Set, p.Vertices)
	for v := allowed.First(); v >= 0; v = allowed.Next(v + 1) {
		c.hard[v] = bitset.New(p.Vertices)
		for u := allowed.First(); u >= 0; u = allowed.Next(u + 1) {
			if u != v && c.hardPair(v/n, v%n, u/n, u%n) {
				c.hard[v].Set(u)
			}
		}
	}
	c.hardCliques = graph.GreedyPartition(c.hard, allowed)
	c.coverersOf(allowed)
}

// hardPair reports whether pieces of kinds k1 and k2 on squares s1 and s2
// conflict whatever walls come: a leap, the first square of a ride, a
// shared square.
func (c *coverSearch) hardPair(k1, s1, k2, s2 int) bool {
	p := c.p
	if s1 == s2 {
		return !p.Stack
	}
	if !p.Independent {
		return false
	}
	for _, pair := range [][4]int{{k1, s1, k2, s2}, {k2, s2, k1, s1}} {
		g := p.Kinds[pair[0]]
		if slices.Contains(g.LeapsAt(pair[1]), int32(pair[3])) {
			return true
		}
		for _, ray := range g.RaysAt(pair[1]) {
			if len(ray) > 0 && int(ray[0]) == pair[3] {
				return true
			}
		}
	}
	return false
}

// allowedWithWalls is the allowed vertices again: the compiler's exclude
// fixed conflicts a wall could mend.
func (c *coverSearch) allowedWithWalls() bitset.Set {
	p := c.p
	n := p.Squares
	allowed := bitset.New(p.Vertices)
	for k := range p.Kinds {
		r := p.Rules[p.RuleOf[k]]
		for s := 0; s < n; s++ {
			if !p.Open.Has(s) || (p.FixedSquares.Has(s) && !p.Stack) {
				continue
			}
			if p.Dark.Has(s) && !r.AllowsDark() || !p.Dark.Has(s) && !r.AllowsLight() {
				continue
			}
			ok := true
			for _, f := range p.Fixed {
				if p.Independent && f.Square != s && (slices.Contains(f.Geometry.LeapsAt(f.Square), int32(s)) ||
					slices.Contains(p.Kinds[k].LeapsAt(s), int32(f.Square)) || firstOnRay(f.Geometry, f.Square, s) || firstOnRay(p.Kinds[k], s, f.Square)) {
					ok = false
				}
			}
			if ok {
				allowed.Set(k*n + s)
			}
		}
	}
	return allowed
}

// coverersOf sets the coverers of every square, as before, from the new
// allowed set.
func (c *coverSearch) coverersOf(allowed bitset.Set) {
	p := c.p
	n := p.Squares
	for x := range c.coverers {
		clear(c.coverers[x])
	}
	for v := allowed.First(); v >= 0; v = allowed.Next(v + 1) {
		k, s := v/n, v%n
		w := p.Kinds[k].Weak.Row(s)
		for x := w.First(); x >= 0; x = w.Next(x + 1) {
			c.coverers[x].Set(v)
		}
		if c.dominate {
			c.coverers[s].Set(v)
		}
	}
}

func firstOnRay(g *problem.PieceGeometry, from, to int) bool {
	for _, ray := range g.RaysAt(from) {
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
	at := make(map[int]int, len(c.chosen)+len(p.Fixed)) // square -> pieces there
	for _, f := range p.Fixed {
		at[f.Square]++
	}
	for _, v := range c.chosen {
		at[p.SquareOf(int(v))]++
	}
	check := func(g *problem.PieceGeometry, s int) bool {
		for _, t := range g.LeapsAt(s) {
			if !c.walls.Has(int(t)) && at[int(t)] > 0 {
				return false
			}
		}
		for _, ray := range g.RaysAt(s) {
			for _, t := range ray {
				if c.walls.Has(int(t)) {
					break
				}
				if at[int(t)] > 0 {
					return false
				}
			}
		}
		return true
	}
	for _, f := range p.Fixed {
		if !check(f.Geometry, f.Square) {
			return false
		}
	}
	for _, v := range c.chosen {
		if !check(p.Kinds[p.KindOf(int(v))], p.SquareOf(int(v))) {
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
	c.level(0).CopyFrom(c.p.Allowed)
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
		unc[i] = c.p.Open[i] &^ unc[i] &^ c.walls[i]
	}
	missing = unc.Count()
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
	if c.st.Stopped() { // every node: see tasks.Stopper
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
	uncovered.AndNot(c.gaveUp)
	if !c.canCover(avail, uncovered, c.wantWalls(covered, missing, givenUp), c.cap-placed) {
		return
	}
	x := c.leastCovered(uncovered, avail, -1)
	if x < 0 {
		return
	}
	c.wallOn(x, depth, givenUp)
	wasNoWall := c.noWall.Has(x)
	c.noWall.Set(x)
	c.branchOn(x, depth, givenUp) // search.go
	if !wasNoWall {
		c.noWall.Clear(x)
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
	if !(c.all || !c.minimalWalls) || c.wallN >= c.wallHi || !c.wallable.Has(x) || c.noWall.Has(x) || c.occupied.Has(x) {
		return
	}
	next := c.level(depth + 1)
	copy(next, c.level(depth))
	for k := range c.p.Kinds {
		next.Clear(k*c.p.Squares + x)
	}
	c.walls.Set(x)
	c.wallN++
	c.searchWalls(depth+1, givenUp)
	c.wallN--
	c.walls.Clear(x)
}

// supersetsWalls adds pieces, deciding the cliques of hard conflicts from
// ci on (one vertex of each, or none), then walls; see wallsFrom.
func (c *coverSearch) supersetsWalls(depth, ci int) {
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
	cliques := c.hardCliques
	avail := c.level(depth)
	for ci < len(cliques) && !cliques[ci].Intersects(avail) {
		ci++
	}
	if ci == len(cliques) || placed == c.cap {
		if need == 0 && placed >= c.lo && c.p.CopiesInOrder(c.chosen) {
			c.wallsFrom(depth, 0)
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
	if c.st.Stopped() { // every node: see tasks.Stopper
		c.halted = true
	}
	if c.halted {
		return
	}
	if c.wallN >= c.wallLo {
		covered, missing := c.coveredNow()
		if c.metWalls(covered, missing) && (!c.p.Independent || c.independentNow()) {
			c.acceptW(covered)
			if c.halted {
				return
			}
		}
	}
	if c.wallN >= c.wallHi {
		return
	}
	var useful bitset.Set
	if c.minimalWalls {
		if useful = c.gapSquares(); useful.Empty() {
			return // nothing to separate: more walls only block
		}
	}
	for s := from; s < c.p.Squares && !c.halted; s++ {
		if !c.wallable.Has(s) || c.noWall.Has(s) || c.walls.Has(s) || c.occupied.Has(s) || useful != nil && !useful.Has(s) {
			continue
		}
		c.walls.Set(s)
		c.wallN++
		c.wallsFrom(depth, s+1)
		c.wallN--
		c.walls.Clear(s)
	}
}

// gapSquares are the squares between two pieces that see each other along
// a line with no wall between: the only places a wall helps independence.
func (c *coverSearch) gapSquares() bitset.Set {
	p := c.p
	out := bitset.New(p.Squares)
	if !p.Independent {
		return out
	}
	occupied := c.occupied
	walk := func(g *problem.PieceGeometry, s int) {
		for _, ray := range g.RaysAt(s) {
			for i, t := range ray {
				if c.walls.Has(int(t)) {
					break
				}
				if occupied.Has(int(t)) {
					for _, u := range ray[:i] {
						out.Set(int(u))
					}
					break
				}
			}
		}
	}
	for _, f := range p.Fixed {
		walk(f.Geometry, f.Square)
	}
	for _, v := range c.chosen {
		walk(p.Kinds[p.KindOf(int(v))], p.SquareOf(int(v)))
	}
	return out
}

// wallList gives the free walls placed.
func (c *coverSearch) wallList() []int32 {
	var out []int32
	for s := c.walls.First(); s >= 0; s = c.walls.Next(s + 1) {
		out = append(out, int32(s))
	}
	return out
}

// measureHere is measureWalls of the placement and free walls the search
// stands on.
func (c *coverSearch) measureHere(vertices []int32, ms model.Measure) int64 {
	switch ms {
	case model.MeasureWalls:
		return int64(c.p.FixedWalls + c.walls.Count())
	case model.MeasureAttacked, model.MeasureDominated:
		return c.measure(vertices, ms)
	}
	return int64(len(vertices))
}

// measureWalls is measure with the free walls of a solution in place.
func (c *coverSearch) measureWalls(vertices, walls []int32, ms model.Measure) int64 {
	switch ms {
	case model.MeasureWalls:
		return int64(c.p.FixedWalls + len(walls))
	case model.MeasureAttacked, model.MeasureDominated:
	default:
		return int64(len(vertices))
	}
	saved := slices.Clone(c.walls)
	clear(c.walls)
	for _, w := range walls {
		c.walls.Set(int(w))
	}
	n := c.measure(vertices, ms)
	c.walls.CopyFrom(saved)
	return n
}

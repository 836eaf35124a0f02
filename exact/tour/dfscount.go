package tour

import (
	"math/bits"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Counting by depth-first search over bitboards (boards of up to 64 open
// squares). Open tours are counted as directed paths from every start — one
// start per orbit of the model's symmetry group, times the orbit's size —
// or from the model's start square; closed tours as undirected cycles,
// walked from vertex 0 in the direction whose second square is the smaller.
//
// Pruning, before each move (prune): an unvisited square needs a way in and
// a way out. Its "links" are its unvisited neighbours, the current square
// when it is one move away and, for closed tours, vertex 0 (to which the
// last square returns). A square with no link is dead; an open path has
// one free end, so at most one square may have a single link, and a closed
// tour none. Once at least connectivityFrom squares remain, the unvisited
// squares must also be reachable from the current one.
//
// The search is split into the subtrees below a fixed depth and run by
// the driver of the placement techniques (driver.Count: its pool, tallies
// and shard ownership) on Options.Workers goroutines (all cores by
// default).

// maxDFSSquares is the largest board the bitboard counter takes.
const maxDFSSquares = 64

// connectivityFrom is the number of remaining squares from which the
// (costlier) connectivity test runs; nearer the leaves the link test alone
// is cheaper than what it would save. Measured on the 6x6 open count (one
// worker, CPU time): from 8 squares 3.3 s, from 12 2.7 s, from 20 2.5 s,
// never 2.3 s; from 24 it runs only near the root of larger boards.
const connectivityFrom = 24

type dfsCounter struct {
	n      int
	nb     []uint64
	full   uint64
	closed bool
	perms  [][]int32 // non-identity symmetries as vertex permutations, for classes
	// reversible: a path and its reverse are one tour (model.TourSpec.Reversible);
	// classes are then least under the symmetries and reversal, and an
	// enumeration emits each path from its smaller end only
	reversible bool
	st         *tasks.Stopper
	emit       func([]int32) error // enumerate: every tour counted, in its canonical direction
}

func newDFSCounter(g *model.MoveGraph, closed bool) *dfsCounter {
	c := &dfsCounter{n: g.Len(), nb: make([]uint64, g.Len()), closed: closed}
	for v := 0; v < c.n; v++ {
		for _, w := range g.Neighbours(v) {
			c.nb[v] |= 1 << uint(w)
		}
	}
	if c.n == 64 {
		c.full = ^uint64(0)
	} else {
		c.full = 1<<uint(c.n) - 1
	}
	return c
}

// A dfsWalk is one worker's search state and tallies.
type dfsWalk struct {
	c       *dfsCounter
	path    []int32
	count   int64
	classes int64
	nodes   int64
	stopped bool
	emitErr error
}

// walk counts the completions of the path, whose last square is cur; vis
// holds the path's squares.
func (w *dfsWalk) walk(cur int, vis uint64) {
	c := w.c
	w.nodes++
	if w.nodes%pollEvery == 0 && c.st != nil && c.st.Stopped() {
		w.stopped = true
	}
	if w.stopped {
		return
	}
	un := c.full &^ vis
	if un == 0 {
		w.leaf(cur)
		return
	}
	if !c.prune(cur, un) {
		return
	}
	for next := c.nb[cur] & un; next != 0; next &= next - 1 {
		s := bits.TrailingZeros64(next)
		w.path = append(w.path, int32(s))
		w.walk(s, vis|1<<uint(s))
		w.path = w.path[:len(w.path)-1]
	}
}

// leaf records a complete path: a tour when open, a tour when closed and
// its last square returns to vertex 0 in the canonical direction.
func (w *dfsWalk) leaf(cur int) {
	c := w.c
	if c.closed && (c.nb[cur]&1 == 0 || w.path[1] > w.path[len(w.path)-1]) {
		return
	}
	w.count++
	if c.perms != nil && c.least(w.path) {
		w.classes++
	}
	if c.reversible && w.path[0] > w.path[len(w.path)-1] {
		return // emitted from its other end
	}
	if c.emit != nil && w.emitErr == nil {
		if w.emitErr = c.emit(w.path); w.emitErr != nil || (c.st != nil && c.st.CanceledNow()) {
			w.stopped = true
		}
	}
}

// prune reports whether a path ending on cur, with the squares un still to
// visit, may still complete to a tour (see the file comment).
func (c *dfsCounter) prune(cur int, un uint64) bool {
	near := c.nb[cur]
	ends := 0
	for t := un; t != 0; t &= t - 1 {
		u := bits.TrailingZeros64(t)
		links := bits.OnesCount64(c.nb[u] & un)
		if near>>uint(u)&1 != 0 {
			links++
		}
		if c.closed {
			links += int(c.nb[u] & 1)
			if links < 2 {
				return false
			}
			continue
		}
		switch links {
		case 0:
			return false
		case 1:
			if ends++; ends > 1 {
				return false
			}
		}
	}
	if bits.OnesCount64(un) >= connectivityFrom && !c.connected(near&un, un) {
		return false
	}
	return true
}

// connected reports whether every square of un is reachable, within un,
// from the squares of seed.
func (c *dfsCounter) connected(seed, un uint64) bool {
	reached, frontier := seed, seed
	for frontier != 0 {
		var next uint64
		for t := frontier; t != 0; t &= t - 1 {
			next |= c.nb[bits.TrailingZeros64(t)]
		}
		frontier = next & un &^ reached
		reached |= frontier
	}
	return reached == un
}

// least reports whether the tour is the least of its orbit under the
// symmetries: for open tours the vertex sequence as walked, for closed ones
// the sequence from vertex 0 in the direction of the smaller neighbour.
// When reversible, the orbit is under the symmetries and reversal: the
// reverse of the path and of each image join it.
func (c *dfsCounter) least(path []int32) bool {
	img := make([]int32, len(path))
	n := len(path)
	for _, p := range c.perms {
		for i, v := range path {
			img[i] = p[v]
		}
		if c.closed {
			img = canonicalCycle(img)
		}
		if slices.Compare(img, path) < 0 {
			return false
		}
		if c.reversible {
			for i, v := range path {
				img[n-1-i] = p[v]
			}
			if slices.Compare(img, path) < 0 {
				return false
			}
		}
	}
	if c.reversible {
		for i, v := range path {
			img[n-1-i] = v
		}
		if slices.Compare(img, path) < 0 {
			return false
		}
	}
	return true
}

// canonicalCycle rotates a cycle to start at vertex 0 and turns it towards
// the smaller of 0's two neighbours.
func canonicalCycle(cycle []int32) []int32 {
	n := len(cycle)
	at := 0
	for i, v := range cycle {
		if v == 0 {
			at = i
			break
		}
	}
	out := make([]int32, n)
	step := 1
	if n > 2 && cycle[(at+n-1)%n] < cycle[(at+1)%n] {
		step = n - 1
	}
	for i := 0; i < n; i++ {
		out[i] = cycle[(at+i*step)%n]
	}
	return out
}

// dfsTask is a subtree: a path prefix to complete, weighed by how many
// symmetric starts it stands for.
type dfsTask struct {
	prefix []int32
	weight int64
}

// splitDepth is the prefix length of the parallel tasks.
const splitDepth = 6

// tasks lists the subtrees: prefixes of splitDepth squares (or complete
// tours, for tiny boards) from each start that pass the pruning.
func (c *dfsCounter) tasks(starts []int32, weights []int64) []dfsTask {
	var out []dfsTask
	var grow func(path []int32, vis uint64, weight int64)
	grow = func(path []int32, vis uint64, weight int64) {
		un := c.full &^ vis
		cur := int(path[len(path)-1])
		if len(path) >= splitDepth || un == 0 {
			out = append(out, dfsTask{append([]int32(nil), path...), weight})
			return
		}
		if !c.prune(cur, un) {
			return
		}
		for next := c.nb[cur] & un; next != 0; next &= next - 1 {
			s := bits.TrailingZeros64(next)
			grow(append(path, int32(s)), vis|1<<uint(s), weight)
		}
	}
	for i, s := range starts {
		grow([]int32{s}, 1<<uint(s), weights[i])
	}
	return out
}

// dfsCount is the search's count as the driver runs it
// (driver.Counter): its task list is fixed by the model alone, the
// subtrees tasks lists (dfsshard.go), made at the driver's one split,
// and each task is searched by one worker's walk, which tallies its
// tours weighed by the starts the task stands for.
type dfsCount struct {
	c       *dfsCounter
	starts  []int32
	weights []int64
	list    []dfsTask
	walks   []*dfsWalk // one a worker, for the stop and the emit error
}

var _ driver.Counter = (*dfsCount)(nil)

// Split lists the subtrees, whatever the depth: the one depth the driver
// asks for (MaxSplit).
func (d *dfsCount) Split(int) (int, int64, bool) {
	d.list = d.c.tasks(d.starts, d.weights)
	return len(d.list), 0, false
}

func (d *dfsCount) MaxSplit() int { return 1 }

// Whole is never asked for (the list is always split, SplitPolicy); it
// lists the subtrees too, the one list of the search.
func (d *dfsCount) Whole() int { n, _, _ := d.Split(1); return n }

func (d *dfsCount) SplitPolicy() driver.SplitPolicy {
	return driver.SplitPolicy{PerWorker: 1, From: 1, Always: true}
}

func (d *dfsCount) What() string { return "counting tours by search" }

func (d *dfsCount) Worker(t *problem.Tally) driver.Worker {
	w := &dfsWalk{c: d.c, path: make([]int32, 0, d.c.n)}
	d.walks = append(d.walks, w)
	return driver.NewWorker(t, func(i int) {
		task := d.list[i]
		count, classes := w.count, w.classes
		w.path = append(w.path[:0], task.prefix...)
		var vis uint64
		for _, v := range task.prefix {
			vis |= 1 << uint(v)
		}
		w.walk(int(task.prefix[len(task.prefix)-1]), vis)
		t.AddCounted((w.count-count)*task.weight, w.classes-classes)
	}, func() int64 { return w.nodes })
}

// stopped reports whether a walk stopped (the stopper, or an emit that
// failed), and the first emit error.
func (d *dfsCount) stopped() (bool, error) {
	stopped := d.c.st != nil && d.c.st.Stopped()
	var err error
	for _, w := range d.walks {
		stopped = stopped || w.stopped
		if err == nil {
			err = w.emitErr
		}
	}
	return stopped, err
}

package fold

import (
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/model"
)

// Counting and listing the placements a folding search finds. Without a
// piece fixed to one square per orbit every placement is found once, and a
// class is counted at the placement that is the least of its orbit. With
// one, a class may be found at several of its members (or at one only):
// classes are collected by their least member, and each adds the size of
// its orbit to the count.

// orbitKeys turns placements into keys, and finds the least key of an
// orbit under the model's symmetry group.
type orbitKeys struct {
	perms   [][]int32
	nameOf  []int32 // per axis: the index of its piece's name
	squares int32
	buf     []int32
	bytes   []byte
	seen    []string
}

func newOrbitKeys(f *Plan, ax Axes) orbitKeys {
	k := orbitKeys{perms: f.Problem.Symmetries(), squares: int32(f.Problem.Squares)}
	var names []string
	for _, g := range ax.Group {
		name := f.Groups[g].Piece.Name
		i := slices.Index(names, name)
		if i < 0 {
			i = len(names)
			names = append(names, name)
		}
		k.nameOf = append(k.nameOf, int32(i))
	}
	return k
}

// key is the placement's key, squares mapped by perm (nil: as they are).
func (k *orbitKeys) key(squares []int32, perm []int32) string {
	k.buf = k.buf[:0]
	for a, s := range squares {
		if perm != nil {
			s = perm[s]
		}
		k.buf = append(k.buf, k.nameOf[a]*k.squares+s)
	}
	slices.Sort(k.buf)
	k.bytes = k.bytes[:0]
	for _, v := range k.buf {
		k.bytes = append(k.bytes, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return string(k.bytes)
}

// orbit returns the least key of the placement's orbit, its own key, and
// the number of distinct placements in the orbit.
func (k *orbitKeys) orbit(squares []int32) (least, own string, size int) {
	own = k.key(squares, nil)
	least = own
	k.seen = append(k.seen[:0], own)
	for _, perm := range k.perms {
		img := k.key(squares, perm)
		if !slices.Contains(k.seen, img) {
			k.seen = append(k.seen, img)
		}
		if img < least {
			least = img
		}
	}
	return least, own, len(k.seen)
}

// A foldBoxes is one pass of the folding search as the driver runs it:
// the start boxes, split into a task list (driver.First for a point, or
// driver.Count for every point), and the searches of the workers, whose
// statistics make the pass's.
type foldBoxes struct {
	r          *foldRun
	ax         Axes
	target     int
	boxes      [][]int32 // the start boxes
	todo       [][]int32 // the task list
	splitStats foldStats // of the split that made todo
	reported   int64     // the nodes Split has returned so far
	searches   []*foldSearch
	pass       foldPass
}

var (
	_ driver.Finder  = (*foldBoxes)(nil)
	_ driver.Counter = (*foldBoxes)(nil)
)

// newBoxes starts a pass: its start boxes, its symmetry and its space.
func (r *foldRun) newBoxes(ax Axes, target int) *foldBoxes {
	b := &foldBoxes{r: r, ax: ax, target: target, pass: foldPass{Target: target, Pieces: len(ax.Group)}}
	b.boxes, b.pass.Symmetry = r.startBoxes(ax)
	r.reduced = len(b.boxes) > 1 || r.plan.SymmetryAxis(ax) >= 0
	b.pass.Log2 = r.log2Space(ax, b.boxes)
	return b
}

// SplitPolicy: the start boxes unfolded from depth 0 until there are 64
// a worker (to share out and to measure progress by), on any number.
func (b *foldBoxes) SplitPolicy() driver.SplitPolicy {
	return driver.SplitPolicy{PerWorker: 64, From: 0, Always: true}
}

func (b *foldBoxes) MaxSplit() int { return MaxAxes + 1 }

// Whole makes the start boxes the task list.
func (b *foldBoxes) Whole() int {
	b.todo = b.boxes
	return len(b.todo)
}

// Split unfolds the start boxes to depth. Each split starts again from
// the boxes, and the pass's statistics (the paper's) count the tree's
// nodes once: a split returns the nodes it adds to the one before, so
// that the nodes the driver adds up are those of the last.
func (b *foldBoxes) Split(depth int) (int, int64, bool) {
	s := newFoldSearch(b.r.plan, b.ax, b.target, b.r.st)
	s.splitDepth = depth
	for _, box := range b.boxes {
		copy(s.cur, box)
		s.run()
	}
	b.todo, b.splitStats = s.tasks, s.stats
	b.splitStats.Nodes -= int64(len(b.todo)) // visited again by the workers
	added := b.splitStats.Nodes - b.reported
	b.reported = b.splitStats.Nodes
	return len(b.todo), added, s.deeper
}

// finish records the pass with the statistics of the split and of every
// worker, and offers each worker's best point.
func (b *foldBoxes) finish(found bool) {
	b.pass.Boxes = len(b.todo)
	b.pass.Stats = b.splitStats
	for _, s := range b.searches {
		b.pass.Stats.merge(&s.stats)
		b.r.offer(s.best)
	}
	b.pass.Leaves = b.pass.Stats.Leaves()
	b.pass.Found = found
	b.r.passes = append(b.r.passes, b.pass)
}

// found reports whether some worker found a point.
func (b *foldBoxes) found() bool {
	for _, s := range b.searches {
		if s.stats.Found > 0 {
			return true
		}
	}
	return false
}

// A foldWorker searches boxes of the list: for the first point (Find) or
// for every point, tallied (Run).
type foldWorker struct {
	b     *foldBoxes
	s     *foldSearch
	found foldPoint
	tally *problem.Tally
	keys  orbitKeys
}

func (b *foldBoxes) newWorker() *foldWorker {
	s := newFoldSearch(b.r.plan, b.ax, b.target, b.r.st)
	b.searches = append(b.searches, s)
	return &foldWorker{b: b, s: s}
}

func (b *foldBoxes) FindWorker() driver.FindWorker { return b.newWorker() }

// Find searches box task until a point meets the target.
func (w *foldWorker) Find(task int, abort func() bool) bool {
	ok := false
	w.s.abort = abort
	w.s.onPoint = func(squares []int32, value int) {
		w.found, ok = foldPoint{task: task, squares: slices.Clone(squares), value: value}, true
		w.s.halted = true
	}
	w.start(task)
	return ok
}

func (w *foldWorker) start(task int) {
	s := w.s
	s.halted = false
	s.task = task
	copy(s.cur, w.b.todo[task])
	s.run()
}

// Worker tallies into t every point of the tasks it runs: by orbit when
// a piece is fixed to one square per orbit (or to list them), otherwise
// one by one, the least of its orbit counted as its class.
func (b *foldBoxes) Worker(t *problem.Tally) driver.Worker {
	w := b.newWorker()
	w.tally, w.keys = t, newOrbitKeys(b.r.plan, b.ax)
	return w
}

func (w *foldWorker) Nodes() int64 { return w.s.stats.Nodes }

func (w *foldWorker) Run(task int) {
	r := w.b.r
	byOrbit := r.reduced || r.opts.Task == model.TaskEnumerate
	w.s.onPoint = func(squares []int32, _ int) {
		least, own, size := w.keys.orbit(squares)
		v := r.plan.vertices(w.b.ax, squares)
		if byOrbit {
			w.tally.AddOrbit(task, least, size, v)
		} else {
			w.tally.AddClassed(task, v, nil, own == least)
		}
	}
	w.start(task)
}

// The count's task list is the count pass's.

func (r *foldRun) Split(depth int) (int, int64, bool)    { return r.count.Split(depth) }
func (r *foldRun) MaxSplit() int                         { return r.count.MaxSplit() }
func (r *foldRun) Whole() int                            { return r.count.Whole() }
func (r *foldRun) Worker(t *problem.Tally) driver.Worker { return r.count.Worker(t) }
func (r *foldRun) SplitPolicy() driver.SplitPolicy       { return r.count.SplitPolicy() }

// Enumerate lists every placement of every orbit the count pass finds,
// orbits in the order of their keys (the least image): the boxes, and so
// the order in which orbits are found, depend on the number of workers;
// this order does not. A count stopped early lists nothing.
func (r *foldRun) Enumerate(emit func(vertices, walls []int32) bool) int64 {
	p := r.plan.Problem
	c := driver.Count(r.st, p, r.opts, r)
	if r.st.Canceled() {
		return c.Nodes
	}
	perms := append([][]int32{nil}, p.Symmetries()...)
	for _, o := range c.Tally.Orbits() {
		seen := map[string]bool{}
		for _, perm := range perms {
			img := slices.Clone(o.Vertices)
			for i, v := range img {
				if perm != nil {
					sq := int32(p.SquareOf(int(v)))
					img[i] = v - sq + perm[sq]
				}
			}
			key := p.Solution(img, nil).Key()
			if seen[key] {
				continue
			}
			seen[key] = true
			if !emit(img, nil) {
				return c.Nodes
			}
		}
	}
	return c.Nodes
}

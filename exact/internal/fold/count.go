package fold

import (
	"maps"
	"slices"
	"sync"

	"github.com/chessmodel/chessmodel/model"
)

// Counting and listing the placements a folding search finds. Without a
// piece fixed to one square per orbit every placement is found once, and a
// class is counted at the placement that is the least of its orbit. With
// one, a class may be found at several of its members (or at one only):
// classes are collected by their least member, and each adds the size of
// its orbit to the count.

// A foldClass is an orbit of placements found.
type foldClass struct {
	task    int     // the earliest box it was found in
	squares []int32 // the point found there
	size    int     // placements in the orbit
}

// A foldTally gathers one worker's placements.
type foldTally struct {
	count, classes int64
	example        foldPoint
	orbits         map[string]*foldClass
	keys           orbitKeys
}

func newFoldTally(f *Plan, ax Axes) *foldTally {
	return &foldTally{example: foldPoint{task: -1}, orbits: map[string]*foldClass{}, keys: newOrbitKeys(f, ax)}
}

// add takes one point found in box task.
func (t *foldTally) add(task int, squares []int32, value int, reduced bool) {
	if t.example.task < 0 || task < t.example.task {
		t.example = foldPoint{task: task, squares: slices.Clone(squares), value: value}
	}
	least, own, size := t.keys.orbit(squares)
	if !reduced {
		t.count++
		if own == least {
			t.classes++
		}
		return
	}
	if c := t.orbits[least]; c == nil {
		t.orbits[least] = &foldClass{task: task, squares: slices.Clone(squares), size: size}
	} else if task < c.task {
		c.task, c.squares = task, slices.Clone(squares)
	}
}

// merge folds o into t.
func (t *foldTally) merge(o *foldTally) {
	t.count += o.count
	t.classes += o.classes
	if o.example.task >= 0 && (t.example.task < 0 || o.example.task < t.example.task) {
		t.example = o.example
	}
	for k, c := range o.orbits {
		if d := t.orbits[k]; d == nil || c.task < d.task {
			t.orbits[k] = c
		}
	}
}

// totals are the count and classes: for a reduced search, from the orbits.
func (t *foldTally) totals() (count, classes int64) {
	count, classes = t.count, t.classes
	for _, c := range t.orbits {
		count += int64(c.size)
		classes++
	}
	return count, classes
}

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

// countAll counts (or enumerates) the placements meeting target, and their
// classes up to the model's symmetry.
func (r *foldRun) countAll(ax Axes, target int, res *model.Result) error {
	var mu sync.Mutex
	total := newFoldTally(r.plan, ax)
	tallies := map[*foldSearch]*foldTally{}
	r.run(ax, target, "counting", func(task int, s *foldSearch) {
		mu.Lock()
		t := tallies[s]
		if t == nil {
			t = newFoldTally(r.plan, ax)
			tallies[s] = t
		}
		mu.Unlock()
		byOrbit := r.reduced || r.opts.Task == model.TaskEnumerate
		s.onPoint = func(squares []int32, value int) { t.add(task, squares, value, byOrbit) }
	}, nil)
	for _, t := range tallies {
		total.merge(t)
	}
	count, classes := total.totals()
	r.passes[len(r.passes)-1].Found = count > 0
	if r.st.Canceled() {
		res.Status = model.StatusUnknown
		res.Stats.Extra["counted_so_far"] = count
		return nil
	}
	if r.opts.Task == model.TaskEnumerate {
		n, err := r.emitAll(ax, total)
		res.Count = model.Int64(n)
		if err != nil {
			return err
		}
	} else {
		res.Count = model.Int64(count)
		if r.opts.Symmetry {
			res.Classes = model.Int64(classes)
		}
	}
	if count == 0 {
		res.Status = model.StatusInfeasible
		return nil
	}
	res.Status = model.StatusOptimal
	sol := r.plan.solution(ax, total.example.squares)
	res.Solution = &sol
	res.Value = model.Int64(r.valueOf(ax, total.example))
	return nil
}

// emitAll lists every placement of every orbit found, orbits in the order
// of their keys (the least image): the boxes, and so the order in which
// orbits are found, depend on the number of workers; this order does not.
func (r *foldRun) emitAll(ax Axes, t *foldTally) (int64, error) {
	keys := slices.Sorted(maps.Keys(t.orbits))
	classes := make([]*foldClass, len(keys))
	for i, k := range keys {
		classes[i] = t.orbits[k]
	}
	p := r.plan.Problem
	var n int64
	for _, c := range classes {
		sol := r.plan.solution(ax, c.squares)
		seen := map[string]bool{}
		for _, perm := range append([][]int32{nil}, r.plan.Problem.Symmetries()...) {
			img := model.Solution{}
			for _, pc := range sol.Pieces {
				sq := pc.Square
				if perm != nil {
					sq = p.Square(int(perm[sq.Rank*p.Cols+sq.File]))
				}
				img.Pieces = append(img.Pieces, model.Placed{Piece: pc.Piece, Square: sq})
			}
			img.Normalize()
			if seen[img.Key()] {
				continue
			}
			seen[img.Key()] = true
			if err := r.opts.Emit(img); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

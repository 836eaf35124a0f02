package problem

import (
	"maps"
	"slices"
)

// Tallies by orbit, for a technique whose search fixes a piece to one
// square per orbit of the model's symmetries (folding): a class may then
// be found at several of its members, or at one only, so it is kept by
// its least member's key (the technique's) and adds the size of its orbit
// to the count. Solutions found one by one are classed by the technique
// too (AddClassed), with the same keys.

// An Orbit is a class of solutions found: the earliest task it was found
// in, the solution found there, and the number of solutions in it.
type Orbit struct {
	Task     int
	Vertices []int32
	Size     int
}

// AddOrbit tallies a solution of the orbit whose least key is least.
func (t *Tally) AddOrbit(task int, least string, size int, vertices []int32) {
	t.SetFirst(task, vertices, nil)
	if t.orbits == nil {
		t.orbits = map[string]*Orbit{}
	}
	if o := t.orbits[least]; o == nil {
		t.orbits[least] = &Orbit{Task: task, Vertices: slices.Clone(vertices), Size: size}
	} else if task < o.Task {
		o.Task, o.Vertices = task, slices.Clone(vertices)
	}
}

// AddClassed tallies a solution found once, the least of its orbit when
// least says so.
func (t *Tally) AddClassed(task int, vertices, walls []int32, least bool) {
	t.Count = t.checkedAdd(t.Count, 1)
	if least {
		t.Classes = t.checkedAdd(t.Classes, 1)
	}
	t.SetFirst(task, vertices, walls)
}

// Orbits lists the orbits tallied in the order of their least keys,
// which does not depend on how the work was shared out.
func (t *Tally) Orbits() []*Orbit {
	out := make([]*Orbit, 0, len(t.orbits))
	for _, k := range slices.Sorted(maps.Keys(t.orbits)) {
		out = append(out, t.orbits[k])
	}
	return out
}

// mergeOrbits folds o's orbits into t's, each kept at its earliest task.
func (t *Tally) mergeOrbits(o *Tally) {
	for k, c := range o.orbits {
		if t.orbits == nil {
			t.orbits = map[string]*Orbit{}
		}
		if d := t.orbits[k]; d == nil || c.Task < d.Task {
			t.orbits[k] = c
		}
	}
}

// orbitTotals adds the orbits to the count and the classes.
func (t *Tally) orbitTotals() (count, classes int64) {
	count, classes = t.Count, t.Classes
	for _, o := range t.orbits {
		count = t.checkedAdd(count, int64(o.Size))
		classes = t.checkedAdd(classes, 1)
	}
	return count, classes
}

package nqueens

import (
	"context"
	"math/bits"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Sharding the half-board join with classes (model.Options.Shard and
// Symmetry).
//
// A part of the join counts the solutions of the groups it owns, whole
// orbits under the four symmetries that keep the cut (joinGroups). Those
// are no union of classes under all eight: a quarter turn or a diagonal
// mirror takes a solution to one of another group, which may be another
// part's. So a part's classes are not a whole number, and a part gives its
// terms of Burnside's lemma instead, which are: the sum over its
// solutions of the symmetries that fix each,
//
//	burnside = solutions + S180 + 2 S90,
//
// with S180 and S90 the half- and quarter-turn symmetric solutions (the
// mirrors fix none on a board of two or more ranks) whose group's orbit
// the part owns. The parts' sums add up to eight times the classes, and
// merge divides once (package shard, Record.Burnside). A part hands the
// sum and the group's order to the caller in Stats.Extra under
// ExtraBurnsideFixed and ExtraBurnsideOrder, with no Classes.
//
// Every part also orders the key bits (orderKeyBits) from a sample of all
// the groups, so that each part walks the pairs as the whole count does
// and the nodes add up: the sample is at most joinSampleGroups groups,
// whatever n, so that a part's share of the set-up does not grow with the
// count (64 parts of 16 queens had spent 8.4 ms each on it, as much again
// as the count itself).

// The keys of Stats.Extra that carry a part's terms of Burnside's lemma;
// package shard reads them under the same names.
const (
	ExtraBurnsideFixed = "burnside_fixed"
	ExtraBurnsideOrder = "burnside_order"
)

// joinSampleGroups is the most groups orderKeyBits samples.
const joinSampleGroups = 64

// joinSampleStride is the stride of the groups orderKeyBits samples out
// of a list of groups: every joinSampleEvery-th, or fewer, at most
// joinSampleGroups of them.
func joinSampleStride(groups int) int {
	return max(joinSampleEvery, (groups+joinSampleGroups-1)/joinSampleGroups)
}

// joinClasses fills c's classes, or for a part its terms of Burnside's
// lemma, from the symmetric solutions: of the whole board for the whole
// count, of the owned orbits of groups for a part.
func joinClasses(st *tasks.Stopper, n int, groups []joinGroup, shard model.Shard, c *queensCount) {
	if !shard.Active() {
		halfTurn, quarterTurn := symmetricQueens(n, st, nil)
		c.classCount = (c.solutions + halfTurn + 2*quarterTurn) / 8
		if n == 1 { // the lone queen is its own mirror image, as no other solution is
			c.classCount = c.solutions
		}
		return
	}
	owned := make(map[uint64]bool)
	for i, g := range groups {
		if shard.Owns(i) {
			owned[g.key(n)] = true
		}
	}
	var halfTurn, quarterTurn int64
	symmetricQueens(n, st, func(files []int, quarter bool) {
		if !owned[groupOf(files).least(n)] {
			return
		}
		halfTurn++
		if quarter {
			quarterTurn++
		}
	})
	c.burnside = c.solutions + halfTurn + 2*quarterTurn
	if n == 1 { // the identity and the four mirrors fix the lone queen
		c.burnside = 8 * c.solutions
	}
	c.burnsidePart = true
}

// groupOf is the group of a solution given as the file of the queen of
// each rank.
func groupOf(files []int) joinGroup {
	n := len(files)
	g := joinGroup{middle: -1}
	for r := 0; r < n/2; r++ {
		g.top |= 1 << uint(files[r])
	}
	if n%2 == 1 {
		g.middle = files[n/2]
	}
	return g
}

// key orders the groups: by middle file, then top files.
func (g joinGroup) key(n int) uint64 { return uint64(g.middle+1)<<uint(n) | g.top }

// images is g and its images under the rank mirror (the halves swap), the
// file mirror and the half turn.
func (g joinGroup) images(n int) [4]joinGroup {
	rest := uint64(1)<<uint(n) - 1
	if g.middle >= 0 {
		rest &^= 1 << uint(g.middle)
	}
	mirror := func(files uint64) uint64 { return bits.Reverse64(files) >> uint(64-n) }
	m := g.middle
	if m >= 0 {
		m = n - 1 - m
	}
	return [4]joinGroup{
		g,
		{middle: g.middle, top: rest &^ g.top},
		{middle: m, top: mirror(g.top)},
		{middle: m, top: mirror(rest &^ g.top)},
	}
}

// least is the key of the least group of g's orbit, the one joinGroups
// lists.
func (g joinGroup) least(n int) uint64 {
	least := g.key(n)
	for _, h := range g.images(n) {
		least = min(least, h.key(n))
	}
	return least
}

// setClasses puts the classes of a count into res: the whole number, or
// a join part's terms of Burnside's lemma in Stats.Extra.
func (c queensCount) setClasses(res *model.Result) {
	if c.burnsidePart {
		res.Stats.Extra[ExtraBurnsideFixed] = c.burnside
		res.Stats.Extra[ExtraBurnsideOrder] = int64(8)
		return
	}
	res.Classes = model.Int64(c.classes())
}

// joinCosts lists the work of each part of an n-queens join split of
// ways: the groups each owns and an estimate of its pairs of half
// placements, from the lists of a sample of its groups (every
// joinSampleStride-th of them, at least one) scaled to all of them.
func joinCosts(n, of int) []ShardCost {
	groups := joinGroups(n)
	keyOf, width := joinKeys(n)
	h := halfSearch{n: n, keyOf: keyOf, width: width}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	costs := make([]ShardCost, of)
	stride := joinSampleStride(len(groups))
	for k := range costs {
		var own, sampled int
		var pairs float64
		for i := k; i < len(groups); i += of {
			if own%stride == 0 {
				g := groups[i]
				h.blockMiddle(g.middle)
				files := joinFiles(n, g)
				h.list(0, n/2, files[0])
				top := len(h.keys)
				h.list(n-n/2, n/2, files[1])
				pairs += float64(top) * float64(len(h.keys))
				sampled++
			}
			own++
		}
		costs[k].Tasks, costs[k].Unit = own, "join groups"
		if sampled > 0 {
			costs[k].Estimate = pairs * float64(own) / float64(sampled)
		}
	}
	return costs
}

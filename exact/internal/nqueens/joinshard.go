package nqueens

import (
	"context"
	"math/bits"
	"sync"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
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
// part's. So a part's classes are not a whole number, and a part gives
// its terms of Burnside's lemma instead,
//
//	classes = (solutions + S180 + 2 S90) / 8,
//
// with S180 and S90 the half- and quarter-turn symmetric solutions (the
// mirrors fix none on a board of two or more ranks): every part its
// solutions, and the first part the symmetric solutions of the whole
// board besides (one search, the same the whole count makes, where every
// part making it for its own groups had cost each part of 19 queens
// 28 ms). The parts' terms add up to eight times the classes, and merge
// divides once (package shard, Record.Burnside), refusing a sum that is no
// multiple of 8. A part hands its terms and the group's order to the
// caller in Stats.Burnside, with no Classes.
//
// Every part also orders the key bits (orderKeyBits) from a sample of all
// the groups, so that each part walks the pairs as the whole count does
// and the nodes add up: the sample is at most joinSampleGroups groups,
// whatever n, so that a part's share of the set-up does not grow with the
// count (with every 64th group, 64 parts of 16 queens had spent 8.4 ms
// each on it, as much again as their count; a part of 18 queens, 114 ms),
// and the groups and the order are kept for the next part a process runs
// (joinSetup).

// joinSampleGroups is the most groups orderKeyBits samples. Eight walk
// the pairs as the 51 of every 64th group did, to 0.02% of the nodes
// (16 queens: 38,392,575 against 38,385,639; 17: 397,497,703 against
// 397,515,070; 64 groups, 397,572,930).
const joinSampleGroups = 8

// joinSampleStride is the stride of the groups orderKeyBits samples out
// of a list of groups: every joinSampleEvery-th, or fewer, at most
// joinSampleGroups of them.
func joinSampleStride(groups int) int {
	return max(joinSampleEvery, (groups+joinSampleGroups-1)/joinSampleGroups)
}

// joinClasses fills c's classes from the symmetric solutions, or for a
// part its terms of Burnside's lemma: its solutions, and the symmetric
// solutions of the whole board for the first part.
func joinClasses(st *tasks.Stopper, n int, groups []joinGroup, shard model.Shard, c *queensCount) {
	if !shard.Active() {
		halfTurn, quarterTurn := symmetricQueens(n, st, nil)
		c.classCount = (c.solutions + halfTurn + 2*quarterTurn) / 8
		if n == 1 { // the lone queen is its own mirror image, as no other solution is
			c.classCount = c.solutions
		}
		return
	}
	c.burnside = c.solutions
	if driver.Owns(shard, 0) { // the symmetric solutions: the first part's terms
		halfTurn, quarterTurn := symmetricQueens(n, st, nil)
		c.burnside += halfTurn + 2*quarterTurn
		if n == 1 { // the identity and the four mirrors fix the lone queen
			c.burnside = 8 * c.solutions
		}
	}
	c.burnsidePart = true
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

// joinSetupCache keeps the last board's groups and key order: a worker
// runs part after part of one count, and each part would list every
// group and sample eight of them again (at 19 ranks, 24 and 4 ms a part).
// Both depend on n alone and are read only. It holds one board's, at most
// the group list joinMemory counts (3 MB at 19 ranks).
var joinSetupCache struct {
	sync.Mutex
	n      int
	groups []joinGroup
	runs   []int
	keyOf  []uint64
	width  int
}

// joinSetup is the join's groups of n ranks in runs of one top half (the
// tasks, joinRuns) and its key of each square, ordered by orderKeyBits:
// from the cache when the last count was of n ranks too. A setup cut
// short by st is not kept.
func joinSetup(st *tasks.Stopper, n int) (groups []joinGroup, runs []int, keyOf []uint64, width int) {
	c := &joinSetupCache
	c.Lock()
	defer c.Unlock()
	if c.n == n && c.groups != nil {
		return c.groups, c.runs, c.keyOf, c.width
	}
	groups = joinGroups(n)
	keyOf, width = joinKeys(n)
	keyOf = orderKeyBits(st, n, groups, keyOf, width) // from all groups: the same in every shard
	groups, runs = joinRuns(groups)
	if !st.Stopped() {
		c.n, c.groups, c.runs, c.keyOf, c.width = n, groups, runs, keyOf, width
	}
	return groups, runs, keyOf, width
}

// ownedRuns is the runs of groups (bounds as joinRuns gives them) that
// shard owns, run r being task r: a part takes whole runs, so that an odd
// board's top half is listed by one part only (joinshare.go); owning
// groups one by one, 64 parts of 19 queens took 35% more CPU than the
// whole count, each part listing most tops again for a few of their
// groups.
func ownedRuns(groups []joinGroup, runs []int, shard model.Shard) (owned []joinGroup, ownedRuns []int) {
	ownedRuns = []int{0}
	for r := 0; r+1 < len(runs); r++ {
		if driver.Owns(shard, r) {
			owned = append(owned, groups[runs[r]:runs[r+1]]...)
			ownedRuns = append(ownedRuns, len(owned))
		}
	}
	return owned, ownedRuns
}

// setClasses puts the classes of a count into res: the whole number, or
// a join part's terms of Burnside's lemma in Stats.Burnside.
func (c queensCount) setClasses(res *model.Result) {
	if c.burnsidePart {
		res.Stats.Burnside = &model.ClassTerms{Fixed: c.burnside, Order: 8}
		return
	}
	res.Classes = model.Int64(c.classes())
}

// joinCostSample is about how many groups joinCosts lists, over all the
// parts: at 16 queens a third of the groups, 0.2 s.
const joinCostSample = 1024

// joinCosts lists the work of each part of an n-queens join split of
// ways: the groups each owns and an estimate of its pairs of half
// placements, from the lists of a sample of its groups (about
// joinCostSample of all of them, at least one a part) scaled to all of
// them.
func joinCosts(n, of int) []ShardCost {
	groups, runs := joinRuns(joinGroups(n))
	keyOf, width := joinKeys(n)
	h := halfSearch{n: n, keyOf: keyOf, width: width}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	costs := make([]ShardCost, of)
	stride := max(1, len(groups)/joinCostSample)
	for k := range costs {
		var own, sampled int
		var pairs float64
		for r := k; r+1 < len(runs); r += of {
			for _, g := range groups[runs[r]:runs[r+1]] {
				if own%stride == 0 {
					pairs += joinPairsOf(&h, g, n)
					sampled++
				}
				own++
			}
		}
		costs[k].Tasks, costs[k].Unit = own, "join groups"
		if sampled > 0 {
			costs[k].Estimate = pairs * float64(own) / float64(sampled)
		}
	}
	return costs
}

// joinPairsOf is the pairs of half placements of group g: its top list's
// length times its bottom list's.
func joinPairsOf(h *halfSearch, g joinGroup, n int) float64 {
	h.blockMiddle(g.middle)
	files := joinFiles(n, g)
	h.list(0, n/2, files[0])
	top := len(h.keys)
	h.list(n-n/2, n/2, files[1])
	return float64(top) * float64(len(h.keys))
}

package nqueens

import (
	"fmt"
	"math"
	"math/big"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Counting n-queens by joining half boards (the meet in the middle of
// Kluev's quarter join and of Deep Green's, designed here afresh).
//
// Cut the board into a top half (ranks 0..a-1, a = n/2), a bottom half (the
// last a ranks) and, when n is odd, the middle rank between them. Every
// solution has one queen on each rank, so it is a top placement (a queens,
// one a rank, none attacking another), a bottom placement and, on an odd
// board, a middle queen, such that
//
//   - the files are complementary: the top's set C, the bottom's the rest
//     (without the middle queen's file m);
//   - no diagonal holds a queen of each half, and neither half stands on a
//     line of the middle queen.
//
// A group is one (m, C). Listing the placements of each half with its files
// fixed is a small search (a! leaves at most), with the middle queen's lines
// taken out beforehand; what is left to compare is the diagonals that meet
// both halves, the crossing ones: 2a-1 anti-diagonals and 2a-1 diagonals,
// so each placement becomes a key of 4a-2 bits (joinKeys) and
//
//	solutions = sum over groups of #{(t, b) : t in Top(m, C), b in Bottom(m, C), t & b = 0}.
//
// The pairs are counted by walking the binary tries of the two sorted key
// lists together (pairCounter, joinpairs.go): at each bit, of the four
// pairings of the sublists with and without it, the one where both have it
// is dropped whole, and small pairs of sublists are finished 64 keys at a
// time on bit-sliced keys.
// The bits go in descending order of how often both halves use them
// (orderKeyBits), so that the first splits drop the most: on n = 16 the
// walk checks one pair in 5.9 of all the pairs of the groups (7.0e8 of
// 4.1e9; one in 4.9 with the bits centre-first, one in 2.9 on n = 14).
// Each split drops at most about a quarter of the pairs it sees, so the
// join's gain over a full search grows with n. (Times in
// docs/performance.md.)
//
// Symmetry: the rank mirror maps a solution of group (m, C) to one of
// group (m, rest-C) — the halves swap — and the file mirror to
// (n-1-m, mirror C); with the half turn they form a group of four that
// keeps the cut, so one group of each orbit is counted and weighed by the
// orbit's size (joinGroups). The other four symmetries swap ranks with
// files and do not keep the cut. The classes come, as for the
// constellation counter, from Burnside's lemma with the half- and
// quarter-turn symmetric solutions (symmetricQueens); a part gives its
// terms of the lemma instead (joinshard.go).
//
// The groups are in a fixed order: a shard takes every Of-th
// (model.Shard). A worker's task is the shard's groups of one top half's
// files, whose top list an odd board searches once (joinshare.go). Memory
// is each worker's two key lists, at most a! keys each, one sort buffer
// for both and, on an odd board, the top list before the middle queen's
// filter, and the list of groups, estimated before anything is
// allocated: the join runs on as many workers as fit the bound, and is
// not chosen when none does.

// JoinFromSide is the least board the count takes the half-board join for;
// below it the constellation counter is cheaper (the figures are in
// docs/performance.md). Both count every n: each is the other's check.
const JoinFromSide = 16

// countQueensChosen counts n-queens by the cheaper method for n, and
// names it in res: the join from JoinFromSide ranks when one worker's lists
// fit the memory bound (to 21 ranks under the default bound), else the
// constellation counter, which needs next to no memory.
func countQueensChosen(st *tasks.Stopper, n, workers int, opts model.Options, res *model.Result) (queensCount, error) {
	if _, err := joinWorkers(n, workers, opts.MemoryLimit()); n < JoinFromSide || err != nil {
		res.Stats.Engine = "n-queens start constellations, one per D4 orbit"
		return countQueens(st, n, workers, opts.Shard, opts.Progress), nil
	}
	res.Stats.Engine = "n-queens half-board join, one group per orbit of the cut"
	c, ran, err := countQueensJoin(st, n, workers, opts)
	res.Stats.Workers = ran
	return c, err
}

// joinRemapFrom is the shortest first list for which a group orders the
// key bits by its own lists (keyRemap) before the pair walk: on n = 18 it
// took 7% less CPU than the order of the sampled groups alone.
const joinRemapFrom = 2048

// joinGroupBytes is what one entry of the group list costs.
const joinGroupBytes = 24

// joinMemory bounds the bytes the half-board join allocates: the group
// list (at most half of all (m, C): no orbit has fewer than two groups, as
// the rank mirror moves every group of two or more ranks) and, per worker,
// four buffers of at most a! keys, grown by append (up to twice their
// length): the two halves' lists, the radix sort's second buffer, which
// they share, and an odd board's unfiltered top list (joinshare.go).
func joinMemory(n int) (groups, perWorker *big.Int) {
	a := int64(n / 2)
	middles := int64(1)
	if n%2 == 1 {
		middles = int64(n)
	}
	groups = new(big.Int).Binomial(int64(n-n%2), a) // the files the halves share
	groups.Mul(groups, big.NewInt(middles*joinGroupBytes))
	groups.Rsh(groups, 1)
	perWorker = new(big.Int).MulRange(1, a)
	perWorker.Mul(perWorker, big.NewInt(4*2*8))
	return groups, perWorker
}

// joinWorkers is how many of the workers asked for fit the memory bound
// (each has its own lists), or an error wrapping model.ErrTooLarge when
// not even one does.
func joinWorkers(n, workers int, limit int64) (int, error) {
	groups, perWorker := joinMemory(n)
	room := new(big.Int).Sub(big.NewInt(limit), groups)
	fit := new(big.Int).Quo(room, perWorker)
	if room.Sign() < 0 || fit.Sign() == 0 {
		need := new(big.Int).Add(groups, perWorker)
		return 0, fmt.Errorf("exact: joining the half boards of %d-queens would take up to %s on one worker, above the bound of %s: %w",
			n, model.ByteSize(need.Int64()), model.ByteSize(limit), model.ErrTooLarge)
	}
	if fit.IsInt64() && fit.Int64() < int64(workers) {
		return int(fit.Int64()), nil
	}
	return workers, nil
}

// joinPairBudget is the bytes each of workers may give its pair counter's
// slices and tables: what the memory bound leaves after the group list and
// every worker's key lists, shared evenly.
func joinPairBudget(n, workers int, limit int64) int64 {
	groups, perWorker := joinMemory(n)
	room := new(big.Int).Sub(big.NewInt(limit), groups)
	room.Quo(room, big.NewInt(int64(max(1, workers))))
	room.Sub(room, perWorker)
	if room.Sign() <= 0 {
		return 0
	}
	if !room.IsInt64() {
		return math.MaxInt64
	}
	return room.Int64()
}

// countQueensJoin counts the n-queens solutions by the half-board join, and
// their classes when symmetry is asked for, honouring opts' shard and
// memory bound (on fewer workers than asked when their lists would pass
// it). It returns the workers it ran on.
func countQueensJoin(st *tasks.Stopper, n, workers int, opts model.Options) (queensCount, int, error) {
	workers, err := joinWorkers(n, workers, opts.MemoryLimit())
	if err != nil {
		return queensCount{}, 0, err
	}
	groups, allRuns, keyOf, width := joinSetup(st, n)     // joinshard.go: once a process for n
	owned, runs := ownedRuns(groups, allRuns, opts.Shard) // a task is the groups of one top (joinshare.go)
	type worker struct {
		top, bottom halfSearch
		share       *topShare // the top list of an odd board's runs (joinshare.go)
		pairs       pairCounter
		remap       keyRemap
		count       queensCount
	}
	ws := make([]worker, max(1, workers))
	budget := joinPairBudget(n, workers, opts.MemoryLimit())
	for i := range ws {
		ws[i].pairs.budget = budget
		ws[i].top = halfSearch{n: n, keyOf: keyOf, width: width}
		ws[i].bottom = halfSearch{n: n, keyOf: keyOf, width: width}
		ws[i].share = newTopShare(n, keyOf, width)
		ws[i].remap.base = keyOf
	}
	note := func(done int64) string {
		return fmt.Sprintf("joining half boards: %d of %d top halves", done, len(runs)-1)
	}
	spread := spreadOrder(len(runs) - 1)
	tasks.Run(st, workers, len(runs)-1, opts.Progress, "joining half boards", note, func(w, i int) {
		r := spread(i)
		for _, g := range owned[runs[r]:runs[r+1]] {
			ws[w].count.add(joinGroupCount(&ws[w].top, &ws[w].bottom, ws[w].share, &ws[w].pairs, &ws[w].remap, g, n, width))
		}
	})
	var c queensCount
	for i := range ws {
		c.add(ws[i].count)
		c.nodes += ws[i].top.nodes + ws[i].bottom.nodes
		if ws[i].share != nil {
			c.nodes += ws[i].share.raw.nodes
		}
	}
	if opts.Symmetry && !st.Stopped() {
		joinClasses(st, n, groups, opts.Shard, &c) // a part's terms of Burnside's lemma (joinshard.go)
	}
	return c, workers, nil
}

// spreadOrder is an order of n tasks that strides across the list (i times
// a prime coprime with n, modulo n), so that the groups run in no pattern
// of their files and the fraction of groups done, the progress, tracks the
// fraction of the work: on n = 16, taking a group's pairs and list lengths
// for its work, the two part by at most 0.3%, where the list's own order
// ran up to 14% behind.
func spreadOrder(n int) func(int) int {
	stride := 1
	for _, p := range []int{7919, 7927, 7933} { // one of three primes divides no n this large
		if n%p != 0 {
			stride = p
			break
		}
	}
	return func(i int) int { return int(int64(i) * int64(stride) % int64(max(1, n))) }
}

// joinGroupCount counts the solutions of group g's orbit: its pairs of
// disjoint half keys, weighed. Its nodes are the trie-node pairs visited.
// The top list comes from share when not nil (an odd board, joinshare.go).
func joinGroupCount(top, bottom *halfSearch, share *topShare, pc *pairCounter, rm *keyRemap, g joinGroup, n, width int) queensCount {
	a := n / 2
	files := joinFiles(n, g)
	top.blockMiddle(g.middle)
	bottom.blocked = top.blocked
	estimated := share == nil && rm.base != nil // the group's order, before listing (joinproxy.go)
	if estimated {
		top.keyOf, width = rm.squareKeys(n, g, &top.blocked, width) // the keys may be narrower
		bottom.keyOf = top.keyOf
	}
	top.width, bottom.width = width, width
	if share != nil {
		share.list(top, files[0], g.middle)
	} else {
		top.list(0, a, files[0])
	}
	bottom.list(n-a, a, files[1])
	xs, ys := top, bottom
	if len(xs.keys) > len(ys.keys) { // the longer list is sliced: fuller blocks
		xs, ys = ys, xs
	}
	pc.floor = sortFloor(width, len(ys.keys))
	if len(xs.keys)*len(ys.keys) > pairLeafPairs { // else no split: no order needed
		if !estimated && len(xs.keys) >= joinRemapFrom {
			rm.apply(xs.keys, ys.keys, width)
		}
		if xs.scratch == nil { // one sort buffer for both halves
			xs.scratch, ys.scratch = ys.scratch, nil
		}
		xs.sort(pc.floor)
		ys.scratch, xs.scratch = xs.scratch, nil
		ys.sort(pc.floor)
	}
	pc.load(ys.keys, width, len(xs.keys) >= pairTableFrom)
	pairs, visits := pc.count(xs.keys, 0, len(ys.keys), width-1)
	return queensCount{solutions: g.weight * pairs, nodes: visits}
}

// joinFiles is the files of group g's top half and of its bottom half.
func joinFiles(n int, g joinGroup) [2]uint64 {
	rest := uint64(1)<<uint(n) - 1
	if g.middle >= 0 {
		rest &^= 1 << uint(g.middle)
	}
	return [2]uint64{g.top, rest &^ g.top}
}

func (c *queensCount) add(d queensCount) {
	c.solutions += d.solutions
	c.classCount += d.classCount
	c.nodes += d.nodes
}

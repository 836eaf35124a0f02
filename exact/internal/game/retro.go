package game

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// The values of the 2-bit table, for the side to move.
const (
	unknown = 0
	win     = 1
	loss    = 2
	draw    = 3
)

// maxPlies is the most plies the byte of plies a position holds: the
// levels are stored as plies+1, 0 meaning none. A variable only so that
// the package's tests can lower it and walk past it on a small game; it
// is never raised (plies+1 must fit a byte).
var maxPlies = 254

// table is the strong solution: every position's value at 2 bits, and its
// plies to the end in a byte when asked.
type table struct {
	sp     *space
	values []uint32 // 16 values a word
	plies  []uint8  // plies+1 of a decided position; nil when not asked

	byPlies    []int64
	over       int64 // lost positions with the game over already
	drawn      int64
	longest    int   // the most plies of a win
	longestAt  int64 // the least index of a win that long
	bitsPerPos int
	// watch are positions whose levels are recorded (the start with
	// either side to move) in watchLevel when they are decided, -1 until
	// then.
	watch      [2]int64
	watchLevel [2]int
}

func (t *table) value(i int64) int {
	return int(atomic.LoadUint32(&t.values[i>>4])>>(2*(i&15))) & 3
}

// settle sets position i from unknown to v, and reports whether this call
// did (another worker may have settled it first).
func (t *table) settle(i int64, v int) bool {
	w := &t.values[i>>4]
	shift := 2 * (i & 15)
	for {
		old := atomic.LoadUint32(w)
		if (old>>shift)&3 != unknown {
			return false
		}
		if atomic.CompareAndSwapUint32(w, old, old|uint32(v)<<shift) {
			return true
		}
	}
}

// bitmap is a set of positions, safe to add to from many goroutines.
type bitmap []uint64

func (b bitmap) add(i int64) { atomic.OrUint64(&b[i>>6], 1<<(i&63)) }

func (b bitmap) has(i int64) bool { return atomic.LoadUint64(&b[i>>6])&(1<<(i&63)) != 0 }

// retrograde solves every position, level by level: level 0 holds the
// positions lost already (the game is over, or the side to move has no
// move and loses by the rule); level d+1 the wins one move from a loss of
// level d (d even), or the losses all of whose moves lead to wins of level
// at most d (d odd), found by walking back from level d. What no level
// reaches is a draw. Each level is a scan of the frontier's bitmap split
// among the workers.
func retrograde(ctx context.Context, sp *space, withPlies bool, watch [2]int64, workers int, progress func(float64, string)) (*table, error) {
	a := newAnalysis(sp, withPlies, watch, workers, progress)
	if err := a.run(ctx); err != nil {
		return nil, err
	}
	return a.t, nil
}

// The phases of an analysis, in order; a walk and its sweep repeat for
// each level.
const (
	phaseLost  = iota // level 0: every slot's position, lost already or not
	phaseWalk         // the walk back from level Level
	phaseSweep        // the frontier cut down to the level the walk found
	phaseDraws        // what no level reached marked drawn
	phaseDone
)

// stage is where an analysis stands: its phase, the items of the phase
// done ([0, Next), whole chunks), and the tallies so far. With the
// tables it is all a checkpoint saves.
type stage struct {
	Phase int   `json:"phase"`
	Level int   `json:"level"`
	Next  int64 `json:"next"`

	Lost0      int64   `json:"lost0"` // level 0, so far
	Found      int64   `json:"found"` // the level the walk finds, so far
	Least      int64   `json:"least"` // its least slot, so far
	ByPlies    []int64 `json:"by_plies"`
	Over       int64   `json:"over"`
	Longest    int     `json:"longest"`
	LongestAt  int64   `json:"longest_at"`
	WatchLevel [2]int  `json:"watch_level"`
}

// analysis is one retrograde analysis under way: the tables, the
// frontier and the stage; ck, when set, saves and restores them.
type analysis struct {
	sp       *space
	t        *table
	front    bitmap
	workers  int
	progress func(float64, string)
	ck       *checkpoint
	stage
	mu sync.Mutex
}

func newAnalysis(sp *space, withPlies bool, watch [2]int64, workers int, progress func(float64, string)) *analysis {
	t := &table{sp: sp, values: make([]uint32, (sp.slots+15)/16), bitsPerPos: 2, watch: watch, watchLevel: [2]int{-1, -1}}
	if withPlies {
		t.plies = make([]uint8, sp.slots)
		t.bitsPerPos = 10
	}
	// front holds the level being walked back from; the walk adds the
	// positions it settles (and at a level of losses those it tried),
	// told apart by their values, and a sweep after the walk keeps only
	// the new level.
	a := &analysis{sp: sp, t: t, front: make(bitmap, (sp.slots+63)/64), workers: workers, progress: progress}
	a.WatchLevel = [2]int{-1, -1}
	a.Least = sp.slots
	return a
}

// run takes the analysis from its stage to the end, and leaves the
// tallies in the table.
func (a *analysis) run(ctx context.Context) error {
	sp, t := a.sp, a.t
	words := int64(len(a.front))
	for a.Phase != phaseDone {
		switch a.Phase {
		case phaseLost:
			if err := a.phase(ctx, sp.slots, chunk*64, a.lost); err != nil {
				return err
			}
			if t.plies != nil {
				for i := range sp.slots {
					if t.value(i) == loss {
						t.plies[i] = 1
					}
				}
			}
			a.ByPlies = []int64{a.Lost0}
			for k, i := range t.watch {
				if t.value(i) == loss {
					a.WatchLevel[k] = 0
				}
			}
			a.Phase = phaseWalk
			if a.Lost0 == 0 {
				a.Phase = phaseDraws
			}
		case phaseWalk:
			d := a.Level
			if a.progress != nil && a.Next == 0 {
				a.progress(-1, fmt.Sprintf("level %d: %d positions", d, a.ByPlies[d]))
			}
			if err := a.phase(ctx, words, chunk, a.walk); err != nil {
				return err
			}
			val := win
			if d%2 == 1 {
				val = loss
			}
			if t.plies != nil && a.Found > 0 && d+1 > maxPlies {
				// The plies stored for this level did not fit a byte: the
				// table is not an answer.
				what := "won"
				if val == loss {
					what = "lost"
				}
				return fmt.Errorf("exact: %d positions are %s in %d plies, past the limit of %d plies a solve keeps (a byte a position); explore has no such limit: %w",
					a.Found, what, d+1, maxPlies, model.ErrTooLarge)
			}
			if val == win && a.Found > 0 {
				a.Longest, a.LongestAt = d+1, a.Least
			}
			a.ByPlies = append(a.ByPlies, a.Found)
			a.Found, a.Least = 0, sp.slots
			a.Phase = phaseSweep
			if a.ByPlies[d+1] == 0 {
				a.ByPlies = a.ByPlies[:d+1] // the last level is empty
				a.Phase = phaseDraws
			}
		case phaseSweep:
			if err := a.phase(ctx, words, chunk, a.sweep); err != nil {
				return err
			}
			a.Level++
			a.Phase = phaseWalk
		case phaseDraws:
			if err := a.phase(ctx, int64(len(t.values)), chunk*4, a.draws); err != nil {
				return err
			}
			a.Phase = phaseDone
		}
	}
	var decided int64
	for _, n := range a.ByPlies {
		decided += n
	}
	t.byPlies, t.over, t.longest, t.longestAt, t.watchLevel = a.ByPlies, a.Over, a.Longest, a.LongestAt, a.WatchLevel
	t.drawn = sp.total - decided
	return nil
}

// phase does the current phase's items [a.Next, n), size at a time on
// the workers (the phases' sizes cover as many slots: chunk frontier
// words). With a checkpoint it pauses when one is due, saves, and
// goes on; stopped (ctx), it saves where it stands and returns ctx's
// error. Done, a.Next is 0 for the next phase.
func (a *analysis) phase(ctx context.Context, n, size int64, do func(lo, hi int64, w *worker)) error {
	for a.Next < n {
		var due time.Time
		if a.ck != nil {
			due = a.ck.due()
		}
		next, err := parallelFrom(ctx, a.sp, a.workers, a.Next, n, size, due, do)
		a.Next = next
		if a.ck != nil && (err != nil || a.Next < n) {
			err = errors.Join(err, a.ck.save(a)) // stopped, or paused for the save
		}
		if err != nil {
			return err
		}
	}
	a.Next = 0
	return nil
}

// lost is level 0 over slots [lo, hi): the positions lost already, and
// the draws of the rule that a side without a move draws.
func (a *analysis) lost(lo, hi int64, w *worker) {
	sp, t := a.sp, a.t
	var n, over int64
	for i := lo; i < hi; i++ {
		if !sp.canonical(i, w.p, w.s) {
			continue
		}
		lost := sp.over(w.p)
		if !lost && sp.m.Game.Stuck != model.StuckPasses && !sp.moves(w.p, func(int, int32) bool { return false }) {
			if sp.m.Game.Stuck == model.StuckDraw {
				t.settle(i, draw) // counted with the draws at the end
				continue
			}
			lost = true // a side without a move loses
		}
		if lost {
			t.settle(i, loss)
			a.front.add(i)
			k := sp.orbit(w.p, w.s)
			n += k
			over += k
		}
	}
	a.mu.Lock()
	a.Lost0 += n
	a.Over += over
	a.mu.Unlock()
}

// walk walks back from level a.Level over the frontier's words [lo, hi).
func (a *analysis) walk(lo, hi int64, w *worker) {
	sp, t, front, d := a.sp, a.t, a.front, a.Level
	val, from := win, loss
	if d%2 == 1 {
		val, from = loss, win
	}
	var n int64
	first := sp.slots
	for wi := lo; wi < hi; wi++ {
		for word := atomic.LoadUint64(&front[wi]); word != 0; word &= word - 1 {
			i := wi*64 + int64(bits.TrailingZeros64(word))
			if t.value(i) != from {
				continue // settled or tried by this walk (below)
			}
			sp.decode(i, w.p)
			sp.predecessors(w, func(q int64, u unmove) {
				if t.value(q) != unknown {
					return
				}
				if val == loss {
					// A level of losses settles no wins, so a position
					// with a move to one not won fails the test for
					// the rest of the level: its bit marks it tried
					// (an unknown position's bit means nothing else).
					if front.has(q) {
						return
					}
					sp.undo(w.p, u, w.q)
					if !t.allWins(w) {
						front.add(q)
						return
					}
				}
				if t.settle(q, val) {
					if t.plies != nil {
						t.plies[q] = uint8(d + 2)
					}
					front.add(q)
					for k, i := range t.watch {
						if q == i {
							a.WatchLevel[k] = d + 1 // one writer: the settle that won
						}
					}
					if val == win {
						sp.undo(w.p, u, w.q) // built for the test of a loss
					}
					n += sp.orbit(w.q, w.s)
					first = min(first, q)
				}
			})
		}
	}
	a.mu.Lock()
	a.Found += n
	a.Least = min(a.Least, first)
	a.mu.Unlock()
}

// sweep keeps in the frontier's words [lo, hi) the level the walk of
// a.Level found: the positions settled as its value.
func (a *analysis) sweep(lo, hi int64, _ *worker) {
	val := loss
	if a.Level%2 == 0 {
		val = win
	}
	for wi := lo; wi < hi; wi++ {
		keep := a.front[wi]
		for word := keep; word != 0; word &= word - 1 {
			if b := bits.TrailingZeros64(word); a.t.value(wi*64+int64(b)) != val {
				keep &^= 1 << b
			}
		}
		a.front[wi] = keep
	}
}

// draws marks drawn, in the value words [lo, hi), what no level reached:
// each 2-bit field still 0 of a canonical position becomes 3 (a slot no
// position folds onto stays 0).
func (a *analysis) draws(lo, hi int64, w *worker) {
	sp, t := a.sp, a.t
	for wi := lo; wi < hi; wi++ {
		v := t.values[wi]
		for f := uint(0); f < 32; f += 2 {
			if i := int64(wi)*16 + int64(f/2); (v>>f)&3 == unknown && i < sp.slots && (sp.free(i) || sp.canonical(i, w.p, w.s)) {
				v |= draw << f
			}
		}
		t.values[wi] = v
	}
}

// allWins reports whether every move at position w.q leads to a
// position won for the side to move there (a pass, when q has no move, to
// the same squares with the other side to move).
func (t *table) allWins(w *worker) bool {
	sp := t.sp
	q := w.q
	y := q.toMove
	x := 1 - y
	// The positions after y's moves share x's squares: the slots' half
	// they give is computed once.
	fixed := sp.fix(w.h, q.sq[x], x, x)
	all := true
	if !sp.moves(q, func(i int, to int32) bool {
		var c int64
		if fixed {
			c = sp.halfSlot(w.h, replace(q.sq[y], i, to, w.s.buf))
		} else {
			c = sp.child(q, i, to, w.s)
		}
		all = t.value(c) == win
		return all
	}) {
		return t.value(sp.slot(q.sq[0], q.sq[1], x, w.s)) == win
	}
	return all
}

// An unmove is a move taken back: side's i-th piece (in ascending order
// of its squares) returns to from; a pass when from < 0.
type unmove struct {
	side, i int
	from    int32
}

// undo writes into out the position before p by u.
func (sp *space) undo(p *pos, u unmove, out *pos) {
	copy(out.owner, p.owner)
	copy(out.sq[0], p.sq[0])
	copy(out.sq[1], p.sq[1])
	out.toMove = u.side
	if u.from < 0 {
		return
	}
	s := p.sq[u.side][u.i]
	out.owner[s], out.owner[u.from] = -1, int8(u.side)
	replace(p.sq[u.side], u.i, u.from, out.sq[u.side][:0])
}

// predecessors calls visit with the slot of every position one move
// before p (w.p), and the move taken back: the other side moved one of
// its pieces onto its square at p, along a line that ends there, or
// leapt there, or passed (when the rule lets a side without a move
// pass). A position before p is never one at which the game was over
// already. Duplicates may be visited.
func (sp *space) predecessors(w *worker, visit func(int64, unmove)) {
	p := w.p
	x := p.toMove
	y := 1 - x
	if sp.onGoal(p, x) {
		return // the position before would be over: x moved last there
	}
	for i, s := range p.sq[y] {
		for r, back := range sp.back[y][s] {
			// Off a closed line, a ride along r stops on s exactly when
			// the square after s is taken or there is none.
			fwd := sp.rays[y][s][r].sq
			stops := len(fwd) == 0 || p.owner[fwd[0]] >= 0
			for _, from := range back.sq {
				if p.owner[from] >= 0 {
					break
				}
				if !sp.rays[y][from][r].closed {
					if stops {
						visit(sp.before(p, y, i, from, w.s), unmove{y, i, from})
					}
					continue
				}
				// The piece on s came from `from` along ride r: it did if,
				// with it back on from, the ride from there ends on s.
				p.owner[s], p.owner[from] = -1, int8(y)
				end := slideEnd(sp.rays[y][from][r], p.owner)
				p.owner[s], p.owner[from] = int8(y), -1
				if end == s {
					visit(sp.before(p, y, i, from, w.s), unmove{y, i, from})
				}
			}
		}
		for _, from := range sp.backLeaps[y][s] {
			if p.owner[from] < 0 && leapsTo(sp.leaps[y][from], s) {
				visit(sp.before(p, y, i, from, w.s), unmove{y, i, from})
			}
		}
	}
	if sp.m.Game.Stuck == model.StuckPasses {
		// y passed: at the same squares with y to move, y has no move.
		p.toMove = y
		stuck := !sp.moves(p, func(int, int32) bool { return false })
		p.toMove = x
		if stuck {
			visit(sp.slot(p.sq[0], p.sq[1], y, w.s), unmove{y, 0, -1})
		}
	}
}

func leapsTo(targets []int32, s int32) bool {
	for _, t := range targets {
		if t == s {
			return true
		}
	}
	return false
}

// before is the slot of the position with side y's i-th piece moved
// back from s to from, y to move.
func (sp *space) before(p *pos, y, i int, from int32, s *scratch) int64 {
	moved := replace(p.sq[y], i, from, s.buf)
	if y == 0 {
		return sp.slot(moved, p.sq[1], 0, s)
	}
	return sp.slot(p.sq[0], moved, 1, s)
}

// worker is one goroutine's scratch: the position it decodes, the one it
// looks ahead from, and room for a side's squares and their images.
type worker struct {
	p, q *pos
	s    *scratch
	h    *half // allWins' half of its children's slots
}

// chunk is the number of items a worker takes at a time (of the
// analysis's phases: frontier words); a variable only so that the
// package's tests can pause an analysis within a walk on a small game.
var chunk int64 = 1 << 12

// parallelFrom does [from, n) size items at a time among workers, each
// with its own scratch; the workers take no chunk once ctx has ended or,
// when due is set, once it has passed (each doing one first), and each
// finishes the one it holds. It returns how far the items are done
// (every item below it), and ctx's error when ctx has ended.
func parallelFrom(ctx context.Context, sp *space, workers int, from, n, size int64, due time.Time, do func(lo, hi int64, w *worker)) (int64, error) {
	var nextChunk atomic.Int64
	nextChunk.Store(from)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{p: sp.newPos(), q: sp.newPos(), s: sp.newScratch(), h: sp.newHalf()}
			for ctx.Err() == nil {
				lo := nextChunk.Add(size) - size
				if lo >= n {
					return
				}
				do(lo, min(lo+size, n), w)
				if !due.IsZero() && time.Now().After(due) {
					return // each worker does a chunk before it pauses
				}
			}
		}()
	}
	wg.Wait()
	// Chunks are taken in order and each one taken is done: every chunk
	// below the counter (and below n) is done, none past it.
	return min(nextChunk.Load(), n), ctx.Err()
}

package tour

import (
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Finding one tour: a depth-first search that tries the moves in
// Warnsdorff's order — the square with the fewest onward moves first, ties
// broken by the greater distance from the centre of the board (Roth's rule,
// which keeps the path hugging the edges and leaves the open middle for
// last) — and backtracks when a move is proved useless. On most boards the
// first descent is a tour and the search is linear; when it is not, the
// backtracking is exhaustive, so the search also proves that no tour
// exists.

// searchOutcome says how a search ended.
type searchOutcome int

const (
	searchFound     searchOutcome = iota // a tour is in the path
	searchExhausted                      // every branch was tried: no tour exists
	searchStopped                        // the stopper or the node budget ended it
)

// A finder looks for a Hamiltonian path of its graph from start: closed
// (the last square one move from the start), or ending on a given square,
// or ending anywhere.
type finder struct {
	g      *model.MoveGraph
	closed bool
	start  int32
	end    int32          // -1: any square may be last
	budget int64          // nodes allowed (0: no bound)
	st     *tasks.Stopper // nil: never stopped

	visited  []bool
	deg      []int32 // unvisited neighbours of each vertex
	adjStart []bool  // closed: squares one move from the start
	weight   []int32 // tie-break: the larger first
	path     []int32
	nodes    int64
}

func newFinder(g *model.MoveGraph, start int, closed bool, end int) *finder {
	n := g.Len()
	f := &finder{g: g, closed: closed, start: int32(start), end: int32(end),
		visited: make([]bool, n), deg: make([]int32, n), weight: make([]int32, n),
		path: make([]int32, 0, n)}
	for v := 0; v < n; v++ {
		f.deg[v] = int32(g.Degree(v))
		s := g.Squares[v]
		df, dr := 2*s.File-(g.Cols-1), 2*s.Rank-(g.Rows-1)
		f.weight[v] = int32(min(int64(df)*int64(df)+int64(dr)*int64(dr), 1<<30))
	}
	if closed {
		f.adjStart = make([]bool, n)
		for _, w := range g.Neighbours(start) {
			f.adjStart[w] = true
		}
	}
	return f
}

func (f *finder) visit(v int32) {
	f.visited[v] = true
	f.path = append(f.path, v)
	for _, w := range f.g.Neighbours(int(v)) {
		f.deg[w]--
	}
}

func (f *finder) unvisit() {
	v := f.path[len(f.path)-1]
	f.path = f.path[:len(f.path)-1]
	f.visited[v] = false
	for _, w := range f.g.Neighbours(int(v)) {
		f.deg[w]++
	}
}

// frame is one level of the iterative search: the candidates of the square
// on top of the path, the next one to try, and the square that must end
// the path (-1 when none is forced yet).
type frame struct {
	lo, hi, next int
	forced       int32
}

// run searches from the start. The path holds the tour when it returns
// searchFound.
func (f *finder) run() searchOutcome {
	n := f.g.Len()
	var arena []int32
	f.visit(f.start)
	if n == 1 {
		if f.closed {
			return searchExhausted
		}
		return searchFound
	}
	forced := f.end
	if f.end == f.start {
		return searchExhausted
	}
	arena = f.candidates(arena, f.start)
	frames := []frame{{lo: 0, hi: len(arena), next: 0, forced: forced}}
	for len(frames) > 0 {
		top := &frames[len(frames)-1]
		if top.next == top.hi {
			arena = arena[:top.lo]
			frames = frames[:len(frames)-1]
			f.unvisit()
			continue
		}
		next := arena[top.next]
		top.next++
		f.nodes++
		if f.nodes%pollEvery == 0 && f.stop() {
			return searchStopped
		}
		cur := f.path[len(f.path)-1]
		f.visit(next)
		if len(f.path) == n {
			if !f.closed || f.adjStart[next] {
				return searchFound
			}
			f.unvisit()
			continue
		}
		forcedNext, ok := f.allowed(cur, next, top.forced)
		if !ok {
			f.unvisit()
			continue
		}
		lo := len(arena)
		arena = f.candidates(arena, next)
		frames = append(frames, frame{lo: lo, hi: len(arena), next: lo, forced: forcedNext})
	}
	return searchExhausted
}

func (f *finder) stop() bool {
	return (f.st != nil && f.st.Stopped()) || (f.budget > 0 && f.nodes > f.budget)
}

// allowed decides whether the move cur -> next (already visited) can lead
// to a tour, looking at the squares whose ways in and out the move reduced:
// the unvisited neighbours of cur, which can no longer be entered from it.
// A square left with no way in is dead; one left with a single way can only
// end the path, and a path has one end. It returns the square now forced
// to end the path.
func (f *finder) allowed(cur, next, forced int32) (int32, bool) {
	if next == forced || f.deg[next] == 0 {
		return forced, false // next would have to be last, and it is not
	}
	for _, w := range f.g.Neighbours(int(cur)) {
		if f.visited[w] {
			continue
		}
		links := f.deg[w]
		if f.g.Adjacent(int(w), int(next)) {
			links++
		}
		if f.closed && f.adjStart[w] {
			links++
		}
		switch {
		case links == 0:
			return forced, false
		case links == 1:
			if f.closed || (forced >= 0 && forced != w) {
				return forced, false
			}
			forced = w
		}
	}
	return forced, true
}

// candidates appends the unvisited neighbours of v in Warnsdorff order.
func (f *finder) candidates(arena []int32, v int32) []int32 {
	lo := len(arena)
	for _, w := range f.g.Neighbours(int(v)) {
		if !f.visited[w] {
			arena = append(arena, w)
		}
	}
	c := arena[lo:]
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && f.before(c[j], c[j-1]); j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	return arena
}

// before is Warnsdorff's order with Roth's tie-break, then the vertex
// number so that the order is total.
func (f *finder) before(a, b int32) bool {
	if f.deg[a] != f.deg[b] {
		return f.deg[a] < f.deg[b]
	}
	if f.closed && f.adjStart[a] != f.adjStart[b] {
		return f.adjStart[b] // keep the squares next to the start for the end
	}
	if f.weight[a] != f.weight[b] {
		return f.weight[a] > f.weight[b]
	}
	return a < b
}

package problem

import (
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/chessmodel/chessmodel/model"
)

// Boards of at most 64 squares hold a set of squares in one word, and there
// a piece's reach is found by the classical bitboard method instead of
// walking each ray square by square: the ray from a square on the empty
// rectangle comes from a table, its first wall or hole is the lowest (or,
// for a direction of decreasing index, the highest) closed square on it,
// and the reach is the ray less that square's own ray beyond it. Along any
// direction the index of the squares changes by one constant step, so the
// nearest closed square is always an end of the word's closed bits on the
// ray. A wall sweep compiles one board per class of walls, and this cut the
// geometry's share of its time (see pieceGeometry).

// rayKey names a table: a board's shape and a vector, taken once (a leap)
// or repeated (a ride).
type rayKey struct {
	rows, cols int
	v          model.Vector
	ride       bool
}

// rayTables holds the tables made so far; every board of a shape shares
// them. A wall sweep reads them a dozen times per board from every worker,
// so reading is a map lookup on an immutable map (no lock, and no key
// boxed into an interface as a sync.Map would); a new table copies the map.
var rayTables struct {
	mu    sync.Mutex
	known atomic.Pointer[map[rayKey][]uint64]
}

// EmptyRays returns, for each square of a rows x cols rectangle of at most
// 64 squares, the squares v reaches from it on the empty rectangle: one
// step for a leap, every step for a ride.
func EmptyRays(rows, cols int, v model.Vector, ride bool) []uint64 {
	key := rayKey{rows, cols, v, ride}
	if known := rayTables.known.Load(); known != nil {
		if t, ok := (*known)[key]; ok {
			return t
		}
	}
	t := make([]uint64, rows*cols)
	for i := range t {
		for f, r := i%cols+v.File, i/cols+v.Rank; f >= 0 && f < cols && r >= 0 && r < rows; f, r = f+v.File, r+v.Rank {
			t[i] |= 1 << uint(r*cols+f)
			if !ride {
				break
			}
		}
	}
	rayTables.mu.Lock()
	defer rayTables.mu.Unlock()
	next := map[rayKey][]uint64{key: t}
	if known := rayTables.known.Load(); known != nil {
		if stored, ok := (*known)[key]; ok {
			return stored // made meanwhile by another goroutine
		}
		for k, table := range *known {
			next[k] = table
		}
	}
	rayTables.known.Store(&next)
	return t
}

// wordReach fills weak[i] with what pc reaches from every square of a board
// of at most 64 squares set in open.
func wordReach(rows, cols int, open uint64, pc *model.Piece, weak []uint64) {
	closed := ^open
	for _, v := range pc.Leaps {
		t := EmptyRays(rows, cols, v, false)
		for i := range weak {
			if open>>uint(i)&1 != 0 {
				weak[i] |= t[i] & open
			}
		}
	}
	for _, d := range pc.Rides {
		t := EmptyRays(rows, cols, d, true)
		up := d.Rank*cols+d.File > 0
		for i := range weak {
			if open>>uint(i)&1 != 0 {
				weak[i] |= RideReach(t, i, closed, up)
			}
		}
	}
}

// RideReach is the squares a ride reaches from square i: its ray t[i] on
// the empty rectangle up to the first closed square. up says that the
// squares of the direction's rays grow in index.
func RideReach(t []uint64, i int, closed uint64, up bool) uint64 {
	ray := t[i]
	if stop := ray & closed; stop != 0 {
		var j int
		if up {
			j = bits.TrailingZeros64(stop)
		} else {
			j = 63 - bits.LeadingZeros64(stop)
		}
		ray &^= t[j] | 1<<uint(j)
	}
	return ray
}

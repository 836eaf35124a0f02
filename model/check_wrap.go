package model

// The checker's own walk on a wrapped board. It does not fold plane points
// as Board.Reduce does: it steps square by square and carries the
// direction, which a crossing of a twisted edge turns over (the rank part
// changes sign), so that the two formulations check each other.

// wrapStep takes one step of dir from cur on board b, across glued edges.
// ok is false when the step leaves the board across an edge that is not
// glued.
func wrapStep(b *Board, cur Square, dir Vector) (next Square, newDir Vector, ok bool) {
	f, r := cur.File+dir.File, cur.Rank+dir.Rank
	flip := func() {
		if b.Wrap.Twisted() {
			r = b.Rows - 1 - r
			dir.Rank = -dir.Rank
		}
	}
	for b.Wrap.FilesWrap() && f >= b.Cols {
		f -= b.Cols
		flip()
	}
	for b.Wrap.FilesWrap() && f < 0 {
		f += b.Cols
		flip()
	}
	for b.Wrap.RanksWrap() && r >= b.Rows {
		r -= b.Rows
	}
	for b.Wrap.RanksWrap() && r < 0 {
		r += b.Rows
	}
	next = Square{File: f, Rank: r}
	return next, dir, b.InBounds(next)
}

// wrapWalk visits the squares of a leap or ride of d from from, stopping
// before a blocked square (blocked says which), an edge that is not glued,
// and the line's return to from; visit returns false to stop.
func wrapWalk(b *Board, from Square, d Vector, ride bool, blocked func(Square) bool, visit func(Square) bool) {
	cur, dir := from, d
	for steps := 0; steps <= 2*b.Size(); steps++ {
		next, nd, ok := wrapStep(b, cur, dir)
		if !ok || next == from || blocked(next) || !visit(next) || !ride {
			return
		}
		cur, dir = next, nd
	}
}

// checkIndependentWrapped finds pieces that attack one another on a
// wrapped board, walking every line of every piece.
func (p *position) checkIndependentWrapped(r *Report) {
	strong := p.m.Rules.Attack == Strong
	for i, pc := range p.pieces {
		def := p.kinds[p.kind[i]]
		full := false
		visit := func(t Square) bool {
			on := p.at(t)
			for _, j := range on {
				if !p.attack(r, i, j) {
					full = true
					return false
				}
			}
			return !strong || len(on) == 0
		}
		for _, v := range def.Leaps {
			wrapWalk(p.m.Board, pc.Square, v, false, p.blocked, visit)
		}
		for _, d := range def.Rides {
			wrapWalk(p.m.Board, pc.Square, d, true, p.blocked, visit)
		}
		if full {
			return
		}
	}
}

// wrapMove reports whether pc can go from a to b on a wrapped board (a
// leap, or a ride over open squares that occupied does not stop), and for
// a slide (maximal) whether it also stops there because the next square
// is blocked: a ride that nothing stops comes back to its start and is no
// slide.
func wrapMove(b *Board, pc *Piece, from, to Square, occupied func(Square) bool, maximal bool) bool {
	landed := false
	for _, v := range pc.Leaps {
		wrapWalk(b, from, v, false, func(s Square) bool { return !b.IsOpen(s) }, func(s Square) bool {
			landed = landed || s == to
			return true
		})
	}
	if landed {
		return true
	}
	blocked := func(s Square) bool { return !b.IsOpen(s) || occupied(s) }
	for _, d := range pc.Rides {
		var last Square
		seen, n := false, 0
		wrapWalk(b, from, d, true, blocked, func(s Square) bool {
			seen, last, n = seen || s == to, s, n+1
			return true
		})
		if !maximal && seen {
			return true
		}
		if maximal && n > 0 && last == to && stoppedBefore(b, from, d, n, blocked) {
			return true
		}
	}
	return false
}

// stoppedBefore reports whether the ride of d from from ended after n
// squares at a blocked square or an edge, not by coming back to from.
func stoppedBefore(b *Board, from Square, d Vector, n int, blocked func(Square) bool) bool {
	cur, dir := from, d
	for i := 0; i <= n; i++ {
		next, nd, ok := wrapStep(b, cur, dir)
		if !ok {
			return true
		}
		if i == n {
			return next != from && blocked(next)
		}
		cur, dir = next, nd
	}
	return false
}

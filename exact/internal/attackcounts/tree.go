package attackcounts

import "github.com/chessmodel/chessmodel/model"

// square decides square i and every square after it.
func (s *search) square(i int) {
	if s.halted {
		return
	}
	s.nodes++
	if s.nodes&1023 == 0 && s.st.Stopped() {
		s.halted = true
		return
	}
	if i == s.t.n {
		s.leaf()
		return
	}
	if i == s.splitDepth {
		s.onSplit()
		return
	}
	if s.short(i) || s.bound(i) < s.floor {
		return
	}
	for _, d := range s.t.fixed[i] {
		s.put(d, -1, i)
	}
	s.decide(i, 0)
	for range s.t.fixed[i] {
		s.take(i)
	}
}

// decide decides whether slot k stands on square i, then the next slot;
// after the last, it finishes the square and goes on to the next.
func (s *search) decide(i, k int) {
	t := s.t
	if k == t.k {
		mark := len(s.trail)
		s.finish(i)
		if !s.overUpper(mark) && !s.underLower(i) {
			s.square(i + 1)
		}
		s.undo(mark)
		return
	}
	if s.mayPut(i, k) {
		s.put(t.slotOf[k], k, i)
		s.decide(i, k+1)
		s.take(i)
		if s.halted {
			return
		}
	}
	s.decide(i, k+1)
}

// mayPut reports whether slot k may stand on square i now: the vertex is
// allowed, the square is free (or pieces stack, and the copy before this
// one stands there), and the place list is not over.
func (s *search) mayPut(i, k int) bool {
	p := s.t.p
	if !p.Allowed.Has(k*s.t.n + i) {
		return false
	}
	if !p.Stack && s.count[i] > 0 {
		return false
	}
	if p.CopyOf[k] > 0 && (s.count[i] == 0 || s.slot[len(s.slot)-1] != k-1) {
		return false
	}
	r := p.RuleOf[k]
	light, dark := s.light[r], s.dark[r]
	if p.Dark.Has(i) {
		dark++
	} else {
		light++
	}
	return !p.Rules[r].Over(light, dark)
}

// short reports whether the squares from i on cannot hold the pieces the
// place list still asks for.
func (s *search) short(i int) bool {
	p := s.t.p
	for r, rule := range p.Rules {
		if rule.Need(s.light[r], s.dark[r]) > s.t.remaining[r][i] {
			return true
		}
	}
	return false
}

// bound is the best score a placement below this node can reach (noBound
// when the objective has no bound): the pieces or weight so far plus the
// most the squares from i on can add.
func (s *search) bound(i int) int64 {
	t := s.t
	switch {
	case t.sign == 0:
		return noBound
	case t.p.Measure == model.MeasureWeight:
		return t.sign*s.weight + t.bestScores(i, t.p.MaxTotal-len(s.chosen))
	case t.p.Measure == model.MeasurePieces && t.sign > 0:
		more := 0
		for r := range t.p.Rules {
			more += t.remaining[r][i]
		}
		return int64(len(s.chosen) + more)
	case t.p.Measure == model.MeasurePieces:
		need := 0
		for r, rule := range t.p.Rules {
			need += rule.Need(s.light[r], s.dark[r])
		}
		return -int64(len(s.chosen) + need)
	}
	return noBound
}

// leaf judges a placement with every square decided: the place list is
// met and every count is final (the lower bounds were checked as they
// became final); the cover rule and the objective are weighed here.
func (s *search) leaf() {
	p := s.t.p
	for r, rule := range p.Rules {
		if rule.Need(s.light[r], s.dark[r]) > 0 {
			return
		}
	}
	if p.Cover && p.CoverAtLeast > 0 && s.measure(p.CoverWhat) < int64(p.CoverAtLeast) {
		return
	}
	if s.t.equalGroups && !s.groupsEqual() {
		return
	}
	score := s.t.sign * s.value()
	if score >= s.floor {
		s.accept(score)
	}
}

// groupsEqual reports whether every group holds as many placed pieces.
func (s *search) groupsEqual() bool {
	pieces := make([]int, len(s.t.forbid))
	for _, k := range s.slot {
		if k >= 0 {
			pieces[s.t.groupOf[k]]++
		}
	}
	for _, n := range pieces {
		if n != pieces[0] {
			return false
		}
	}
	return true
}

// value is the objective's measure of the placement on the board.
func (s *search) value() int64 {
	switch m := s.t.p.Measure; m {
	case model.MeasurePieces, model.MeasureNone: // without an objective, the pieces placed
		return int64(len(s.chosen))
	case model.MeasureWeight:
		return s.weight
	default:
		return s.measure(m)
	}
}

// measure counts the attacked or dominated open squares, or sums the
// weights of the attacked ones.
func (s *search) measure(m model.Measure) int64 {
	t := s.t
	var n int64
	for u := 0; u < t.n; u++ {
		if !t.p.Open.Has(u) {
			continue
		}
		attacked := s.squares[u] > 0
		switch {
		case m == model.MeasureAttacked && attacked:
			n++
		case m == model.MeasureDominated && (attacked || s.count[u] > 0):
			n++
		case m == model.MeasureAttackedWeight && attacked:
			n += t.weight[u]
		}
	}
	return n
}

// replay puts the vertices (sorted by square, then slot) and the fixed
// pieces on squares 0 .. depth-1 and finishes them, as the search would.
func (s *search) replay(vertices []int32, depth int) {
	s.reset()
	n := int32(s.t.n)
	next := 0
	for i := 0; i < depth; i++ {
		for _, d := range s.t.fixed[i] {
			s.put(d, -1, i)
		}
		for next < len(vertices) && int(vertices[next]%n) == i {
			k := int(vertices[next] / n)
			s.put(s.t.slotOf[k], k, i)
			next++
		}
		s.finish(i)
	}
}

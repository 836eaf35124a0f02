package armies

import "math/bits"

// countFrom counts the members of set at or after square i.
func countFrom(set []uint64, i int) int {
	w := i >> 6
	if w >= len(set) {
		return 0
	}
	n := bits.OnesCount64(set[w] &^ (1<<uint(i&63) - 1))
	for _, x := range set[w+1:] {
		n += bits.OnesCount64(x)
	}
	return n
}

// feasible is the bound: whether the squares from i on can still take
// enough pieces. Each slot needs what its count rule still asks for among
// the squares open to it; each group can add at most what its slots'
// rules allow and its open squares hold; every group together at most the
// squares open to some slot. With equal groups every group ends with as
// many pieces as the group that can place the fewest.
func (s *Search) feasible(i int) bool {
	t := s.t
	level := len(s.Chosen)
	var buf [16]int        // model.MaxGroups fit
	caps := buf[:t.groups] // per group: the most pieces it can still add
	union := s.scratch
	clear(union)
	need := 0
	for k := 0; k < t.slots; k++ {
		r := t.p.Rules[t.p.RuleOf[k]]
		open := s.level(level, k)
		free := countFrom(open, i)
		n := r.Need(s.light[k], s.dark[k])
		if n > free {
			return false
		}
		need += n
		room := min(free, r.Most()-s.light[k]-s.dark[k])
		if room > 0 {
			caps[t.group[k]] += room
			union.Or(open)
		}
	}
	squares := countFrom(union, i)
	if level+need > s.Hi {
		return false
	}
	most := level + squares
	if t.equal {
		least, fewest := 0, int(^uint(0)>>1)
		for g, c := range caps {
			least = max(least, s.placed[g])
			fewest = min(fewest, s.placed[g]+c)
		}
		target := max(least, (s.Lo+t.groups-1)/t.groups)
		if fewest < target || t.groups*target-level > squares || t.groups*least > s.Hi {
			return false
		}
		most = min(most, t.groups*fewest)
	} else {
		sum := level
		for _, c := range caps {
			sum += c
		}
		most = min(most, sum)
	}
	return most >= s.Lo
}

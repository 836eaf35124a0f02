package sweep

import (
	"fmt"
	"sort"

	"github.com/chessmodel/chessmodel/model"
)

// Merge adds up the Summaries of the parts of one sweep split over
// Options.Shard, given in the order of their shard index: classes, buckets,
// infeasible classes and seconds add up; boards and the group are the
// whole's on every part. The best class is the earliest of the parts' of
// the best value (minimize: the least), in the order of enumeration: the
// one-process sweep's. The result is complete when every part is.
// A whole whose classes and boards do not add up is refused (Check); so is
// a sum past 2^63-1.
func Merge(parts []*Summary, minimize bool) (*Summary, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("sweep: no parts to merge")
	}
	first := parts[0]
	sum := &Summary{Model: first.Model, Walls: first.Walls, Boards: first.Boards, Group: first.Group, Complete: true}
	buckets := map[int64]*Bucket{}
	var sums counts
	for i, p := range parts {
		if p.Model != first.Model || p.Walls != first.Walls || p.Boards != first.Boards || p.Group != first.Group {
			return nil, fmt.Errorf("sweep: part %d is of another sweep (%s, %d walls, %d boards) than part 0 (%s, %d walls, %d boards)",
				i, p.Model, p.Walls, p.Boards, first.Model, first.Walls, first.Boards)
		}
		sums.add(&sum.Classes, p.Classes)
		sums.add(&sum.Infeasible, p.Infeasible)
		sums.add(&sum.InfeasibleBoards, p.InfeasibleBoards)
		sum.Seconds += p.Seconds
		sum.Complete = sum.Complete && p.Complete
		for _, b := range p.Values {
			if buckets[b.Value] == nil {
				buckets[b.Value] = &Bucket{Value: b.Value}
			}
			sums.add(&buckets[b.Value].Classes, b.Classes)
			sums.add(&buckets[b.Value].Boards, b.Boards)
		}
		if p.Best != nil && (sum.Best == nil || betterClass(p.Best, sum.Best, minimize)) {
			best := *p.Best
			sum.Best = &best
		}
	}
	if sums.overflow {
		return nil, fmt.Errorf("sweep: the parts' classes or boards add up past 2^63-1")
	}
	for _, b := range buckets {
		sum.Values = append(sum.Values, *b)
	}
	sort.Slice(sum.Values, func(i, j int) bool { return sum.Values[i].Value < sum.Values[j].Value })
	if err := sum.Check(&Share{Classes: sum.Classes, Boards: sum.Boards}, minimize); err != nil {
		return nil, fmt.Errorf("sweep: the merged parts: %w", err)
	}
	return sum, nil
}

// betterClass reports whether class c is better than best: of a better
// value, or of the same and earlier in the order of enumeration.
func betterClass(c, best *Class, minimize bool) bool {
	return better(c.Value, best.Value, minimize) || c.Value == best.Value && earlier(c.Walls, best.Walls)
}

// counts adds counts up and remembers whether a sum passed the int64 range.
type counts struct{ overflow bool }

func (c *counts) add(to *int64, v int64) {
	s, ok := model.AddCounts(*to, v)
	*to, c.overflow = s, c.overflow || !ok
}

// A Share is what one part of a split sweep owns: its classes and the
// boards in them, fixed by the model, the walls and the number of parts
// alone (no board is solved to list them).
type Share struct {
	Classes int64 `json:"classes"`
	Boards  int64 `json:"boards"`
}

// Shares lists the share of each part of a sweep with walls walls split
// of ways, by enumerating the classes (without solving them) as the parts
// deal them out: each part's share is the classes of its prefixes
// (wallSets.split).
func Shares(m *model.Model, walls, of int) ([]Share, error) {
	if of < 1 {
		return nil, fmt.Errorf("sweep: %d parts: expected at least 1", of)
	}
	w := newWallSets(m, walls)
	if w.total < 0 {
		return nil, fmt.Errorf("sweep: %d walls on %d free squares is too many placements to enumerate", walls, len(w.squares))
	}
	w.split(of)
	shares := make([]Share, of)
	w.each(func(_ []int, orbit int, _ float64) bool {
		s := &shares[w.part]
		s.Classes++
		s.Boards += int64(orbit)
		return true
	})
	return shares, nil
}

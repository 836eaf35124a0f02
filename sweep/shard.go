package sweep

import (
	"fmt"
	"sort"

	"github.com/chessmodel/chessmodel/model"
)

// Merge adds up the Summaries of the parts of one sweep split over
// Options.Shard, given in the order of their shard index: classes, buckets,
// infeasible classes and seconds add up; boards and the group are the
// whole's on every part. The best class is the first part's of the best
// value (minimize: the least). The result is complete when every part is.
func Merge(parts []*Summary, minimize bool) (*Summary, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("sweep: no parts to merge")
	}
	first := parts[0]
	sum := &Summary{Model: first.Model, Walls: first.Walls, Boards: first.Boards, Group: first.Group, Complete: true}
	buckets := map[int64]*Bucket{}
	for i, p := range parts {
		if p.Model != first.Model || p.Walls != first.Walls || p.Boards != first.Boards || p.Group != first.Group {
			return nil, fmt.Errorf("sweep: part %d is of another sweep (%s, %d walls, %d boards) than part 0 (%s, %d walls, %d boards)",
				i, p.Model, p.Walls, p.Boards, first.Model, first.Walls, first.Boards)
		}
		sum.Classes += p.Classes
		sum.Infeasible += p.Infeasible
		sum.Seconds += p.Seconds
		sum.Complete = sum.Complete && p.Complete
		for _, b := range p.Values {
			if buckets[b.Value] == nil {
				buckets[b.Value] = &Bucket{Value: b.Value}
			}
			buckets[b.Value].Classes += b.Classes
			buckets[b.Value].Boards += b.Boards
		}
		if p.Best != nil && (sum.Best == nil || p.Best.Value != sum.Best.Value && (p.Best.Value < sum.Best.Value) == minimize) {
			best := *p.Best
			sum.Best = &best
		}
	}
	for _, b := range buckets {
		sum.Values = append(sum.Values, *b)
	}
	sort.Slice(sum.Values, func(i, j int) bool { return sum.Values[i].Value < sum.Values[j].Value })
	return sum, nil
}

// ShardClasses lists the classes each part of a sweep with walls walls
// split of ways solves, by enumerating the classes (without solving them).
func ShardClasses(m *model.Model, walls, of int) ([]int64, error) {
	w := newWallSets(m, walls)
	if w.total < 0 {
		return nil, fmt.Errorf("sweep: %d walls on %d free squares is too many placements to enumerate", walls, len(w.squares))
	}
	counts := make([]int64, of)
	w.each(func(_ []int, _ int, _ float64) bool {
		counts[(w.classes-1)%int64(of)]++
		return true
	})
	return counts, nil
}

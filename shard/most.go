package shard

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// A maximised cover in parts (folding's: the eight pieces attack at most
// 63 squares). The one-process solve tries targets from Top down while the
// target is above the best point judged so far (the greedy point, then
// the best any pass judged), and answers the first point meeting a target
// or, once the best judged reaches the next target, that best. Each part
// runs that loop on its own boxes and reports, for every target it tried,
// its earliest point meeting it or the best it judged; Merge runs the
// one-process loop on the reports of every part.

// A Point is a placement a part reports; a Target one target a part
// tried (model.PartPoint, PartTarget).
type (
	Point  = model.PartPoint
	Target = model.PartTarget
)

// mergeMost runs the one-process loop of targets on the parts' reports.
func mergeMost(res *model.Result, parts []*Record) (*model.Result, error) {
	first := parts[0].Proof
	for _, r := range parts {
		res.Stats.Nodes += r.Nodes
		res.Stats.Seconds += r.Seconds
		p := r.Proof
		if p == nil || p.Kind != "most" {
			return nil, fmt.Errorf("%s: no proof of a maximised cover in the record", r.Name())
		}
		if p.Top != first.Top || p.Floor != first.Floor || value(p.Greedy) != value(first.Greedy) {
			return nil, fmt.Errorf("%s disagrees with %s on the targets or the greedy point", r.Name(), parts[0].Name())
		}
	}
	best := first.Greedy
	t := first.Top
	for i := 0; t >= first.Floor && int64(t) > value(best); i, t = i+1, t-1 {
		var found *Point
		for _, r := range parts {
			ts := r.Proof.Targets
			if i >= len(ts) || ts[i].Target != t {
				return nil, fmt.Errorf("%s did not try the target %d, which the one-process run tries", r.Name(), t)
			}
			if ts[i].Found && ts[i].Point != nil && (found == nil || ts[i].Point.Task < found.Task) {
				found = ts[i].Point
			}
		}
		if found != nil {
			return answer(res, found)
		}
		for _, r := range parts {
			if pt := r.Proof.Targets[i].Point; pt != nil && (pt.Value > value(best) || pt.Value == value(best) && pt.Task < best.Task) {
				best = pt
			}
		}
	}
	if best != nil && best.Value >= int64(first.Floor) && best.Value >= int64(t) {
		return answer(res, best)
	}
	return res, nil // infeasible: no placement meets the rule
}

// value is a point's value, -1 for none.
func value(p *Point) int64 {
	if p == nil {
		return -1
	}
	return p.Value
}

func answer(res *model.Result, p *Point) (*model.Result, error) {
	if p.Solution == nil {
		return nil, fmt.Errorf("the answer's point (value %d) has no solution in its record", p.Value)
	}
	res.Status, res.Value, res.Solution = model.StatusOptimal, model.Int64(p.Value), p.Solution
	return res, nil
}

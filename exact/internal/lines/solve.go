package lines

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// MaxFrontier is the widest frontier the counter sweeps (a state is a set
// of open segments in a machine word, and 2^MaxFrontier states are about
// the most the default memory bound holds); a component wider than that,
// or whose frontier would pass Options.MaxMemory, is left to the search.
const MaxFrontier = 22

// bytesPerSquare bounds what the graph takes per square of the board
// (two segment ids, a cell, the parts' lists and a share of the
// polynomials), checked before anything is allocated.
const bytesPerSquare = 256

// ExtraCounts is the key of Stats.Extra under which a count gives the
// number of placements of every number of pieces, 0 first, as decimal
// strings (they pass 64 bits on large boards): the rook polynomial of
// the allowed squares, whatever the place list's counts.
const ExtraCounts = "counts_by_pieces"

// Count answers a count of a model the line counter takes. taken is false
// when it does not take the model (fit, or a component that is neither
// nested nor narrow enough) and the caller answers it; otherwise err and
// res are the answer.
func Count(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) (taken bool, err error) {
	if opts.Task != model.TaskCount || opts.DistinctWalls {
		return false, nil
	}
	if squares := int64(m.Board.Rows) * int64(m.Board.Cols); squares > opts.MemoryLimit()/bytesPerSquare {
		return false, nil // not even the squares fit: the general search says why
	}
	s := fit(m)
	if s == nil {
		return false, nil
	}
	comps := s.components()
	plans := make([]plan, len(comps))
	for i := range comps {
		if len(s.classes) > 1 && comps[i].class < 0 {
			return false, nil // one component on squares of both colour rules
		}
		plans[i] = planOf(&comps[i])
		if p := plans[i]; p.method == methodFrontier && (p.width > MaxFrontier || p.frontierBytes() > float64(opts.MemoryLimit())) {
			return false, nil
		}
	}
	var fixed []fixedPlan
	if opts.Symmetry {
		if fixed = s.fixedPlans(m, plans, opts); fixed == nil {
			return false, nil
		}
	}
	return true, s.count(st, comps, plans, fixed, opts, res)
}

// fixedPlans plans the counts of Burnside's lemma, one per element of the
// model's group other than the identity (an empty list when that is
// all), or returns nil when one of them is past the limits: the place
// list on more than one colour rule (an orbit may then hold squares of
// both), or a frontier wider than MaxFrontier or past the memory bound.
func (s *spec) fixedPlans(m *model.Model, plans []plan, opts model.Options) []fixedPlan {
	if len(s.classes) > 1 {
		return nil
	}
	degree := 0
	for _, p := range plans {
		degree += p.degree()
	}
	out := []fixedPlan{}
	for _, g := range m.Symmetries() {
		if g == (model.Transform{}) {
			continue
		}
		p, ok := s.symmetryPlan(g, degree)
		if !ok || p.width > MaxFrontier || p.bytes() > float64(opts.MemoryLimit()) {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// count multiplies the components' polynomials class by class and reads
// the answer from them.
func (s *spec) count(st *tasks.Stopper, comps []component, plans []plan, fixed []fixedPlan, opts model.Options, res *model.Result) error {
	polys := make([][]*big.Int, len(s.classes))
	for i := range polys {
		polys[i] = []*big.Int{big.NewInt(1)}
	}
	nested, frontier := 0, 0
	for i := range comps {
		var p []*big.Int
		switch plans[i].method {
		case methodNested:
			nested++
			sizes := make([]int, len(plans[i].order))
			for j, x := range plans[i].order {
				sizes[j] = len(plans[i].lines[x])
			}
			p = nestedPolynomial(sizes, st)
		default:
			frontier++
			var err error
			p, err = frontierPolynomial(plans[i], st)
			switch {
			case errors.Is(err, errStopped):
				res.Status = model.StatusUnknown
				return nil
			case err != nil:
				return fmt.Errorf("exact: %w: %w", err, model.ErrUnsupported)
			}
		}
		c := max(comps[i].class, 0)
		if p != nil {
			polys[c] = multiply(polys[c], p, st)
		}
		if p == nil || polys[c] == nil {
			res.Status = model.StatusUnknown // stopped
			return nil
		}
	}
	res.Stats.Engine = fmt.Sprintf("rook polynomials of lines (%d nested components, %d by frontier)", nested, frontier)
	all := []*big.Int{big.NewInt(1)}
	for _, p := range polys {
		if all = multiply(all, p, st); all == nil {
			res.Status = model.StatusUnknown
			return nil
		}
	}
	res.Stats.Extra[ExtraCounts] = decimals(all)
	if !opts.Shard.Owns(0) { // the whole count is one task, the first shard's
		return problem.Infeasible(res, opts)
	}
	total, pieces, ok := s.answer(polys, st)
	if st.Stopped() {
		res.Status = model.StatusUnknown
		return nil
	}
	if !ok {
		return problem.Infeasible(res, opts)
	}
	if !total.IsInt64() {
		return fmt.Errorf("exact: the count, %s, does not fit a 64-bit count (the stats of a count that fits, of 0..1 pieces say, give the count of every number of pieces, %s): %w",
			total, ExtraCounts, model.ErrUnsupported)
	}
	if fixed != nil {
		classes, err := s.symmetryClasses(st, fixed, total, pieces)
		if err != nil || st.Stopped() {
			res.Status = model.StatusUnknown
			return err
		}
		res.Classes = model.Int64(classes)
	}
	res.Count = model.Int64(total.Int64())
	res.Status = model.StatusOptimal
	res.Value = model.Int64(int64(pieces))
	res.Solution = s.example(comps, plans, polys, pieces)
	return nil
}

// symmetryClasses is the mean over the group of the placements each element
// fixes among those counted (total, by the identity): of the pieces the
// answer chose when the model has an objective, of every number in the
// range otherwise.
func (s *spec) symmetryClasses(st *tasks.Stopper, fixed []fixedPlan, total *big.Int, pieces int) (int64, error) {
	sum := new(big.Int).Set(total)
	c := s.classes[0]
	for _, p := range fixed {
		poly, err := p.count(st)
		switch {
		case errors.Is(err, errStopped):
			return 0, nil
		case err != nil:
			return 0, fmt.Errorf("exact: %w: %w", err, model.ErrUnsupported)
		}
		for k, n := range poly {
			if s.sense == model.Fixed && c.lo <= k && k <= c.hi || s.sense != model.Fixed && k == pieces {
				sum.Add(sum, n)
			}
		}
	}
	order := big.NewInt(int64(len(fixed) + 1))
	classes, rest := new(big.Int).QuoRem(sum, order, new(big.Int))
	if rest.Sign() != 0 {
		return 0, fmt.Errorf("exact: the placements the %d symmetries fix add up to %s, which they do not divide (a bug)", order, sum)
	}
	return classes.Int64(), nil
}

// decimals writes a polynomial's coefficients in decimal.
func decimals(p []*big.Int) []string {
	out := make([]string, len(p))
	for i, c := range p {
		out[i] = c.String()
	}
	return out
}

// restricted is the placements by total pieces with each class's pieces
// in its range: the product of the classes' polynomials cut to their
// ranges.
func (s *spec) restricted(polys [][]*big.Int, st *tasks.Stopper) []*big.Int {
	out := []*big.Int{big.NewInt(1)}
	for i, p := range polys {
		cut := make([]*big.Int, len(p))
		for k := range p {
			cut[k] = new(big.Int)
			if s.classes[i].lo <= k && k <= s.classes[i].hi {
				cut[k].Set(p[k])
			}
		}
		if out = multiply(out, cut, st); out == nil {
			return []*big.Int{new(big.Int)} // stopped: the caller asks st
		}
	}
	return out
}

// answer is the count the model asks for and the pieces of the solution
// to show: every placement in range without an objective (the example
// has the fewest pieces that count), the placements of the most or the
// fewest pieces with one. ok is false when there is none.
func (s *spec) answer(polys [][]*big.Int, st *tasks.Stopper) (total *big.Int, pieces int, ok bool) {
	t := s.restricted(polys, st)
	total, pieces = new(big.Int), -1
	for k, c := range t {
		if c.Sign() == 0 {
			continue
		}
		switch {
		case s.sense == model.Fixed:
			total.Add(total, c)
			if pieces < 0 {
				pieces = k
			}
		case s.sense == model.Minimize && pieces < 0, s.sense == model.Maximize:
			total.Set(c)
			pieces = k
		}
	}
	return total, pieces, pieces >= 0
}

// example is one placement of the given total of pieces with each class
// in its range: a split of the total among the classes that counts, and
// each class's share spread over its components, each taking a matching
// as large as what is left of the share or its largest (a component holds
// every number of pieces up to its largest: a subset of a matching is
// one).
func (s *spec) example(comps []component, plans []plan, polys [][]*big.Int, pieces int) *model.Solution {
	share := s.split(polys, pieces)
	if share == nil {
		return nil
	}
	sol := &model.Solution{}
	for i := range comps {
		c := max(comps[i].class, 0)
		if share[c] == 0 {
			continue
		}
		m := comps[i].matching(plans[i], share[c])
		share[c] -= len(m)
		for _, x := range m {
			sol.Pieces = append(sol.Pieces, model.Placed{Piece: s.piece.Name, Square: x.square})
		}
	}
	sol.Normalize()
	return sol
}

// split gives each class a number of pieces in its range that its
// polynomial counts, the numbers adding up to pieces (nil when none do).
func (s *spec) split(polys [][]*big.Int, pieces int) []int {
	share := make([]int, len(polys))
	var fill func(i, left int) bool
	fill = func(i, left int) bool {
		if i == len(polys) {
			return left == 0
		}
		for k := s.classes[i].lo; k < len(polys[i]) && k <= min(s.classes[i].hi, left); k++ {
			if polys[i][k].Sign() != 0 {
				share[i] = k
				if fill(i+1, left-k) {
					return true
				}
			}
		}
		return false
	}
	if !fill(0, pieces) {
		return nil
	}
	return share
}

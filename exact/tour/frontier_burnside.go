package tour

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Classes of tours up to the model's symmetry by Burnside's lemma, for the
// frontier method, which counts tours without listing them: the classes
// are the orbits of the group G of the model's symmetries (as
// permutations of the squares: a start square, walls and holes restrict
// it; two symmetries that move no square apart are one) on the tours as
// the count counts them, and their number is the mean over G of the tours
// each symmetry fixes. The identity fixes every tour (the frontier's
// count); for the others:
//   - a directed open tour is fixed by no other symmetry (one that maps a
//     path onto itself, in its direction, fixes every square), so the
//     classes are the count over |G|;
//   - a closed tour (an undirected cycle) or an undirected open tour is
//     fixed by g when its image in the quotient by g is a cycle or path
//     of the kinds frontier_quotient.go describes, counted by the
//     frontier programme of frontier_voltage.go.
// The sum must be a multiple of |G|; a remainder is a bug, and an error.

// distinctPerms drops the permutations equal to one before them (the
// identity stays first).
func distinctPerms(perms [][]int32) [][]int32 {
	var out [][]int32
	for _, p := range perms {
		if !slices.ContainsFunc(out, func(q []int32) bool { return slices.Equal(p, q) }) {
			out = append(out, p)
		}
	}
	return out
}

// fixedTours counts the tours that the symmetry p (not the identity)
// fixes: closed ones, or with reversible undirected open ones, else
// directed open ones (none).
func fixedTours(st *tasks.Stopper, g *model.MoveGraph, p []int32, closed, reversible bool, limit int64, progress func(float64, string)) (*big.Int, error) {
	total := new(big.Int)
	if !closed && !reversible {
		return total, nil
	}
	q := newQuotient(g, p)
	order := q.qOrder(g)
	if closed && q.free && q.k > 1 {
		if q.n == 1 {
			total.Add(total, big.NewInt(int64(singleOrbitCycles(q, g.Len()))))
		} else {
			d := &voltageDP{q: q, k: q.k, order: order, st: st, limit: limit, progress: progress, what: "tours fixed by a symmetry, as a rotation"}
			n, err := d.count()
			if err != nil {
				return nil, err
			}
			total.Add(total, n)
		}
	}
	fixedMax := 2
	if reversible {
		fixedMax = 1 // the extra vertex is the other square g fixes
	}
	if q.k == 2 && q.fixed <= fixedMax {
		d := &voltageDP{q: q, k: 1, paths: true, extra: reversible, order: order, st: st, limit: limit, progress: progress, what: "tours fixed by a symmetry, as a reflection"}
		n, err := d.count()
		if err != nil {
			return nil, err
		}
		total.Add(total, n)
	}
	return total, nil
}

// singleOrbitCycles counts the closed tours of a board that is one orbit
// of k squares, rotated by g: one for each move orbit whose voltage
// generates Z_k (the cycle r, g^d r, g^2d r, ...), of three squares or
// more.
func singleOrbitCycles(q *quotient, squares int) int {
	if squares < 3 {
		return 0
	}
	n := 0
	for _, d := range q.loops[0] {
		if gcd(d, q.k) == 1 {
			n++
		}
	}
	return n
}

// frontierClasses is the number of classes of the count tours (as count
// counts them) under the model's symmetries, by Burnside's lemma; it
// records each symmetry's term in res.
func frontierClasses(st *tasks.Stopper, m *model.Model, g *model.MoveGraph, count *big.Int, opts model.Options, res *model.Result) (*big.Int, error) {
	perms := distinctPerms(permutations(m, g))
	sum := new(big.Int).Set(count)
	terms := []string{count.String()}
	for i, p := range perms[1:] {
		var progress func(float64, string)
		if opts.Progress != nil {
			progress = func(f float64, note string) {
				opts.Progress(f, fmt.Sprintf("Burnside, symmetry %d of %d: %s", i+2, len(perms), note))
			}
		}
		n, err := fixedTours(st, g, p, m.Tour.Closed, m.Tour.Reversible(), opts.MemoryLimit(), progress)
		if err != nil {
			return nil, err
		}
		sum.Add(sum, n)
		terms = append(terms, n.String())
	}
	res.Stats.Extra["symmetry_fixed_tours"] = terms
	order := big.NewInt(int64(len(perms)))
	classes, rem := new(big.Int).QuoRem(sum, order, new(big.Int))
	if rem.Sign() != 0 {
		return nil, fmt.Errorf("exact: the tours fixed by the %d symmetries add up to %s, not a multiple of %d (Burnside's lemma): a bug in the count of fixed tours", len(perms), sum, len(perms))
	}
	return classes, nil
}

// burnsideNodes is the cost of the fixed tours' programme in search nodes
// per unit of its size (the sum over the steps of 3 to the frontier's
// width, orderCost): measured on 5x14 closed, whose half turn and mirror
// (quotients of sizes 2.75 million) took 12 and 10 s of CPU for both
// kinds of image, 4 µs a unit, about 120 nodes at 36 ns.
const burnsideNodes = 120

// burnsideCost estimates, in search nodes, the counts of the tours that
// the symmetries other than the identity fix.
func burnsideCost(m *model.Model, g *model.MoveGraph) float64 {
	if !m.Tour.Closed && !m.Tour.Reversible() {
		return 0
	}
	total := 0.0
	for _, p := range distinctPerms(permutations(m, g))[1:] {
		q := newQuotient(g, p)
		if (m.Tour.Closed && q.free) || (q.k == 2 && q.fixed <= 2) {
			cost, _ := q.orderCost(q.qOrder(g))
			total += burnsideNodes * cost
		}
	}
	return total
}

package tour

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Counts past 64 bits. The frontier programme counts in 64 bits first;
// when a count (of a class, or the total) passes them it stops, and the
// count is taken again modulo primes just below 2^62 (so a sum of two
// residues stays below 2^63), one run of the programme a prime, each in
// the memory of the first, and the residues are joined by the Chinese
// remainder theorem. Enough primes are taken that their product passes a
// bound on the count: a cycle through every vertex, given a direction, is
// a choice of each vertex's successor among its neighbours, so there are
// at most the product of the degrees (with the extra vertex of an open
// tour, joined to every square). The count is then exact whatever its
// size: 3 x n boards pass 2^64 from about n = 46 (closed) on, each prime
// costing a run (TestFrontierPast64Bits).

// frontierPrimeBits is the size of the primes of a modular count.
const frontierPrimeBits = 62

// frontierCycles counts the cycles of c's plan exactly: in 64 bits, and,
// if a count passes them (or force is set, for the tests), modulo primes
// of primeBits bits joined by the CRT. c keeps the statistics of every run.
func frontierCycles(c *frontierCounter, g *model.MoveGraph, open bool, primeBits int, force bool) (*big.Int, error) {
	if !force {
		n, err := c.count()
		var over *errFrontierOverflow
		if !errors.As(err, &over) {
			return new(big.Int).SetUint64(n), err
		}
		if c.progress != nil {
			c.progress(0, fmt.Sprintf("%v; counting again modulo primes", err))
		}
	}
	primes := crtPrimes(cycleBoundBits(g, open)+1, primeBits)
	total, modulus := new(big.Int), big.NewInt(1)
	for i, p := range primes {
		r := &frontierCounter{plan: c.plan, st: c.st, workers: c.workers, progress: c.progress, mod: p}
		r.mem.limit = c.mem.limit
		if r.progress != nil {
			r.progress(0, fmt.Sprintf("frontier: modulo prime %d of %d", i+1, len(primes)))
		}
		n, err := r.count()
		c.expanded += r.expanded
		if r.peak > c.peak {
			c.peak, c.atPeak = r.peak, r.atPeak
		}
		c.mem.peak.Store(max(c.mem.peak.Load(), r.mem.peak.Load()))
		if err != nil {
			return nil, err
		}
		crtJoin(total, modulus, n, p)
	}
	return total, nil
}

// cycleBoundBits is log2 of a bound on the cycles through every vertex
// of g (with the extra vertex of an open tour): the product of the
// degrees.
func cycleBoundBits(g *model.MoveGraph, open bool) float64 {
	bits := 0.0
	if open {
		bits += math.Log2(float64(g.Len()))
	}
	for v := 0; v < g.Len(); v++ {
		d := g.Degree(v)
		if open {
			d++
		}
		if d > 1 {
			bits += math.Log2(float64(d))
		}
	}
	return bits
}

// crtPrimes returns the largest primes below 2^size whose product passes
// 2^boundBits: each is above 2^(size-1).
func crtPrimes(boundBits float64, size int) []uint64 {
	k := max(1, int(math.Ceil(boundBits/float64(size-1))))
	var out []uint64
	p := new(big.Int)
	for c := uint64(1)<<size - 1; len(out) < k; c -= 2 {
		if p.SetUint64(c).ProbablyPrime(0) { // exact below 2^64 (Baillie-PSW)
			out = append(out, c)
		}
	}
	return out
}

// crtJoin makes total the number below modulus*p that is total modulo
// modulus and r modulo p (Garner's step), and multiplies modulus by p.
func crtJoin(total, modulus *big.Int, r, p uint64) {
	bp := new(big.Int).SetUint64(p)
	t := new(big.Int).Mod(total, bp)
	t.Sub(new(big.Int).SetUint64(r), t)
	inv := new(big.Int).ModInverse(new(big.Int).Mod(modulus, bp), bp)
	t.Mul(t, inv).Mod(t, bp)
	total.Add(total, t.Mul(t, modulus))
	modulus.Mul(modulus, bp)
}

// countFrontier counts with the frontier programme.
func countFrontier(st *tasks.Stopper, m *model.Model, g *model.MoveGraph, plan *frontierPlan, opts model.Options, res *model.Result) error {
	c := &frontierCounter{plan: plan, st: st, workers: model.WorkerCount(opts.Workers), progress: opts.Progress}
	c.mem.limit = opts.MemoryLimit()
	n, err := frontierCycles(c, g, !m.Tour.Closed, frontierPrimeBits, false)
	res.Stats.Extra["frontier_squares"] = plan.maxSlots
	res.Stats.Extra["peak_classes"] = c.peak
	res.Stats.Extra["peak_classes_at_square"] = c.atPeak
	res.Stats.Extra["peak_table_bytes"] = c.mem.peak.Load()
	res.Stats.Nodes = c.expanded
	if errors.Is(err, errStopped) {
		res.Status = model.StatusUnknown
		return nil
	}
	if err != nil {
		return err
	}
	if !m.Tour.Closed && m.Tour.Start == nil && !m.Tour.Reversible() {
		n.Lsh(n, 1) // each path, both ways
	}
	if !n.IsInt64() {
		return fmt.Errorf("exact: the count is %s tours, which does not fit in the result's 63-bit count: %w", n, model.ErrUnsupported)
	}
	var classes *int64
	if opts.Symmetry { // frontier_burnside.go
		k, err := frontierClasses(st, m, g, n, opts, res)
		if errors.Is(err, errStopped) {
			res.Status = model.StatusUnknown
			return nil
		}
		if err != nil {
			return err
		}
		classes = model.Int64(k.Int64()) // at most the count
	}
	return counted(res, n.Int64(), classes, st, m, g, opts)
}

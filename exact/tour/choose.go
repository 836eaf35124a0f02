package tour

import (
	"math/bits"
	"math/rand/v2"

	"github.com/chessmodel/chessmodel/model"
)

// Auto counting chooses between the frontier programme and the search by
// their estimated costs, in search nodes:
//
//   - the frontier programme expands each class of each step once. A step
//     whose frontier holds w squares had about 3^w/40 classes on closed
//     tours and 3^w/6 on open ones (measured on knight boards of widths 8
//     to 14, within a factor of 3 to 5; king boards have fewer), and an
//     expansion costs as much as 10 (closed) to 13 (open, larger tables)
//     search nodes (6x6: 350 and 470 ns a class, 36 ns a node). So the
//     estimate is the sum over the steps of 3^w, times 2/5 for closed
//     tours and 10/3 for open ones (a little above those figures: on
//     near-square open boards the two are close, and the search was long
//     the only method that gave classes; since the frontier gives them
//     too, by Burnside, the factors were kept as they were measured to
//     choose). Checked again with the greedy order
//     (frontier_order.go): 6x6 open estimated 2.8 million nodes, 101 ms at
//     36 ns, and took 50 ms of CPU; 5x6 open 0.32 million, 12 ms, took
//     13 ms; 6x6 closed 0.11 million, 4 ms, took about 10 ms (steps of
//     few classes cost more than their classes);
//   - the search's tree is estimated by Knuth's random probes (Math. Comp.
//     29, 1975): a walk from a start that picks one child at random at each
//     node, the product of the numbers of children down to each depth
//     summed, averaged over searchProbes walks from each start (seeded, so
//     the choice is the same on every run). On 6x6 open tours it said 135
//     million nodes for 64.6 million; on 5x8 closed ones 2.8 for 22.5.
//
// The frontier is chosen when its estimate is the smaller, and always
// beyond the search's 64 squares; the search when the frontier cannot hold
// the board or an enumeration is asked for. With classes, the frontier's
// estimate adds the counts of the tours each symmetry fixes
// (burnsideCost).

// searchProbes is the number of random walks from each start.
const searchProbes = 64

// frontierCost is the frontier programme's estimated cost in search nodes.
func (p *frontierPlan) cost(closed bool) float64 {
	total := p.size()
	if closed {
		return total * 2 / 5
	}
	return total * 10 / 3
}

// chooseMethod picks the counting method for Auto and records both
// estimates.
func chooseMethod(m *model.Model, g *model.MoveGraph, opts model.Options, plan *frontierPlan, res *model.Result) Method {
	switch {
	case g.Len() > maxDFSSquares:
		return Frontier
	case plan == nil || opts.Task == model.TaskEnumerate:
		return Search
	}
	c := newDFSCounter(g, m.Tour.Closed)
	starts, weights := searchStarts(m, g, opts.Task)
	search := c.estimateNodes(starts, weights)
	frontier := plan.cost(m.Tour.Closed)
	if opts.Symmetry {
		frontier += burnsideCost(m, g) // frontier_burnside.go
	}
	res.Stats.SearchNodesEstimate, res.Stats.FrontierCostEstimate = &search, &frontier
	if opts.Symmetry && opts.Shard.Active() {
		// the search alone splits into parts (dfsshard.go); the estimates
		// are still reported, as the whole count reports them
		return Search
	}
	if frontier < search {
		return Frontier
	}
	return Search
}

// estimateNodes estimates the number of nodes the search visits from the
// starts, by random probes of its tree.
func (c *dfsCounter) estimateNodes(starts []int32, weights []int64) float64 {
	rng := rand.New(rand.NewPCG(uint64(c.n), 27))
	total := 0.0
	for i, s := range starts {
		sum := 0.0
		for range searchProbes {
			sum += c.probe(int(s), rng)
		}
		total += float64(weights[i]) * sum / searchProbes
	}
	return total
}

// probe walks one random branch of the search tree from start and returns
// its estimate of the tree's size.
func (c *dfsCounter) probe(start int, rng *rand.Rand) float64 {
	cur, vis := start, uint64(1)<<uint(start)
	estimate, width := 1.0, 1.0
	for {
		un := c.full &^ vis
		if un == 0 || !c.prune(cur, un) {
			return estimate
		}
		next := c.nb[cur] & un
		d := bits.OnesCount64(next)
		if d == 0 {
			return estimate
		}
		width *= float64(d)
		estimate += width
		for k := rng.IntN(d); k > 0; k-- {
			next &= next - 1
		}
		cur = bits.TrailingZeros64(next)
		vis |= 1 << uint(cur)
	}
}

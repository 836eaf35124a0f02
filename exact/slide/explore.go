package slide

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// A Report is everything Explore says about the state graph of a slide
// model. Orbits are classes of states under the model's symmetry group.
type Report struct {
	Model   string `json:"model"`
	Board   string `json:"board"`
	Piece   string `json:"piece"`
	Pieces  int    `json:"pieces"`
	Squares int    `json:"open_squares"`
	// Symmetries is the order of the model's symmetry group as it acts on
	// the open squares: symmetries that move them alike count once (the
	// mirror across the one file of a 4x1 board moves none).
	Symmetries int `json:"symmetries"`

	States uint64 `json:"states"`
	Orbits uint64 `json:"orbits"`

	ReachableStates uint64 `json:"reachable_states"`
	ReachableOrbits uint64 `json:"reachable_orbits"`
	// GoalDistance is the least number of moves to the goal, -1 when the
	// goal cannot be reached.
	GoalDistance int `json:"goal_distance"`
	// Distances[d] counts the states and orbits d moves from the start.
	Distances []Level `json:"distances"`
	// Farthest is the greatest distance from the start; FarthestExamples
	// lists the least state of up to maxExamples of its orbits.
	Farthest         int              `json:"farthest_distance"`
	FarthestStates   uint64           `json:"farthest_states"`
	FarthestOrbits   uint64           `json:"farthest_orbits"`
	FarthestExamples [][]model.Square `json:"farthest_examples"`

	// Components of the whole state graph; nil when not asked for.
	Components *Components `json:"components,omitempty"`

	Seconds    float64 `json:"seconds"`
	MemoryPeak int64   `json:"memory_peak"`
	PeakRSS    int64   `json:"peak_rss"`
}

// A Level counts the states and orbits at one distance from the start.
type Level struct {
	Distance int    `json:"distance"`
	States   uint64 `json:"states"`
	Orbits   uint64 `json:"orbits"`
}

// maxExamples bounds the farthest states a report lists.
const maxExamples = 8

// ExploreOptions choose what Explore computes.
type ExploreOptions struct {
	Options
	// Components asks for the strongly connected components of the whole
	// (unfolded) state graph.
	Components bool
}

// Explore walks the state graph of a slide model: a breadth-first search
// over folded states from the start, with a bitset of folded ranks, and
// optionally the strongly connected components of the whole graph.
func Explore(ctx context.Context, m *model.Model, opts ExploreOptions) (*Report, error) {
	began := time.Now()
	sp, err := compile(m)
	if err != nil {
		return nil, err
	}
	limit, err := memoryLimit(opts.Memory)
	if err != nil {
		return nil, err
	}
	b := &budget{limit: limit}
	orbits := sp.orbitCount()
	if !orbits.IsUint64() {
		return nil, fmt.Errorf("slide: the orbit count does not fit in 64 bits: %w", model.ErrUnsupported)
	}
	rep := &Report{Model: m.Name, Board: m.Board.Dims(), Piece: m.Slide.Piece.Name, Pieces: sp.pieces,
		Squares: sp.squares, Symmetries: sp.groupOrder(), States: sp.states(), Orbits: orbits.Uint64(), GoalDistance: -1}
	if !opts.Components {
		if err := sp.reachable(ctx, b, rep, opts.Progress); err != nil {
			return nil, err
		}
	} else {
		// The two searches share nothing but the budget: on several
		// workers they run side by side, and the component search, the
		// longer, reports the progress.
		bfs := func(ctx context.Context) error { return sp.reachable(ctx, b, rep, nil) }
		scc := func(ctx context.Context) (err error) {
			rep.Components, err = sp.components(ctx, b, opts.Workers, opts.Progress)
			return err
		}
		if err := both(ctx, model.WorkerCount(opts.Workers) > 1, bfs, scc); err != nil {
			return nil, err
		}
	}
	rep.Seconds = time.Since(began).Seconds()
	rep.MemoryPeak = b.peak
	rep.PeakRSS = peakResident()
	return rep, nil
}

// both runs two searches, side by side when concurrent is set, and returns
// the first error; when one fails the other is cancelled.
func both(ctx context.Context, concurrent bool, f, g func(context.Context) error) error {
	if !concurrent {
		if err := f(ctx); err != nil {
			return err
		}
		return g(ctx)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var wg sync.WaitGroup
	for _, run := range []func(context.Context) error{f, g} {
		wg.Go(func() {
			if err := run(ctx); err != nil {
				cancel(err)
			}
		})
	}
	wg.Wait()
	return context.Cause(ctx)
}

// reachable is a breadth-first search over folded states from the start;
// it fills the reachable counts, the distances and the farthest states.
func (sp *space) reachable(ctx context.Context, b *budget, rep *Report, progress func(float64, string)) error {
	n := sp.states()
	if err := b.reserve(bitsetBytes(n), "the bitset of visited states"); err != nil {
		return err
	}
	defer b.release(bitsetBytes(n))
	visited := newBitset(n)
	mv := newMover(sp)
	mf := newMoveFolder(sp)
	f := newFolder(sp)
	state := make([]int32, sp.pieces)
	goal, _ := f.fold(sp.goal)
	start, _ := f.fold(sp.start)
	visited.set(start)
	frontier := []uint64{start}
	// two frontiers together hold at most every orbit once
	frontierB := int64(min(rep.Orbits, n)) * 8
	if err := b.reserve(frontierB, "the search's frontiers"); err != nil {
		return err
	}
	defer b.release(frontierB)
	for depth := 0; len(frontier) > 0; depth++ {
		level := Level{Distance: depth}
		var next []uint64
		for i, r := range frontier {
			if i%checkEvery == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if r == goal {
				rep.GoalDistance = depth
			}
			sp.binom.unrank(r, state)
			_, fixed := f.fold(state)
			level.Orbits++
			level.States += uint64(sp.groupOrder() / fixed)
			mf.prepare(state)
			for _, m := range mv.successors(state) {
				c, _ := mf.foldMove(state, m)
				if !visited.has(c) {
					visited.set(c)
					next = append(next, c)
				}
			}
		}
		rep.Distances = append(rep.Distances, level)
		rep.ReachableOrbits += level.Orbits
		rep.ReachableStates += level.States
		rep.Farthest, rep.FarthestOrbits, rep.FarthestStates = depth, level.Orbits, level.States
		if len(next) == 0 {
			for _, r := range frontier[:min(len(frontier), maxExamples)] {
				sp.binom.unrank(r, state)
				rep.FarthestExamples = append(rep.FarthestExamples, sp.squaresOf(state))
			}
		}
		frontier = next
		if progress != nil {
			progress(-1, fmt.Sprintf("distance %d, %d orbits reached", depth, rep.ReachableOrbits))
		}
	}
	return nil
}

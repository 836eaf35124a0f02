package sweep

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Options tune a sweep.
type Options struct {
	// Walls is the number of walls added to the model's board.
	Walls int
	// Workers bounds the goroutines solving boards; 0 means every core, and
	// at most model.MaxWorkers are run.
	Workers int
	// Record, when set, receives every class as it is solved, in no
	// particular order and from several goroutines at once: it must be
	// safe for concurrent use (writing a class out one at a time made the
	// workers wait on each other).
	Record func(Class) error
	// Progress, when set, is called now and then with the fraction of wall
	// sets enumerated.
	Progress func(done float64, note string)
	// MaxMemory is the memory bound of each board's solve
	// (model.Options.MaxMemory).
	MaxMemory int64
	// Shard, when active, solves only the classes of the wall sets whose
	// prefixes it owns (deal.go; Shares lists each part's, fixed by the
	// model, Walls and Shard.Of alone): the Summaries of the parts of one
	// split add up to the whole's (Boards and Group are the whole's on
	// every part), and Merge gives the whole's example.
	Shard model.Shard
}

// A Class is one wall placement up to symmetry, with its solved value.
type Class struct {
	Walls    []model.Square  `json:"walls"`
	Orbit    int             `json:"orbit"` // boards in the class
	Value    int64           `json:"value"`
	Status   model.Status    `json:"status"`
	Solution *model.Solution `json:"solution,omitempty"`
}

// Bucket counts the classes and boards of one value.
type Bucket struct {
	Value   int64 `json:"value"`
	Classes int64 `json:"classes"`
	Boards  int64 `json:"boards"`
}

// Summary is what a sweep found.
type Summary struct {
	Model   string   `json:"model"`
	Walls   int      `json:"walls"`
	Boards  int64    `json:"boards"`  // wall placements in all
	Classes int64    `json:"classes"` // up to the model's symmetry group
	Group   int      `json:"group"`   // the order of that group
	Values  []Bucket `json:"values"`  // by value, ascending
	// Infeasible counts the classes whose board has no solution at all.
	Infeasible int64 `json:"infeasible,omitempty"`
	// InfeasibleBoards counts the boards in those classes, so that the
	// boards of the buckets and of these add up to Boards.
	InfeasibleBoards int64 `json:"infeasible_boards,omitempty"`
	// Best is the first class of the best value in the order of
	// enumeration (lexicographic in the walls' square order: see
	// earlier), whatever the workers and the split.
	Best     *Class  `json:"best,omitempty"`
	Complete bool    `json:"complete"`
	Seconds  float64 `json:"seconds"`
}

// Run solves the model with every placement of opts.Walls walls on its
// open squares (those without fixed pieces), one representative per class
// of the model's symmetry group. The solver answers each board; every
// solution is verified by the checker. When ctx ends, Run returns what it
// has with Complete false.
func Run(ctx context.Context, m *model.Model, solver model.Solver, opts Options) (*Summary, error) {
	if m.Kind != model.KindPlace {
		return nil, fmt.Errorf("sweep: %s models have no placement to sweep; expected a place model", m.Kind)
	}
	if m.FreeWalls != nil {
		return nil, errors.New("sweep: the model already has free walls; sweep a model with fixed walls")
	}
	start := time.Now()
	if err := opts.Shard.Validate(); err != nil {
		return nil, fmt.Errorf("sweep: %w", err)
	}
	walls := newWallSets(m, opts.Walls)
	if walls.total < 0 {
		return nil, fmt.Errorf("sweep: %d walls on %d free squares is too many placements to enumerate", opts.Walls, len(walls.squares))
	}
	walls.split(opts.Shard.Of)
	if opts.Shard.Active() {
		walls.only = opts.Shard.Index
	}
	sum := &Summary{Model: m.Name, Walls: opts.Walls, Boards: walls.total, Group: len(walls.group)}
	var mu sync.Mutex
	buckets := map[int64]*Bucket{}
	minimize := m.Objective.Sense == model.Minimize
	var bestIndex int64 // the index of sum.Best in the order of walls.each
	err := eachClass(ctx, walls, opts.Workers, opts.Progress, func(ctx context.Context, index int64, squares []model.Square, orbit int) error {
		board := m.WithWalls(squares)
		res, err := model.Run(ctx, solver, board, model.Options{Task: model.TaskSolve, Workers: 1, MaxMemory: opts.MaxMemory})
		if err != nil { // a backend's error, or a solution the checker refused
			return fmt.Errorf("sweep: walls %v: %w", squares, err)
		}
		if res.Stopped {
			return nil // cut short by ctx
		}
		c := Class{Walls: squares, Orbit: orbit, Status: res.Status, Solution: res.Solution}
		if res.Value != nil {
			c.Value = *res.Value
		}
		if opts.Record != nil {
			if err := opts.Record(c); err != nil {
				return err
			}
		}
		mu.Lock()
		defer mu.Unlock()
		sum.Classes++
		if res.Status == model.StatusInfeasible {
			sum.Infeasible++
			sum.InfeasibleBoards += int64(c.Orbit)
			return nil
		}
		b := buckets[c.Value]
		if b == nil {
			b = &Bucket{Value: c.Value}
			buckets[c.Value] = b
		}
		b.Classes++
		b.Boards += int64(c.Orbit)
		if sum.Best == nil || better(c.Value, sum.Best.Value, minimize) || c.Value == sum.Best.Value && index < bestIndex {
			best := c
			sum.Best, bestIndex = &best, index
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sum.Complete = ctx.Err() == nil && sum.Classes == walls.classes
	for _, b := range buckets {
		sum.Values = append(sum.Values, *b)
	}
	sort.Slice(sum.Values, func(i, j int) bool { return sum.Values[i].Value < sum.Values[j].Value })
	sum.Seconds = time.Since(start).Seconds()
	return sum, nil
}

// better reports whether value v is better than best.
func better(v, best int64, minimize bool) bool {
	if minimize {
		return v < best
	}
	return v > best
}

// earlier reports whether the walls a come before the walls b, of as many,
// in the order a sweep enumerates its classes: lexicographic, square by
// square, a square before another of a lower rank, or of the same rank and
// a lower file. Each class's walls are in that square order.
func earlier(a, b []model.Square) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i].Rank < b[i].Rank || a[i].Rank == b[i].Rank && a[i].File < b[i].File
		}
	}
	return len(a) < len(b)
}

// eachClass calls solve for every canonical wall set, from several
// goroutines, with the set's index in the order of walls.each. The first
// error stops the work and is returned; so does the end of ctx, without an
// error.
func eachClass(ctx context.Context, walls *wallSets, workers int, progress func(float64, string),
	solve func(ctx context.Context, index int64, squares []model.Square, orbit int) error) error {
	workers = model.WorkerCount(workers)
	type job struct {
		index int64 // the class's place in the order of walls.each, from 0
		walls []int
		orbit int
	}
	jobs := make(chan []job, workers)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var once sync.Once
	var firstErr error
	var solved atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for batch := range jobs {
				for _, j := range batch {
					if ctx.Err() != nil {
						continue
					}
					if err := solve(ctx, j.index, walls.squaresOf(j.walls), j.orbit); err != nil {
						once.Do(func() { firstErr = err })
						cancel()
					}
					solved.Add(1)
				}
			}
		}()
	}
	const batchSize = 64
	var batch []job
	var index int64
	walls.each(func(set []int, orbit int, fraction float64) bool {
		batch = append(batch, job{index: index, walls: append([]int(nil), set...), orbit: orbit})
		index++
		if len(batch) < batchSize {
			return true
		}
		select {
		case jobs <- batch:
		case <-ctx.Done():
			return false
		}
		batch = nil
		if progress != nil {
			progress(fraction, fmt.Sprintf("%d classes solved", solved.Load()))
		}
		return true
	})
	if len(batch) > 0 && ctx.Err() == nil {
		jobs <- batch
	}
	close(jobs)
	wg.Wait()
	return firstErr
}

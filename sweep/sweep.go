package sweep

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// Options tune a sweep.
type Options struct {
	// Walls is the number of walls added to the model's board.
	Walls int
	// Workers bounds the goroutines solving boards; 0 means every core.
	Workers int
	// Record, when set, receives every class as it is solved (from one
	// goroutine at a time, in no particular order).
	Record func(Class) error
	// Progress, when set, is called now and then with the fraction of wall
	// sets enumerated.
	Progress func(done float64, note string)
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
	Infeasible int64   `json:"infeasible,omitempty"`
	Best       *Class  `json:"best,omitempty"` // a class of the best value
	Complete   bool    `json:"complete"`
	Seconds    float64 `json:"seconds"`
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
	walls := newWallSets(m, opts.Walls)
	if walls.total < 0 {
		return nil, fmt.Errorf("sweep: %d walls on %d free squares is too many placements to enumerate", opts.Walls, len(walls.squares))
	}
	sum := &Summary{Model: m.Name, Walls: opts.Walls, Boards: walls.total, Group: len(walls.group)}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}

	type job struct {
		walls []int
		orbit int
	}
	jobs := make(chan []job, workers)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var mu sync.Mutex
	buckets := map[int64]*Bucket{}
	better := func(v, best int64) bool {
		if m.Objective.Sense == model.Minimize {
			return v < best
		}
		return v > best
	}
	var firstErr error
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancel()
	}
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
					squares := walls.squaresOf(j.walls)
					board := m.WithWalls(squares)
					res, err := solver.Solve(ctx, board, model.Options{Task: model.TaskSolve, Workers: 1})
					if err != nil {
						fail(fmt.Errorf("sweep: walls %v: %w", squares, err))
						continue
					}
					if res.Status == model.StatusUnknown {
						continue // cut short by ctx
					}
					if err := model.Verify(board, res); err != nil {
						fail(fmt.Errorf("sweep: walls %v: %w", squares, err))
						continue
					}
					c := Class{Walls: squares, Orbit: j.orbit, Status: res.Status, Solution: res.Solution}
					if res.Value != nil {
						c.Value = *res.Value
					}
					if opts.Record != nil {
						mu.Lock()
						err := opts.Record(c)
						mu.Unlock()
						if err != nil {
							fail(err)
							continue
						}
					}
					mu.Lock()
					sum.Classes++
					if res.Status == model.StatusInfeasible {
						sum.Infeasible++
					} else {
						b := buckets[c.Value]
						if b == nil {
							b = &Bucket{Value: c.Value}
							buckets[c.Value] = b
						}
						b.Classes++
						b.Boards += int64(c.Orbit)
						if sum.Best == nil || better(c.Value, sum.Best.Value) {
							best := c
							sum.Best = &best
						}
					}
					mu.Unlock()
				}
			}
		}()
	}

	const batchSize = 64
	var batch []job
	walls.each(func(set []int, orbit int, fraction float64) bool {
		batch = append(batch, job{walls: append([]int(nil), set...), orbit: orbit})
		if len(batch) == batchSize {
			select {
			case jobs <- batch:
			case <-ctx.Done():
				return false
			}
			batch = nil
			if opts.Progress != nil {
				mu.Lock()
				n := sum.Classes
				mu.Unlock()
				opts.Progress(fraction, fmt.Sprintf("%d classes solved", n))
			}
		}
		return true
	})
	if len(batch) > 0 && ctx.Err() == nil {
		jobs <- batch
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	sum.Complete = ctx.Err() == nil && sum.Classes == walls.classes
	for _, b := range buckets {
		sum.Values = append(sum.Values, *b)
	}
	sort.Slice(sum.Values, func(i, j int) bool { return sum.Values[i].Value < sum.Values[j].Value })
	sum.Seconds = time.Since(start).Seconds()
	return sum, nil
}

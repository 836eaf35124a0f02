package tour

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// A stopper tells searches to give up: the context ended. Searches poll it
// every few thousand nodes, so cancellation is prompt and cheap.
type stopper struct {
	flag    atomic.Bool
	release func() bool
	ctx     context.Context
}

func newStopper(ctx context.Context) *stopper {
	s := &stopper{ctx: ctx}
	s.release = context.AfterFunc(ctx, func() { s.flag.Store(true) })
	if ctx.Err() != nil {
		s.flag.Store(true)
	}
	return s
}

func (s *stopper) stopped() bool { return s.flag.Load() }
func (s *stopper) close()        { s.release() }

// canceledNow looks at the context itself, for the moment after a solution
// is emitted: the caller may have cancelled it inside Emit (enumerate
// --limit), and the flag is set by another goroutine a little later.
func (s *stopper) canceledNow() bool {
	if s.ctx.Err() != nil {
		s.flag.Store(true)
	}
	return s.stopped()
}

// pollEvery is how many search nodes pass between two looks at the stopper.
const pollEvery = 1 << 12

func workerCount(requested int) int {
	if requested <= 0 {
		return runtime.NumCPU()
	}
	return requested
}

// progressEvery is how often long work reports its progress.
const progressEvery = 250 * time.Millisecond

// runTasks calls work(task) for every task in 0..tasks-1 on up to workers
// goroutines, in task order as workers come free, and reports the fraction
// done through progress (when set) from the calling goroutine.
func runTasks(st *stopper, workers, tasks int, progress func(float64, string), what string, work func(task int)) {
	workers = max(1, min(workers, tasks))
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !st.stopped() {
				t := int(next.Add(1) - 1)
				if t >= tasks {
					return
				}
				work(t)
				done.Add(1)
			}
		}()
	}
	if progress == nil {
		wg.Wait()
		return
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			progress(1, what+": done")
			return
		case <-tick.C:
			progress(float64(done.Load())/float64(tasks), what)
		}
	}
}

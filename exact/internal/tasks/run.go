package tasks

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// ProgressEvery is how often long work reports its progress.
const ProgressEvery = 250 * time.Millisecond

// Run calls work(worker, task) for every task in 0..n-1 on up to workers
// goroutines, in task order as workers come free, until st stops. When
// progress is set, the calling goroutine reports the fraction done every
// ProgressEvery, with note(done) as its text, and what+": done" at the end.
//
// It is not an errgroup: work returns no error (a search that must stop
// says so through st, which every worker polls), and the pool's one job
// beyond a WaitGroup's is handing out task indexes in order.
func Run(st *Stopper, workers, n int, progress func(float64, string),
	what string, note func(done int64) string, work func(worker, task int)) {
	workers = max(1, min(workers, n))
	if workers == 1 && progress == nil { // no goroutine to start and wake: small searches run many times
		for t := 0; t < n && !st.Stopped(); t++ {
			work(0, t)
		}
		return
	}
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for !st.Stopped() {
				t := int(next.Add(1) - 1)
				if t >= n {
					return
				}
				work(w, t)
				done.Add(1)
			}
		})
	}
	if progress == nil {
		wg.Wait()
		return
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	tick := time.NewTicker(ProgressEvery)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			progress(1, what+": done")
			return
		case <-tick.C:
			d := done.Load()
			progress(float64(d)/float64(n), note(d))
		}
	}
}

// RunSubtrees is Run for the subtrees of a split search: its progress
// note counts the subtrees done.
//
// Only counting runs on it: tallies merge in any order. Enumeration stays
// one depth-first search on the calling goroutine, so that solutions are
// emitted in one order on every run and any number of workers, and the
// first N of them (the CLI's --limit) are always the same N.
func RunSubtrees(st *Stopper, workers, n int, progress func(float64, string), what string, work func(worker, task int)) {
	note := func(done int64) string { return fmt.Sprintf("%s: %d of %d subtrees", what, done, n) }
	Run(st, workers, n, progress, what, note, work)
}

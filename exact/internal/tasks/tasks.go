// Package tasks shares a numbered list of tasks among worker goroutines. It
// is the one worker pool of the exact backend, used by the placement
// searches in package exact and by exact/tour (which exact imports, so the
// pool cannot live in exact itself).
package tasks

import (
	"sync"
	"sync/atomic"
	"time"
)

// Run calls work(worker, task) for every task in 0..n-1 on up to workers
// goroutines, in task order as workers come free, until stopped reports
// true. When progress is set, the calling goroutine reports the fraction
// done every interval, with note(done) as its text, and what+": done" at
// the end.
func Run(stopped func() bool, workers, n int, interval time.Duration, progress func(float64, string),
	what string, note func(done int64) string, work func(worker, task int)) {
	workers = max(1, min(workers, n))
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for !stopped() {
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
	tick := time.NewTicker(interval)
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

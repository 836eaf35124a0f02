package exact

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	taskpool "github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// A stopper tells searches to give up: the context ended, or the caller's
// Emit failed, or one solution was all that was asked for.
//
// The coverage searches (cover, cover with free walls, domination, fewest,
// folding) poll it at every node: one of their nodes does bitset work in
// proportion to the board — on 64x64 the cover search weighs each of 4096
// candidates against 64 words — so a poll every 1024 nodes came a second
// and more after --timeout. A poll is one load of a flag written once.
type stopper struct {
	flag     atomic.Bool
	canceled atomic.Bool // the context ended (as opposed to a deliberate stop)
	release  func() bool
}

func newStopper(ctx context.Context) *stopper {
	s := &stopper{}
	s.release = context.AfterFunc(ctx, func() {
		s.canceled.Store(true)
		s.flag.Store(true)
	})
	if ctx.Err() != nil {
		s.canceled.Store(true)
		s.flag.Store(true)
	}
	return s
}

func (s *stopper) stopped() bool { return s.flag.Load() }
func (s *stopper) close()        { s.release() }

// progressEvery is how often long work reports its progress.
const progressEvery = 250 * time.Millisecond

// runTasks calls work(worker, task) once for every task in 0..tasks-1 on up
// to workers goroutines, in order of task index as workers come free, and
// reports the fraction of tasks done through progress from the calling
// goroutine. It returns early when st stops.
//
// It is not an errgroup: work returns no error (a search that must stop
// says so through st, which every worker polls), and the pool's one job
// beyond a WaitGroup's is handing out task indexes in order.
//
// Only counting runs on it: tallies merge in any order. Enumeration stays one
// depth-first search on the calling goroutine, so that solutions are emitted
// in one order on every run and any number of workers, and the first N of
// them (the CLI's --limit) are always the same N (TestEnumerationOrder).
func runTasks(st *stopper, workers, tasks int, progress func(float64, string), what string, work func(worker, task int)) {
	note := func(done int64) string { return fmt.Sprintf("%s: %d of %d subtrees", what, done, tasks) }
	taskpool.Run(st.stopped, workers, tasks, progressEvery, progress, what, note, work)
}

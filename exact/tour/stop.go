package tour

import (
	"context"
	"sync/atomic"
	"time"

	taskpool "github.com/chessmodel/chessmodel/exact/internal/tasks"
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

// progressEvery is how often long work reports its progress.
const progressEvery = 250 * time.Millisecond

// runTasks calls work(task) for every task in 0..tasks-1 on up to workers
// goroutines, in task order as workers come free, and reports the fraction
// done through progress (when set) from the calling goroutine.
func runTasks(st *stopper, workers, tasks int, progress func(float64, string), what string, work func(task int)) {
	note := func(int64) string { return what }
	taskpool.Run(st.stopped, workers, tasks, progressEvery, progress, what, note, func(_, t int) { work(t) })
}

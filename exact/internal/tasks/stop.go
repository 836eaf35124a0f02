package tasks

import (
	"context"
	"sync/atomic"
	"time"
)

// A Stopper tells searches to give up: the context ended, or the caller's
// Emit failed, or one solution was all that was asked for. Searches poll
// Stopped every few thousand nodes, so cancellation is prompt and cheap.
//
// The coverage searches (cover, cover with free walls, domination, fewest,
// folding) poll it at every node: one of their nodes does bitset work in
// proportion to the board — on 64x64 the cover search weighs each of 4096
// candidates against 64 words — so a poll every 1024 nodes came a second
// and more after --timeout. A poll is one load of a flag written once.
type Stopper struct {
	flag     atomic.Bool
	canceled atomic.Bool // the context ended (as opposed to a deliberate stop)
	release  func() bool
	ctx      context.Context
}

// NewStopper returns a Stopper that stops when ctx ends. Close releases it.
func NewStopper(ctx context.Context) *Stopper {
	s := &Stopper{ctx: ctx}
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

// Stopped reports whether searches should give up.
func (s *Stopper) Stopped() bool { return s.flag.Load() }

// Canceled reports whether the context ended, as opposed to a deliberate
// stop: the answer is then unknown.
func (s *Stopper) Canceled() bool { return s.canceled.Load() }

// Close releases the context's hook.
func (s *Stopper) Close() { s.release() }

// CanceledNow looks at the context itself, for the moment after a solution
// is emitted: the caller may have cancelled it inside Emit (enumerate
// --limit), and the flag is set by another goroutine a little later.
func (s *Stopper) CanceledNow() bool {
	if s.ctx.Err() != nil {
		s.flag.Store(true)
	}
	return s.Stopped()
}

// Within returns a stopper that stops when s does or after d, whichever
// comes first (a trial run within a budget); Close releases it.
func (s *Stopper) Within(d time.Duration) *Stopper {
	ctx, cancel := context.WithTimeout(s.ctx, d)
	t := NewStopper(ctx)
	release := t.release
	t.release = func() bool { cancel(); return release() }
	return t
}

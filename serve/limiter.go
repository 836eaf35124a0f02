package serve

import (
	"context"
	"errors"
)

// A limiter admits at most running solves at once and lets at most queue
// more wait for a slot; a request beyond that is refused at once with
// errBusy rather than piling up.
type limiter struct {
	admitted chan struct{} // running + waiting
	running  chan struct{}
}

var errBusy = errors.New("busy: every solve slot and place in the queue is taken; try again shortly")

func newLimiter(running, queue int) *limiter {
	return &limiter{admitted: make(chan struct{}, running+queue), running: make(chan struct{}, running)}
}

// enter admits a request to the queue, or says errBusy.
func (l *limiter) enter() (leave func(), err error) {
	select {
	case l.admitted <- struct{}{}:
		return func() { <-l.admitted }, nil
	default:
		return nil, errBusy
	}
}

// start waits for a slot until ctx ends; the caller must have entered.
func (l *limiter) start(ctx context.Context) (done func(), err error) {
	select {
	case l.running <- struct{}{}:
		return func() { <-l.running }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// load is the number of solves running and waiting.
func (l *limiter) load() (running, waiting int) {
	r := len(l.running)
	return r, max(0, len(l.admitted)-r)
}

package serve

import (
	"context"
	"fmt"
	"runtime/metrics"
	"time"
)

// DefaultMaxMemory is the Go heap at which running solves are stopped.
const DefaultMaxMemory = 2 << 30

// errMemory is the cause of a solve stopped by the memory bound.
type errMemory struct{ limit int64 }

func (e errMemory) Error() string {
	return fmt.Sprintf("the server's memory bound of %d MiB was reached", e.limit>>20)
}

// heapBytes is the memory held by live (and not yet swept) Go objects.
func heapBytes() int64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(sample[0].Value.Uint64())
}

// guardMemory watches the heap while a solve runs and cancels it, with
// errMemory as the cause, once the heap passes limit. Every running solve
// has its guard, so all of them stop when the server as a whole is over
// the bound. The returned func ends the watch.
func guardMemory(ctx context.Context, cancel context.CancelCauseFunc, limit int64) (stop func()) {
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				if heapBytes() > limit {
					cancel(errMemory{limit})
					return
				}
			}
		}
	}()
	return func() { close(done) }
}

// stopReason says why a solve ended before a complete answer.
func stopReason(ctx context.Context, timeout time.Duration) string {
	var mem errMemory
	switch cause := context.Cause(ctx); {
	case ctx.Err() == nil:
		return "stopped before a complete answer"
	case asMemory(cause, &mem):
		return "stopped: " + mem.Error()
	case ctx.Err() == context.DeadlineExceeded:
		return fmt.Sprintf("stopped by the time bound of %v before a complete answer", timeout)
	}
	return "stopped on request before a complete answer"
}

func asMemory(err error, target *errMemory) bool {
	m, ok := err.(errMemory)
	if ok {
		*target = m
	}
	return ok
}

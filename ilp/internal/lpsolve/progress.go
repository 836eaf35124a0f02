package lpsolve

// #include "glue.h"
import "C"

import (
	"runtime/cgo"
	"strconv"
	"sync/atomic"
	"time"
	"unsafe"
)

// Event is what a progress report is about.
type Event int

// Progress events.
const (
	// EventRelaxed: the LP relaxation at the root of branch and bound is
	// solved. Its objective bounds every integer solution: from above when
	// maximising, from below when minimising. lp_solve sends it only for
	// models with integer columns.
	EventRelaxed Event = iota + 1
	// EventImproved: branch and bound found an integer solution better than
	// any before (the first one included); Objective is its value.
	EventImproved
	// EventWorking: the solve goes on; sent at most once per interval given
	// to SetProgress, so that a caller can show the node count grow.
	EventWorking
)

func (e Event) String() string {
	switch e {
	case EventRelaxed:
		return "relaxed"
	case EventImproved:
		return "improved"
	case EventWorking:
		return "working"
	}
	return "Event(" + strconv.Itoa(int(e)) + ")"
}

// Progress is one report from a running solve.
type Progress struct {
	Event     Event
	Objective float64 // the root relaxation's value (EventRelaxed) or the new incumbent's (EventImproved)
	Nodes     int64   // branch and bound nodes so far
	// Columns are the new incumbent's column values (EventImproved), a copy
	// the receiver may keep; nil when lp_solve's presolve has removed
	// columns, which leaves them unnamed.
	Columns []float64
}

// SetProgress makes every later solve report to f: the root relaxation's
// value, each improved integer solution and, when every > 0, a working
// report at most once per every. f runs on the solving goroutine, inside
// lp_solve: it must return quickly and must not call any method of this LP.
// A panic in f stops the solve (when it has a context that can end or
// every > 0; otherwise the solve runs on) and SolveContext raises it again
// once lp_solve has returned. A nil f removes the reports.
func (lp *LP) SetProgress(every time.Duration, f func(Progress)) error {
	if _, err := lp.ptr("put_msgfunc"); err != nil {
		return err
	}
	lp.progress, lp.progressEvery = f, every
	return nil
}

// progressMask is the lp_solve messages turned into progress events.
const progressMask = C.MSG_LPOPTIMAL | C.MSG_MILPFEASIBLE | C.MSG_MILPBETTER

// solveState is what the callbacks of one solve share with SolveContext,
// through a cgo.Handle: no Go pointer is stored in C memory.
type solveState struct {
	stopped     atomic.Bool // the context is done
	cancellable bool        // the context can end
	progress    func(Progress)
	every       time.Duration
	next        time.Time // when the next working report is due
	panicked    bool      // the progress function panicked, with panicVal
	panicVal    any
}

// callbacks installs the abort and message callbacks of state on p for one
// solve; the returned function removes them.
func callbacks(p *C.lprec, state *solveState) (remove func()) {
	handle := cgo.NewHandle(state)
	var mask C.int
	if state.progress != nil {
		mask = progressMask
		state.next = time.Now().Add(state.every)
	}
	// The abort callback runs at every simplex iteration; it is left out
	// when nothing can stop the solve and no working report is due (a panic
	// in the progress function then surfaces when the solve ends).
	abort := C.int(0)
	if state.cancellable || state.every > 0 {
		abort = 1
	}
	C.glue_set_callbacks(p, C.uintptr_t(handle), mask, abort)
	return func() {
		C.glue_clear_callbacks(p)
		handle.Delete()
	}
}

// report calls the progress function, catching a panic: it must not
// unwind through lp_solve's C frames.
func (s *solveState) report(p Progress) {
	defer func() {
		if r := recover(); r != nil {
			s.panicked, s.panicVal = true, r
		}
	}()
	s.progress(p)
}

// repanic raises again a panic of the progress function, once lp_solve is
// out of the way.
func (s *solveState) repanic() {
	if s.panicked {
		panic(s.panicVal)
	}
}

//export lpsolveAbort
func lpsolveAbort(handle C.uintptr_t, nodes C.longlong) C.int {
	s := cgo.Handle(handle).Value().(*solveState)
	if s.progress != nil && s.every > 0 && !s.panicked {
		if now := time.Now(); !now.Before(s.next) {
			s.next = now.Add(s.every)
			s.report(Progress{Event: EventWorking, Nodes: int64(nodes)})
		}
	}
	if s.stopped.Load() || s.panicked {
		return C.TRUE
	}
	return C.FALSE
}

//export lpsolveMessage
func lpsolveMessage(handle C.uintptr_t, msg C.int, objective C.double, nodes C.longlong, columns *C.double, count C.int) {
	s := cgo.Handle(handle).Value().(*solveState)
	if s.progress == nil || s.panicked {
		return
	}
	var event Event
	switch msg {
	case C.MSG_LPOPTIMAL:
		event = EventRelaxed
	case C.MSG_MILPFEASIBLE, C.MSG_MILPBETTER:
		event = EventImproved
	default:
		return
	}
	p := Progress{Event: event, Objective: float64(objective), Nodes: int64(nodes)}
	if event == EventImproved && columns != nil && count > 0 {
		p.Columns = make([]float64, int(count))
		for i, v := range unsafe.Slice(columns, int(count)) {
			p.Columns[i] = float64(v)
		}
	}
	s.report(p)
}

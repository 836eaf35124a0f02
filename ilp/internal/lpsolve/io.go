package lpsolve

// #include <stdlib.h>
// #include <string.h>
// #include "glue.h"
import "C"

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/cgo"
	"sync"
	"unsafe"
)

// lp_solve writes and reads models through callbacks that receive a
// userhandle; the handle is a cgo.Handle of one of these states, so no Go
// pointer is ever stored in C memory.

type writeState struct {
	w   *bufio.Writer
	err error // first error of w; later writes are skipped
}

type readState struct {
	r       *bufio.Reader
	err     error  // first error of r other than io.EOF
	pending []byte // rest of a line longer than lp_solve's line buffer
}

// WriteLP writes the model in lp_solve's LP format.
func (lp *LP) WriteLP(w io.Writer) error {
	return lp.write("write_lpex", w, func(p *C.lprec, h C.uintptr_t) C.uchar {
		return C.glue_write_lp(p, h)
	})
}

// WriteMPS writes the model in free MPS format.
func (lp *LP) WriteMPS(w io.Writer) error {
	return lp.write("MPS_writefileex", w, func(p *C.lprec, h C.uintptr_t) C.uchar {
		return C.glue_write_mps(p, C.MPSFREE, h)
	})
}

func (lp *LP) write(call string, w io.Writer, do func(*C.lprec, C.uintptr_t) C.uchar) error {
	defer runtime.KeepAlive(lp)
	p, err := lp.ptr(call)
	if err != nil {
		return err
	}
	lp.matrixReady(p)
	state := &writeState{w: bufio.NewWriter(w)}
	handle := cgo.NewHandle(state)
	ok := do(p, C.uintptr_t(handle))
	handle.Delete()
	if state.err == nil {
		state.err = state.w.Flush()
	}
	if state.err != nil {
		return &CallError{Call: call, Err: state.err}
	}
	if ok == 0 {
		return &CallError{Call: call}
	}
	return nil
}

//export lpsolveWrite
func lpsolveWrite(handle C.uintptr_t, buf *C.char) C.int {
	state := cgo.Handle(handle).Value().(*writeState)
	if state.err != nil {
		return C.FALSE
	}
	text := unsafe.Slice((*byte)(unsafe.Pointer(buf)), C.strlen(buf))
	if _, err := state.w.Write(text); err != nil {
		state.err = err
		return C.FALSE
	}
	return C.TRUE
}

// parseMu serialises the parsers. lp_solve 5.5.2 made its LP parser
// reentrant, but older 5.5 builds keep the lex state in globals, and
// parsing is never on a hot path.
var parseMu sync.Mutex

// ReadLP reads a model in lp_solve's LP format. name becomes the model's
// name ("" for none); it also labels errors.
func ReadLP(r io.Reader, name string) (*LP, error) {
	var cname *C.char
	if name != "" {
		cname = C.CString(name)
		defer C.free(unsafe.Pointer(cname))
	}
	return read("read_lp", name, r, func(h C.uintptr_t) *C.lprec {
		return C.glue_read_lp(h, C.NEUTRAL, cname)
	})
}

// ReadMPS reads a model in free MPS format (as WriteMPS writes it). An RHS
// entry on the objective row is read as the negated objective constant, the
// usual MPS convention and the one lp_solve's writer follows (lp_solve's
// reader does not by default, so its own files do not round-trip).
func ReadMPS(r io.Reader) (*LP, error) {
	return read("read_freempsex", "", r, func(h C.uintptr_t) *C.lprec {
		return C.glue_read_freemps(h, C.NEUTRAL|C.MPS_NEGOBJCONST)
	})
}

func read(call, name string, r io.Reader, do func(C.uintptr_t) *C.lprec) (*LP, error) {
	state := &readState{r: bufio.NewReader(r)}
	handle := cgo.NewHandle(state)
	parseMu.Lock()
	p := do(C.uintptr_t(handle))
	parseMu.Unlock()
	handle.Delete()
	args := fmt.Sprintf("%q", name)
	if state.err != nil {
		if p != nil {
			C.delete_lp(p)
		}
		return nil, &CallError{Call: call, Args: args, Err: state.err}
	}
	if p == nil {
		return nil, &CallError{Call: call, Args: args, Err: ErrParse}
	}
	return wrap(p), nil
}

// lpsolveReadBlock fills buf with up to size bytes, read-style: it returns
// the count, 0 at the end of input (and on error, which is kept in the state:
// lp_solve's parser has no way to report one).
//
//export lpsolveReadBlock
func lpsolveReadBlock(handle C.uintptr_t, buf *C.char, size C.int) C.int {
	state := cgo.Handle(handle).Value().(*readState)
	if state.err != nil || size <= 0 {
		return 0
	}
	dst := unsafe.Slice((*byte)(unsafe.Pointer(buf)), int(size))
	n, err := io.ReadAtLeast(state.r, dst, 1)
	if err != nil && !errors.Is(err, io.EOF) {
		state.err = err
		return 0
	}
	return C.int(n)
}

// lpsolveReadLine fills buf with one line, fgets-style: at most size-1
// bytes including the newline, NUL-terminated; it returns 0 at the end of
// input (and on error, which is kept in the state).
//
//export lpsolveReadLine
func lpsolveReadLine(handle C.uintptr_t, buf *C.char, size C.int) C.int {
	state := cgo.Handle(handle).Value().(*readState)
	if state.err != nil || size <= 1 {
		return 0
	}
	if len(state.pending) == 0 {
		line, err := state.r.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			state.err = err
			return 0
		}
		if len(line) == 0 {
			return 0
		}
		state.pending = line
	}
	dst := unsafe.Slice((*byte)(unsafe.Pointer(buf)), int(size))
	n := copy(dst[:len(dst)-1], state.pending)
	dst[n] = 0
	state.pending = state.pending[n:]
	return 1
}

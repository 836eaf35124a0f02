package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress draws one self-erasing status line on a terminal; when the
// writer is not a terminal (a pipe, a file, a test) it stays silent.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	tty   bool
	start time.Time
	last  time.Time
	shown bool
}

func newProgress(w io.Writer) *progress {
	return &progress{w: w, tty: isTerminal(w), start: time.Now()}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// update is a model.Options.Progress callback: done in [0,1], or negative
// when the fraction is unknown. It redraws at most five times a second.
func (p *progress) update(done float64, note string) {
	if !p.tty {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	elapsed := now.Sub(p.start).Round(time.Second)
	line := fmt.Sprintf("%v %s", elapsed, note)
	if done >= 0 {
		line = fmt.Sprintf("%5.1f%%  %s", 100*done, line)
		if done > 0.01 {
			left := time.Duration(float64(now.Sub(p.start)) * (1 - done) / done).Round(time.Second)
			line += fmt.Sprintf(", about %v left", left)
		}
	}
	if len(line) > 78 {
		line = line[:78]
	}
	fmt.Fprintf(p.w, "\r\033[K%s (Ctrl-C stops)", line)
	p.shown = true
}

// clear erases the line so that other output starts on a clean line.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// done erases the line for good.
func (p *progress) done() {
	p.clear()
	p.mu.Lock()
	p.tty = false
	p.mu.Unlock()
}

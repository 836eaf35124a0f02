package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// progress draws one self-erasing status line on a terminal: the latest
// account a backend gave (model.Options.Progress), the time so far and, when
// the fraction done is known, the time left. The line is redrawn five times a
// second, so the clock runs even while the backend is silent. When the
// writer is not a terminal (a pipe, a file, a test) nothing is drawn at all:
// no escape codes reach a file.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	tty      bool
	start    time.Time
	fraction float64 // the latest fraction done, negative when unknown
	note     string
	shown    bool
	stop     chan struct{}
	width    int
}

// redrawEvery is how often the line is redrawn.
const redrawEvery = 200 * time.Millisecond

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, start: time.Now(), fraction: -1, width: 80}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.tty = true
		if width, _, err := term.GetSize(int(f.Fd())); err == nil && width > 20 {
			p.width = width
		}
		p.stop = make(chan struct{})
		go p.redraw()
	}
	return p
}

// update is a model.Options.Progress callback: done in [0,1], or negative
// when the fraction is unknown, and a short account.
func (p *progress) update(done float64, note string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fraction, p.note = done, note
}

func (p *progress) redraw() {
	tick := time.NewTicker(redrawEvery)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-tick.C:
			p.draw()
		}
	}
}

func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.tty {
		return
	}
	fmt.Fprintf(p.w, "\r\033[K%s", p.line(time.Now()))
	p.shown = true
}

// line is the status line at time now, cut to the terminal's width.
func (p *progress) line(now time.Time) string {
	elapsed := now.Sub(p.start)
	line := elapsedText(elapsed)
	if p.note != "" {
		line += " " + p.note
	}
	if done := p.fraction; done >= 0 {
		line = fmt.Sprintf("%5.1f%%  %s", 100*done, line)
		if done > 0.01 && done < 1 {
			left := time.Duration(float64(elapsed) * (1 - done) / done).Round(time.Second)
			line += fmt.Sprintf(", about %v left", left)
		}
	}
	line += " (Ctrl-C stops)"
	if r := []rune(line); len(r) > p.width-1 {
		line = string(r[:p.width-1])
	}
	return line
}

// elapsedText is the time so far in seconds, as a result gives its time
// ("0.647s"), to a tenth and cut rather than rounded: the line never shows
// more time than the result then says ("1s" for a run of 0.647 s).
func elapsedText(d time.Duration) string {
	return fmt.Sprintf("%.1fs", float64(d.Truncate(100*time.Millisecond))/float64(time.Second))
}

// clear erases the line so that other output starts on a clean line; the
// next redraw brings it back.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// done erases the line for good; it may be called more than once.
func (p *progress) done() {
	p.clear()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		p.tty = false
		close(p.stop)
	}
}

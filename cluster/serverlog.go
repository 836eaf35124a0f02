package cluster

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// serverLog writes the embedded server's notices, warnings and errors
// (clients connecting and leaving, refused credentials, slow consumers,
// JetStream's own reports) to w, one line each: the time in UTC to the
// millisecond, the level, the message. Debug and trace lines are dropped.
type serverLog struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *serverLog) line(level, format string, v []any) {
	msg := strings.TrimRight(fmt.Sprintf(format, v...), "\n")
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "%s [%s] %s\n", time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), level, msg)
}

func (l *serverLog) Noticef(format string, v ...any) { l.line("INF", format, v) }
func (l *serverLog) Warnf(format string, v ...any)   { l.line("WRN", format, v) }
func (l *serverLog) Errorf(format string, v ...any)  { l.line("ERR", format, v) }

// Fatalf logs; the server, not its logger, decides what a fatal error
// stops (the embedded server shuts itself down).
func (l *serverLog) Fatalf(format string, v ...any) { l.line("FTL", format, v) }
func (l *serverLog) Debugf(string, ...any)          {}
func (l *serverLog) Tracef(string, ...any)          {}

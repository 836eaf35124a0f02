package serve

import (
	"bufio"
	"encoding/json"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// TestRunTimeout: a run's timeout is the server's bound when none is asked
// or more is (1e308 seconds overflowed a Duration to a negative one, and
// the run stopped at once with "unknown": issue 22 item 13); a negative
// one is refused with 400.
func TestRunTimeout(t *testing.T) {
	max := 30 * time.Second
	for _, c := range []struct {
		seconds float64
		want    time.Duration
		refused bool
	}{
		{0, max, false},
		{0.5, 500 * time.Millisecond, false},
		{30, max, false},
		{1e10, max, false},
		{1e308, max, false},
		{math.MaxFloat64, max, false},
		{-1, 0, true},
		{-1e308, 0, true},
		{math.NaN(), 0, true},
	} {
		got, err := runTimeout(c.seconds, max)
		if got != c.want || (err != nil) != c.refused {
			t.Errorf("runTimeout(%v) = %v, %v; want %v, refused %v", c.seconds, got, err, c.want, c.refused)
		}
	}

	ts := newTestServer(t, nil)
	queens := modelText(t, "eight-queens.yaml")
	status, events, _ := runStream(t, t.Context(), ts, map[string]any{"yaml": queens, "task": "solve", "timeout": 1e308})
	var started struct{ Timeout float64 }
	var res wireResultEvent
	if status != 200 || !lastEvent(t, events, "started", &started) || started.Timeout != DefaultMaxTimeout.Seconds() ||
		!lastEvent(t, events, "result", &res) || res.Result.Status != model.StatusSatisfied {
		t.Errorf("timeout 1e308: %d, started %+v, %s %+v", status, started, eventNames(events), res)
	}
	status, _, body := runStream(t, t.Context(), ts, map[string]any{"yaml": queens, "task": "solve", "timeout": -1})
	if status != http.StatusBadRequest || !strings.Contains(string(body), "timeout -1: expected seconds from 0") {
		t.Errorf("timeout -1: %d %s", status, body)
	}
}

// TestDeclaredLengthOverLimit: a request that declares a body over the
// limit is answered 413 at once, before any of it is read (a
// Content-Length of 999999999 with 12 bytes sent waited for the read
// timeout, 30 s, then answered 400 with the socket's error: issue 22 item
// 13).
func TestDeclaredLengthOverLimit(t *testing.T) {
	ts := newTestServer(t, nil)
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	conn.SetDeadline(start.Add(10 * time.Second))
	io.WriteString(conn, "POST /api/parse HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"+
		"Content-Length: 999999999\r\n\r\n{\"yaml\": \"\"}")
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("after %v: %v", time.Since(start), err)
	}
	defer res.Body.Close()
	var answer apiError
	json.NewDecoder(res.Body).Decode(&answer)
	if res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(answer.Error, "request body of 999999999 bytes, over the 262144 allowed") {
		t.Errorf("%d %+v", res.StatusCode, answer)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("answered after %v", d)
	}
}

// TestPutParsesFirst: PUT saves only a model that parses; another is
// refused with 400 and its file:line:column, and nothing is written
// (issue 22 item 13).
func TestPutParsesFirst(t *testing.T) {
	dir, _ := tempModels(t)
	cat, err := DirCatalog(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, func(c *Config) { c.Models = cat })
	for _, c := range []struct {
		name, text string
		status     int
		phrase     string
	}{
		{"typo.yaml", "board: 8\nplace: [8 quen]\n", 400, "typo.yaml:2:11: "},
		{"garbage.yaml", "[[[ {{{", 400, "garbage.yaml:1:"},
		{"good.yaml", "board: 4\nplace: [4 rook]\n", 200, `"saved":"good.yaml"`},
	} {
		req, _ := http.NewRequest("PUT", ts.URL+"/api/models/"+c.name, strings.NewReader(c.text))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status || !strings.Contains(string(body), c.phrase) {
			t.Errorf("PUT %s: %d %s, want %d with %q", c.name, res.StatusCode, body, c.status, c.phrase)
		}
		_, err = os.Stat(filepath.Join(dir, c.name))
		if saved := err == nil; saved != (c.status == 200) {
			t.Errorf("PUT %s: saved %v", c.name, saved)
		}
	}
}

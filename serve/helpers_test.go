package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// builtin is the catalog of the embedded example models.
func builtin(t testing.TB) *Catalog {
	sub, err := fs.Sub(chessmodel.Models, "testdata/models")
	if err != nil {
		t.Fatal(err)
	}
	return FSCatalog("built-in models", sub)
}

var (
	puzzlesOnce sync.Once
	puzzles     *Puzzles
	puzzlesErr  error
)

// testPuzzles is the blocked-queens collection up to three walls, made once
// for the whole test binary.
func testPuzzles(t testing.TB) *Puzzles {
	puzzlesOnce.Do(func() {
		text, err := builtin(t).Read("blocked-0w.yaml")
		if err != nil {
			puzzlesErr = err
			return
		}
		puzzles, puzzlesErr = GeneratePuzzles(context.Background(), text, "blocked-0w.yaml", exact.New(), 3)
	})
	if puzzlesErr != nil {
		t.Fatal(puzzlesErr)
	}
	return puzzles
}

// newTestServer serves the built-in models with the real backends and the
// puzzles; change adjusts the configuration first.
func newTestServer(t testing.TB, change func(*Config)) *httptest.Server {
	cfg := Config{
		Models:   builtin(t),
		Backends: map[string]model.Solver{"exact": exact.New(), "ilp": ilp.New()},
		Puzzles:  testPuzzles(t),
	}
	if change != nil {
		change(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return ts
}

func modelText(t testing.TB, file string) string {
	data, err := builtin(t).Read(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// post sends v as JSON and decodes the JSON answer into out.
func post(t testing.TB, ts *httptest.Server, path string, v, out any) int {
	t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Post(ts.URL+path, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			t.Fatalf("%s: decoding the answer: %v", path, err)
		}
	}
	return res.StatusCode
}

// event is one server-sent event.
type event struct {
	Name string
	Data json.RawMessage
}

// readEvents reads a stream of server-sent events to its end.
func readEvents(r io.Reader) ([]event, error) {
	var out []event
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	var cur event
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.Name != "" {
				out = append(out, cur)
			}
			cur = event{}
		case strings.HasPrefix(line, "event: "):
			cur.Name = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			cur.Data = json.RawMessage(line[len("data: "):])
		default:
			return out, fmt.Errorf("unexpected line %q", line)
		}
	}
	return out, sc.Err()
}

// runStream posts a run request and returns its status and events.
func runStream(t testing.TB, ctx context.Context, ts *httptest.Server, req map[string]any) (int, []event, []byte) {
	t.Helper()
	body, _ := json.Marshal(req)
	hr, err := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/run", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Type") != "text/event-stream" {
		raw, _ := io.ReadAll(res.Body)
		return res.StatusCode, nil, raw
	}
	events, err := readEvents(res.Body)
	if err != nil && ctx.Err() == nil {
		t.Fatal(err)
	}
	return res.StatusCode, events, nil
}

func eventNames(events []event) string {
	var names []string
	for _, e := range events {
		names = append(names, e.Name)
	}
	return strings.Join(names, " ")
}

// lastEvent finds the last event of a name and decodes it.
func lastEvent(t testing.TB, events []event, name string, out any) bool {
	t.Helper()
	for i := len(events) - 1; i >= 0; i-- {
		if events[i].Name == name {
			if err := json.Unmarshal(events[i].Data, out); err != nil {
				t.Fatal(err)
			}
			return true
		}
	}
	return false
}

// slowSolver works until its context ends, then says how it ended.
type slowSolver struct {
	started chan struct{}
	ended   chan error
}

func newSlowSolver() *slowSolver {
	return &slowSolver{started: make(chan struct{}, 1000), ended: make(chan error, 1000)}
}

func (s *slowSolver) Name() string { return "slow" }

func (s *slowSolver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	s.started <- struct{}{}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			s.ended <- ctx.Err()
			return &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: opts.Task, Backend: "slow", Status: model.StatusUnknown}, nil
		case <-tick.C:
			if opts.Progress != nil {
				opts.Progress(-1, fmt.Sprintf("%d ticks", i))
			}
		}
	}
}

// unsupportedSolver can do nothing, as a backend that has not learnt a kind yet.
type unsupportedSolver struct{}

func (unsupportedSolver) Name() string { return "none" }
func (unsupportedSolver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	return nil, fmt.Errorf("none: %s models: %w", m.Kind, model.ErrUnsupported)
}

// panicSolver fails the hard way.
type panicSolver struct{}

func (panicSolver) Name() string { return "panic" }
func (panicSolver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	panic(errors.New("boom"))
}

// tempModels is a directory with one model, and a secret beside it.
func tempModels(t testing.TB) (dir, outside string) {
	base := t.TempDir()
	dir = base + "/models"
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	outside = base + "/secret.yaml"
	if err := os.WriteFile(outside, []byte("name: secret\nboard: 4\nplace: [4 rook]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/mine.yaml", []byte(modelText(t, "eight-queens.yaml")), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, outside
}

// The events as a client reads them (model.Task and compare.Verdict are
// written as text and not read back by their packages).
type (
	wireResult struct {
		Backend  string          `json:"backend"`
		Status   model.Status    `json:"status"`
		Value    *int64          `json:"value"`
		Count    *int64          `json:"count"`
		Classes  *int64          `json:"classes"`
		Solution *model.Solution `json:"solution"`
		Verified bool            `json:"verified"`
	}
	wireResultEvent struct {
		Result  wireResult `json:"result"`
		Stopped string     `json:"stopped"`
		SVG     string     `json:"svg"`
		Board   *geometry  `json:"board"`
	}
	wireCompareEvent struct {
		Row struct {
			Answers []compare.Answer `json:"answers"`
			Verdict string           `json:"verdict"`
		} `json:"row"`
		Verdict  string          `json:"verdict"`
		Note     string          `json:"note"`
		Shown    string          `json:"shown"`
		Solution *model.Solution `json:"solution"`
		SVG      string          `json:"svg"`
	}
)

// greedySolver allocates until its context ends.
type greedySolver struct{}

func (greedySolver) Name() string { return "greedy" }
func (greedySolver) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	var hoard [][]byte
	for ctx.Err() == nil && len(hoard) < 4096 {
		chunk := make([]byte, 1<<20)
		for i := range chunk {
			chunk[i] = byte(i)
		}
		hoard = append(hoard, chunk)
		time.Sleep(time.Millisecond)
	}
	runtime.KeepAlive(hoard)
	return &model.Result{Model: m.Name, Kind: m.Kind.String(), Task: opts.Task, Backend: "greedy", Status: model.StatusUnknown}, nil
}

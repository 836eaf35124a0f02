package serve

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

//go:embed static
var static embed.FS

// Config is what a Server serves and the bounds it keeps.
type Config struct {
	// Models is the catalog of model files the page lists.
	Models *Catalog
	// Backends are the solvers the page can run, by name ("exact", "ilp").
	Backends map[string]model.Solver
	// External lets compare also run the command-line MIP solvers
	// (lp_solve, cbc, glpsol) on exported files. Off by default: a request
	// then starts no program.
	External bool
	// Puzzles is the collection of unique-solution boards to play; nil
	// serves none.
	Puzzles *Puzzles

	// Bounds; zero values take the defaults below.
	Running    int           // solves at once
	Queue      int           // solves waiting for a slot; beyond them the answer is "busy"
	MaxTimeout time.Duration // the longest a solve may run
	MaxBody    int64         // bytes of a request body
	MaxSquares int           // squares of a board a request may solve or draw
	// AnyHost answers requests whatever their Host header. Off, only
	// localhost, 127.0.0.1 and [::1] are answered, so that a web page that
	// rebinds its own name to this machine's loopback address reads nothing.
	AnyHost bool
	// MaxMemory is the Go heap, in bytes, at which every running solve is
	// stopped (memory lp_solve allocates in C is not counted).
	MaxMemory int64
	// GameMemory bounds the bytes the strong solutions of the games
	// played are kept in (the least recently used is dropped first); a
	// game whose solution needs more is refused. MaxMemory/4 by default.
	GameMemory int64
}

// Default bounds.
const (
	DefaultRunning    = 2
	DefaultQueue      = 8
	DefaultMaxTimeout = 30 * time.Second
	DefaultMaxBody    = 256 << 10
	DefaultMaxSquares = 128 * 128
)

func (c *Config) defaults() {
	if c.Running <= 0 {
		c.Running = DefaultRunning
	}
	if c.Queue < 0 {
		c.Queue = 0
	} else if c.Queue == 0 {
		c.Queue = DefaultQueue
	}
	if c.MaxTimeout <= 0 {
		c.MaxTimeout = DefaultMaxTimeout
	}
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.MaxMemory <= 0 {
		c.MaxMemory = DefaultMaxMemory
	}
	if c.GameMemory <= 0 {
		c.GameMemory = c.MaxMemory / 4
	}
	if c.MaxSquares <= 0 {
		c.MaxSquares = DefaultMaxSquares
	}
}

// A Server is the playground: the page, its assets and the JSON API.
type Server struct {
	cfg         Config
	readTimeout time.Duration // of a request's headers and body
	slots       *limiter
	optima      *optima
	runs        *runRegistry
	games       *gameTables
	mux         *http.ServeMux
}

// New makes a server over cfg.
func New(cfg Config) (*Server, error) {
	cfg.defaults()
	if cfg.Models == nil {
		return nil, errors.New("serve: no model catalog")
	}
	if len(cfg.Backends) == 0 {
		return nil, errors.New("serve: no backends")
	}
	s := &Server{cfg: cfg, readTimeout: 30 * time.Second, slots: newLimiter(cfg.Running, cfg.Queue), optima: newOptima(1024), runs: newRunRegistry(), games: newGameTables(cfg.GameMemory)}
	s.routes()
	return s, nil
}

func (s *Server) routes() {
	assets, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded directory is part of the binary
	}
	mux := http.NewServeMux()
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(assets)))
	mux.HandleFunc("GET /{$}", s.handleIndex)
	mux.HandleFunc("GET /api/info", s.handleInfo)
	mux.HandleFunc("GET /api/models", s.handleList)
	mux.HandleFunc("GET /api/models/{name}", s.handleRead)
	mux.HandleFunc("PUT /api/models/{name}", s.handleWrite)
	mux.HandleFunc("POST /api/parse", s.handleParse)
	mux.HandleFunc("POST /api/play", s.handlePlay)
	mux.HandleFunc("POST /api/run", s.handleRun)
	mux.HandleFunc("POST /api/game", s.handleGame)
	mux.HandleFunc("POST /api/stop", s.handleStop)
	mux.HandleFunc("GET /api/puzzles", s.handlePuzzles)
	s.mux = mux
}

// ServeHTTP serves the page and the API. Every response says not to be
// framed or sniffed; bodies are limited to MaxBody bytes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'")
	h.Set("Referrer-Policy", "no-referrer")
	if !s.cfg.AnyHost && !loopbackHost(r.Host) {
		writeError(w, http.StatusForbidden, "this playground answers to localhost only (host %q); serve it on another address with --addr", r.Host)
		return
	}
	if crossSite(r) {
		writeError(w, http.StatusForbidden, "requests from other sites are refused")
		return
	}
	if r.ContentLength > s.cfg.MaxBody {
		// Refused before any of it is read: a declared length that never
		// comes would hold the request until the read timeout.
		writeError(w, http.StatusRequestEntityTooLarge, "request body of %d bytes, over the %d allowed", r.ContentLength, s.cfg.MaxBody)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	s.mux.ServeHTTP(w, r)
}

// loopbackHost reports whether a Host header names this machine's loopback
// interface.
func loopbackHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// crossSite reports whether a browser sent the request from another site:
// a page elsewhere must not start solves or write files here. Browsers say
// so in Sec-Fetch-Site and, on anything but GET, in Origin.
func crossSite(r *http.Request) bool {
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return true
	}
	origin := r.Header.Get("Origin")
	if origin == "" || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return false
	}
	u, err := url.Parse(origin)
	return err != nil || u.Host != r.Host
}

// ListenAndServe serves on addr until ctx ends, then shuts down, giving
// running requests a few seconds. ready, if not nil, receives the address
// actually bound (useful with port 0).
func (s *Server) ListenAndServe(ctx context.Context, addr string, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: min(10*time.Second, s.readTimeout),
		ReadTimeout:       s.readTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	if ready != nil {
		ready(ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// info is what the page needs to know of the server.
type info struct {
	Backends   []string `json:"backends"`
	External   bool     `json:"external"`
	Writable   bool     `json:"writable"`
	Dir        string   `json:"dir"`
	MaxTimeout float64  `json:"maxTimeout"` // seconds
	Puzzles    bool     `json:"puzzles"`
}

func (s *Server) handleInfo(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, info{
		Backends: s.backendNames(), External: s.cfg.External, Writable: s.cfg.Models.Writable(),
		Dir: s.cfg.Models.Name(), MaxTimeout: s.cfg.MaxTimeout.Seconds(), Puzzles: s.cfg.Puzzles != nil,
	})
}

// backendNames lists the backends, exact and ilp first.
func (s *Server) backendNames() []string {
	var names []string
	for _, n := range []string{"exact", "ilp"} {
		if _, ok := s.cfg.Backends[n]; ok {
			names = append(names, n)
		}
	}
	var others []string
	for n := range s.cfg.Backends {
		if n != "exact" && n != "ilp" {
			others = append(others, n)
		}
	}
	sort.Strings(others)
	return append(names, others...)
}

// apiError is the body of every error answer.
type apiError struct {
	Error string `json:"error"`
	// Busy is set on the answer to a solve refused because every slot and
	// place in the queue is taken.
	Busy bool `json:"busy,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

func writeError(w http.ResponseWriter, status int, format string, args ...any) {
	writeJSON(w, status, apiError{Error: fmt.Sprintf(format, args...)})
}

// writeModelError answers with a model's parse error: its text as the
// error, and where it is.
func writeModelError(w http.ResponseWriter, status int, err *modelError) {
	writeJSON(w, status, struct {
		apiError
		Model *modelError `json:"model"`
	}{apiError{Error: err.Text}, err})
}

// readJSON decodes a request body into v, refusing unknown fields and
// bodies over the limit; it answers the request itself when it fails.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	data, ok := readBody(w, r)
	if !ok {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad request body: %v", err)
		return false
	}
	return true
}

// readBody reads a whole request body, answering the request when it is
// too big.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, "request body over %d bytes", tooBig.Limit)
		} else {
			writeError(w, http.StatusBadRequest, "reading the request: %v", err)
		}
		return nil, false
	}
	return data, true
}

// optima remembers the optimal values that complete solves found, by model
// text, so that play can say "solved" once the optimum is known. It keeps
// at most max entries, forgetting the oldest.
type optima struct {
	mu    sync.Mutex
	max   int
	value map[string]int64
	order []string
}

func newOptima(max int) *optima { return &optima{max: max, value: map[string]int64{}} }

func (o *optima) get(key string) (int64, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	v, ok := o.value[key]
	return v, ok
}

func (o *optima) put(key string, v int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, ok := o.value[key]; !ok {
		o.order = append(o.order, key)
		if len(o.order) > o.max {
			delete(o.value, o.order[0])
			o.order = o.order[1:]
		}
	}
	o.value[key] = v
}

// trimmed shortens a message for a status line.
func trimmed(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.TrimSpace(s[:n]) + "…"
}

// handleIndex serves the page with the board of the model it opens first
// already drawn in it, so that the board shows with the page rather than
// after the page's first requests to the API.
func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	page, err := static.ReadFile("static/index.html")
	if err != nil {
		writeError(w, http.StatusInternalServerError, "the page: %v", err)
		return
	}
	if svg := s.firstBoard(); svg != "" {
		page = bytes.Replace(page, []byte("<!--board-->"), []byte(svg), 1)
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.Write(page)
}

// firstBoard draws the model the page opens first: eight-queens.yaml when
// the catalog has it, else the first model that parses (as the page
// chooses); "" when there is none.
func (s *Server) firstBoard() string {
	try := func(file string) string {
		data, err := s.cfg.Models.Read(file)
		if err != nil {
			return ""
		}
		p := s.parseModel(&modelRequest{YAML: string(data), File: file})
		if p.err != nil {
			return ""
		}
		svg, _, err := picture(p.m, nil, false)
		if err != nil {
			return ""
		}
		return svg
	}
	if svg := try("eight-queens.yaml"); svg != "" {
		return svg
	}
	list, err := s.cfg.Models.List()
	if err != nil {
		return ""
	}
	for _, e := range list {
		if e.Error == "" {
			return try(e.File)
		}
	}
	return ""
}

package cli

import (
	"context"
	"fmt"
	"io/fs"
	"net"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/serve"
)

type serveFlags struct {
	addr      string
	write     bool
	external  bool
	running   int
	queue     int
	maxTime   time.Duration
	puzzles   string
	puzzleMax int
}

func newServeCommand(g *globals, streams Streams) *cobra.Command {
	f := &serveFlags{}
	cmd := &cobra.Command{
		Use:   "serve [DIR]",
		Short: "The web playground: edit, see, solve, compare and play models in a browser",
		Long: `serve starts the playground on --addr (127.0.0.1:8080: this machine only)
over the model files in DIR, or the built-in example models when no DIR is
given. The page lists the models, edits them with parse errors shown as you
type, draws them, runs solve, count and compare on the server under a time
bound, and lets you play: place pieces with the checker judging, move a
touring piece, slide pieces, and play the puzzles generated from
--puzzles (progress kept in the browser).

DIR is read-only unless --write; only plain *.yaml names directly inside it
are read or written. At most --running solves run at once and --queue wait;
more are answered "busy". No external program is started unless --external.
--max-memory is the Go heap at which running solves are stopped (also the
GC's soft limit): 2G unless given.`,
		Example: `  chessmodel serve
  chessmodel serve testdata/models --addr 127.0.0.1:9000 --write
  chessmodel serve --max-time 10s --running 1 --queue 4`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runServe(cmd.Context(), g, streams, f, args)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8080", "address to listen on; give 0.0.0.0:PORT to let other machines in")
	fl.BoolVar(&f.write, "write", false, "let the page save model files in DIR")
	fl.BoolVar(&f.external, "external", false, "let compare run the command-line solvers lp_solve, cbc and glpsol")
	fl.IntVar(&f.running, "running", serve.DefaultRunning, "solves run at once")
	fl.IntVar(&f.queue, "queue", serve.DefaultQueue, "solves waiting for a slot before the answer is busy")
	durationVar(fl, &f.maxTime, "max-time", serve.DefaultMaxTimeout, "the longest a solve may run")
	// --memory was serve's own name for --max-memory: it sets the same value.
	deprecatedFlag(cmd, "memory", &g.maxMemory, "--max-memory")
	fl.StringVar(&f.puzzles, "puzzles", "blocked-0w.yaml", `the model whose puzzles the page offers: a file of DIR or a built-in model ("": none)`)
	fl.IntVar(&f.puzzleMax, "puzzle-walls", 3, "puzzles have up to this many walls")
	return cmd
}

func runServe(ctx context.Context, g *globals, streams Streams, f *serveFlags, args []string) error {
	bad := func(err error) error { return &ExitError{Code: ExitBadInput, Err: err} }
	var puzzleSolver model.Solver = exact.New()
	builtin, err := fs.Sub(chessmodel.Models, "testdata/models")
	if err != nil {
		return err
	}
	catalog := serve.FSCatalog("built-in models", builtin)
	if len(args) == 1 {
		if catalog, err = serve.DirCatalog(args[0], f.write); err != nil {
			return bad(err)
		}
	}
	memory := int64(g.maxMemory)
	if memory == 0 {
		memory = serve.DefaultMaxMemory
	}
	if memory > 0 {
		debug.SetMemoryLimit(memory)
	}
	if exactSolver, ok := g.backends["exact"]; ok {
		puzzleSolver = exactSolver
	}
	cfg := serve.Config{
		Models: catalog, Backends: g.backends, External: f.external,
		Running: f.running, Queue: f.queue, MaxTimeout: f.maxTime, MaxMemory: memory,
		AnyHost: !loopbackAddr(f.addr),
	}
	if f.puzzles != "" {
		text, err := catalog.Read(f.puzzles)
		if err != nil && len(args) == 1 {
			text, err = fs.ReadFile(builtin, f.puzzles)
		}
		if err != nil {
			return bad(fmt.Errorf("--puzzles %q: %w", f.puzzles, err))
		}
		pctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		cfg.Puzzles, err = serve.GeneratePuzzles(pctx, text, f.puzzles, puzzleSolver, f.puzzleMax)
		cancel()
		if err != nil {
			return bad(err)
		}
	}
	srv, err := serve.New(cfg)
	if err != nil {
		return bad(err)
	}
	return srv.ListenAndServe(ctx, f.addr, func(a net.Addr) {
		fmt.Fprintf(streams.Err, "chessmodel playground on http://%s/ (%s; Ctrl-C stops)\n", a, catalog.Name())
	})
}

// loopbackAddr reports whether a listen address is on the loopback
// interface only; any other address lets the playground answer other hosts.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

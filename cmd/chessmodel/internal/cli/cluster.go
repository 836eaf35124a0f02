package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/cluster"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

// clusterFlags are the flags of cluster and worker.
type clusterFlags struct {
	taskFlags partTask
	shards    int
	listen    string
	store     string
	connect   string
	tokenFile string
	keyFile   string
	replicas  int
	wait      time.Duration // worker: how long to wait for the server
	tls       cluster.TLS   // --tls-cert, --tls-key, --tls-ca
	user      string        // --user: this client's name among the server's users
	usersFile string        // cluster --users: the embedded server's users
	serverLog string        // cluster --server-log: where the embedded server logs
	ackWait   time.Duration
	workers   int
}

func newClusterCommand(g *globals, streams Streams) *cobra.Command {
	f := &clusterFlags{}
	cmd := &cobra.Command{
		Use:   "cluster MODEL.yaml [--shards N] [--walls K | --solve]",
		Short: "Count (or sweep, with --walls, or solve, with --solve) in parts on workers through NATS JetStream, and print the merged answer",
		Long: `cluster splits a count (or, with --walls K, the sweep of K walls; with --solve,
the proof of a solve where the search splits it) into --shards
parts, publishes them to a JetStream work queue and prints, when every part's
record is in, what the one-process run prints (text or --json). Progress (parts
done, nodes, time left) goes to standard error on a terminal.

By default it embeds a JetStream server on --listen (127.0.0.1:4222; port 0
picks a free one) with a file store in --store (a temporary directory when not
given), and writes a random token to --token-file (mode 0600; default: token in
the store) that workers need to connect, and a random key to --key-file (mode
0600; default: key in the store) with which they seal their records:

  chessmodel worker --connect nats://HOST:PORT --token-file FILE --key-file KEY

A record not sealed with the key (a forgery by a holder of the token alone, an
edit) or that fails the checks is refused, said on standard error, and its part
offered again (the job fails after 3 failed attempts of one part). With
--replicas R each part is done by R workers whose answers must agree: while
they do not, the part goes to one more, and the majority decides; each
outvoted record is named on standard error.

Started again with the same --store (and task), it resumes: finished parts are
not run again. With --connect it uses an existing server instead (the token,
if any, read from --token-file; records sealed with the key in --key-file, or
with the plain seal without one). A worker that dies has its part given to
another after --ack-wait. Every record is checked (model digest, checker)
before it is merged.`,
		Example: `  chessmodel cluster testdata/models/n-queens.yaml --set board=16 --shards 64 --store q16
  chessmodel cluster testdata/models/blocked-0w.yaml --walls 4 --shards 32 --listen 0.0.0.0:4222
  chessmodel cluster testdata/models/queens-domination.yaml --set board=16 --solve --shards 16`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCluster(cmd.Context(), g, streams, f, args[0])
		},
	}
	fl := cmd.Flags()
	addTaskFlags(cmd, g, &f.taskFlags)
	fl.IntVar(&f.shards, "shards", 64, "the number of parts")
	addServerFlags(cmd, f)
	fl.StringVar(&f.listen, "listen", "127.0.0.1:4222", "host:port of the embedded server (port 0: a free one)")
	fl.StringVar(&f.store, "store", "", "the embedded server's file store; the same store resumes a run (default: a temporary directory)")
	fl.StringVar(&f.usersFile, "users", "", "the embedded server's users, one a line: a name and a password; then each worker connects as its own (worker --user NAME --token-file ITS-PASSWORD), and one is shut out by removing its line")
	fl.StringVar(&f.serverLog, "server-log", "", "append the embedded server's log (clients connecting and leaving, refused credentials, slow consumers) to this file, one timestamped line each; - for standard error")
	fl.IntVar(&f.replicas, "replicas", 1, "workers that do each part: their answers must agree, a disagreement offers the part to one more and the majority decides (needs as many workers)")
	durationVar(fl, &f.ackWait, "ack-wait", cluster.DefaultAckWait, "how long a part may go without word from its worker before another gets it")
	completeModels(cmd)
	cmd.AddCommand(newClusterStatusCommand(g, streams), newClusterDropCommand(g, streams))
	return cmd
}

// partTask is the task cluster and slurm split: a count, or with --walls
// a sweep.
type partTask struct {
	backend  string
	symmetry bool
	distinct string
	walls    int
	solve    bool // the proof of solve (shard.TaskSolve)
}

func addTaskFlags(cmd *cobra.Command, g *globals, f *partTask) {
	fl := cmd.Flags()
	fl.StringVar(&f.backend, "backend", "exact", "solver backend of every part: "+g.backends.names())
	completeValues(cmd, "backend", sortedKeys(g.backends)...)
	fl.BoolVar(&f.symmetry, "symmetry", false, "count: also count classes up to the model's symmetry group")
	fl.StringVar(&f.distinct, "distinct", "", `count: "walls" counts distinct wall sets`)
	fl.IntVar(&f.walls, "walls", -1, "sweep the placements of this many walls instead of counting (as chessmodel sweep)")
	fl.BoolVar(&f.solve, "solve", false, "solve instead of counting: split the proof of the optimum, where the search splits it (the fewest pieces that cover; folding's solves)")
}

// loadJob checks the task's flags and describes it split of ways.
func (f *partTask) loadJob(ctx context.Context, g *globals, path string, of int) (*shard.Job, error) {
	if f.distinct != "" && f.distinct != "walls" {
		return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf(`--distinct %q: the only choice is "walls"`, f.distinct)}
	}
	if _, err := g.backend(f.backend); err != nil {
		return nil, err
	}
	task, opts := shard.TaskCount, shard.Options{Backend: f.backend, Symmetry: f.symmetry, DistinctWalls: f.distinct == "walls"}
	if f.walls >= 0 {
		task, opts = shard.TaskSweep, shard.Options{Backend: f.backend, Walls: f.walls}
	}
	if f.solve {
		if f.walls >= 0 || f.symmetry || f.distinct != "" {
			return nil, &ExitError{Code: ExitBadInput, Err: errors.New("--solve splits a solve: --walls, --symmetry and --distinct are for counts and sweeps")}
		}
		task, opts = shard.TaskSolve, shard.Options{Backend: f.backend}
	}
	job, _, err := g.loadJob(ctx, path, task, opts, of)
	return job, err
}

// addServerFlags defines the flags cluster and worker share.
func addServerFlags(cmd *cobra.Command, f *clusterFlags) {
	cmd.Flags().StringVar(&f.connect, "connect", "", "the URL of a NATS server with JetStream, e.g. nats://10.0.0.5:4222")
	cmd.Flags().StringVar(&f.tokenFile, "token-file", "", "the file holding the server's token")
	addKeyFlag(cmd, &f.keyFile, "the file holding the job's key, which seals every record (cluster: default key in the store, made when missing; with --connect and none, plain seals)")
	cmd.Flags().StringVar(&f.user, "user", "", "connect as this user of the server's (cluster --users), its password in --token-file")
	cmd.Flags().StringVar(&f.tls.Cert, "tls-cert", "", "TLS: this side's certificate (PEM): the embedded server's identity, or a client's certificate when the server asks for one")
	cmd.Flags().StringVar(&f.tls.Key, "tls-key", "", "TLS: the key of --tls-cert (PEM)")
	cmd.Flags().StringVar(&f.tls.CA, "tls-ca", "", "TLS: the CA certificate (PEM) that signs the other side's: clients verify the server by it; the embedded server then requires client certificates it signs")
}

func runCluster(ctx context.Context, g *globals, streams Streams, f *clusterFlags, path string) error {
	if f.shards < 1 || f.ackWait <= 0 || f.replicas < 1 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--shards %d, --ack-wait %v, --replicas %d: expected at least 1 part, a positive wait and at least 1 replica",
			f.shards, f.ackWait, f.replicas)}
	}
	job, err := f.taskFlags.loadJob(ctx, g, path, f.shards)
	if err != nil {
		return err
	}
	connect, closeServer, err := clusterServer(streams, f)
	if err != nil {
		return err
	}
	defer closeServer()
	key, err := readKey(f.keyFile)
	if err != nil {
		return err
	}
	nc, err := connect()
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	defer nc.Close()
	ctx, cancel := g.context(ctx)
	defer cancel()
	progress := newProgress(streams.Err)
	defer progress.done()
	merged, err := cluster.Coordinate(ctx, nc, job, cluster.Config{AckWait: f.ackWait, Key: key, Replicas: f.replicas, MaxMemory: int64(g.maxMemory), Build: buildID(), Progress: func(p cluster.Progress) {
		progress.update(float64(p.Done)/float64(p.Of), clusterNote(p))
	}, Refused: func(err error) {
		progress.clear()
		fmt.Fprintf(streams.Err, "chessmodel: %v\n", err)
	}})
	progress.done()
	if err != nil {
		if ctx.Err() != nil {
			return clusterStopped(ctx, g)
		}
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	printOutvoted(streams.Err, merged)
	return printMerged(streams.Out, g.json, merged)
}

// clusterNote is the progress line of a coordinated run.
func clusterNote(p cluster.Progress) string {
	note := fmt.Sprintf("%d of %d parts, %s", p.Done, p.Of, plural(p.Nodes, "node", "nodes"))
	if p.ETA > 0 {
		note += fmt.Sprintf(", about %v left", p.ETA.Round(time.Second))
	}
	return note
}

// clusterStopped is the error of a coordinator cut short: the records so
// far stay in the store.
func clusterStopped(ctx context.Context, g *globals) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &ExitError{Code: ExitTimeout, Err: fmt.Errorf("stopped by --timeout %v; the records so far are kept: run again with the same --store to resume", g.timeout)}
	}
	return &ExitError{Code: ExitInterrupted, Err: errors.New("interrupted; the records so far are kept: run again with the same --store to resume")}
}

// clusterServer starts the embedded server, or reads the token of the one
// --connect names, and says how the coordinator connects to it: in the
// process to its embedded server, over the network (--tls-* as a client)
// to another.
func clusterServer(streams Streams, f *clusterFlags) (connect func() (*nats.Conn, error), closeServer func(), err error) {
	if f.connect != "" {
		var token string
		if f.tokenFile != "" {
			if token, err = cluster.ReadToken(f.tokenFile); err != nil {
				return nil, nil, &ExitError{Code: ExitBadInput, Err: err}
			}
		}
		auth := cluster.Auth{User: f.user, Secret: token}
		return func() (*nats.Conn, error) { return cluster.Connect(f.connect, auth, "chessmodel cluster", f.tls) }, func() {}, nil
	}
	store, removeStore := f.store, func() {}
	if store == "" {
		if store, err = os.MkdirTemp("", "chessmodel-cluster-"); err != nil {
			return nil, nil, err
		}
		removeStore = func() { os.RemoveAll(store) }
	}
	tokenFile := f.tokenFile
	if tokenFile == "" {
		tokenFile = filepath.Join(store, "token")
	}
	unlock, err := cluster.LockStore(store) // made here: the key is written into it before the server starts
	if err != nil {
		removeStore()
		return nil, nil, &ExitError{Code: ExitBadInput, Err: err}
	}
	release := func() { unlock(); removeStore() }
	if f.keyFile == "" {
		f.keyFile = filepath.Join(store, "key")
	}
	if _, err := os.Stat(f.keyFile); errors.Is(err, os.ErrNotExist) { // a new run; a resumed one keeps its key
		if _, err := shard.WriteKey(f.keyFile); err != nil {
			release()
			return nil, nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--key-file: %w", err)}
		}
	}
	fresh := false
	token, err := cluster.ReadToken(tokenFile)
	if err != nil { // a new run, or a resumed one with its token
		token, err = cluster.NewToken()
		fresh = true
	}
	var users map[string]string
	if err == nil && f.usersFile != "" {
		users, err = cluster.ReadUsers(f.usersFile)
	}
	var log io.Writer
	closeLog := func() {}
	if err == nil && f.serverLog != "" {
		log, closeLog, err = openServerLog(f.serverLog, streams)
	}
	var srv *cluster.Server
	if err == nil {
		srv, err = cluster.StartServer(cluster.ServerConfig{Listen: f.listen, StoreDir: store, Token: token, TLS: f.tls, Users: users, Log: log})
	}
	if err == nil && fresh { // written once the server listens: a worker given it can connect
		if err = cluster.WriteToken(tokenFile, token); err != nil {
			srv.Close()
		}
	}
	if err != nil {
		closeLog()
		release()
		return nil, nil, &ExitError{Code: ExitBadInput, Err: err}
	}
	worker := fmt.Sprintf("chessmodel worker --connect %s --token-file %s --key-file %s", srv.WorkerURL(), tokenFile, f.keyFile)
	auth := cluster.Auth{Secret: token}
	if users != nil {
		worker = fmt.Sprintf("chessmodel worker --connect %s --user NAME --token-file ITS-PASSWORD --key-file %s", srv.WorkerURL(), f.keyFile)
		auth.User = cluster.CoordinatorUser
	}
	if f.tls.CA != "" {
		worker += " --tls-ca CA.pem --tls-cert WORKER.pem --tls-key WORKER-KEY.pem"
	} else if f.tls.Cert != "" {
		worker += " --tls-ca CA.pem"
	}
	fmt.Fprintf(streams.Err, "chessmodel: JetStream on %s, store %s; start workers with:\n  %s\n", srv.URL(), store, worker)
	return func() (*nats.Conn, error) { return srv.ConnectInProcess(auth, "chessmodel cluster") },
		func() { srv.Close(); closeLog(); release() }, nil
}

// openServerLog opens --server-log for appending ("-": standard error).
func openServerLog(path string, streams Streams) (io.Writer, func(), error) {
	if path == "-" {
		return streams.Err, func() {}, nil
	}
	file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, func() {}, fmt.Errorf("--server-log: %w", err)
	}
	return file, func() { file.Close() }, nil
}

func newWorkerCommand(g *globals, streams Streams) *cobra.Command {
	f := &clusterFlags{}
	cmd := &cobra.Command{
		Use:   "worker --connect nats://HOST:PORT --token-file FILE",
		Short: "Run parts of counts and sweeps from a NATS JetStream work queue (see cluster)",
		Long: `worker pulls the parts a chessmodel cluster coordinator publishes, runs each
on --workers goroutines (every core by default), publishes its record, and
acknowledges the part only once the record is stored. It runs until it is
interrupted (SIGINT, SIGTERM), which hands a part it had not finished back
at once, for another worker; a worker that dies has its part given to another
after the coordinator's --ack-wait. Started before the server, it waits up to
--wait for it. Every part runs under the coordinator's --max-memory, so that
every part takes the same method; a worker given --max-memory hands back the
parts of a job whose bound is above its own. Its records are sealed with the
key in --key-file, the coordinator's (plain seals without one).`,
		Example: `  chessmodel worker --connect nats://10.0.0.5:4222 --token-file token --key-file key`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ceiling := int64(0) // without --max-memory, a worker takes the job's bound
			if cmd.Flag("max-memory").Changed {
				ceiling = int64(g.maxMemory)
				if ceiling == 0 {
					ceiling = model.DefaultMaxMemory
				}
			}
			return runWorker(cmd.Context(), g, streams, f, ceiling)
		},
	}
	addServerFlags(cmd, f)
	addWorkersFlag(cmd, &f.workers, "goroutines of each part")
	durationVar(cmd.Flags(), &f.wait, "wait", 10*time.Minute, "how long to wait for the server to answer (a worker started before its coordinator), trying again with a growing pause and a line every 30 s (0: try once)")
	return cmd
}

func runWorker(ctx context.Context, g *globals, streams Streams, f *clusterFlags, maxMemory int64) error {
	if f.connect == "" {
		return &ExitError{Code: ExitBadInput, Err: errors.New("--connect: the URL of the coordinator's server is needed, e.g. nats://10.0.0.5:4222")}
	}
	var err error
	if f.workers, err = checkWorkers(streams.Err, f.workers); err != nil {
		return err
	}
	var token string
	if f.tokenFile != "" {
		if token, err = cluster.ReadToken(f.tokenFile); err != nil {
			return &ExitError{Code: ExitBadInput, Err: err}
		}
	}
	key, err := readKey(f.keyFile)
	if err != nil {
		return err
	}
	ctx, cancel := g.context(ctx)
	defer cancel()
	nc, err := cluster.ConnectWaiting(ctx, f.connect, cluster.Auth{User: f.user, Secret: token}, "chessmodel worker", f.tls, f.wait, func(note string) {
		fmt.Fprintf(streams.Err, "chessmodel: %s\n", note)
	})
	if err != nil {
		if ctx.Err() != nil {
			return &ExitError{Code: ExitInterrupted, Err: errors.New("interrupted while waiting for the server")}
		}
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	defer nc.Close()
	w := &cluster.Worker{
		Solver:    func(name string) (model.Solver, error) { return g.backend(name) },
		Options:   shard.RunOptions{Workers: f.workers, Key: key, Build: buildID()},
		MaxMemory: maxMemory,
		Log:       streams.Err,
	}
	if err := w.Run(ctx, nc); err != nil {
		return err
	}
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return &ExitError{Code: ExitTimeout, Err: fmt.Errorf("stopped by --timeout %v; a part at work, if any, was handed back", g.timeout)}
	case ctx.Err() != nil:
		return &ExitError{Code: ExitInterrupted, Err: errors.New("interrupted; a part at work, if any, was handed back")}
	}
	return nil
}

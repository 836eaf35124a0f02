package cluster_test

import (
	"encoding/json"
	"net"
	"slices"
	"strconv"
	"strings"

	"context"
	"errors"
	"fmt"
	"github.com/nats-io/nats.go/jetstream"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/cluster"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

// ackWait is short so that a dead worker's part comes back within the test.
const ackWait = 2 * time.Second

// A testCluster is an embedded server, its token and store, and workers
// in goroutines, each on a connection of its own.
type testCluster struct {
	t      *testing.T
	cfg    cluster.ServerConfig
	server *cluster.Server
	url    string
	key    []byte // the job's key, which seals the records
	// clientTLS is the TLS of the cluster's clients (none by default)
	clientTLS cluster.TLS

	mu      sync.Mutex
	ran     map[int]int // runs to the end by part
	started map[int]int // runs begun by part
	names   []string    // of the workers

	workers     context.Context // ends the workers
	stopWorkers func()
	wg          sync.WaitGroup
}

func newTestCluster(t *testing.T) *testCluster {
	t.Helper()
	token, err := cluster.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	key, err := shard.NewKey()
	if err != nil {
		t.Fatal(err)
	}
	c := &testCluster{t: t, cfg: cluster.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: token},
		ran: map[int]int{}, started: map[int]int{}, key: []byte(key)}
	c.start()
	c.cfg.Listen = c.url[len("nats://"):] // a restart listens where the workers reconnect
	c.workers, c.stopWorkers = context.WithCancel(context.Background())
	t.Cleanup(func() { c.stop(); c.server.Close() })
	return c
}

// stop ends the workers and waits for them.
func (c *testCluster) stop() {
	c.stopWorkers()
	c.wg.Wait()
}

func (c *testCluster) start() {
	srv, err := cluster.StartServer(c.cfg)
	if err != nil {
		c.t.Fatal(err)
	}
	c.server, c.url = srv, srv.URL()
}

// worker starts a worker; started, when set, is called as it begins a part
// and may cancel the worker (its death).
func (c *testCluster) worker(started func(cancel func())) {
	c.t.Helper()
	c.workerKeyed(c.key, started)
}

// workerKeyed starts a worker that seals with key.
func (c *testCluster) workerKeyed(key []byte, started func(cancel func())) {
	c.t.Helper()
	c.workerWith(shard.RunOptions{Workers: 1, Key: key}, started)
}

// workerWith starts a worker that runs its parts with opts.
func (c *testCluster) workerWith(opts shard.RunOptions, started func(cancel func())) {
	c.t.Helper()
	c.workerSolving(exact.New(), opts, started)
}

// workerSolving starts a worker whose backend is solver.
func (c *testCluster) workerSolving(solver model.Solver, opts shard.RunOptions, started func(cancel func())) {
	c.t.Helper()
	c.workerBounded(solver, opts, 0, started)
}

// workerBounded starts a worker that runs no part above the memory bound
// ceiling (Worker.MaxMemory).
func (c *testCluster) workerBounded(solver model.Solver, opts shard.RunOptions, ceiling int64, started func(cancel func())) {
	c.t.Helper()
	ctx, cancel := context.WithCancel(c.workers)
	nc, err := cluster.Connect(c.url, cluster.Auth{Secret: c.cfg.Token}, "test worker", c.clientTLS)
	if err != nil {
		c.t.Fatal(err)
	}
	w := &cluster.Worker{
		Solver:    func(string) (model.Solver, error) { return solver, nil },
		Options:   opts,
		MaxMemory: ceiling,
		Name:      fmt.Sprintf("test worker %d", len(c.names)),
		Started: func(_ *shard.Job, k int) {
			c.mu.Lock()
			c.started[k]++
			c.mu.Unlock()
			if started != nil {
				started(cancel)
			}
		},
		Ran: func(_ *shard.Job, k int) { c.mu.Lock(); c.ran[k]++; c.mu.Unlock() },
	}
	c.names = append(c.names, w.Name)
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		defer nc.Close()
		_ = w.Run(ctx, nc)
	}()
}

func (c *testCluster) coordinate(ctx context.Context, job *shard.Job, progress func(cluster.Progress)) (*shard.Merged, error) {
	return c.coordinateRefusing(ctx, job, progress, nil)
}

func (c *testCluster) coordinateRefusing(ctx context.Context, job *shard.Job, progress func(cluster.Progress), refused func(error)) (*shard.Merged, error) {
	return c.coordinateWith(ctx, job, cluster.Config{Progress: progress, Refused: refused})
}

// coordinateWith coordinates a job with cfg, its ack wait and key the
// test cluster's.
func (c *testCluster) coordinateWith(ctx context.Context, job *shard.Job, cfg cluster.Config) (*shard.Merged, error) {
	nc, err := cluster.Connect(c.url, cluster.Auth{Secret: c.cfg.Token}, "test coordinator", c.clientTLS)
	if err != nil {
		c.t.Fatal(err)
	}
	defer nc.Close()
	if cfg.AckWait == 0 {
		cfg.AckWait = ackWait
	}
	cfg.Key = c.key
	return cluster.Coordinate(ctx, nc, job, cfg)
}

// ranOnce stops the workers and checks that every part was run to its end
// once.
func (c *testCluster) ranOnce(of int) {
	c.t.Helper()
	c.stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := 0; k < of; k++ {
		if c.ran[k] != 1 {
			c.t.Errorf("part %d/%d: run to its end %d times, want 1", k, of, c.ran[k])
		}
	}
}

func queensJob(t *testing.T, of int) *shard.Job {
	t.Helper()
	source := []byte("name: n queens\nboard: 8\nplace: [n queen]\nrules: [independent]\n")
	job, _, err := shard.NewJob("n-queens.yaml", source, []string{"board=14"}, shard.TaskCount, shard.Options{Backend: "exact", Symmetry: true}, of)
	if err != nil {
		t.Fatal(err)
	}
	return job
}

// checkQueens14 checks the answer: 365,596 solutions (OEIS A000170) in
// 45,752 classes (A002562).
func checkQueens14(t *testing.T, merged *shard.Merged, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	res := merged.Result
	if res.Count == nil || *res.Count != 365596 || res.Classes == nil || *res.Classes != 45752 || !res.Verified {
		t.Fatalf("14 queens through the cluster: count %v, classes %v, verified %v; want 365596, 45752, true", res.Count, res.Classes, res.Verified)
	}
}

// Three workers count 14 queens in 16 parts.
func TestQueensOnThreeWorkers(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 3 {
		c.worker(nil)
	}
	merged, err := c.coordinate(ctx, queensJob(t, 16), nil)
	checkQueens14(t, merged, err)
	c.ranOnce(16)
}

// onThreeWorkers runs a job of 8 parts of a testdata model on a test
// cluster of three workers, checks that each part ran to its end once, and
// returns the merged answer and the model.
func onThreeWorkers(t *testing.T, file string, overrides []string, task string, opts shard.Options) (*shard.Merged, *model.Model) {
	t.Helper()
	source, err := os.ReadFile(filepath.Join("..", "testdata", "models", file))
	if err != nil {
		t.Fatal(err)
	}
	job, m, err := shard.NewJob(file, source, overrides, task, opts, 8)
	if err != nil {
		t.Fatal(err)
	}
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 3 {
		c.worker(nil)
	}
	merged, err := c.coordinate(ctx, job, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.ranOnce(8)
	return merged, m
}

// The 3-wall sweep of 8x8 blocked queens in 8 parts on three workers: the
// seed's 5278 classes and 294/4291/692/1 classes of value 8..11 over
// 41664 boards.
func TestSweepOnThreeWorkers(t *testing.T) {
	merged, _ := onThreeWorkers(t, "blocked-0w.yaml", nil, shard.TaskSweep, shard.Options{Backend: "exact", Walls: 3})
	sum := merged.Sweep
	byValue := map[int64]int64{}
	for _, b := range sum.Values {
		byValue[b.Value] = b.Classes
	}
	if !sum.Complete || sum.Classes != 5278 || sum.Boards != 41664 || !reflect.DeepEqual(byValue, map[int64]int64{8: 294, 9: 4291, 10: 692, 11: 1}) {
		t.Errorf("3-wall sweep through the cluster: complete %v, %d classes, %d boards, by value %v", sum.Complete, sum.Classes, sum.Boards, byValue)
	}
}

// A worker that dies as its first part begins, before it can ack: the part
// is delivered again after the ack wait and done by another, once. (A
// death timed a millisecond later could come after a fast part's ack; CI
// saw that once.)
func TestWorkerKilledMidPart(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var died sync.Once
	c.worker(func(kill func()) { died.Do(kill) })
	c.worker(nil)
	c.worker(nil)
	merged, err := c.coordinate(ctx, queensJob(t, 16), nil)
	checkQueens14(t, merged, err)
	c.ranOnce(16)
	c.mu.Lock()
	defer c.mu.Unlock()
	again := 0
	for _, n := range c.started {
		again += n - 1
	}
	if again == 0 {
		t.Error("no part was begun twice: the killed worker's part was not delivered again")
	}
}

// A coordinator stopped (and its server with it) after a few records, then
// started again on the same store: it resumes, publishes no part again and
// no part is run to its end twice.
func TestCoordinatorRestarted(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 3 {
		c.worker(nil)
	}
	job := queensJob(t, 24)
	first, stop := context.WithCancel(ctx)
	_, err := c.coordinate(first, job, func(p cluster.Progress) {
		if p.Done >= 4 {
			stop()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the first coordinator: %v, want it stopped", err)
	}
	c.server.Close()
	c.start()
	var last cluster.Progress
	merged, err := c.coordinate(ctx, job, func(p cluster.Progress) { last = p })
	checkQueens14(t, merged, err)
	if last.Resumed < 4 || last.Published != 0 {
		t.Errorf("the restarted coordinator found %d records and published %d parts; want at least 4 and none", last.Resumed, last.Published)
	}
	c.ranOnce(24)
}

// The proof of γ(Q12) = 6 (OEIS A075458) in 8 parts on three workers:
// the one-process solve's value and example.
func TestDominationProofOnThreeWorkers(t *testing.T) {
	merged, m := onThreeWorkers(t, "queens-domination.yaml", []string{"board=12"}, shard.TaskSolve, shard.Options{Backend: "exact"})
	whole, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskSolve, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	res := merged.Result
	if res.Status != model.StatusOptimal || *res.Value != 6 || !res.Verified || !reflect.DeepEqual(res.Solution, whole.Solution) {
		t.Errorf("γ(Q12) through the cluster: %v %d (verified %v), example %v; want optimal 6 and the one-process example %v",
			res.Status, *res.Value, res.Verified, res.Solution, whole.Solution)
	}
}

// A holder of the token without the key reads the parts' subjects from
// the work queue and publishes a forged record of each before any worker
// runs: 1,000 solutions more, sealed plain, or with a key of its own. The
// coordinator refuses every forgery, saying so, the workers run the parts
// all the same (a forged record stored is no record of the part), and the
// answer is 14 queens' own. A refused record's part is offered again, so
// a part forged before it ran may be run twice (never more here), which
// costs time, not the answer.
func TestForgedRecordsRefused(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	job := queensJob(t, 4)
	var mu sync.Mutex
	var refusals []error
	done := make(chan struct{})
	var merged *shard.Merged
	var err error
	go func() {
		defer close(done)
		merged, err = c.coordinateRefusing(ctx, job, nil, func(e error) { mu.Lock(); refusals = append(refusals, e); mu.Unlock() })
	}()
	forged := c.forge(ctx, job)
	for range 2 {
		c.worker(nil)
	}
	<-done
	checkQueens14(t, merged, err)
	c.stop()
	c.mu.Lock()
	for k := range job.Of {
		if c.ran[k] < 1 || c.ran[k] > 2 {
			t.Errorf("part %d/%d: run to its end %d times, want once or twice", k, job.Of, c.ran[k])
		}
	}
	c.mu.Unlock()
	mu.Lock()
	defer mu.Unlock()
	if len(refusals) != forged {
		t.Errorf("%d refusals of %d forged records: %v", len(refusals), forged, refusals)
	}
	for _, e := range refusals {
		if !errors.Is(e, shard.ErrSeal) || !strings.Contains(e.Error(), "forger") {
			t.Errorf("refusal %v: want one of the seal, naming the forger", e)
		}
	}
}

// forge publishes a forged record of each part once the parts are in the
// work queue, and returns how many.
func (c *testCluster) forge(ctx context.Context, job *shard.Job) int {
	c.t.Helper()
	nc, err := cluster.Connect(c.url, cluster.Auth{Secret: c.cfg.Token}, "forger", c.clientTLS)
	if err != nil {
		c.t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		c.t.Fatal(err)
	}
	var subjects map[string]uint64
	for len(subjects) < job.Of {
		time.Sleep(20 * time.Millisecond)
		if s, err := js.Stream(ctx, "CHESSMODEL_WORK"); err == nil {
			if info, err := s.Info(ctx, jetstream.WithSubjectFilter("chessmodel.work.>")); err == nil {
				subjects = info.State.Subjects
			}
		}
	}
	n := 0
	for subject := range subjects {
		parts := strings.Split(subject, ".")
		k, _ := strconv.Atoi(parts[len(parts)-2])
		rec, err := shard.Run(ctx, job, k, exact.New(), shard.RunOptions{Workers: 1})
		if err != nil {
			c.t.Fatal(err)
		}
		rec.Count = model.Int64(*rec.Count + 1000)
		seal := []byte(nil)
		if k%2 == 1 {
			seal = []byte("a key of the forger's own making")
		}
		if err := rec.Seal(seal); err != nil {
			c.t.Fatal(err)
		}
		data, _ := json.Marshal(map[string]any{"record": rec, "worker": "forger"})
		if _, err := js.Publish(ctx, strings.Replace(subject, "chessmodel.work.", "chessmodel.result.", 1), data); err != nil {
			c.t.Fatal(err)
		}
		n++
	}
	return n
}

// A worker started without the job's key, or with another, hands every
// part back at once, saying so, rather than run parts whose records would
// be refused; a worker with the key does them.
func TestWorkerWithoutTheKey(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.workerKeyed(nil, nil)
	c.workerKeyed([]byte("not the job's key, but long enough"), nil)
	job := queensJob(t, 4)
	go func() {
		time.Sleep(time.Second)
		c.worker(nil)
	}()
	var refusals []error
	merged, err := c.coordinateRefusing(ctx, job, nil, func(e error) { refusals = append(refusals, e) })
	checkQueens14(t, merged, err)
	c.stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range job.Of {
		if c.started[k] != 1 {
			t.Errorf("part %d/%d: begun %d times, want once (by the worker with the key)", k, job.Of, c.started[k])
		}
	}
	if len(refusals) != 0 {
		t.Errorf("records refused: %v", refusals)
	}
}

// A run whose memory bound refuses every part stores an error result for
// each: failed attempts, each part offered again, and after
// cluster.MaxAttempts of one part the job fails, naming the reason. A run
// on the same store under the default bound reads the failures as
// attempts of an earlier run, offers those parts again and finishes: the
// store heals.
func TestPoisonedStoreHeals(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.worker(nil)
	job := queensJob(t, 4)
	_, err := c.coordinateWith(ctx, job, cluster.Config{MaxMemory: 1 << 10})
	if !errors.Is(err, cluster.ErrWorker) || !strings.Contains(err.Error(), "failed 3 times") || !strings.Contains(err.Error(), "memory bound") {
		t.Fatalf("parts refused by every worker: %v; want the job to fail after 3 attempts, saying why", err)
	}
	c.stop()
	c.workers, c.stopWorkers = context.WithCancel(context.Background())
	c.worker(nil)
	var earlier int
	merged, err := c.coordinateRefusing(ctx, job, nil, func(e error) {
		if strings.Contains(e.Error(), "an attempt before this run") {
			earlier++
		}
	})
	checkQueens14(t, merged, err)
	if earlier == 0 {
		t.Error("the resumed run reported no failed attempt of the run before")
	}
}

// A liar is a backend that lies about every part it counts: 8 solutions
// and a class more, which keeps its record consistent; it holds the key,
// so its records are sealed as an honest worker's are.
type liar struct{ model.Solver }

func (l liar) Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	res, err := l.Solver.Solve(ctx, m, opts)
	if err == nil && res.Count != nil && res.Classes != nil {
		*res.Count += 8
		*res.Classes++
	}
	return res, err
}

// Chaos: a worker that lies, among two honest ones. With --replicas 2
// every part is done by two workers; where the liar is one, the two
// disagree, a third replica is offered to the other honest worker, and the
// majority gives 14 queens' own count, the liar outvoted and named. With
// one replica the lie is accepted: it is consistent and sealed with the
// key, which is the limit of a single replica (docs/cluster.md).
func TestReplicasOutvoteALiar(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	job := queensJob(t, 4)
	lying := make(chan struct{})
	var once sync.Once
	c.workerSolving(liar{exact.New()}, shard.RunOptions{Workers: 1, Key: c.key}, func(func()) { once.Do(func() { close(lying) }) })
	liarName := c.names[0]
	go func() {
		<-lying // the liar has begun a part: it is in the job
		c.worker(nil)
		c.worker(nil)
	}()
	var disagreements int
	merged, err := c.coordinateWith(ctx, job, cluster.Config{Replicas: 2, Refused: func(e error) {
		if strings.Contains(e.Error(), "replicas disagree") {
			disagreements++
		}
	}})
	checkQueens14(t, merged, err)
	if disagreements == 0 || len(merged.Outvoted) != disagreements {
		t.Errorf("%d disagreements, outvoted %v; want one outvoted record for each", disagreements, merged.Outvoted)
	}
	for _, o := range merged.Outvoted {
		if !strings.Contains(o, liarName) {
			t.Errorf("outvoted %q: want the liar, %s", o, liarName)
		}
	}
	c.stop()

	alone := newTestCluster(t)
	alone.workerSolving(liar{exact.New()}, shard.RunOptions{Workers: 1, Key: alone.key}, nil)
	merged, err = alone.coordinate(ctx, job, nil)
	if err != nil || *merged.Result.Count != 365596+8*4 {
		t.Errorf("one replica, the liar alone: %v, %v; want its consistent lie, 365628 solutions, accepted", merged, err)
	}
}

// A worker interrupted in a part (SIGINT, SIGTERM: its context ends)
// hands the part back at once: another worker does it long before the ack
// wait (a minute here) would have given it on, and the job finishes
// within a quarter of that wait.
func TestWorkerInterruptedHandsBack(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	var interrupted sync.Once
	c.worker(func(stop func()) { interrupted.Do(stop) })
	go func() {
		time.Sleep(200 * time.Millisecond) // the first worker takes a part first
		c.worker(nil)
	}()
	merged, err := c.coordinateWith(ctx, queensJob(t, 4), cluster.Config{AckWait: time.Minute})
	if err != nil {
		t.Fatalf("the job did not finish within 15 s of a 1 min ack wait: %v", err)
	}
	checkQueens14(t, merged, err)
}

// A worker started before its server waits for it: ConnectWaiting tries
// again until the server, started a second later, answers.
func TestConnectWaitsForTheServer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	token, _ := cluster.NewToken()
	started := make(chan *cluster.Server, 1)
	go func() {
		time.Sleep(time.Second)
		srv, err := cluster.StartServer(cluster.ServerConfig{Listen: addr, StoreDir: t.TempDir(), Token: token})
		if err != nil {
			t.Error(err)
		}
		started <- srv
	}()
	nc, err := cluster.ConnectWaiting(context.Background(), "nats://"+addr, cluster.Auth{Secret: token}, "waiting worker", cluster.TLS{}, 20*time.Second, nil)
	if srv := <-started; srv != nil {
		defer srv.Close()
	}
	if err != nil {
		t.Fatalf("a worker started a second before its server: %v", err)
	}
	nc.Close()
	if _, err := cluster.ConnectWaiting(context.Background(), "nats://"+addr, cluster.Auth{}, "no token", cluster.TLS{}, 20*time.Second, nil); err == nil || !strings.Contains(err.Error(), "wants a token") {
		t.Errorf("without the token: %v; want at once an error saying the server wants one", err)
	}
}

// Every part runs under the coordinator's memory bound, not its worker's:
// a job bound to 1 KiB fails on workers of the default bound (the model
// needs more), after cluster.MaxAttempts, saying why; a worker whose own
// bound is below the job's hands its parts back for one whose is not.
func TestPartsRunUnderTheJobsBound(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.worker(nil)
	_, err := c.coordinateWith(ctx, queensJob(t, 4), cluster.Config{MaxMemory: 1 << 10})
	if !errors.Is(err, cluster.ErrWorker) || !strings.Contains(err.Error(), "above the bound of 1 KiB") {
		t.Fatalf("a job bound to 1 KiB: %v; want its parts to fail under that bound", err)
	}
	c.stop()

	low := newTestCluster(t)
	began := 0
	low.workerBounded(exact.New(), shard.RunOptions{Workers: 1, Key: low.key}, 1<<10, func(func()) { began++ })
	go func() {
		time.Sleep(500 * time.Millisecond) // the bounded worker is offered parts first
		low.worker(nil)
	}()
	merged, err := low.coordinateWith(ctx, queensJob(t, 2), cluster.Config{MaxMemory: 64 << 20})
	checkQueens14(t, merged, err)
	low.stop()
	if began != 0 {
		t.Errorf("the worker bounded to 1 KiB began %d parts of a job bound to 64 MiB; want none", began)
	}
}

// A server on every interface is named to workers by this machine's host
// name, not by the wildcard 0.0.0.0 they cannot reach; one on a given
// address by that address.
func TestWorkerURL(t *testing.T) {
	token, _ := cluster.NewToken()
	host, _ := os.Hostname()
	for _, tc := range []struct{ listen, want string }{{"0.0.0.0:0", "nats://" + host + ":"}, {"127.0.0.1:0", "nats://127.0.0.1:"}} {
		srv, err := cluster.StartServer(cluster.ServerConfig{Listen: tc.listen, StoreDir: t.TempDir(), Token: token})
		if err != nil {
			t.Fatal(err)
		}
		if got := srv.WorkerURL(); !strings.HasPrefix(got, tc.want) {
			t.Errorf("--listen %s: workers are told %s, want %s...", tc.listen, got, tc.want)
		}
		srv.Close()
	}
}

// A record above the server's limit of a message is sent as an error
// saying its size, a failed attempt, not retried for ever as a message
// the server refuses. Here the server takes 64 KiB a message, and the
// model's text (which a record carries) is a comment that leaves room in
// the work item but not in the record.
func TestRecordTooLarge(t *testing.T) {
	token, _ := cluster.NewToken()
	key, _ := shard.NewKey()
	c := &testCluster{t: t, cfg: cluster.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: token, MaxPayload: 64 << 10},
		ran: map[int]int{}, started: map[int]int{}, key: []byte(key)}
	c.start()
	c.workers, c.stopWorkers = context.WithCancel(context.Background())
	t.Cleanup(func() { c.stop(); c.server.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.worker(nil)
	source := []byte("name: n queens\nboard: 6\nplace: [n queen]\nrules: [independent]\n# " + strings.Repeat("x", 64<<10-1224) + "\n")
	job, _, err := shard.NewJob("big.yaml", source, nil, shard.TaskCount, shard.Options{Backend: "exact"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.coordinate(ctx, job, nil)
	if !errors.Is(err, cluster.ErrWorker) || !strings.Contains(err.Error(), "above the server's limit of 65536 bytes") {
		t.Errorf("a record above 64 KiB: %v; want the part to fail saying its size", err)
	}
}

// A worker of another build than the coordinator's hands every part back
// (its task lists may differ); one of the job's build does them.
func TestWorkerOfAnotherBuild(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	began := 0
	c.workerSolving(exact.New(), shard.RunOptions{Workers: 1, Key: c.key, Build: "another"}, func(func()) { began++ })
	go func() {
		time.Sleep(500 * time.Millisecond)
		c.workerSolving(exact.New(), shard.RunOptions{Workers: 1, Key: c.key, Build: "the job's"}, nil)
	}()
	merged, err := c.coordinateWith(ctx, queensJob(t, 2), cluster.Config{Build: "the job's"})
	checkQueens14(t, merged, err)
	c.stop()
	if began != 0 {
		t.Errorf("the worker of another build began %d parts; want none", began)
	}
}

// Status lists a finished job's parts, each done once, by worker, with
// nothing left queued (the job's queue and claims are trimmed); Drop
// removes one part's record, which the next run of the job does again,
// alone.
func TestStatusAndDrop(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.worker(nil)
	c.worker(nil)
	job := queensJob(t, 6)
	merged, err := c.coordinate(ctx, job, nil)
	checkQueens14(t, merged, err)
	nc, err := cluster.Connect(c.url, cluster.Auth{Secret: c.cfg.Token}, "status", c.clientTLS)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	jobs, err := cluster.Status(ctx, nc, c.key)
	if err != nil || len(jobs) != 1 {
		t.Fatalf("status: %v, %d jobs; want the one", err, len(jobs))
	}
	st := jobs[0]
	records := 0
	for _, w := range st.ByWorker {
		records += w.Records
	}
	if len(st.Done) != 6 || st.Of != 6 || records != 6 || st.Queued != 0 || st.Refused != 0 || len(st.Failed) != 0 || len(st.Running) != 0 {
		t.Errorf("status of the finished job: %+v; want its 6 parts done, 6 records, nothing queued, running or failed", st)
	}
	removed, err := cluster.Drop(ctx, nc, st.ID, 3)
	if err != nil || removed != 1 {
		t.Fatalf("drop part 3: %v, %d messages removed; want 1", err, removed)
	}
	if jobs, _ := cluster.Status(ctx, nc, c.key); len(jobs) != 1 || len(jobs[0].Done) != 5 || slices.Contains(jobs[0].Done, 3) {
		t.Errorf("status after the drop: %+v; want parts 0-2 and 4-5 done", jobs[0])
	}
	merged, err = c.coordinate(ctx, job, nil)
	checkQueens14(t, merged, err)
	c.stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range job.Of {
		if want := 1 + btoi(k == 3); c.ran[k] != want {
			t.Errorf("part %d: run %d times, want %d", k, c.ran[k], want)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A store is held by one process at a time: a second lock (a status
// while the coordinator runs) fails at once, saying why; once released,
// it is taken again.
func TestLockStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	unlock, err := cluster.LockStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cluster.LockStore(dir); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("a second lock of a held store: %v; want it refused", err)
	}
	unlock()
	again, err := cluster.LockStore(dir)
	if err != nil {
		t.Errorf("the store after its release: %v", err)
	} else {
		again()
	}
}

// A part that kills every worker given it (here each worker's connection
// dies as it ends the part, before its record is stored) goes round no
// more than cluster.MaxCrashes times: the next worker given it stores a
// fatal error instead, and the job fails, saying so.
func TestDeadlyPart(t *testing.T) {
	c := newTestCluster(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for i := range cluster.MaxCrashes + 1 {
		wctx, die := context.WithCancel(c.workers)
		nc, err := cluster.Connect(c.url, cluster.Auth{Secret: c.cfg.Token}, "crasher", c.clientTLS)
		if err != nil {
			t.Fatal(err)
		}
		w := &cluster.Worker{Solver: func(string) (model.Solver, error) { return exact.New(), nil },
			Options: shard.RunOptions{Workers: 1, Key: c.key}, Name: fmt.Sprintf("crasher %d", i),
			Ran: func(_ *shard.Job, k int) {
				if k == 0 {
					nc.Close() // dies without a word: no record, no ack, its claim left
					die()
				}
			}}
		c.wg.Add(1)
		go func() { defer c.wg.Done(); _ = w.Run(wctx, nc) }()
	}
	_, err := c.coordinate(ctx, queensJob(t, 2), nil)
	if !errors.Is(err, cluster.ErrWorker) || !strings.Contains(err.Error(), fmt.Sprintf("%d workers stopped at it without a word", cluster.MaxCrashes)) {
		t.Errorf("a part that kills its workers: %v; want the job to fail after %d crashes", err, cluster.MaxCrashes)
	}
}

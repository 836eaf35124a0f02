package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

// A Worker pulls parts from the work queue, runs them and publishes their
// records.
type Worker struct {
	// Solver finds a backend by name; an unknown name is an error.
	Solver func(name string) (model.Solver, error)
	// Options are how every part runs: Workers 0 is every core. Its
	// MaxMemory is replaced by the job's (Config.MaxMemory).
	Options shard.RunOptions
	// MaxMemory, when not 0, is the most this worker runs a part under (as
	// model.Options.MaxMemory; below 0: no bound): a part whose job's bound
	// is above it is handed back, with the reason, for another worker.
	MaxMemory int64
	// Name says who published a record (default host:pid).
	Name string
	// Log, when set, gets a line per part.
	Log io.Writer
	// Started and Ran, when set, are called as a part starts and when it
	// has run to its end, before its record is published (tests).
	Started, Ran func(job *shard.Job, k int)
}

// idleWait is how long one pull waits for a part.
const idleWait = 2 * time.Second

// Run does parts until ctx ends. A part cut short by ctx is handed back
// at once (not acknowledged: the server delivers it to another worker).
func (w *Worker) Run(ctx context.Context, nc *nats.Conn) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	if w.Name == "" {
		host, _ := os.Hostname()
		w.Name = fmt.Sprintf("%s:%d", host, os.Getpid())
	}
	for ctx.Err() == nil {
		cons, err := js.Consumer(ctx, workStream, workers)
		if err != nil { // no coordinator yet, or the server restarting
			pause(ctx, idleWait/4)
			continue
		}
		pull, cancel := context.WithTimeout(ctx, idleWait)
		msg, err := cons.Next(jetstream.FetchContext(pull))
		cancel()
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, context.DeadlineExceeded) {
				w.logf("pulling a part: %v", err)
				pause(ctx, idleWait/4)
			}
			continue
		}
		beat := DefaultAckWait / 3
		if info := cons.CachedInfo(); info != nil && info.Config.AckWait > 0 {
			beat = info.Config.AckWait / 3
		}
		w.handle(ctx, js, msg, beat)
	}
	return nil
}

func pause(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// handle runs one part and acknowledges it once its result is stored.
func (w *Worker) handle(ctx context.Context, js jetstream.JetStream, msg jetstream.Msg, beat time.Duration) {
	var item workItem
	if err := json.Unmarshal(msg.Data(), &item); err != nil || item.Job == nil {
		w.logf("a message that is not a part (%v): dropped", err)
		_ = msg.Term()
		return
	}
	id, k := jobID(item.Job), item.Shard
	subject := resultSubject(id, k, item.Replica)
	if item.KeyID != keyID(w.Options.Key) {
		w.logf("%s part %d/%d: the job seals its records with a key this worker has not (key %q, this worker's %q): start it with the coordinator's --key-file; handed back",
			item.Job.Model, k, item.Job.Of, item.KeyID, keyID(w.Options.Key))
		_ = msg.NakWithDelay(beat)
		return
	}
	claims, err := js.KeyValue(ctx, claimsBucket)
	if err != nil {
		w.logf("the claims bucket: %v", err)
		_ = msg.NakWithDelay(beat)
		return
	}
	key := claimKey(id, k, item.Replica)
	if w.claimedElsewhere(ctx, msg, claims, key, beat) {
		w.logf("%s part %d/%d: delivered again, but its worker is alive: left to it", item.Job.Model, k, item.Job.Of)
		_ = msg.NakWithDelay(3 * beat)
		return
	}
	if item.Build != w.Options.Build {
		w.logf("%s part %d/%d: the job is of build %q, this worker of %q, whose task lists may differ: handed back for a worker of the job's build",
			item.Job.Model, k, item.Job.Of, item.Build, w.Options.Build)
		_ = msg.NakWithDelay(3 * beat)
		return
	}
	if !fitsBound(item.MaxMemory, w.MaxMemory) {
		w.logf("%s part %d/%d: the job runs its parts under a memory bound of %s, above this worker's %s: handed back for another worker (raise --max-memory)",
			item.Job.Model, k, item.Job.Of, boundText(item.MaxMemory), boundText(w.MaxMemory))
		_ = msg.NakWithDelay(3 * beat)
		return
	}
	if other := w.didReplica(ctx, js, &item); other >= 0 {
		w.logf("%s part %d/%d: this worker did its replica %d: replica %d is left to another", item.Job.Model, k, item.Job.Of, other, item.Replica)
		_ = msg.NakWithDelay(3 * beat)
		return
	}
	if w.stored(ctx, js, &item, subject) {
		w.logf("%s part %d/%d: its record is stored already", item.Job.Model, k, item.Job.Of)
		_ = msg.Ack()
		return
	}
	if crashes, last := w.crashes(ctx, msg, claims, key); crashes >= MaxCrashes {
		w.logf("%s part %d/%d: %d workers stopped at it without a word, the last %s: not run again", item.Job.Model, k, item.Job.Of, crashes, last)
		res := &result{Worker: w.Name, Fatal: true, Error: fmt.Sprintf("part %d/%d: %d workers stopped at it without a word (a crash, a kill, a machine lost), the last %s: a part that kills its workers is not run again",
			k, item.Job.Of, crashes, last)}
		if w.store(ctx, js, subject, subject+"-crashed", res) == nil {
			_ = msg.Term()
		}
		return
	}
	if w.Started != nil {
		w.Started(item.Job, k)
	}
	stop := w.heartbeat(msg, claims, key, beat) // through the run, the publish and the ack
	defer stop()
	res := w.run(ctx, &item)
	if res == nil { // cut short: handed back at once, its claim dropped, for another worker
		stop()
		_ = claims.Delete(context.Background(), key)
		_ = msg.Nak()
		w.logf("%s part %d/%d: interrupted; handed back to the queue", item.Job.Model, k, item.Job.Of)
		return
	}
	attempt := subject
	if meta, err := msg.Metadata(); err == nil {
		attempt = fmt.Sprintf("%s-%d", subject, meta.Sequence.Stream) // the work item: each offer of the part its own
	}
	if err := w.store(ctx, js, subject, attempt, res); err != nil {
		return
	}
	if err := msg.DoubleAck(ctx); err != nil {
		w.logf("%s part %d/%d: stored, but the ack failed (%v): a second delivery will find its record", item.Job.Model, k, item.Job.Of, err)
	}
}

// heartbeat tells the server every beat (a third of the ack wait) that
// the part is still at work, and renews the worker's claim on it, until
// stop is called (once or more).
func (w *Worker) heartbeat(msg jetstream.Msg, claims jetstream.KeyValue, key string, beat time.Duration) (stop func()) {
	_, _ = claims.Put(context.Background(), key, []byte(w.Name))
	done := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(beat)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				_ = msg.InProgress()
				_, _ = claims.Put(context.Background(), key, []byte(w.Name))
			}
		}
	}()
	return func() { once.Do(func() { close(done) }) }
}

// claimedElsewhere tells, for a part delivered more than once, whether
// the worker that had it is still at work: a server that restarts
// delivers the parts in flight again at once, while their workers go on.
// The claim is alive when another worker renews it within a beat and a
// half (revisions, not clocks, so machines need not agree on the time).
func (w *Worker) claimedElsewhere(ctx context.Context, msg jetstream.Msg, claims jetstream.KeyValue, key string, beat time.Duration) bool {
	meta, err := msg.Metadata()
	if err != nil || meta.NumDelivered < 2 {
		return false
	}
	before, err := claims.Get(ctx, key)
	if err != nil || string(before.Value()) == w.Name {
		return false
	}
	pause(ctx, beat+beat/2)
	after, err := claims.Get(ctx, key)
	return err == nil && after.Revision() != before.Revision() && string(after.Value()) != w.Name
}

// run does the part; nil when ctx ended first.
func (w *Worker) run(ctx context.Context, item *workItem) *result {
	res := &result{Worker: w.Name}
	solver, err := w.Solver(item.Job.Options.Backend)
	if err == nil {
		opts := w.Options
		opts.MaxMemory = item.MaxMemory
		res.Record, err = shard.Run(ctx, item.Job, item.Shard, solver, opts)
	}
	if ctx.Err() != nil {
		return nil
	}
	if w.Ran != nil {
		w.Ran(item.Job, item.Shard)
	}
	if err != nil {
		res.Error = err.Error()
		w.logf("%s part %d/%d: %v", item.Job.Model, item.Shard, item.Job.Of, err)
	} else {
		w.logf("%s part %d/%d: done in %.3fs", item.Job.Model, item.Shard, item.Job.Of, res.Record.Seconds)
	}
	return res
}

// stored reports whether the part's last record in the results stream
// is one the coordinator will keep: sealed with the job's key, of the
// job, consistent, its example accepted. One that is not (a forgery, a
// broken worker's) is no reason not to run the part.
func (w *Worker) stored(ctx context.Context, js jetstream.JetStream, item *workItem, subject string) bool {
	s, err := js.Stream(ctx, resultsStream)
	if err != nil {
		return false
	}
	last, err := s.GetLastMsgForSubject(ctx, subject)
	if err != nil {
		return false
	}
	var r result
	if json.Unmarshal(last.Data, &r) != nil || r.Record == nil {
		return false
	}
	m, err := item.Job.ParseModel()
	return err == nil && shard.Check(item.Job, m, r.Record, w.Options.Key) == nil
}

// MaxCrashes is how many workers may stop at one part without a word (no
// record, no hand-back: a crash, a kill, a machine lost) before the next
// one given it runs it no more and stores a fatal error instead: a part
// that kills its workers would otherwise go round for ever.
const MaxCrashes = 3

// crashes counts, for a part delivered again, the workers that stopped at
// it without a word: a claim left by another worker that is not alive
// (claimedElsewhere said so) is one more. It returns the count and the
// last such worker.
func (w *Worker) crashes(ctx context.Context, msg jetstream.Msg, claims jetstream.KeyValue, key string) (int, string) {
	meta, err := msg.Metadata()
	if err != nil || meta.NumDelivered < 2 {
		return 0, ""
	}
	claim, err := claims.Get(ctx, key)
	if err != nil || string(claim.Value()) == w.Name {
		return 0, "" // no claim (handed back, or never run), or this worker's own
	}
	n := 0
	if entry, err := claims.Get(ctx, key+".crashes"); err == nil {
		n, _ = strconv.Atoi(string(entry.Value()))
	}
	n++
	_, _ = claims.Put(ctx, key+".crashes", []byte(strconv.Itoa(n)))
	_ = claims.Delete(ctx, key) // counted once
	return n, string(claim.Value())
}

// didReplica is, for a part done by several workers, the replica of it
// whose last record in the results stream this worker sent, -1 for none:
// replicas must be of different workers.
func (w *Worker) didReplica(ctx context.Context, js jetstream.JetStream, item *workItem) int {
	if item.Replicas < 2 {
		return -1
	}
	id := jobID(item.Job)
	subjects, err := subjectsIn(ctx, js, resultsStream, fmt.Sprintf("%s%s.%d.*", resultPrefix, id, item.Shard))
	if err != nil {
		return -1
	}
	s, err := js.Stream(ctx, resultsStream)
	if err != nil {
		return -1
	}
	for subject := range subjects {
		_, r, ok := partOf(subject, item.Job.Of)
		if !ok || r == item.Replica {
			continue
		}
		var res result
		if last, err := s.GetLastMsgForSubject(ctx, subject); err == nil && json.Unmarshal(last.Data, &res) == nil && res.Worker == w.Name && res.Record != nil {
			return r
		}
	}
	return -1
}

// store publishes a result until the server has stored it or ctx ends.
// Its message id is the attempt (the work item it answers) and the
// record's seal, or "error": the same result of one work item published
// twice is stored once, and every other is stored however it came.
func (w *Worker) store(ctx context.Context, js jetstream.JetStream, subject, attempt string, res *result) error {
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	if limit := js.Conn().MaxPayload(); limit > 0 && int64(len(data)) > limit-1024 { // room for the headers
		w.logf("part's record is %d bytes, above the server's limit of %d bytes a message: sent as an error", len(data), limit)
		res = &result{Worker: res.Worker, Error: fmt.Sprintf("the part's record is %d bytes, above the server's limit of %d bytes a message (the NATS server's max_payload)", len(data), limit)}
		if data, err = json.Marshal(res); err != nil {
			return err
		}
	}
	id := attempt + "-error"
	if res.Record != nil {
		id = attempt + "-" + res.Record.Sealed
	}
	for {
		_, err := js.Publish(ctx, subject, data, jetstream.WithMsgID(id))
		if err == nil || ctx.Err() != nil {
			return err
		}
		w.logf("publishing a record: %v; trying again", err)
		pause(ctx, idleWait/4)
	}
}

func (w *Worker) logf(format string, args ...any) {
	if w.Log != nil {
		fmt.Fprintf(w.Log, "worker %s: "+format+"\n", append([]any{w.Name}, args...)...)
	}
}

// fitsBound reports whether a job's memory bound is within a worker's (0:
// the worker has none of its own; bounds below 0 are none).
func fitsBound(job, worker int64) bool {
	effective := func(b int64) int64 {
		switch {
		case b < 0:
			return math.MaxInt64
		case b == 0:
			return model.DefaultMaxMemory
		}
		return b
	}
	return worker == 0 || effective(job) <= effective(worker)
}

func boundText(b int64) string {
	switch {
	case b < 0:
		return "none"
	case b == 0:
		return model.ByteSize(model.DefaultMaxMemory) + " (the default)"
	}
	return model.ByteSize(b)
}

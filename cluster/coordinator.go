package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

// Config tunes a coordinator.
type Config struct {
	// AckWait is how long a part may go without word from its worker
	// before it is delivered to another (0: DefaultAckWait).
	AckWait time.Duration
	// Progress, when set, is called when the run starts and after each
	// record.
	Progress func(Progress)
	// Key is the job's key, which seals every record (shard.Record.Seal):
	// a record not sealed with it is refused. Nil: plain seals.
	Key []byte
	// Refused, when set, is told of each failed attempt at a part (a
	// worker's error, a record refused): the part is offered again, up to
	// MaxAttempts times.
	Refused func(error)
}

// MaxAttempts is how many failed attempts at one part (a worker's error,
// a record that fails the checks) the coordinator takes before it gives
// the job up: a part that fails on every worker has a bug to find, not a
// worker to wait for. A run resumed on the same store counts afresh.
const MaxAttempts = 3

// DefaultAckWait is the ack wait of the workers' consumer when none is
// given: a live worker reports every third of it, so it only bounds how
// long a dead worker's part waits.
const DefaultAckWait = 30 * time.Second

// Progress is how far a coordinated run is.
type Progress struct {
	Done, Of  int   // parts with a record
	Resumed   int   // of them, found in the store at the start
	Published int   // parts published to the work queue by this run
	Nodes     int64 // the parts' nodes so far
	Elapsed   time.Duration
	ETA       time.Duration // 0 until a part of this run is done
}

// ErrWorker is wrapped by the error of a part a worker could not do.
var ErrWorker = errors.New("cluster: a worker could not do a part")

// Coordinate runs a job on the workers of the server nc is connected to:
// it reads the results stored by earlier runs, publishes the parts that
// have neither a record that passes the checks nor a message in the work
// queue, checks every record as it arrives (shard.Check), offers a part
// again after a failed attempt (a worker's error, a refused record), and
// merges the records when all parts have one.
func Coordinate(ctx context.Context, nc *nats.Conn, job *shard.Job, cfg Config) (*shard.Merged, error) {
	m, err := job.ParseModel()
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	if cfg.AckWait <= 0 {
		cfg.AckWait = DefaultAckWait
	}
	if err := setUp(ctx, js, cfg.AckWait); err != nil {
		return nil, err
	}
	run := &coordination{job: job, m: m, id: jobID(job), cfg: cfg, records: make([]*shard.Record, job.Of), start: time.Now(),
		js: js, failures: map[int]int{}, progress: Progress{Of: job.Of}}
	stored, err := subjectsIn(ctx, js, resultsStream, resultPrefix+run.id+".>")
	if err != nil {
		return nil, fmt.Errorf("cluster: reading the results: %w", err)
	}
	// a resumed run reads the stored results first, then publishes the parts
	// that have no record among them (collect)
	if run.replaying = len(stored) > 0; !run.replaying {
		if err := run.publishMissing(ctx); err != nil {
			return nil, err
		}
	}
	if err := run.collect(ctx, js); err != nil {
		return nil, err
	}
	return shard.Merge(run.records, shard.MergeOptions{Key: cfg.Key})
}

// coordination is the state of one Coordinate.
type coordination struct {
	job      *shard.Job
	m        *model.Model
	id       string
	cfg      Config
	records  []*shard.Record
	start    time.Time
	progress Progress
	js       jetstream.JetStream
	failures map[int]int // failed attempts, by part
	// replaying: reading the results stored before this run, whose
	// failures are reported but neither counted nor retried
	replaying bool
}

// publishMissing publishes every part that is neither in the work queue
// nor among the records.
func (c *coordination) publishMissing(ctx context.Context) error {
	queued, err := subjectsIn(ctx, c.js, workStream, workPrefix+c.id+".>")
	if err != nil {
		return fmt.Errorf("cluster: reading the work queue: %w", err)
	}
	for k := 0; k < c.job.Of; k++ {
		if c.records[k] != nil || queued[workSubject(c.id, k)] > 0 {
			continue
		}
		data, err := json.Marshal(workItem{Job: c.job, Shard: k, KeyID: keyID(c.cfg.Key)})
		if err != nil {
			return err
		}
		// the run's own id: a part published by an earlier run, done or
		// failed, is published again by this one
		id := fmt.Sprintf("work-%s-%d-%d", c.id, k, c.start.UnixNano())
		if _, err := c.js.Publish(ctx, workSubject(c.id, k), data, jetstream.WithMsgID(id)); err != nil {
			return fmt.Errorf("cluster: publishing part %d/%d: %w", k, c.job.Of, err)
		}
		c.progress.Published++
	}
	c.report()
	return nil
}

// collect reads the records of the job, those stored and those to come,
// until every part has one.
func (c *coordination) collect(ctx context.Context, js jetstream.JetStream) error {
	cons, err := js.OrderedConsumer(ctx, resultsStream, jetstream.OrderedConsumerConfig{FilterSubjects: []string{resultPrefix + c.id + ".>"}})
	if err != nil {
		return fmt.Errorf("cluster: reading the results: %w", err)
	}
	iter, err := cons.Messages()
	if err != nil {
		return fmt.Errorf("cluster: reading the results: %w", err)
	}
	defer iter.Stop()
	stop := context.AfterFunc(ctx, iter.Stop)
	defer stop()
	for c.progress.Done < c.job.Of {
		msg, err := iter.Next()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("cluster: reading the results: %w", err)
		}
		if err := c.add(ctx, msg.Subject(), msg.Data()); err != nil {
			return err
		}
		if meta, err := msg.Metadata(); c.replaying && (err != nil || meta.NumPending == 0) {
			c.replaying = false // the stored results are read
			if err := c.publishMissing(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// add checks a result and keeps the first record of each part that
// passes the checks. A worker's error and a refused record are failed
// attempts: reported, and the part offered again (retry).
func (c *coordination) add(ctx context.Context, subject string, data []byte) error {
	k, err := strconv.Atoi(subject[strings.LastIndexByte(subject, '.')+1:])
	if err != nil || k < 0 || k >= c.job.Of {
		return fmt.Errorf("cluster: a result on %s, which names no part of the job", subject)
	}
	var r result
	if err := json.Unmarshal(data, &r); err != nil {
		return c.retry(ctx, k, fmt.Errorf("cluster: a message of part %d/%d is not a result: %w", k, c.job.Of, err))
	}
	if r.Error != "" {
		return c.retry(ctx, k, fmt.Errorf("%w: %s, part %d/%d: %s", ErrWorker, r.Worker, k, c.job.Of, r.Error))
	}
	if r.Record == nil {
		return c.retry(ctx, k, fmt.Errorf("cluster: a result of %s for part %d/%d has no record", r.Worker, k, c.job.Of))
	}
	rec := r.Record
	rec.From = r.Worker
	err = shard.Check(c.job, c.m, rec, c.cfg.Key)
	if err == nil && rec.Shard != k {
		err = fmt.Errorf("%s: a record of part %d/%d on the subject of part %d", rec.Name(), rec.Shard, c.job.Of, k)
	}
	if err != nil {
		return c.retry(ctx, k, fmt.Errorf("cluster: refused a record from %s: %w", rec.From, err))
	}
	if c.records[k] != nil {
		return nil // a record of a part delivered twice: the first counts
	}
	c.records[k] = rec
	if c.replaying {
		c.progress.Resumed++
	}
	c.progress.Done++
	c.progress.Nodes += rec.Nodes
	c.report()
	return nil
}

// retry reports a failed attempt at part k and offers the part again,
// unless it has a record already or failed MaxAttempts times.
func (c *coordination) retry(ctx context.Context, k int, why error) error {
	if c.replaying {
		why = fmt.Errorf("an attempt before this run: %w", why)
	}
	if c.cfg.Refused != nil {
		c.cfg.Refused(why)
	}
	if c.records[k] != nil || c.replaying {
		return nil // publishMissing offers the part once the stored results are read
	}
	c.failures[k]++
	if c.failures[k] >= MaxAttempts {
		return fmt.Errorf("cluster: part %d/%d failed %d times, the last: %w", k, c.job.Of, c.failures[k], why)
	}
	data, err := json.Marshal(workItem{Job: c.job, Shard: k, KeyID: keyID(c.cfg.Key)})
	if err != nil {
		return err
	}
	id := fmt.Sprintf("work-%s-%d-again-%d", c.id, k, c.failures[k])
	if _, err := c.js.Publish(ctx, workSubject(c.id, k), data, jetstream.WithMsgID(id)); err != nil {
		return fmt.Errorf("cluster: offering part %d/%d again: %w", k, c.job.Of, err)
	}
	return nil
}

// report passes the progress on, with an estimate of the time left from
// the parts this run has seen done.
func (c *coordination) report() {
	if c.cfg.Progress == nil {
		return
	}
	p := c.progress
	p.Elapsed = time.Since(c.start)
	if fresh := p.Done - p.Resumed; fresh > 0 {
		p.ETA = time.Duration(float64(p.Elapsed) / float64(fresh) * float64(p.Of-p.Done))
	}
	c.cfg.Progress(p)
}

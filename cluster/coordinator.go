package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
	// Refused, when set, is told of each record refused: the part is
	// offered again, up to MaxRefusals times.
	Refused func(error)
}

// MaxRefusals is how many records of one part the coordinator refuses
// before it gives the job up: a part whose every worker sends a record
// that fails the checks has a bug to find, not a worker to wait for.
const MaxRefusals = 3

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
// it publishes the parts that have neither a record nor a message in the
// work queue, checks every record as it arrives (shard.Check), and merges
// them when all parts have one.
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
		js: js, refusals: map[int]int{}}
	if err := run.publishMissing(ctx, js); err != nil {
		return nil, err
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
	refusals map[int]int // records refused, by part
}

// publishMissing publishes every part that is neither in the work queue
// nor among the records. The queue is read first: a part that finishes
// between the two reads is then seen as queued.
func (c *coordination) publishMissing(ctx context.Context, js jetstream.JetStream) error {
	queued, err := subjectsIn(ctx, js, workStream, workPrefix+c.id+".>")
	if err != nil {
		return fmt.Errorf("cluster: reading the work queue: %w", err)
	}
	done, err := subjectsIn(ctx, js, resultsStream, resultPrefix+c.id+".>")
	if err != nil {
		return fmt.Errorf("cluster: reading the results: %w", err)
	}
	c.progress = Progress{Of: c.job.Of}
	for k := 0; k < c.job.Of; k++ {
		if done[resultSubject(c.id, k)] > 0 {
			c.progress.Resumed++
			continue
		}
		if queued[workSubject(c.id, k)] > 0 {
			continue
		}
		data, err := json.Marshal(workItem{Job: c.job, Shard: k, KeyID: keyID(c.cfg.Key)})
		if err != nil {
			return err
		}
		// the id makes a second publish of the part within the window a no-op
		if _, err := js.Publish(ctx, workSubject(c.id, k), data, jetstream.WithMsgID(fmt.Sprintf("work-%s-%d", c.id, k))); err != nil {
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
		if err := c.add(ctx, msg.Data()); err != nil {
			return err
		}
	}
	return nil
}

// add checks a result and keeps the first record of each part that
// passes the checks; a refused record is reported and its part offered
// again (refuse).
func (c *coordination) add(ctx context.Context, data []byte) error {
	var r result
	if err := json.Unmarshal(data, &r); err != nil {
		return fmt.Errorf("cluster: a message in the results stream is not a result: %w", err)
	}
	if r.Error != "" {
		return fmt.Errorf("%w: %s: %s", ErrWorker, r.Worker, r.Error)
	}
	if r.Record == nil {
		return fmt.Errorf("cluster: a result of %s has no record", r.Worker)
	}
	rec := r.Record
	rec.From = r.Worker
	if err := shard.Check(c.job, c.m, rec, c.cfg.Key); err != nil {
		return c.refuse(ctx, rec, err)
	}
	if c.records[rec.Shard] != nil {
		return nil // a record of a part delivered twice: the first counts
	}
	c.records[rec.Shard] = rec
	c.progress.Done++
	c.progress.Nodes += rec.Nodes
	c.report()
	return nil
}

// refuse reports a record that failed the checks and offers its part
// again, unless it has a record already or was refused too often.
func (c *coordination) refuse(ctx context.Context, rec *shard.Record, why error) error {
	err := fmt.Errorf("cluster: refused a record from %s: %w", rec.From, why)
	if c.cfg.Refused != nil {
		c.cfg.Refused(err)
	}
	k := rec.Shard
	if k < 0 || k >= c.job.Of || c.records[k] != nil {
		return nil
	}
	c.refusals[k]++
	if c.refusals[k] >= MaxRefusals {
		return fmt.Errorf("cluster: part %d/%d: %d records refused, the last: %w", k, c.job.Of, c.refusals[k], why)
	}
	data, err := json.Marshal(workItem{Job: c.job, Shard: k, KeyID: keyID(c.cfg.Key)})
	if err != nil {
		return err
	}
	id := fmt.Sprintf("work-%s-%d-again-%d", c.id, k, c.refusals[k])
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

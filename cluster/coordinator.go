package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
	// worker's error, a record refused, replicas that disagree): the part
	// is offered again, up to MaxAttempts times.
	Refused func(error)
	// Replicas is how many workers do each part (0 is 1): their records'
	// answers must agree (shard.Record.Answer); while they do not, the part
	// is offered to one more, and once Replicas agree the others are
	// outvoted and named (Merged.Outvoted). It needs as many workers.
	Replicas int
	// MaxMemory is the memory bound every part runs under, whatever its
	// worker's (model.Options.MaxMemory: 0 the default, below 0 none): a
	// backend that picks its method by the bound (the n-queens count: the
	// join or the constellations) picks the same for every part.
	MaxMemory int64
	// Build names the coordinator's program (shard.RunOptions.Build): only
	// workers of the same build run its parts, and a record of another is
	// refused.
	Build string
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
// it reads the results stored by earlier runs, publishes the parts (each
// cfg.Replicas times) that have neither a record that passes the checks
// nor a message in the work queue, checks every record as it arrives
// (shard.Check), offers a part again after a failed attempt (a worker's
// error, a refused record, replicas that disagree), and merges the
// records when every part has its replicas in agreement.
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
	cfg.Replicas = max(cfg.Replicas, 1)
	if err := setUp(ctx, js, cfg.AckWait); err != nil {
		return nil, err
	}
	run := &coordination{job: job, m: m, id: jobID(job), cfg: cfg, parts: make([]partState, job.Of), start: time.Now(),
		js: js, progress: Progress{Of: job.Of}}
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
	var records []*shard.Record
	var outvoted []string
	for _, st := range run.parts {
		records = append(records, st.agreed...)
		outvoted = append(outvoted, st.outvoted...)
	}
	merged, err := shard.Merge(records, shard.MergeOptions{Key: cfg.Key, Replicas: cfg.Replicas})
	if err != nil {
		return nil, err
	}
	trim(ctx, js, run.id)
	merged.Outvoted = append(outvoted, merged.Outvoted...)
	return merged, nil
}

// coordination is the state of one Coordinate.
type coordination struct {
	job      *shard.Job
	m        *model.Model
	id       string
	cfg      Config
	parts    []partState
	start    time.Time
	progress Progress
	js       jetstream.JetStream
	// replaying: reading the results stored before this run, whose
	// failures are reported but neither counted nor retried
	replaying bool
}

// partState is what the coordinator knows of one part.
type partState struct {
	records  []*shard.Record // accepted, each of another worker
	replicas map[int]bool    // the replicas with an accepted record
	next     int             // the index of the next replica offered past the job's own
	failures int             // failed attempts and disagreements
	agreed   []*shard.Record // Replicas records that agree: the part is done
	outvoted []string
}

func (st *partState) done() bool { return st.agreed != nil }

// publishMissing publishes every replica of every part that is neither in
// the work queue nor has a record.
func (c *coordination) publishMissing(ctx context.Context) error {
	queued, err := subjectsIn(ctx, c.js, workStream, workPrefix+c.id+".>")
	if err != nil {
		return fmt.Errorf("cluster: reading the work queue: %w", err)
	}
	for k := range c.parts {
		st := &c.parts[k]
		for r := 0; r < c.cfg.Replicas && !st.done(); r++ {
			if st.replicas[r] || queued[workSubject(c.id, k, r)] > 0 {
				continue
			}
			if err := c.offer(ctx, k, r); err != nil {
				return err
			}
			c.progress.Published++
		}
	}
	c.report()
	return nil
}

// offer publishes replica r of part k, with an id of this run's own: a
// replica published by an earlier run, done or failed, is published
// again by this one.
func (c *coordination) offer(ctx context.Context, k, r int) error {
	data, err := json.Marshal(workItem{Job: c.job, Shard: k, Replica: r, Replicas: c.cfg.Replicas, KeyID: keyID(c.cfg.Key), MaxMemory: c.cfg.MaxMemory, Build: c.cfg.Build})
	if err != nil {
		return err
	}
	id := fmt.Sprintf("work-%s-%d-%d-%d", c.id, k, r, c.start.UnixNano())
	if _, err := c.js.Publish(ctx, workSubject(c.id, k, r), data, jetstream.WithMsgID(id)); err != nil {
		return fmt.Errorf("cluster: publishing part %d/%d: %w", k, c.job.Of, err)
	}
	return nil
}

// collect reads the records of the job, those stored and those to come,
// until every part is done.
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

// add checks a result and keeps the record of each replica of a part
// that passes the checks, each of another worker. A worker's error, a
// refused record and a second record of one worker are failed attempts:
// reported, and the part offered again (retry).
func (c *coordination) add(ctx context.Context, subject string, data []byte) error {
	k, r, ok := partOf(subject, c.job.Of)
	if !ok { // not a worker's: said, and no part waits for it
		if c.cfg.Refused != nil {
			c.cfg.Refused(fmt.Errorf("cluster: refused a message on %s, which names no part of the job", subject))
		}
		return nil
	}
	st := &c.parts[k]
	var res result
	if err := json.Unmarshal(data, &res); err != nil {
		return c.retry(ctx, k, fmt.Errorf("cluster: a message of part %d/%d is not a result: %w", k, c.job.Of, err))
	}
	if res.Fatal && !c.replaying && !c.parts[k].done() {
		return fmt.Errorf("%w: %s: %s", ErrWorker, res.Worker, res.Error)
	}
	if res.Error != "" {
		return c.retry(ctx, k, fmt.Errorf("%w: %s, part %d/%d: %s", ErrWorker, res.Worker, k, c.job.Of, res.Error))
	}
	if res.Record == nil {
		return c.retry(ctx, k, fmt.Errorf("cluster: a result of %s for part %d/%d has no record", res.Worker, k, c.job.Of))
	}
	rec := res.Record
	rec.From = res.Worker
	err := shard.Check(c.job, c.m, rec, c.cfg.Key)
	switch {
	case err != nil:
	case rec.Shard != k:
		err = fmt.Errorf("%s: a record of part %d/%d on the subject of part %d", rec.Name(), rec.Shard, c.job.Of, k)
	case rec.Build != c.cfg.Build:
		err = fmt.Errorf("%s: a record of build %q, where the job's is %q", rec.Name(), rec.Build, c.cfg.Build)
	}
	if err != nil {
		return c.retry(ctx, k, fmt.Errorf("cluster: refused a record from %s: %w", rec.From, err))
	}
	st.next = max(st.next, r+1, c.cfg.Replicas)
	if st.done() || st.replicas[r] {
		return nil // a record of a part done, or of a replica delivered twice: the first counts
	}
	for _, o := range st.records {
		if o.From == rec.From {
			return c.retry(ctx, k, fmt.Errorf("cluster: %s sent records of two replicas of part %d/%d: replicas must be of other workers", rec.From, k, c.job.Of))
		}
	}
	if st.replicas == nil {
		st.replicas = map[int]bool{}
	}
	st.replicas[r] = true
	st.records = append(st.records, rec)
	return c.tally(ctx, k)
}

// tally decides a part once Replicas of its records agree, naming the
// others outvoted; replicas that are all in and do not agree are a
// failed attempt: one more replica is offered.
func (c *coordination) tally(ctx context.Context, k int) error {
	st := &c.parts[k]
	byAnswer := map[string][]*shard.Record{}
	for _, r := range st.records {
		byAnswer[r.Answer()] = append(byAnswer[r.Answer()], r)
	}
	for answer, rs := range byAnswer {
		if len(rs) < c.cfg.Replicas {
			continue
		}
		st.agreed = rs[:c.cfg.Replicas]
		for _, r := range st.records {
			if r.Answer() != answer {
				st.outvoted = append(st.outvoted, fmt.Sprintf("%s says %s, where %d replicas say %s", r.Name(), r.Answer(), len(rs), answer))
			}
		}
		if c.replaying {
			c.progress.Resumed++
		}
		c.progress.Done++
		c.progress.Nodes += rs[0].Nodes
		c.report()
		return nil
	}
	if len(st.records) < c.cfg.Replicas {
		return nil
	}
	var says []string
	for _, r := range st.records {
		says = append(says, fmt.Sprintf("%s says %s", r.Name(), r.Answer()))
	}
	return c.retry(ctx, k, fmt.Errorf("cluster: part %d/%d: its replicas disagree: %s", k, c.job.Of, strings.Join(says, "; ")))
}

// retry reports a failed attempt at part k and offers another replica of
// it, unless it is done or failed MaxAttempts times.
func (c *coordination) retry(ctx context.Context, k int, why error) error {
	if c.replaying {
		why = fmt.Errorf("an attempt before this run: %w", why)
	}
	if c.cfg.Refused != nil {
		c.cfg.Refused(why)
	}
	st := &c.parts[k]
	if st.done() || c.replaying {
		return nil // publishMissing offers the part once the stored results are read
	}
	st.failures++
	if st.failures >= MaxAttempts {
		return fmt.Errorf("cluster: part %d/%d failed %d times, the last: %w", k, c.job.Of, st.failures, why)
	}
	st.next = max(st.next, c.cfg.Replicas)
	if err := c.offer(ctx, k, st.next); err != nil {
		return fmt.Errorf("cluster: offering part %d/%d again: %w", k, c.job.Of, err)
	}
	st.next++
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

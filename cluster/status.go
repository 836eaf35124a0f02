package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chessmodel/chessmodel/shard"
)

// A JobStatus is what a server holds of one job: its parts with a record
// (checked with the key when one is given), its failed attempts, the
// parts queued and those at work, by worker.
type JobStatus struct {
	ID       string                   `json:"id"` // as in the job's subjects
	Job      string                   `json:"job"`
	Of       int                      `json:"of"`
	Done     []int                    `json:"done"`             // parts with a record
	Refused  int                      `json:"refused"`          // records that fail the checks (with the key)
	Failed   []Attempt                `json:"failed,omitempty"` // workers' errors
	Queued   int                      `json:"queued"`           // messages in the work queue
	Running  []Claim                  `json:"running,omitempty"`
	ByWorker map[string]*WorkerStatus `json:"by_worker"`
}

// An Attempt is a failed attempt at a part.
type Attempt struct {
	Part   int       `json:"part"`
	Worker string    `json:"worker"`
	Error  string    `json:"error"`
	Time   time.Time `json:"time"`
}

// A Claim is a part a worker says it is at, and when it last said so.
type Claim struct {
	Part, Replica int
	Worker        string
	Since         time.Time
}

// WorkerStatus is one worker's share of a job.
type WorkerStatus struct {
	Records int       `json:"records"`
	Errors  int       `json:"errors"`
	Seconds float64   `json:"seconds"` // its records' seconds
	Last    time.Time `json:"last"`    // its latest result
}

// Status reads what the server nc is connected to holds of every job:
// the results stream, the work queue and the claims. With a key, records
// are checked as the coordinator checks them (shard.Check) and those that
// fail counted as refused; without, every record counts.
func Status(ctx context.Context, nc *nats.Conn, key []byte) ([]*JobStatus, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	jobs := map[string]*JobStatus{}
	if err := readResults(ctx, js, key, jobs); err != nil {
		return nil, err
	}
	queued, err := subjectsIn(ctx, js, workStream, workPrefix+">")
	if err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
		return nil, err
	}
	for subject, n := range queued {
		st := queuedJob(ctx, js, jobs, subject)
		st.Queued += int(n)
	}
	if err := readClaims(ctx, js, jobs); err != nil {
		return nil, err
	}
	var out []*JobStatus
	for _, st := range jobs {
		slices.Sort(st.Done)
		st.Done = slices.Compact(st.Done)
		out = append(out, st)
	}
	slices.SortFunc(out, func(a, b *JobStatus) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// readResults reads every message of the results stream into jobs.
func readResults(ctx context.Context, js jetstream.JetStream, key []byte, jobs map[string]*JobStatus) error {
	s, err := js.Stream(ctx, resultsStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	info, err := s.Info(ctx)
	if err != nil || info.State.Msgs == 0 {
		return err
	}
	cons, err := js.OrderedConsumer(ctx, resultsStream, jetstream.OrderedConsumerConfig{})
	if err != nil {
		return err
	}
	for seen := uint64(0); seen < info.State.Msgs; seen++ {
		msg, err := cons.Next(jetstream.FetchMaxWait(5 * time.Second))
		if err != nil {
			return fmt.Errorf("cluster: reading the results: %w", err)
		}
		addResult(msg, key, jobs)
		if meta, err := msg.Metadata(); err == nil && meta.NumPending == 0 {
			break
		}
	}
	return nil
}

// addResult counts one result message in the status of its job.
func addResult(msg jetstream.Msg, key []byte, jobs map[string]*JobStatus) {
	var r result
	if json.Unmarshal(msg.Data(), &r) != nil {
		return
	}
	id := jobIDOf(msg.Subject(), resultPrefix)
	st := jobs[id]
	if st == nil {
		st = &JobStatus{ID: id, ByWorker: map[string]*WorkerStatus{}}
		jobs[id] = st
	}
	w := st.ByWorker[r.Worker]
	if w == nil {
		w = &WorkerStatus{}
		st.ByWorker[r.Worker] = w
	}
	var when time.Time
	if meta, err := msg.Metadata(); err == nil {
		when = meta.Timestamp
	}
	w.Last = when
	k, _, _ := partOf(msg.Subject(), 1<<30)
	if r.Record == nil {
		w.Errors++
		st.Failed = append(st.Failed, Attempt{Part: k, Worker: r.Worker, Error: r.Error, Time: when})
		return
	}
	rec := r.Record
	st.Job, st.Of = rec.Job.String(), rec.Of
	if key != nil {
		if m, err := rec.ParseModel(); err != nil || shard.Check(&rec.Job, m, rec, key) != nil {
			st.Refused++
			return
		}
	}
	w.Records++
	w.Seconds += rec.Seconds
	st.Done = append(st.Done, k)
}

// readClaims adds the parts at work to their jobs.
func readClaims(ctx context.Context, js jetstream.JetStream, jobs map[string]*JobStatus) error {
	kv, err := js.KeyValue(ctx, claimsBucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	keys, err := kv.Keys(ctx)
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, k := range keys {
		entry, err := kv.Get(ctx, k)
		if err != nil {
			continue
		}
		part, replica, ok := partOf(k, 1<<30)
		st := jobs[jobIDOf(k, "")]
		if !ok || st == nil || slices.Contains(st.Done, part) {
			continue
		}
		st.Running = append(st.Running, Claim{Part: part, Replica: replica, Worker: string(entry.Value()), Since: entry.Created()})
	}
	return nil
}

// jobIDOf is the job id of a subject or claim key: prefix, id, part,
// replica.
func jobIDOf(subject, prefix string) string {
	id, _, _ := strings.Cut(strings.TrimPrefix(subject, prefix), ".")
	return id
}

// queuedJob is the status of the job of a subject of the work queue, made
// from the queued part's message when no result of the job is stored yet.
func queuedJob(ctx context.Context, js jetstream.JetStream, jobs map[string]*JobStatus, subject string) *JobStatus {
	id := jobIDOf(subject, workPrefix)
	if st := jobs[id]; st != nil {
		return st
	}
	st := &JobStatus{ID: id, ByWorker: map[string]*WorkerStatus{}}
	jobs[id] = st
	if s, err := js.Stream(ctx, workStream); err == nil {
		var item workItem
		if last, err := s.GetLastMsgForSubject(ctx, subject); err == nil && json.Unmarshal(last.Data, &item) == nil && item.Job != nil {
			st.Job, st.Of = item.Job.String(), item.Job.Of
		}
	}
	return st
}

// trim removes what a finished job left in the work queue (replicas
// offered past the job's, a part offered again) and its claims; its
// results stay, so that the same command prints the answer again.
func trim(ctx context.Context, js jetstream.JetStream, id string) {
	if s, err := js.Stream(ctx, workStream); err == nil {
		_ = s.Purge(ctx, jetstream.WithPurgeSubject(workPrefix+id+".>"))
	}
	if s, err := js.Stream(ctx, "KV_"+claimsBucket); err == nil {
		_ = s.Purge(ctx, jetstream.WithPurgeSubject("$KV."+claimsBucket+"."+id+".>"))
	}
}

// Drop removes the results of part k of job id (every replica) from the
// store: a part whose record is wrong, to be done again by the next run
// of the job. It reports how many messages it removed.
func Drop(ctx context.Context, nc *nats.Conn, id string, k int) (uint64, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return 0, err
	}
	s, err := js.Stream(ctx, resultsStream)
	if err != nil {
		return 0, fmt.Errorf("cluster: the results stream: %w", err)
	}
	before, err := s.Info(ctx)
	if err != nil {
		return 0, err
	}
	if err := s.Purge(ctx, jetstream.WithPurgeSubject(fmt.Sprintf("%s%s.%d.>", resultPrefix, id, k))); err != nil {
		return 0, fmt.Errorf("cluster: dropping part %d of job %s: %w", k, id, err)
	}
	after, err := s.Info(ctx)
	if err != nil {
		return 0, err
	}
	return before.State.Msgs - after.State.Msgs, nil
}

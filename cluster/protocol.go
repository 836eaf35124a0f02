package cluster

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/chessmodel/chessmodel/shard"
)

// The streams, subjects and consumer every coordinator and worker agree on.
const (
	workStream    = "CHESSMODEL_WORK"
	resultsStream = "CHESSMODEL_RESULTS"
	workPrefix    = "chessmodel.work."
	resultPrefix  = "chessmodel.result."
	workers       = "workers"           // the durable consumer of the work queue
	claimsBucket  = "CHESSMODEL_CLAIMS" // key <job>.<part>: the worker at it, put again every heartbeat
	// duplicateWindow is how long the server remembers a Nats-Msg-Id.
	duplicateWindow = time.Hour
)

// A workItem is the message of one part. KeyID names the job's key
// (keyID), so that a worker without it says so at once rather than run a
// part whose record would be refused.
type workItem struct {
	Job      *shard.Job `json:"job"`
	Shard    int        `json:"shard"`
	Replica  int        `json:"replica"`  // which of the part's replicas, from 0
	Replicas int        `json:"replicas"` // the job's (Config.Replicas)
	KeyID    string     `json:"key_id,omitempty"`
	// MaxMemory is the coordinator's memory bound, which every part runs
	// under (Config.MaxMemory), so that every part takes the same method.
	MaxMemory int64 `json:"max_memory,omitempty"`
	// Build is the coordinator's (Config.Build): a worker of another build,
	// whose task lists may differ, hands the part back.
	Build string `json:"build,omitempty"`
}

// keyID names a key without giving it away: its HMAC of a fixed text,
// short; "" for no key.
func keyID(key []byte) string {
	if key == nil {
		return ""
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("chessmodel key id"))
	return hex.EncodeToString(mac.Sum(nil)[:8])
}

// A result is the message a worker publishes for a part: its record, or
// why it has none.
type result struct {
	Record *shard.Record `json:"record,omitempty"`
	Error  string        `json:"error,omitempty"`
	Worker string        `json:"worker"`
	// Fatal: the part is not to be offered again (it killed MaxCrashes
	// workers); the job fails with Error.
	Fatal bool `json:"fatal,omitempty"`
}

// jobID names a job in subjects: the same for the same model, task,
// options and number of parts.
func jobID(j *shard.Job) string {
	key, _ := json.Marshal([]any{j.Digest, j.Task, j.Options, j.Of})
	sum := sha256.Sum256(key)
	return hex.EncodeToString(sum[:8])
}

// The subjects and claims of replica r of part k of job id.
func claimKey(id string, k, r int) string    { return fmt.Sprintf("%s.%d.%d", id, k, r) }
func workSubject(id string, k, r int) string { return fmt.Sprintf("%s%s.%d.%d", workPrefix, id, k, r) }
func resultSubject(id string, k, r int) string {
	return fmt.Sprintf("%s%s.%d.%d", resultPrefix, id, k, r)
}

// partOf reads the part and replica of a subject of a job of parts.
func partOf(subject string, parts int) (k, r int, ok bool) {
	fields := strings.Split(subject, ".")
	if len(fields) < 2 {
		return 0, 0, false
	}
	k, errK := strconv.Atoi(fields[len(fields)-2])
	r, errR := strconv.Atoi(fields[len(fields)-1])
	return k, r, errK == nil && errR == nil && k >= 0 && k < parts && r >= 0
}

// setUp creates the streams and the workers' consumer, or updates them
// (a restarted coordinator may set another ack wait).
func setUp(ctx context.Context, js jetstream.JetStream, ackWait time.Duration) error {
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: workStream, Subjects: []string{workPrefix + ">"},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage, Duplicates: duplicateWindow}); err != nil {
		return fmt.Errorf("cluster: the work stream: %w", err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: resultsStream, Subjects: []string{resultPrefix + ">"},
		Storage: jetstream.FileStorage, Duplicates: duplicateWindow}); err != nil {
		return fmt.Errorf("cluster: the results stream: %w", err)
	}
	if _, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: claimsBucket, Storage: jetstream.FileStorage}); err != nil {
		return fmt.Errorf("cluster: the claims bucket: %w", err)
	}
	_, err := js.CreateOrUpdateConsumer(ctx, workStream, jetstream.ConsumerConfig{Durable: workers,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait, MaxDeliver: -1, FilterSubject: workPrefix + ">"})
	if err != nil {
		return fmt.Errorf("cluster: the workers' consumer: %w", err)
	}
	return nil
}

// subjectsIn lists the subjects of a stream's messages under a filter.
func subjectsIn(ctx context.Context, js jetstream.JetStream, stream, filter string) (map[string]uint64, error) {
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return nil, err
	}
	info, err := s.Info(ctx, jetstream.WithSubjectFilter(filter))
	if err != nil {
		return nil, err
	}
	return info.State.Subjects, nil
}

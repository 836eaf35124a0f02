package shard

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// A Record is the result of one part of a Job, written as one JSON line.
type Record struct {
	Job
	Shard    int             `json:"shard"` // the part's index, 0..Of-1
	Status   model.Status    `json:"status"`
	Value    *int64          `json:"value,omitempty"`
	Count    *int64          `json:"count,omitempty"`
	Classes  *int64          `json:"classes,omitempty"`
	Nodes    int64           `json:"nodes"`
	Seconds  float64         `json:"seconds"`
	Solution *model.Solution `json:"solution,omitempty"` // an example, checked
	Verified bool            `json:"verified"`
	Extra    map[string]any  `json:"extra,omitempty"` // the backend's statistics but seconds and nodes (model.Stats.Fields)
	Sweep    *sweep.Summary  `json:"sweep,omitempty"` // a sweep's part
	// Burnside replaces Classes for a part whose classes are no whole
	// number (burnside.go): its terms of Burnside's lemma, which merge
	// adds up and divides once.
	Burnside *ClassTerms `json:"burnside,omitempty"`
	// Proof is a solve's part (TaskSolve, proof.go): the bound every part
	// shares, the counts it tried and its least.
	Proof *Proof `json:"proof,omitempty"`
	// Build names the program that ran the part (its commit), when known:
	// the parts of one merge come from one build, since another may split
	// the task otherwise.
	Build string `json:"build,omitempty"`
	// Sealed is the record's seal (seal.go): a digest of the rest, keyed
	// with the job's key when it has one.
	Sealed string `json:"seal,omitempty"`
	// Where the record was read (file:line), for messages.
	From string `json:"-"`
}

// Stats are the part's statistics as the backend reported them, read
// from the record.
func (r *Record) Stats() (model.Stats, error) {
	st := model.Stats{Seconds: r.Seconds, Nodes: r.Nodes}
	err := r.statsInto(&st)
	return st, err
}

// statsInto sets the fields of st that the record's statistics hold.
func (r *Record) statsInto(st *model.Stats) error {
	if err := st.SetFields(r.Extra); err != nil {
		return fmt.Errorf("%s: its statistics: %w", r.Name(), err)
	}
	return nil
}

// Name is the part in messages: "part 3/8" with where it was read.
func (r *Record) Name() string {
	s := fmt.Sprintf("part %d/%d", r.Shard, r.Of)
	if r.From != "" {
		s += " (" + r.From + ")"
	}
	return s
}

// maxRecordBytes bounds one line of a record file: a record holds the
// model's text and one solution.
const maxRecordBytes = 64 << 20

// Read reads the records of a JSON-lines file; name says where they come
// from in messages. Blank lines are skipped.
func Read(name string, r io.Reader) ([]*Record, error) {
	scan := bufio.NewScanner(r)
	scan.Buffer(make([]byte, 0, 64<<10), maxRecordBytes)
	var out []*Record
	for line := 1; scan.Scan(); line++ {
		text := scan.Bytes()
		if len(text) == 0 {
			continue
		}
		rec := &Record{}
		if err := json.Unmarshal(text, rec); err != nil {
			return nil, fmt.Errorf("%s:%d: not a shard record: %w", name, line, err)
		}
		if rec.Digest == "" || rec.Of < 1 {
			return nil, fmt.Errorf("%s:%d: not a shard record: no digest or number of parts", name, line)
		}
		rec.From = fmt.Sprintf("%s:%d", name, line)
		out = append(out, rec)
	}
	if err := scan.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

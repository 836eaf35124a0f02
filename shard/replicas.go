package shard

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// A part done more than once (MergeOptions.Replicas, as BOINC does each
// work unit twice): the answers of its records must agree. The answer is
// what a part's record says of the task — status, value, count, classes,
// terms of Burnside's lemma, a sweep's table, a proof's bounds and
// counts — and not how it ran (nodes, seconds, statistics) nor which
// example it shows (every example is checked by the checker; runs on
// other numbers of workers may find another first). A majority of a
// part's records decides; the others are outvoted and named. Without a
// majority (two records that disagree) the merge is refused, naming both.

// agree picks one record of each part: the first of its majority answer.
func agree(copies [][]*Record) ([]*Record, []string, error) {
	parts := make([]*Record, len(copies))
	var outvoted []string
	for k, rs := range copies {
		answers := make([]string, len(rs))
		votes := map[string]int{}
		for i, r := range rs {
			answers[i] = r.Answer()
			votes[answers[i]]++
		}
		best := 0
		for i := range rs {
			if votes[answers[i]] > votes[answers[best]] {
				best = i
			}
		}
		if 2*votes[answers[best]] <= len(rs) {
			return nil, nil, fmt.Errorf("part %d/%d: its %d records disagree, with no majority: %s", k, len(copies), len(rs), sayAnswers(rs, answers))
		}
		parts[k] = rs[best]
		for i, r := range rs {
			if answers[i] != answers[best] {
				outvoted = append(outvoted, fmt.Sprintf("%s says %s, where %s and the majority say %s", r.Name(), answers[i], rs[best].Name(), answers[best]))
			}
		}
	}
	return parts, outvoted, nil
}

func sayAnswers(rs []*Record, answers []string) string {
	var out []string
	for i, r := range rs {
		out = append(out, fmt.Sprintf("%s says %s", r.Name(), answers[i]))
	}
	return strings.Join(out, "; ")
}

// partAnswer is what two records of one part must agree on.
type partAnswer struct {
	Status   model.Status   `json:"status"`
	Value    *int64         `json:"value,omitempty"`
	Count    *int64         `json:"count,omitempty"`
	Classes  *int64         `json:"classes,omitempty"`
	Burnside *ClassTerms    `json:"burnside,omitempty"`
	Sweep    *sweep.Summary `json:"sweep,omitempty"`
	Proof    *Proof         `json:"proof,omitempty"`
}

// Answer is what the record says of its part, as JSON text: what the
// records of one part by other runs must agree on.
func (r *Record) Answer() string {
	a := partAnswer{Status: r.Status, Value: r.Value, Count: r.Count, Classes: r.Classes, Burnside: r.Burnside}
	if s := r.Sweep; s != nil {
		c := *s
		c.Seconds = 0
		if c.Best != nil {
			c.Best = &sweep.Class{Value: c.Best.Value}
		}
		a.Sweep = &c
	}
	if p := r.Proof; p != nil {
		c := *p
		c.Passes = nil
		for _, ps := range p.Passes { // the nodes of a pass depend on the workers
			c.Passes = append(c.Passes, Pass{Pieces: ps.Pieces, Tasks: ps.Tasks, Found: ps.Found})
		}
		c.Greedy = pointValue(p.Greedy)
		c.Targets = nil
		for _, t := range p.Targets {
			c.Targets = append(c.Targets, Target{Target: t.Target, Found: t.Found, Point: pointValue(t.Point)})
		}
		a.Proof = &c
	}
	data, err := json.Marshal(a)
	if err != nil {
		return fmt.Sprintf("(an answer that does not encode: %v)", err)
	}
	return string(data)
}

// pointValue is a point without its solution.
func pointValue(p *Point) *Point {
	if p == nil {
		return nil
	}
	return &Point{Value: p.Value, Task: p.Task}
}

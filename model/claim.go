package model

import (
	"encoding/json"
	"fmt"
)

// A Claim is a solution read from JSON with what the whole result around
// it says: its status, value, count and classes, each nil when not given.
// Contradictions holds them against the solution, Recounted against an
// independent count; each problem names the field's position.
type Claim struct {
	Solution *Solution
	Status   *Status
	Value    *int64
	Count    *int64
	Classes  *int64
	// Part is set for a part of a sharded task (its record has "shard"):
	// its count and classes are of the part, not of the model.
	Part bool

	file string
	data []byte
	at   map[string]int64 // the offset of each top-level field's value
}

// Claims reports whether the result claims a count or classes, or that its
// solution is optimal: what only a search can confirm.
func (c *Claim) Claims() bool {
	return c.Count != nil || c.Classes != nil || (c.Status != nil && *c.Status == StatusOptimal)
}

// At is where a top-level field's value is: file:line:column.
func (c *Claim) At(field string) string {
	line, col := offsetPosition(c.data, c.at[field])
	return fmt.Sprintf("%s:%d:%d", c.file, line, col)
}

// readFields reads the claimed fields of a whole result; a field of the
// wrong type is bad input at its position.
func (c *Claim) readFields(fields map[string]json.RawMessage) error {
	_, c.Part = fields["shard"]
	if raw, ok := fields["status"]; ok {
		c.Status = new(Status)
		if err := json.Unmarshal(raw, c.Status); err != nil {
			return c.fieldError("status", `a status name, like "optimal"`, err)
		}
	}
	for _, f := range []struct {
		name string
		to   **int64
	}{{"value", &c.Value}, {"count", &c.Count}, {"classes", &c.Classes}} {
		raw, ok := fields[f.name]
		if !ok || string(raw) == "null" {
			continue
		}
		*f.to = new(int64)
		if err := json.Unmarshal(raw, *f.to); err != nil {
			return c.fieldError(f.name, "a whole number", err)
		}
	}
	return nil
}

func (c *Claim) fieldError(field, want string, err error) error {
	line, col := offsetPosition(c.data, c.at[field])
	return &Error{File: c.file, Line: line, Column: col, Msg: fmt.Sprintf("%q: want %s (%v)", field, want, err)}
}

// Contradictions are the claims the checker's report of the solution
// refutes: a value other than the solution's, and a status that a valid
// solution contradicts (infeasible; satisfied on a model with an
// objective; optimal or feasible on one without, where a complete answer
// is satisfied).
func (c *Claim) Contradictions(m *Model, r *Report) []string {
	if !r.Valid {
		return nil // the report says what is wrong first
	}
	var out []string
	if c.Value != nil && *c.Value != r.Value {
		out = append(out, fmt.Sprintf("the result claims value %d (%s), its solution has %d", *c.Value, c.At("value"), r.Value))
	}
	if c.Status == nil {
		return out
	}
	status := *c.Status
	switch {
	case status == StatusInfeasible:
		out = append(out, fmt.Sprintf("the result claims %s (%s), but its solution is valid", status, c.At("status")))
	case status == StatusSatisfied && m.Optimizes():
		out = append(out, fmt.Sprintf("the result claims %s (%s): a complete answer to a model with an objective is optimal", status, c.At("status")))
	case (status == StatusOptimal || status == StatusFeasible) && !m.Optimizes():
		out = append(out, fmt.Sprintf("the result claims %s (%s): a model without an objective has nothing to optimise; a complete answer is satisfied", status, c.At("status")))
	}
	return out
}

// Recounted are the claims an independent count of the model refutes
// (ref: the optimal solutions, or every one, counted to the end): an
// optimal solution whose value is not the optimum, and a count or classes
// other than the reference's — above it for an answer not complete
// (status unknown or feasible, a count found so far). A part of a sharded
// count is not compared.
func (c *Claim) Recounted(r *Report, ref *Result) []string {
	var out []string
	if c.Status != nil && *c.Status == StatusOptimal && r.Valid && ref.Value != nil && *ref.Value != r.Value {
		out = append(out, fmt.Sprintf("the result claims its solution is optimal (%s), but the optimum is %d, not %d", c.At("status"), *ref.Value, r.Value))
	}
	if c.Part {
		return out
	}
	complete := c.Status == nil || *c.Status == StatusOptimal || *c.Status == StatusSatisfied
	for _, f := range []struct {
		name           string
		claimed, truth *int64
	}{{"count", c.Count, ref.Count}, {"classes", c.Classes, ref.Classes}} {
		if f.claimed == nil || f.truth == nil {
			continue
		}
		if *f.claimed == *f.truth || (!complete && *f.claimed <= *f.truth) {
			continue
		}
		out = append(out, fmt.Sprintf("the result claims %s %d (%s), but there are %d", f.name, *f.claimed, c.At(f.name), *f.truth))
	}
	return out
}

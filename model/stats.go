package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"strconv"
)

// Stats are measurements of a solve. What more than one backend reports,
// or what a caller reads (the CLI, the playground, package shard, Run
// itself), has a field of its own; the statistics one technique alone
// reports (the sizes of its tables, its pruning counts) are in Extra. In
// JSON they are one flat object, each field under its key (named below)
// beside Extra's keys, in the order of the keys; a field at its zero
// value (a nil pointer, an empty string) is left out. The JSON of a
// result is part of the CLI contract.
type Stats struct {
	Seconds float64 // "seconds": wall time
	Nodes   int64   // "nodes": the search's nodes, when it counts them

	// What ran.
	Engine  string // "engine": the exact backend's technique, in words
	Method  string // "method": the tour search's method (dfs, frontier, construction, ...)
	Workers int    // "workers": the goroutines the search ran on, when it says (0: not said)
	Format  string // "format": the file format an external solver was given
	Solver  string // "solver": the MiniZinc solver that ran

	// What an answer, or the lack of one, rests on.
	Bound *int64   // "bound": the bound proven so far (a stopped solve), in the objective's direction
	Gap   *float64 // "gap": |bound - value| / max(1, |value|) beside Bound (AddGap)
	// Reason says why a model has no solution (an infeasible answer).
	Reason string // "reason"
	// Limit is the cause of a stop that a longer run does not lift: the
	// backend's own bound was reached (the ILP's horizons of a slide).
	Limit string // "limit"
	// CountedSoFar and ClassesSoFar are what a count stopped before its
	// end had counted (its result has no Count).
	// A count so far past 2^63-1 (counted in bulk) is in Extra, in decimal.
	CountedSoFar *int64 // "counted_so_far" (written "partial_count" by older builds)
	ClassesSoFar *int64 // "classes_so_far" (written "partial_classes" by older builds)
	// StatesStored is the positions a slide search stored.
	StatesStored *int64 // "states_stored"

	// The estimates by which the tour count chooses its method.
	SearchNodesEstimate  *float64 // "search_nodes_estimate"
	FrontierCostEstimate *float64 // "frontier_cost_estimate"

	// A solver's rounds: a program solved again (Solves), with the
	// subtour cuts added between rounds (SubtourCuts).
	Solves      *int // "solves"
	SubtourCuts *int // "subtour_cuts"

	// A part of a split task (Options.Shard, package shard).
	ShardTasks         *int   // "shard_tasks": the tasks of the list the parts share
	ShardSearchedNodes *int64 // "shard_searched_nodes": the nodes of the searches in the part
	ShardUpper         *int   // "shard_upper": the upper bound a solve's parts shared
	// Proof is a part's share of a solve's proof; Passes the counts of
	// pieces its search tried (in one process too).
	Proof  *PartProof // "shard_proof"
	Passes []PartPass // "passes" (written when not nil)
	// Burnside holds the terms of Burnside's lemma of a part of a count
	// whose classes are no whole number (the n-queens join), in place of
	// its Classes: package shard adds them up and divides once.
	Burnside *ClassTerms // "burnside_fixed" and "burnside_order"

	// Extra holds the statistics of one technique, under its own keys.
	Extra map[string]any
}

// ClassTerms are terms of Burnside's lemma: Fixed is the sum, over a set
// of solutions, of the symmetries that map each to itself (the identity
// included), Order the symmetry group's order.
type ClassTerms struct {
	Fixed int64 `json:"fixed"`
	Order int64 `json:"order"`
}

// statKey ties a field of Stats to its JSON key.
type statKey struct {
	key   string
	field any // a pointer to the field
}

// keys lists the fields of s with their keys (Burnside, of two keys,
// apart).
func (s *Stats) keys() []statKey {
	return []statKey{
		{"engine", &s.Engine}, {"method", &s.Method}, {"workers", &s.Workers}, {"format", &s.Format}, {"solver", &s.Solver},
		{"bound", &s.Bound}, {"gap", &s.Gap}, {"reason", &s.Reason}, {"limit", &s.Limit},
		{"counted_so_far", &s.CountedSoFar}, {"classes_so_far", &s.ClassesSoFar}, {"states_stored", &s.StatesStored},
		{"search_nodes_estimate", &s.SearchNodesEstimate}, {"frontier_cost_estimate", &s.FrontierCostEstimate},
		{"solves", &s.Solves}, {"subtour_cuts", &s.SubtourCuts},
		{"shard_tasks", &s.ShardTasks}, {"shard_searched_nodes", &s.ShardSearchedNodes}, {"shard_upper", &s.ShardUpper},
		{"shard_proof", &s.Proof}, {"passes", &s.Passes},
	}
}

// legacyKeys are keys older builds wrote for a field that has another
// key now: they are read into the field.
var legacyKeys = map[string]string{"partial_count": "counted_so_far", "partial_classes": "classes_so_far"}

// droppedKeys are keys older builds wrote that say nothing a field does
// not ("count_complete": false beside a count so far); reading drops them.
var droppedKeys = map[string]bool{"count_complete": true}

// Fields are the statistics but seconds and nodes as one map, each under
// its JSON key, with the values of the fields (not pointers), beside
// Extra's: what --stats prints and a shard record stores.
func (s Stats) Fields() map[string]any {
	out := make(map[string]any, len(s.Extra)+4)
	maps.Copy(out, s.Extra)
	for _, k := range s.keys() {
		if v, ok := set(k.field); ok {
			out[k.key] = v
		}
	}
	if s.Burnside != nil {
		out["burnside_fixed"], out["burnside_order"] = s.Burnside.Fixed, s.Burnside.Order
	}
	return out
}

// set is the value a field points to, and whether it is set.
func set(field any) (any, bool) {
	switch f := field.(type) {
	case *string:
		return *f, *f != ""
	case *int:
		return *f, *f != 0
	case **int:
		if *f != nil {
			return **f, true
		}
	case **int64:
		if *f != nil {
			return **f, true
		}
	case **float64:
		if *f != nil {
			return **f, true
		}
	case **PartProof:
		if *f != nil {
			return **f, true
		}
	case *[]PartPass:
		return *f, *f != nil
	default:
		panic(fmt.Sprintf("model: a statistic of type %T", field))
	}
	return nil, false
}

// MarshalJSON writes the statistics as one flat object.
func (s Stats) MarshalJSON() ([]byte, error) {
	out := s.Fields()
	out["seconds"], out["nodes"] = s.Seconds, s.Nodes
	return json.Marshal(out)
}

// UnmarshalJSON reads the flat object MarshalJSON writes (and the keys
// of older builds): each field from its key, the other keys into Extra
// with their numbers as int64 where they are whole, float64 otherwise.
func (s *Stats) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*s = Stats{}
	return s.setFields(raw)
}

// SetFields sets the statistics from a map such as Fields returns (or
// one read back from JSON): each field from its key, the rest into Extra.
// Seconds and nodes, when there, are read too.
func (s *Stats) SetFields(fields map[string]any) error {
	raw := make(map[string]json.RawMessage, len(fields))
	for k, v := range fields {
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("statistic %q: %w", k, err)
		}
		raw[k] = data
	}
	return s.setFields(raw)
}

func (s *Stats) setFields(raw map[string]json.RawMessage) error {
	for old, now := range legacyKeys {
		if v, ok := raw[old]; ok {
			if _, has := raw[now]; !has {
				raw[now] = v
			}
			delete(raw, old)
		}
	}
	for k := range droppedKeys {
		delete(raw, k)
	}
	decode := func(key string, into any) error {
		v, ok := raw[key]
		if !ok {
			return nil
		}
		delete(raw, key)
		if err := json.Unmarshal(v, into); err != nil {
			return fmt.Errorf("statistic %q: %w", key, err)
		}
		return nil
	}
	for _, k := range append(s.keys(), statKey{"seconds", &s.Seconds}, statKey{"nodes", &s.Nodes}) {
		if v := raw[k.key]; k.key == "counted_so_far" && len(v) > 0 && v[0] == '"' {
			continue // a count past 64 bits, in decimal: kept in Extra
		}
		if err := decode(k.key, k.field); err != nil {
			return err
		}
	}
	if _, ok := raw["burnside_fixed"]; ok {
		s.Burnside = &ClassTerms{}
		if err := decode("burnside_fixed", &s.Burnside.Fixed); err != nil {
			return err
		}
		if err := decode("burnside_order", &s.Burnside.Order); err != nil {
			return err
		}
	}
	if len(raw) > 0 && s.Extra == nil {
		s.Extra = make(map[string]any, len(raw))
	}
	for k, v := range raw {
		dec := json.NewDecoder(bytes.NewReader(v))
		dec.UseNumber()
		var e any
		if err := dec.Decode(&e); err != nil {
			return fmt.Errorf("statistic %q: %w", k, err)
		}
		s.Extra[k] = Numbers(e)
	}
	return nil
}

// Numbers replaces the json.Numbers of a value decoded with UseNumber:
// int64 where they are whole, float64 otherwise (in maps and slices too).
func Numbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return i
		}
		f, _ := v.Float64()
		return f
	case map[string]any:
		for k, e := range v {
			v[k] = Numbers(e)
		}
	case []any:
		for i, e := range v {
			v[i] = Numbers(e)
		}
	}
	return v
}

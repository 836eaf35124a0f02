package model_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// fullStats sets every field of Stats, and a key of Extra.
func fullStats() model.Stats {
	n := 7
	return model.Stats{Seconds: 1.5, Nodes: 12,
		Engine: "clique branch and bound", Method: "frontier", Workers: 2, Format: "lp", Solver: "gecode",
		Bound: model.Int64(5), Gap: ptr(0.25), Reason: "none", Limit: "more than 3 moves",
		CountedSoFar: model.Int64(0), ClassesSoFar: model.Int64(3), StatesStored: model.Int64(40),
		SearchNodesEstimate: ptr(1e21), FrontierCostEstimate: ptr(2.5),
		Solves: &n, SubtourCuts: ptr(0), ShardTasks: ptr(4096), ShardSearchedNodes: model.Int64(99), ShardUpper: ptr(9),
		Proof:    &model.PartProof{Upper: 9, Passes: []model.PartPass{{Pieces: 8, Tasks: 2}}},
		Passes:   []model.PartPass{{Pieces: 8, Tasks: 2, Nodes: 3, Found: true}},
		Burnside: &model.ClassTerms{Fixed: 16, Order: 8},
		Extra:    map[string]any{"leaves": int64(3), "cliques": "4 rows"}}
}

// TestStatsJSON: the statistics are one flat object, each field under its
// key beside Extra's, in the order of the keys; zero fields are left out,
// a pointer to zero is not; and the object reads back as it was.
func TestStatsJSON(t *testing.T) {
	s := fullStats()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"bound":5,"burnside_fixed":16,"burnside_order":8,"classes_so_far":3,"cliques":"4 rows","counted_so_far":0,` +
		`"engine":"clique branch and bound","format":"lp","frontier_cost_estimate":2.5,"gap":0.25,"leaves":3,` +
		`"limit":"more than 3 moves","method":"frontier","nodes":12,"passes":[{"pieces":8,"tasks":2,"nodes":3,"found":true}],` +
		`"reason":"none","search_nodes_estimate":1e+21,"seconds":1.5,` +
		`"shard_proof":{"upper":9,"upper_known":false,"upper_nodes":0,"least":0,"found":false,"task":0,"passes":[{"pieces":8,"tasks":2,"nodes":0,"found":false}]},` +
		`"shard_searched_nodes":99,"shard_tasks":4096,"shard_upper":9,"solver":"gecode","solves":7,"states_stored":40,"subtour_cuts":0,"workers":2}`
	if string(data) != want {
		t.Errorf("got\n%s\nwant\n%s", data, want)
	}
	var back model.Stats
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		t.Errorf("read back\n%+v\nwant\n%+v", back, s)
	}
	empty, err := json.Marshal(model.Stats{})
	if err != nil || string(empty) != `{"nodes":0,"seconds":0}` {
		t.Errorf("empty statistics: %s, %v", empty, err)
	}
}

// TestStatsOldKeys: the keys of older builds for a count so far read into
// the fields that have other keys now; "count_complete" is dropped;
// numbers of Extra read back as int64 where whole.
func TestStatsOldKeys(t *testing.T) {
	var s model.Stats
	if err := json.Unmarshal([]byte(`{"seconds":2,"nodes":0,"count_complete":false,"partial_count":17,"partial_classes":3,"rows":12,"ratio":0.5}`), &s); err != nil {
		t.Fatal(err)
	}
	want := model.Stats{Seconds: 2, CountedSoFar: model.Int64(17), ClassesSoFar: model.Int64(3),
		Extra: map[string]any{"rows": int64(12), "ratio": 0.5}}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("got %+v, want %+v", s, want)
	}
	if err := json.Unmarshal([]byte(`{"bound":"more than 8"}`), &s); err == nil {
		t.Error("a bound that is no number was read")
	}
	// a count so far past 64 bits (counted in bulk) is a decimal in Extra
	big := `{"counted_so_far":"123456789012345678901234","nodes":0,"seconds":0}`
	if err := json.Unmarshal([]byte(big), &s); err != nil || s.CountedSoFar != nil || s.Extra["counted_so_far"] != "123456789012345678901234" {
		t.Errorf("a count past 64 bits: %+v, %v", s, err)
	}
	if data, err := json.Marshal(s); err != nil || string(data) != big {
		t.Errorf("written back as %s, %v", data, err)
	}
}

// TestStatsFields: Fields and SetFields are inverse (the map a shard
// record stores).
func TestStatsFields(t *testing.T) {
	s := fullStats()
	fields := s.Fields()
	if fields["bound"] != int64(5) || fields["workers"] != 2 || fields["leaves"] != int64(3) {
		t.Errorf("fields %v", fields)
	}
	if _, ok := fields["seconds"]; ok {
		t.Error("Fields has the seconds")
	}
	back := model.Stats{Seconds: s.Seconds, Nodes: s.Nodes}
	if err := back.SetFields(fields); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		t.Errorf("set back\n%+v\nwant\n%+v", back, s)
	}
}

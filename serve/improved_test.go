package serve

import (
	"encoding/json"
	"testing"
)

// TestRunImproved: a solve whose first solution is not optimal sends an
// "improved" event per better solution, each verified and better than the
// one before, then the result (nightriders on 6x6: 12, 14, then 16 by the
// clique search of the exact backend).
func TestRunImproved(t *testing.T) {
	ts := newTestServer(t, nil)
	yaml := "pieces:\n  nightrider: {ride: [1, 2]}\nboard: 6\nplace: [max nightrider]\nrules: [independent]\n"
	_, events, raw := runStream(t, t.Context(), ts, map[string]any{"yaml": yaml, "task": "solve", "backend": "exact"})
	var values []int64
	for _, e := range events {
		if e.Name != "improved" {
			continue
		}
		var ev improvedEvent
		if err := json.Unmarshal(e.Data, &ev); err != nil {
			t.Fatal(err)
		}
		if !ev.Verified || ev.Backend != "exact" || len(values) > 0 && ev.Value <= values[len(values)-1] {
			t.Errorf("improved event %+v after %v", ev, values)
		}
		values = append(values, ev.Value)
	}
	var res struct {
		Result struct{ Value *int64 }
	}
	if len(values) < 2 || !lastEvent(t, events, "result", &res) || res.Result.Value == nil || *res.Result.Value != values[len(values)-1] {
		t.Fatalf("events %s (%s): improved values %v, want two or more and the result's last", eventNames(events), raw, values)
	}
	result := false
	for _, e := range events {
		result = result || e.Name == "result"
		if result && e.Name == "improved" {
			t.Errorf("events %s: an improved event after the result", eventNames(events))
		}
	}
}

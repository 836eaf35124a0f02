package known

import (
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// Every case loads, names itself uniquely and says where its answer comes
// from.
func TestTable(t *testing.T) {
	names := map[string]bool{}
	for _, c := range Cases() {
		if names[c.Name] {
			t.Errorf("%s: two cases of this name", c.Name)
		}
		names[c.Name] = true
		if c.Source == "" {
			t.Errorf("%s: no source", c.Name)
		}
		if _, err := c.Model(); err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
	}
}

// Check rejects every part of an answer that differs, and accepts what is
// not asserted.
func TestCheck(t *testing.T) {
	c := Case{Want: satisfied(8, 92, Any)}
	for _, tc := range []struct {
		name                  string
		status                model.Status
		value, count, classes *int64
		ok                    bool
	}{
		{"right", model.StatusSatisfied, model.Int64(8), model.Int64(92), model.Int64(12), true},
		{"classes not asked", model.StatusSatisfied, model.Int64(8), model.Int64(92), nil, true},
		{"status", model.StatusOptimal, model.Int64(8), model.Int64(92), nil, false},
		{"value", model.StatusSatisfied, model.Int64(7), model.Int64(92), nil, false},
		{"count", model.StatusSatisfied, model.Int64(8), model.Int64(91), nil, false},
		{"no count", model.StatusSatisfied, model.Int64(8), nil, nil, false},
	} {
		if err := c.CheckAnswer(tc.status, tc.value, tc.count, tc.classes); (err == nil) != tc.ok {
			t.Errorf("%s: %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

package model_test

import (
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// eightQueensResult is a whole result of count for the eight queens, with
// fields to fill in: what it claims.
func eightQueensResult(claims string) string {
	return `{"model":"eight queens",` + claims + `,
 "solution":{"pieces":[{"piece":"queen","square":"a4"},{"piece":"queen","square":"b2"},{"piece":"queen","square":"c7"},
 {"piece":"queen","square":"d3"},{"piece":"queen","square":"e6"},{"piece":"queen","square":"f8"},{"piece":"queen","square":"g5"},{"piece":"queen","square":"h1"}]}}`
}

// TestReadClaimRefuses (issue 36, item 10): what encoding/json accepts or
// places nowhere is bad input at its position: a key given twice (it kept
// the last), a square with spaces around it (ParseSquare trimmed them), a
// bad square (at 1:1 before), a claimed field of the wrong type; an error
// inside a result's solution is placed in the whole file, not in the
// solution's text.
func TestReadClaimRefuses(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"key twice in a piece", `{"pieces":[{"piece":"queen","square":"a1","square":"b2"}]}`, `s.json:1:43: solution JSON: key "square" given twice in one object (first at 1:29)`},
		{"key twice at the top", "{\"value\":8,\n\"value\":9,\"solution\":{}}", `s.json:2:1: solution JSON: key "value" given twice in one object (first at 1:2)`},
		{"key twice in stats", `{"solution":{},"stats":{"nodes":1,"nodes":2}}`, `s.json:1:35: solution JSON: key "nodes" given twice`},
		{"square with a space", `{"pieces":[{"piece":"queen","square":"b1 "}]}`, `s.json:1:38: solution JSON: square "b1 ": spaces around the name; write "b1"`},
		{"wall with a space", `{"walls":["c3"," b1"]}`, `s.json:1:16: solution JSON: square " b1": spaces around the name`},
		{"tour square with a tab", `{"squares":["a1","b3\t"]}`, `s.json:1:18: solution JSON: square "b3\t"`},
		{"move with a space", `{"moves":[{"from":"a1","to":"a2 "}]}`, `s.json:1:29: solution JSON: square "a2 "`},
		{"in a result's solution", `{"model":"m","solution":{"walls":["zz"]}}`, `s.json:1:35: solution JSON: square "zz": expected letters`},
		{"bad square in a result", `{"model":"m","solution":{"walls":[7]}}`, `s.json:1:36: solution JSON: json: cannot unmarshal number`},
		{"status unknown to us", eightQueensResult(`"status":"optimum"`), `s.json:1:34: "status": want a status name`},
		{"count not whole", eightQueensResult(`"count":5.5`), `s.json:1:33: "count": want a whole number`},
		{"value a string", eightQueensResult(`"value":"8"`), `s.json:1:33: "value": want a whole number`},
	} {
		_, err := model.ReadClaim(strings.NewReader(tc.text), "s.json")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	// A model's text still allows spaces: only JSON is exact.
	if _, err := model.ParseSquare(" b1 "); err != nil {
		t.Errorf("ParseSquare: %v", err)
	}
}

// TestClaimContradictions (issue 36, item 10): a result's claimed value and
// status are held against the checker's report of its solution, and its
// count, classes and optimum against an independent count.
func TestClaimContradictions(t *testing.T) {
	queens := mustParse(t, "board: 8\nplace: [8 queen]\nrules: [independent]\n")
	most := mustParse(t, "board: 8\nplace: [max queen]\nrules: [independent]\n")
	n := func(v int64) *int64 { return &v }
	allOf := &model.Result{Status: model.StatusSatisfied, Value: n(8), Count: n(92), Classes: n(12)}
	for _, tc := range []struct {
		name   string
		m      *model.Model
		claims string
		ref    *model.Result // nil: no count to compare
		want   []string      // a phrase of each problem, in order
	}{
		{"true", queens, `"status":"satisfied","value":8,"count":92,"classes":12`, allOf, nil},
		{"value and count", queens, `"status":"satisfied","value":9,"count":5`, allOf, []string{"claims value 9 (s.json:1:54), its solution has 8", "claims count 5 (s.json:1:64), but there are 92"}},
		{"classes", queens, `"count":92,"classes":13`, allOf, []string{"claims classes 13 (s.json:1:46), but there are 12"}},
		{"infeasible", queens, `"status":"infeasible"`, nil, []string{"claims infeasible (s.json:1:34), but its solution is valid"}},
		{"optimal without an objective", queens, `"status":"optimal"`, nil, []string{"claims optimal (s.json:1:34): a model without an objective"}},
		{"satisfied with an objective", most, `"status":"satisfied"`, nil, []string{"claims satisfied (s.json:1:34): a complete answer to a model with an objective is optimal"}},
		{"optimal below the optimum", most, `"status":"optimal"`, &model.Result{Status: model.StatusOptimal, Value: n(9)}, []string{"claims its solution is optimal (s.json:1:34), but the optimum is 9, not 8"}},
		{"feasible below the optimum", most, `"status":"feasible","value":8`, &model.Result{Status: model.StatusOptimal, Value: n(9)}, nil},
		{"a count so far", queens, `"status":"unknown","count":50`, allOf, nil},
		{"a count so far above the truth", queens, `"status":"unknown","count":93`, allOf, []string{"claims count 93 (s.json:1:52), but there are 92"}},
		{"a part of a shard", queens, `"shard":1,"of":4,"status":"satisfied","count":24`, allOf, nil},
	} {
		claim, err := model.ReadClaim(strings.NewReader(eightQueensResult(tc.claims)), "s.json")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		report := model.Check(tc.m, claim.Solution)
		got := claim.Contradictions(tc.m, report)
		if tc.ref != nil {
			got = append(got, claim.Recounted(report, tc.ref)...)
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: %q, want %d problems: %q", tc.name, got, len(tc.want), tc.want)
			continue
		}
		for i := range got {
			if !strings.Contains(got[i], tc.want[i]) {
				t.Errorf("%s: %q, want it to say %q", tc.name, got[i], tc.want[i])
			}
		}
	}
}

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckClaims (issue 36, item 10): check of a whole result holds what
// it claims against the checker (the value, the status) and against a
// brute-force count within its budget (the count, the classes, the
// optimum), exit 1 when one is wrong; a claim the count would cost too
// much for is said not checked; duplicate keys and squares with spaces
// are bad input at their position.
func TestCheckClaims(t *testing.T) {
	result := func(claims string) string {
		return `{"model":"eight queens",` + claims + `,"solution":{"pieces":[{"piece":"queen","square":"a4"},{"piece":"queen","square":"b2"},` +
			`{"piece":"queen","square":"c7"},{"piece":"queen","square":"d3"},{"piece":"queen","square":"e6"},{"piece":"queen","square":"f8"},` +
			`{"piece":"queen","square":"g5"},{"piece":"queen","square":"h1"}]}}`
	}
	walled := func(claims string) string {
		return `{"model":"free walls",` + claims + `,"solution":{"pieces":[{"piece":"rook","square":"a1"},{"piece":"rook","square":"b2"},` +
			`{"piece":"rook","square":"c3"}],"walls":["a3"]}}`
	}
	queens := models + "eight-queens.yaml"
	most := models + "blocked-3w-value11.yaml" // max queens: too many sets to count
	for _, tc := range []struct {
		name, model, text string
		code              int
		says              string // in standard output, or in standard error for bad input
	}{
		{"the issue's file", queens, result(`"status":"satisfied","value":9,"count":5`), ExitNegative,
			"wrong claims:\n  the result claims value 9 (r.json:1:54), its solution has 8\n  the result claims count 5 (r.json:1:64), but there are 92\n"},
		{"true claims", queens, result(`"status":"satisfied","value":8,"count":92,"classes":12`), ExitOK, "valid: attacked 56"},
		{"classes", queens, result(`"status":"satisfied","count":92,"classes":11`), ExitNegative, "claims classes 11 (r.json:1:67), but there are 12"},
		{"infeasible", queens, result(`"status":"infeasible","count":92`), ExitNegative, "claims infeasible (r.json:1:34), but its solution is valid"},
		{"a count so far", queens, result(`"status":"unknown","count":40`), ExitOK, "valid"},
		{"a shard's part", queens, result(`"shard":2,"of":4,"status":"satisfied","count":24`), ExitOK, "valid"},
		{"optimal, too costly to confirm", most, result(`"status":"optimal","value":8`), ExitOK,
			"status optimal not checked: brute: more than 200000 sets"},
		// 48 solutions on 9 distinct wall sets: a count of either is true.
		{"free walls, solutions", "", walled(`"status":"satisfied","count":48`), ExitOK, "valid"},
		{"free walls, wall sets", "", walled(`"status":"satisfied","count":9`), ExitOK, "valid"},
		{"free walls, neither", "", walled(`"status":"satisfied","count":10`), ExitNegative, "claims count 10 (r.json:1:52), but there are 48"},
		{"json", queens, result(`"value":9`), ExitNegative, `"claims":["the result claims value 9 (r.json:1:33), its solution has 8"]`},
		{"key twice", queens, result(`"count":92,"count":5`), ExitBadInput, `r.json:1:36: solution JSON: key "count" given twice in one object (first at 1:25)`},
		{"square with a space", queens, `{"pieces":[{"piece":"queen","square":"b1 "}]}`, ExitBadInput, `r.json:1:38: solution JSON: square "b1 ": spaces around the name; write "b1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.model == "" {
				tc.model = writeFile(t, "walls.yaml", "board: {size: 3, walls: {free: 1}}\nplace: [3 rook]\nrules: [independent]\n")
			}
			file := writeFile(t, "r.json", tc.text)
			args := []string{"check", tc.model, file}
			if tc.name == "json" {
				args = append(args, "--json")
			}
			code, stdout, stderr := run(t, nil, args...)
			said := strings.ReplaceAll(stdout+stderr, filepath.Dir(file)+string(filepath.Separator), "")
			if code != tc.code || !strings.Contains(said, tc.says) {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s\nwant %q", code, tc.code, stdout, stderr, tc.says)
			}
		})
	}
}

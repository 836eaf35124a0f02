package serve

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestModelErrorsSaid (issue 36, item 11): a request whose model cannot be
// used (an added wall off the board, walls added to a tour, a model too
// long) is answered with the message at the top level, as every other
// error, and in the model's error text; "walls":["z99"] was answered 422
// with "error":"" and "text":"".
func TestModelErrorsSaid(t *testing.T) {
	ts := newTestServer(t, nil)
	queens := modelText(t, "eight-queens.yaml")
	for _, tc := range []struct {
		name string
		req  map[string]any
		want string
	}{
		{"a wall off the board", map[string]any{"yaml": queens, "walls": []string{"z99"}}, "added wall z99 is not an open square of the 8x8 board"},
		{"walls on a tour", map[string]any{"yaml": modelText(t, "knights-tour.yaml"), "walls": []string{"a1"}}, "walls can be added to a place model only"},
		{"too long", map[string]any{"yaml": strings.Repeat("#", MaxModelBytes+1)}, "over the 65536 a model may have"},
	} {
		for _, path := range []string{"/api/run", "/api/parse"} {
			req := map[string]any{"task": "solve"}
			for k, v := range tc.req {
				req[k] = v
			}
			if path == "/api/parse" {
				delete(req, "task")
			}
			var answer struct {
				Error json.RawMessage `json:"error"`
				Model *modelError     `json:"model"`
			}
			code := post(t, ts, path, req, &answer)
			var top string
			var placed *modelError
			if json.Unmarshal(answer.Error, &top) == nil {
				placed = answer.Model
			} else if err := json.Unmarshal(answer.Error, &placed); err != nil {
				t.Fatalf("%s, %s: the error %s: %v", tc.name, path, answer.Error, err)
			}
			if path == "/api/run" && (code != 422 || !strings.Contains(top, tc.want)) {
				t.Errorf("%s, %s: %d, error %q, want 422 and %q", tc.name, path, code, top, tc.want)
			}
			if placed == nil || !strings.Contains(placed.Text, tc.want) || !strings.Contains(placed.Message, tc.want) {
				t.Errorf("%s, %s: the model's error %+v, want its text and message to say %q", tc.name, path, placed, tc.want)
			}
		}
	}
}

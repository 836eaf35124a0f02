package cli

import (
	"strings"
	"testing"
)

// TestInputErrors: issue 22 item 14's input errors as a user sees them,
// exit status 2 with the place of the error, and a solution file with a
// byte-order mark read like one without.
func TestInputErrors(t *testing.T) {
	queens := models + "eight-queens.yaml"
	multi := writeFile(t, "multi.yaml", "name: a\nboard: 8\nplace: [8 queen]\n---\n[[[ {{{ garbage\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"show", queens, "--set", "board=8x8x8"}, `chessmodel: --set board=8x8x8:1:1: expected a board size like 8 or "6x9" (ranks x files), found "8x8x8"`},
		{[]string{"show", "--json", queens, "--set", "board=8x8x8"}, `"file":"--set board=8x8x8","line":1,"column":1`},
		{[]string{"show", multi}, multi + ":4:1: a second YAML document starts here"},
	} {
		code, _, stderr := run(t, DefaultBackends(), tc.args...)
		if code != ExitBadInput || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", tc.args, code, stderr, tc.want)
		}
	}
	solution := `{"pieces": [{"piece": "queen", "square": "a4"}, {"piece": "queen", "square": "b2"},
		{"piece": "queen", "square": "c7"}, {"piece": "queen", "square": "d3"}, {"piece": "queen", "square": "e6"},
		{"piece": "queen", "square": "f8"}, {"piece": "queen", "square": "g5"}, {"piece": "queen", "square": "h1"}]}`
	bom := writeFile(t, "bom.json", "\xef\xbb\xbf"+solution)
	if code, out, stderr := run(t, DefaultBackends(), "check", queens, bom); code != 0 || !strings.HasPrefix(out, "valid") {
		t.Errorf("check with a BOM: exit %d, %s%s", code, out, stderr)
	}
}

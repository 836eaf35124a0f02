package cli

import (
	"bytes"
	"runtime"
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

// endless is standard input that never ends, like `yes |`.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "y\n"[i%2]
	}
	return len(p), nil
}

// TestEndlessStdin: a model read from endless standard input is refused
// after MaxFileBytes, not read into memory until the machine runs out (it
// was: `yes | chessmodel show -` took 19 GB).
func TestEndlessStdin(t *testing.T) {
	var out, errOut bytes.Buffer
	cmd := NewRootCommandWith(Streams{In: endless{}, Out: &out, Err: &errOut}, DefaultBackends())
	cmd.SetArgs([]string{"show", "-"})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := classify(cmd.ExecuteContext(t.Context()))
	runtime.ReadMemStats(&after)
	if ExitCode(err) != ExitBadInput || err.Error() != "stdin:1:1: more than the 1048576 bytes a model may have" {
		t.Errorf("exit %d, %v", ExitCode(err), err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("allocated %d MB", alloc>>20)
	}
}

package cli

import (
	"strings"
	"testing"
)

// TestInlinePieceInCompound: a compound may hold a piece written in place,
// as the schema allows; a symbol on such a part is refused (it has none).
func TestInlinePieceInCompound(t *testing.T) {
	dragon := writeFile(t, "dragon.yaml", "board: 5\npieces: {dragon: [rook, {leap: [1, 1]}]}\nplace: [max dragon]\nrules: [independent]\n")
	code, stdout, stderr := run(t, DefaultBackends(), "show", dragon)
	if code != 0 || !strings.Contains(stdout, "dragon: leaps (1,1); rides (0,1)") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	code, stdout, _ = run(t, DefaultBackends(), "solve", dragon)
	if code != 0 || !strings.Contains(stdout, "optimal, pieces 5") {
		t.Errorf("exit %d\nstdout: %s", code, stdout)
	}
	marked := writeFile(t, "marked.yaml", "board: 5\npieces: {dragon: [rook, {leap: [1, 1], symbol: X}]}\nplace: [max dragon]\n")
	code, _, stderr = run(t, DefaultBackends(), "show", marked)
	if code != 2 || !strings.Contains(stderr, "marked.yaml:2:40: a part of compound piece dragon has no symbol of its own") {
		t.Errorf("exit %d\nstderr: %s", code, stderr)
	}
}

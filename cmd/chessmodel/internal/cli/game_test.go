package cli

import (
	"strings"
	"testing"
)

// TestGameCommands: solve, explore (with --sizes and --json), check and
// compare on game models, explore --checkpoint run to the end and run
// again, and the refusals: a game over the memory bound, ilp asked to
// play, another game's checkpoint, --checkpoint on a slide or with
// --sizes; a solve over the bound searches, stopped by --timeout.
func TestGameCommands(t *testing.T) {
	ck := t.TempDir()
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string // a phrase expected in standard output
		stderr string // a phrase expected in standard error
	}{
		{"solve", []string{"solve", models + "game-queens-walls.yaml"}, 0, "line:   a1-c3 d1-c1 c3-c4 (white wins)", ""},
		{"solve json", []string{"solve", "--json", models + "game-one-rook-3x3.yaml"}, 0, `"game":{"to_move":"white","value":"draw"`, ""},
		{"solve brute", []string{"solve", "--backend", "brute", models + "game-queens-walls.yaml"}, 0, "white to move wins in 3 plies", ""},
		{"ilp refuses", []string{"solve", "--backend", "ilp", models + "game-queens-walls.yaml"}, 4, "", "does not play games"},
		{"explore", []string{"explore", models + "game-one-rook-4x4.yaml"}, 0, "positions    480: 32 won, 120 lost (120 of them over already), 328 drawn", ""},
		{"explore json", []string{"explore", "--json", models + "game-one-rook-3x3.yaml"}, 0, `"by_plies":[16,8]`, ""},
		{"explore sizes", []string{"explore", "--max-memory", "16M", "--sizes", "4..6:2", models + "game-rook-race.yaml"}, 0, "   6x6  skipped: exact: the game's 4236447600 positions, folded by 16 symmetries onto 270023640 table slots, need 102666914 bytes (3 bits a slot)", ""},
		{"sizes odd", []string{"explore", "--sizes", "7..7", models + "game-rook-race.yaml"}, 0, "7x7  skipped: a square anchored to the centre", ""},
		{"too large", []string{"explore", models + "game-rook-race.yaml"}, 2, "", "over the memory bound"},
		{"search stopped", []string{"solve", "--timeout", "1s", models + "game-rook-race.yaml"}, 3, "search from the start (the tables do not fit the memory bound): neither side can force a win within", "stopped by --timeout"},
		{"check", []string{"check", models + "game-queens-walls.yaml", "../../../../testdata/solutions/game-queens-walls.json"}, 0, "valid: plies 3", ""},
		{"check bad", []string{"check", models + "game-queens-walls.yaml", "../../../../testdata/solutions/game-queens-walls-bad.json"}, 1, "not white wins as claimed", ""},
		{"compare", []string{"compare", models + "game-queens-walls.yaml"}, 0, "agree", ""},
		{"checkpoint", []string{"explore", "--checkpoint", ck, models + "game-rook-race-4x4.yaml"}, 0, "positions    1,801,800: 483,886 won", ""},
		{"from the checkpoint", []string{"explore", "--checkpoint", ck, models + "game-rook-race-4x4.yaml"}, 0, "longest win  5 plies, from white a1 b1 c1 a2, black d1 d3 a4 d4", ""},
		{"another game's checkpoint", []string{"explore", "--checkpoint", ck, models + "game-one-rook-4x4.yaml"}, 2, "", "is of another game"},
		{"checkpoint of a slide", []string{"explore", "--checkpoint", ck, models + "sliding-rooks.yaml"}, 2, "", "--checkpoint saves the analysis of a game"},
		{"checkpoint sizes", []string{"explore", "--checkpoint", ck, "--sizes", "4..6:2", models + "game-rook-race.yaml"}, 2, "", "with --sizes there are several"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
			if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
		})
	}
}

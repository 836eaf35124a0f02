package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestExplore(t *testing.T) {
	gif := filepath.Join(t.TempDir(), "walls.gif")
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout []string // phrases expected in standard output
		stderr string
	}{
		{"rooks", []string{"explore", models + "sliding-rooks.yaml"}, 0,
			[]string{"635,376 in all, 79,920 orbits", "218,412 states, 27,467 orbits", "goal         25 moves", "farthest     32 moves", "largest 218,412, next largest 278", "exactly the reachable states"}, ""},
		{"queens json", []string{"explore", "--json", models + "sliding-queens.yaml"}, 0,
			[]string{`"reachable_orbits":77766`, `"orbits":79920`, `"goal_distance":12`, `"unreachable_all_singletons":true`}, ""},
		{"table", []string{"explore", models + "sliding-rooks.yaml", "--sizes", "2..8:2"}, 0,
			[]string{"2x2      0", "4x4     12", "6x6     19", "8x8     25"}, ""},
		{"table json", []string{"explore", "--json", models + "sliding-queens.yaml", "--sizes", "4..5"}, 0,
			[]string{`"size":4,"moves":6`, `"size":5,"moves":-1,"status":"skipped"`}, ""},
		{"bad sizes", []string{"explore", models + "sliding-rooks.yaml", "--sizes", "8..2"}, 2, nil, "expected A..B"},
		{"not a slide", []string{"explore", models + "eight-queens.yaml"}, 2, nil, "explore needs a slide model"},
		{"memory refused", []string{"explore", models + "sliding-rooks.yaml", "--memory", "64KiB"}, 2, nil, "raise it with --max-memory"},
		{"memory refused by --max-memory", []string{"explore", models + "sliding-rooks.yaml", "--max-memory", "64K"}, 2, nil, "raise it with --max-memory"},
		{"solve infeasible", []string{"solve", models + "slide-impossible.yaml"}, 0, []string{"infeasible"}, ""},
		{"ilp horizon bound", []string{"solve", "--backend", "ilp", "--max-moves", "3", models + "slide-impossible.yaml"}, 4,
			[]string{"unknown", "proven bound: at least 4 moves"}, "no solution in at most 3 moves"},
		{"bad max-moves", []string{"solve", "--max-moves", "-1", models + "slide-impossible.yaml"}, 2, nil, "--max-moves -1"},
		{"export horizon", []string{"export", "--json", "--horizon", "2", models + "slide-knights.yaml"}, 0,
			[]string{`"objective":"minimize moves"`, `m2_`}, ""},
		{"export needs a horizon", []string{"export", models + "slide-knights.yaml"}, 2, nil, "--horizon T"},
		{"horizon of a placement", []string{"export", "--horizon", "2", models + "eight-queens.yaml"}, 2, nil, "--horizon is for slide models"},
		{"solve moves", []string{"solve", models + "slide-knights.yaml"}, 0, []string{"optimal, value 4", "moves:  "}, ""},
		{"render solved", []string{"render", "--json", models + "slide-walls.yaml", "--solve", "-o", gif}, 0, []string{`"format":"gif","frames":6`}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, stdout, stderr)
			}
			for _, want := range tc.stdout {
				if !strings.Contains(stdout, want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout)
				}
			}
			if !strings.Contains(stderr, tc.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tc.stderr, stderr)
			}
		})
	}
}

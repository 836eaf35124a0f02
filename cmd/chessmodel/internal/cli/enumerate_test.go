package cli

import (
	"fmt"
	"strings"
	"testing"
)

// TestEnumerateLimit: --limit N prints exactly min(N, all) solutions, the
// first N of the complete enumeration, the same on every run and any number
// of workers, and says whether more exist.
func TestEnumerateLimit(t *testing.T) {
	for _, tc := range []struct {
		model   string
		backend string
		all     int
	}{
		{"eight-queens.yaml", "exact", 92},
		{"amazons.yaml", "exact", 728},
		{"eight-queens.yaml", "ilp", 92},
	} {
		code, full, _ := run(t, DefaultBackends(), "enumerate", "--backend", tc.backend, models+tc.model)
		lines := strings.SplitAfter(full, "\n")
		lines = lines[:len(lines)-1]
		if code != 0 || len(lines) != tc.all {
			t.Fatalf("%s %s: exit %d, %d solutions, want %d", tc.backend, tc.model, code, len(lines), tc.all)
		}
		for _, limit := range []int{1, 5, tc.all - 1, tc.all, tc.all + 1} {
			for _, workers := range []string{"1", "2"} {
				for repeat := 0; repeat < 2; repeat++ {
					name := fmt.Sprintf("%s/%s/limit %d/workers %s/run %d", tc.backend, tc.model, limit, workers, repeat)
					t.Run(name, func(t *testing.T) {
						code, out, errOut := run(t, DefaultBackends(), "enumerate", "--backend", tc.backend,
							"--workers", workers, "--limit", fmt.Sprint(limit), models+tc.model)
						want := strings.Join(lines[:min(limit, tc.all)], "")
						if code != 0 || out != want {
							t.Fatalf("exit %d; got %d lines, want the first %d of the full enumeration\nstderr: %s",
								code, strings.Count(out, "\n"), min(limit, tc.all), errOut)
						}
						more := limit < tc.all
						if said := strings.Contains(errOut, "more exist"); said != more {
							t.Errorf("more solutions exist: %v, but stderr says %q", more, errOut)
						}
						if complete := strings.Contains(errOut, "complete: there are no others"); complete == more {
							t.Errorf("complete: %v, but stderr says %q", !more, errOut)
						}
					})
				}
			}
		}
	}
}

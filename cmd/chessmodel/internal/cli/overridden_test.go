package cli

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestOverriddenName: a model changed by --set is named with its changes
// wherever its name is shown — the text answer, the JSON one, every part
// record and the merge of the parts — and the merge of parts of two
// different changes is still refused.
func TestOverriddenName(t *testing.T) {
	const name = "closed knight's tour 6x6 (board=3x4)"
	tour := []string{"count", models + "knights-tour-closed.yaml", "--set", "board=3x4"}
	if _, stdout, _ := run(t, DefaultBackends(), tour...); !strings.HasPrefix(stdout, name+": infeasible") {
		t.Errorf("text:\n%s", stdout)
	}
	_, stdout, _ := run(t, DefaultBackends(), append(tour, "--json")...)
	var res struct{ Model string }
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || res.Model != name {
		t.Errorf("JSON model %q (%v)\n%s", res.Model, err, stdout)
	}
	// a name chosen with --set is the name; the other changes are listed
	if _, stdout, _ := run(t, DefaultBackends(), append(tour, "--set", "name=small")...); !strings.HasPrefix(stdout, "small (board=3x4): infeasible") {
		t.Errorf("--set name=small:\n%s", stdout)
	}

	queens := []string{"count", models + "n-queens.yaml", "--set", "board=7", "--symmetry"}
	files := runParts(t, queens, "0/2", "1/2")
	for _, f := range files {
		var rec struct{ Model string }
		if err := json.Unmarshal([]byte(readFile(t, f)), &rec); err != nil || rec.Model != "n queens (board=7)" {
			t.Errorf("%s: record of model %q (%v)", f, rec.Model, err)
		}
	}
	code, merged, stderr := run(t, DefaultBackends(), append([]string{"merge", "--json"}, files...)...)
	if err := json.Unmarshal([]byte(merged), &res); code != 0 || err != nil || res.Model != "n queens (board=7)" || !strings.Contains(merged, `"count":40`) {
		t.Errorf("merge: exit %d, model %q\n%s%s", code, res.Model, merged, stderr)
	}
	other := runParts(t, []string{"count", models + "n-queens.yaml", "--set", "board=8", "--symmetry"}, "1/2")
	code, _, stderr = run(t, DefaultBackends(), "merge", files[0], other[0])
	if code != ExitBadInput || !strings.Contains(stderr, "is foreign: it is a part of count of n queens (board=8)") {
		t.Errorf("merge of 7 and 8 queens: exit %d\n%s", code, stderr)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

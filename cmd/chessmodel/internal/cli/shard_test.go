package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maskSeconds blanks the line of statistics, the one line where a merged
// answer (the parts' seconds added up) and the one-process run differ.
func maskSeconds(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.Contains(l, " backend, ") || strings.Contains(l, " up to symmetry (group of order ") {
			lines[i] = "(statistics)"
		}
		if strings.HasPrefix(l, "  best value ") {
			lines[i], _, _ = strings.Cut(l, ", e.g.") // the first class found of the best value
		}
	}
	return strings.Join(lines, "\n")
}

// runParts runs count or sweep with --shard for each spec, one file each.
func runParts(t *testing.T, args []string, specs ...string) []string {
	t.Helper()
	var files []string
	for _, spec := range specs {
		code, out, errOut := run(t, DefaultBackends(), append(args, "--shard", spec)...)
		if code != 0 {
			t.Fatalf("--shard %s: exit %d: %s", spec, code, errOut)
		}
		files = append(files, writeFile(t, "part-"+strings.ReplaceAll(spec, "/", "of")+".jsonl", out))
	}
	return files
}

// merge prints what the one-process run prints, in text and in JSON, for a
// count (9 queens: 352 solutions in 46 classes), a sweep given as a range
// of parts and a single one, and a tour count by the search (6x6 closed
// knight's tours with classes: 9,862 in 1,245).
func TestMergeAsOneProcess(t *testing.T) {
	count := []string{"count", models + "n-queens.yaml", "--set", "board=9", "--symmetry"}
	sweep := []string{"sweep", models + "blocked-0w.yaml", "--walls", "2"}
	for _, tc := range []struct {
		name  string
		args  []string
		parts []string
		want  string
	}{
		{"count", count, []string{"0/3", "1/3", "2/3"}, "352 solutions, 46 classes"},
		{"sweep", sweep, []string{"0-2/4", "3/4"}, "2016 boards, 278 classes"},
		{"tour", []string{"count", models + "knights-tour-closed.yaml", "--symmetry"}, []string{"0/3", "1-2/3"}, "9862 solutions, 1245 classes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := runParts(t, tc.args, tc.parts...)
			_, whole, _ := run(t, DefaultBackends(), tc.args...)
			code, merged, errOut := run(t, DefaultBackends(), append([]string{"merge"}, files...)...)
			if code != 0 || maskSeconds(merged) != maskSeconds(whole) || !strings.Contains(whole, tc.want) {
				t.Fatalf("merge: exit %d (%s)\n%s\nwant as the one-process run:\n%s", code, errOut, merged, whole)
			}
			_, wholeJSON, _ := run(t, DefaultBackends(), append(tc.args, "--json")...)
			_, mergedJSON, _ := run(t, DefaultBackends(), append([]string{"merge", "--json"}, files...)...)
			if a, b := answerJSON(t, wholeJSON), answerJSON(t, mergedJSON); a != b {
				t.Errorf("merge --json:\n%s\nwant as the one-process run:\n%s", b, a)
			}
		})
	}
}

// answerJSON is a result's JSON without what depends on the run: seconds,
// workers, the best class's walls.
func answerJSON(t *testing.T, text string) string {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("%v: %s", err, text)
	}
	delete(v, "seconds")
	delete(v, "best")
	if stats, ok := v["stats"].(map[string]any); ok {
		delete(stats, "seconds")
		delete(stats, "workers")
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// 16 queens are counted by the half-board join, whose parts carry terms
// of Burnside's lemma instead of classes: merge still prints what the
// one-process run prints, in text and JSON, and --shards lists the
// join's groups.
func TestMergeJoinAsOneProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("16 queens three times: about 2 s of CPU")
	}
	args := []string{"count", models + "n-queens.yaml", "--set", "board=16", "--symmetry"}
	files := runParts(t, args, "0/3", "1-2/3")
	_, whole, _ := run(t, DefaultBackends(), args...)
	code, merged, errOut := run(t, DefaultBackends(), append([]string{"merge"}, files...)...)
	if code != 0 || maskSeconds(merged) != maskSeconds(whole) || !strings.Contains(whole, "14772512 solutions, 1846955 classes") {
		t.Fatalf("merge: exit %d (%s)\n%s\nwant as the one-process run:\n%s", code, errOut, merged, whole)
	}
	_, wholeJSON, _ := run(t, DefaultBackends(), append(args, "--json")...)
	_, mergedJSON, _ := run(t, DefaultBackends(), append([]string{"merge", "--json"}, files...)...)
	if a, b := answerJSON(t, wholeJSON), answerJSON(t, mergedJSON); a != b {
		t.Errorf("merge --json:\n%s\nwant as the one-process run:\n%s", b, a)
	}
	code, out, _ := run(t, DefaultBackends(), append(args, "--shards", "3")...)
	if code != 0 || strings.Count(out, "join groups, estimate") != 3 {
		t.Errorf("--shards 3: exit %d\n%s", code, out)
	}
}

// merge refuses a missing, a duplicated and a foreign part by name, exit 2;
// a backend that cannot split refuses a part, exit 4; a bad --shard is bad
// input.
func TestMergeRefusesParts(t *testing.T) {
	args := []string{"count", models + "n-queens.yaml", "--set", "board=7"}
	files := runParts(t, args, "0/3", "1/3", "2/3")
	foreign := runParts(t, []string{"count", models + "n-queens.yaml", "--set", "board=6"}, "1/3")[0]
	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"missing", files[:2], "part 2/3 missing"},
		{"duplicated", slices.Concat(files, files[1:2]), "part 1/3 is there twice"},
		{"foreign", slices.Concat(files, []string{foreign}), filepath.Base(foreign) + ":1) is foreign"},
	} {
		code, _, errOut := run(t, DefaultBackends(), append([]string{"merge"}, tc.files...)...)
		if code != ExitBadInput || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", tc.name, code, errOut, tc.want)
		}
	}
	// a part edited by hand: a negative count (issue 36), refused by its
	// file and line, not added up (by its seal; under the seal, by the
	// checks of shard's TestMergeDifferential)
	data, err := os.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	rec["count"] = -5
	edited, _ := json.Marshal(rec)
	negative := writeFile(t, "negative.jsonl", "\n"+string(edited)+"\n")
	code, out, errOut := run(t, DefaultBackends(), "merge", files[0], negative, files[2])
	if want := filepath.Base(negative) + ":2) does not match its content"; code != ExitBadInput || out != "" || !strings.Contains(errOut, want) {
		t.Errorf("a negative count: exit %d, %q, %q; want 2, no answer and %q", code, out, errOut, want)
	}
	if code, _, errOut := run(t, DefaultBackends(), append(args, "--backend", "ilp", "--shard", "0/2")...); code != ExitUnsupported {
		t.Errorf("ilp part: exit %d (%s), want %d", code, errOut, ExitUnsupported)
	}
	for _, bad := range []string{"3/3", "2-1/3", "x/3", "1"} {
		if code, _, _ := run(t, DefaultBackends(), append(args, "--shard", bad)...); code != ExitBadInput {
			t.Errorf("--shard %s: exit %d, want 2", bad, code)
		}
	}
}

// --shards lists every part with its share of the start constellations,
// or of a tour search's subtrees (and refuses a tour count by the
// frontier, which has no parts).
func TestListShards(t *testing.T) {
	code, out, errOut := run(t, DefaultBackends(), "count", models+"n-queens.yaml", "--set", "board=10", "--shards", "3")
	if code != 0 || strings.Count(out, "start constellations") != 3 || !strings.Contains(out, "part 2/3") {
		t.Errorf("--shards 3: exit %d (%s)\n%s", code, errOut, out)
	}
	code, out, _ = run(t, DefaultBackends(), "count", models+"knights-tour-closed.yaml", "--symmetry", "--shards", "3")
	if code != 0 || strings.Count(out, ": 108 search subtrees") != 3 {
		t.Errorf("tour --shards 3: exit %d\n%s", code, out)
	}
	if code, _, errOut := run(t, DefaultBackends(), "count", models+"knights-tour-closed.yaml", "--shards", "3"); code != ExitUnsupported || !strings.Contains(errOut, "--symmetry") {
		t.Errorf("tour by the frontier, --shards 3: exit %d (%s), want %d", code, errOut, ExitUnsupported)
	}
	code, out, _ = run(t, DefaultBackends(), "sweep", models+"blocked-0w.yaml", "--walls", "2", "--shards", "2")
	if code != 0 || !strings.Contains(out, "part 0/2: 139 wall classes") || !strings.Contains(out, "part 1/2: 139 wall classes") {
		t.Errorf("sweep --shards 2: exit %d\n%s", code, out)
	}
}

// cluster, worker and slurm refuse bad flags before any work, exit 2.
func TestClusterFlagsRefused(t *testing.T) {
	q := models + "n-queens.yaml"
	for _, args := range [][]string{
		{"cluster", q, "--shards", "0"},
		{"cluster", q, "--listen", "nowhere"},
		{"cluster", q, "--distinct", "pieces"},
		{"cluster", q, "--listen", "127.0.0.1:0", "--server-log", filepath.Join(t.TempDir(), "no", "such", "dir", "log")},
		{"worker"},
		{"worker", "--connect", "nats://127.0.0.1:1", "--token-file", filepath.Join(t.TempDir(), "none")},
		{"slurm", q},
		{"slurm", q, "--shards", "2", "--out", filepath.Join(t.TempDir(), "a b")},
		{"cluster", "status"},
		{"cluster", "status", "--store", filepath.Join(t.TempDir(), "none")},
		{"cluster", "status", "--store", t.TempDir(), "--connect", "nats://127.0.0.1:1"},
		{"cluster", "drop", "--store", t.TempDir(), "--part", "1"},
		{"cluster", "drop", "--store", t.TempDir(), "--job", "x"},
	} {
		if code, _, errOut := run(t, DefaultBackends(), args...); code != ExitBadInput {
			t.Errorf("%v: exit %d (%s), want 2", args, code, errOut)
		}
	}
}

// The proof of γ(Q10) = 5 in three parts (solve --shard): merge prints the
// one-process solve's answer and example, in text and JSON (whose
// statistics differ: the parts' nodes and passes add up otherwise);
// --intermediate with --shard is bad input.
func TestMergeSolveAsOneProcess(t *testing.T) {
	args := []string{"solve", models + "queens-domination.yaml", "--set", "board=10"}
	files := runParts(t, args, "0/3", "1-2/3")
	_, whole, _ := run(t, DefaultBackends(), args...)
	code, merged, errOut := run(t, DefaultBackends(), append([]string{"merge"}, files...)...)
	if code != 0 || maskSeconds(merged) != maskSeconds(whole) || !strings.Contains(whole, "optimal, pieces 5") {
		t.Fatalf("merge: exit %d (%s)\n%s\nwant as the one-process run:\n%s", code, errOut, merged, whole)
	}
	_, wholeJSON, _ := run(t, DefaultBackends(), append(args, "--json")...)
	_, mergedJSON, _ := run(t, DefaultBackends(), append([]string{"merge", "--json"}, files...)...)
	noStats := func(text string) string {
		var v map[string]any
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Fatalf("%v: %s", err, text)
		}
		delete(v, "stats")
		out, _ := json.Marshal(v)
		return string(out)
	}
	if a, b := noStats(wholeJSON), noStats(mergedJSON); a != b {
		t.Errorf("merge --json:\n%s\nwant as the one-process run:\n%s", b, a)
	}
	if code, _, errOut := run(t, DefaultBackends(), append(args, "--intermediate", "--shard", "0/2")...); code != 2 {
		t.Errorf("--intermediate --shard: exit %d (%s), want 2", code, errOut)
	}
}

// slurm --solve writes parts that run solve --shard (whose records merge
// as TestMergeSolveAsOneProcess checks); --solve with --walls is bad input.
func TestSlurmSolve(t *testing.T) {
	out := filepath.Join(t.TempDir(), "job")
	code, _, errOut := run(t, DefaultBackends(), "slurm", models+"queens-domination.yaml", "--set", "board=10", "--solve", "--shards", "3", "--out", out)
	if code != 0 {
		t.Fatalf("slurm --solve: exit %d: %s", code, errOut)
	}
	script, err := os.ReadFile(filepath.Join(out, "parts.sbatch"))
	if err != nil || !strings.Contains(string(script), " solve '") || !strings.Contains(string(script), `--shard "$from-$to/3"`) {
		t.Errorf("parts.sbatch: %v\n%s", err, script)
	}
	code, _, _ = run(t, DefaultBackends(), "slurm", models+"queens-domination.yaml", "--solve", "--walls", "2", "--shards", "3", "--out", out+"2")
	if code != 2 {
		t.Errorf("slurm --solve --walls: exit %d, want 2", code)
	}
}

// slurm passes --max-memory on to every part, in bytes, so that every part
// takes the method the job's bound picks, and seals the records with the
// job's key (mode 0600), which the merge job is given.
func TestSlurmPassesTheJobsBound(t *testing.T) {
	out := filepath.Join(t.TempDir(), "job")
	code, _, errOut := run(t, DefaultBackends(), "slurm", models+"n-queens.yaml", "--set", "board=22", "--symmetry", "--max-memory", "16G", "--shards", "4", "--out", out)
	if code != 0 {
		t.Fatalf("slurm: exit %d: %s", code, errOut)
	}
	parts, err := os.ReadFile(filepath.Join(out, "parts.sbatch"))
	if err != nil || !strings.Contains(string(parts), "--max-memory '17179869184'") || !strings.Contains(string(parts), "--key-file '"+filepath.Join(out, "key")+"'") {
		t.Errorf("parts.sbatch: %v\n%s", err, parts)
	}
	merge, err := os.ReadFile(filepath.Join(out, "merge.sbatch"))
	if err != nil || !strings.Contains(string(merge), "merge --key-file '"+filepath.Join(out, "key")+"'") {
		t.Errorf("merge.sbatch: %v\n%s", err, merge)
	}
	if info, err := os.Stat(filepath.Join(out, "key")); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the key: %v, mode %v; want 0600", err, info.Mode())
	}
	code, _, _ = run(t, DefaultBackends(), "slurm", models+"n-queens.yaml", "--shards", "4", "--out", out+"2")
	if parts, _ := os.ReadFile(filepath.Join(out+"2", "parts.sbatch")); code != 0 || strings.Contains(string(parts), "--max-memory") {
		t.Errorf("without --max-memory: exit %d\n%s", code, parts)
	}
}

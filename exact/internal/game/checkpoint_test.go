package game

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// tally is what an explore reports, as one string to compare.
func tally(g *model.GameResult) string {
	return fmt.Sprint(g.Value, g.Plies, g.Won, g.Lost, g.Drawn, g.Over, g.ByPlies, g.LongestWin, g.LongestWinFrom, g.Starts)
}

// TestCheckpointResume: an explore stopped after every few saves (a save
// after each round of chunks, small chunks: within level 0, the walks
// and the sweeps) and run again from its checkpoint until it ends gives
// the tally of one run straight through, under each rule for a side
// without a move; parts.jsonl chains each save's stage to the next; a
// run on a finished checkpoint answers from it.
func TestCheckpointResume(t *testing.T) {
	defer func(old int64) { chunk = old }(chunk)
	chunk = 1 << 11 // the walks and level 0 of this game take 4 chunks
	for _, stuck := range []string{"loses", "passes", "draw"} {
		m, err := model.Parse([]byte(race3), "race3.yaml", "game.stuck="+stuck)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Explore(context.Background(), m, model.Options{})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		runs := 0
		var got *model.Result
		for got == nil || got.Game == nil {
			runs++
			if runs > 5000 {
				t.Fatalf("%s: no end after %d runs", stuck, runs)
			}
			ctx, cancel := context.WithCancel(context.Background())
			saves := 0
			afterSave = func() {
				if saves++; saves == 3 {
					cancel()
				}
			}
			got, err = Explore(ctx, m, model.Options{Checkpoint: dir, CheckpointEvery: time.Nanosecond, Workers: 2})
			cancel()
			if err != nil {
				t.Fatalf("%s, run %d: %v", stuck, runs, err)
			}
		}
		afterSave = nil
		if tally(got.Game) != tally(want.Game) {
			t.Errorf("%s: after %d runs from a checkpoint: %s\nstraight through: %s", stuck, runs, tally(got.Game), tally(want.Game))
		}
		lines := partLines(t, dir)
		within := map[int]bool{}
		for _, l := range lines {
			if l.To.Next > 0 && (l.To.Phase != phaseWalk || l.To.Found > 0) {
				within[l.To.Phase] = true
			}
		}
		if !within[phaseLost] || !within[phaseWalk] || !within[phaseSweep] || runs < 10 {
			t.Errorf("%s: %d runs, saved within the phases %v: the test stopped the analysis too seldom", stuck, runs, within)
		}
		for i := 1; i < len(lines); i++ {
			if fmt.Sprint(lines[i].From) != fmt.Sprint(lines[i-1].To) {
				t.Fatalf("%s: part %d starts at %v, part %d ended at %v", stuck, i, lines[i].From, i-1, lines[i-1].To)
			}
		}
		if last := lines[len(lines)-1]; last.To.Phase != phaseDone || lines[0].From.Phase != phaseLost || lines[0].From.Next != 0 {
			t.Errorf("%s: parts from %v to %v", stuck, lines[0].From, last.To)
		}
		again, err := Explore(context.Background(), m, model.Options{Checkpoint: dir})
		if err != nil || tally(again.Game) != tally(want.Game) {
			t.Errorf("%s: from the finished checkpoint: %v %v", stuck, again, err)
		}
		if n := len(partLines(t, dir)); n != len(lines) {
			t.Errorf("%s: a run on a finished checkpoint wrote %d part lines", stuck, n-len(lines))
		}
	}
}

func partLines(t *testing.T, dir string) []partLine {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "parts.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []partLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l partLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		t.Fatal("no part lines")
	}
	return out
}

// TestCheckpointRefused: a checkpoint of another game, tables edited or
// cut short, a stage no analysis reaches, a table named outside the
// directory, and a checkpoint asked of a solve (which keeps plies) are
// each refused, naming what is wrong; the remains of a save killed before
// its manifest do not stop a resume.
func TestCheckpointRefused(t *testing.T) {
	defer func(old int64) { chunk = old }(chunk)
	chunk = 1 << 11 // saves within the phases, as in TestCheckpointResume
	m, err := model.Parse([]byte(race3), "race3.yaml")
	if err != nil {
		t.Fatal(err)
	}
	stopAt := func(dir string) {
		ctx, cancel := context.WithCancel(context.Background())
		afterSave = func() { cancel() }
		defer func() { afterSave = nil }()
		if _, err := Explore(ctx, m, model.Options{Checkpoint: dir, CheckpointEvery: time.Nanosecond}); err != nil {
			t.Fatal(err)
		}
	}
	resume := func(m *model.Model, dir string) error {
		_, err := Explore(context.Background(), m, model.Options{Checkpoint: dir})
		return err
	}
	fresh := func() string {
		dir := t.TempDir()
		stopAt(dir)
		return dir
	}
	other, err := model.Parse([]byte(race3), "race3.yaml", "game.stuck=passes")
	if err != nil {
		t.Fatal(err)
	}
	if err := resume(other, fresh()); err == nil || !strings.Contains(err.Error(), "another game") {
		t.Errorf("another rule's checkpoint: %v", err)
	}
	// tables names the files the manifest gives the values and the
	// frontier.
	tables := func(dir string) map[string]string {
		data, err := os.ReadFile(filepath.Join(dir, "state.json"))
		if err != nil {
			t.Fatal(err)
		}
		var m manifest
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		return map[string]string{"values": m.ValuesFile, "front": m.FrontFile, "state.json": "state.json"}
	}
	edit := func(name string, change func([]byte) []byte) string {
		dir := fresh()
		path := filepath.Join(dir, tables(dir)[name])
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, change(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	flip := func(b []byte) []byte { b[len(b)/2] ^= 1; return b }
	cut := func(b []byte) []byte { return b[:len(b)-8] }
	for _, c := range []struct {
		file   string
		change func([]byte) []byte
		want   string
	}{
		{"values", flip, "SHA-256"},
		{"front", flip, "SHA-256"},
		{"values", cut, "bytes, want"},
		{"state.json", func(b []byte) []byte {
			return regexp.MustCompile(`"phase": \d+`).ReplaceAll(b, []byte(`"phase": 7`))
		}, "a stage that no analysis reaches"},
		{"state.json", func(b []byte) []byte { return b[:10] }, "state.json"},
		{"state.json", func(b []byte) []byte {
			return regexp.MustCompile(`"values_file": "[^"]*"`).ReplaceAll(b, []byte(`"values_file": "../values-1.bin"`))
		}, "outside the checkpoint's directory"},
	} {
		if err := resume(m, edit(c.file, c.change)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s edited: %v, want an error saying %q", c.file, err, c.want)
		}
	}
	// A save killed before its manifest leaves the next save's tables
	// half written: the checkpoint before them is whole.
	dir := fresh()
	n := tables(dir)
	for _, name := range []string{"values-9.bin", "front-9.bin", "state.json.tmp", "values-9.bin.tmp"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("half a save"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	whole, err := Explore(context.Background(), m, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Explore(context.Background(), m, model.Options{Checkpoint: dir})
	if err != nil || tally(got.Game) != tally(whole.Game) {
		t.Errorf("resumed beside a half-written save: %v, want %s", err, tally(whole.Game))
	}
	if _, err := os.Stat(filepath.Join(dir, n["values"])); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the tables of the save before, %s, are still there after the next save: %v", n["values"], err)
	}
	// The first build to checkpoint wrote values.bin and front.bin and
	// named no files in its manifest: such a checkpoint resumes.
	dir = fresh()
	n = tables(dir)
	for k, name := range map[string]string{"values": "values.bin", "front": "front.bin"} {
		if err := os.Rename(filepath.Join(dir, n[k]), filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	state := filepath.Join(dir, "state.json")
	data, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	data = regexp.MustCompile(`,\s*"(generation|values_file|front_file)": [^,}]*`).ReplaceAll(data, nil)
	if err := os.WriteFile(state, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "values_file") {
		t.Fatalf("the manifest still names its files:\n%s", data)
	}
	got, err = Explore(context.Background(), m, model.Options{Checkpoint: dir})
	if err != nil || tally(got.Game) != tally(whole.Game) {
		t.Errorf("resumed from values.bin and front.bin: %v, want %s", err, tally(whole.Game))
	}
	if _, err := Solve(context.Background(), m, model.Options{Checkpoint: t.TempDir()}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("a solve with a checkpoint: %v, want ErrUnsupported", err)
	}
}

// TestStoppedShowsLevels: an explore stopped as the walk back from level
// 2 begins reports where it stopped and the levels it finished, each the
// count the analysis straight through gives; no unknown result claims a
// value.
func TestStoppedShowsLevels(t *testing.T) {
	m, err := model.Parse([]byte(race3), "race3.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want, err := Explore(context.Background(), m, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Game.ByPlies) < 4 {
		t.Fatalf("the game ends after %d levels: too few to stop within", len(want.Game.ByPlies))
	}
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		opts := model.Options{Workers: workers, Progress: func(_ float64, msg string) {
			if strings.HasPrefix(msg, "level 2:") {
				cancel()
			}
		}}
		got, err := Explore(ctx, m, opts)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if got.Game != nil || got.Status != model.StatusUnknown {
			t.Fatalf("%d workers: stopped, the result claims %v (status %s)", workers, got.Game, got.Status)
		}
		at, _ := got.Stats.Extra["stopped_at"].(string)
		levels, _ := got.Stats.Extra["decided_by_plies"].([]int64)
		if !strings.HasPrefix(at, "level 2's walk back") {
			t.Errorf("%d workers: stopped at %q, not at level 2's walk", workers, at)
		}
		if fmt.Sprint(levels) != fmt.Sprint(want.Game.ByPlies[:3]) {
			t.Errorf("%d workers: levels decided when stopped %v, the first three straight through %v", workers, levels, want.Game.ByPlies[:3])
		}
	}
}

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
// cut short, a stage no analysis reaches, and a checkpoint asked of a
// solve (which keeps plies) are each refused, naming what is wrong.
func TestCheckpointRefused(t *testing.T) {
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
	edit := func(name string, change func([]byte) []byte) string {
		dir := fresh()
		path := filepath.Join(dir, name)
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
		{"values.bin", flip, "SHA-256"},
		{"front.bin", flip, "SHA-256"},
		{"values.bin", cut, "bytes, want"},
		{"state.json", func(b []byte) []byte {
			return regexp.MustCompile(`"phase": \d+`).ReplaceAll(b, []byte(`"phase": 7`))
		}, "a stage that no analysis reaches"},
		{"state.json", func(b []byte) []byte { return b[:10] }, "state.json"},
	} {
		if err := resume(m, edit(c.file, c.change)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s edited: %v, want an error saying %q", c.file, err, c.want)
		}
	}
	if _, err := Solve(context.Background(), m, model.Options{Checkpoint: t.TempDir()}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("a solve with a checkpoint: %v, want ErrUnsupported", err)
	}
}

package cli

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOutEverywhere: every command that writes a file takes the old --out
// with a warning, as the docs say.
func TestOutEverywhere(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		file string
		args []string
	}{
		{"q.lp", []string{"export", models + "eight-queens.yaml"}},
		{"q.svg", []string{"render", models + "eight-queens.yaml"}},
		{"p.jsonl", []string{"puzzles", models + "blocked-0w.yaml", "--max-walls", "1"}},
		{"s.jsonl", []string{"sweep", models + "blocked-0w.yaml", "--walls", "1"}},
	} {
		path := filepath.Join(dir, tc.file)
		code, _, stderr := run(t, DefaultBackends(), append(tc.args, "--out", path)...)
		if _, err := os.Stat(path); code != 0 || err != nil || !strings.Contains(stderr, "--out is deprecated; use --output (or -o)") {
			t.Errorf("%s --out: exit %d, %v\nstderr: %s", tc.args[0], code, err, stderr)
		}
	}
}

// TestOneMemoryFlag: --max-memory is the flag of every command, serve's
// included, its sizes written as they are read; the old --memory works.
func TestOneMemoryFlag(t *testing.T) {
	for _, command := range []string{"serve", "explore", "solve"} {
		_, stdout, _ := run(t, nil, command, "--help")
		if !strings.Contains(stdout, "--max-memory size") || strings.Contains(stdout, "--memory size") || strings.Contains(stdout, "2147483648") {
			t.Errorf("%s --help:\n%s", command, stdout)
		}
	}
	_, stdout, _ := run(t, nil, "serve", "--help")
	if !strings.Contains(stdout, "serve to a Go heap of 2G") || !strings.Contains(stdout, "(default 512M)") {
		t.Errorf("serve --help does not give the defaults:\n%s", stdout)
	}
	code, _, stderr := run(t, DefaultBackends(), "explore", models+"sliding-rook-3x3.yaml", "--memory", "64M")
	if code != 0 || !strings.Contains(stderr, "use --max-memory") {
		t.Errorf("explore --memory: exit %d\n%s", code, stderr)
	}
	for in, want := range map[int64]string{2 << 30: "2G", 512 << 20: "512M", 1 << 10: "1K", 1000: "1000", 0: "512M", -1: "none"} {
		b := byteFlag(in)
		if got := b.String(); got != want {
			t.Errorf("byteFlag(%d) = %q, want %q", in, got, want)
		}
	}
}

// TestNegativeSizesRefused (issue 36, item 4): every command's
// --max-memory (and serve's and explore's old --memory) refuses a negative
// size, -1 included, as -5G: only "none" lifts the bound. -1 was taken as
// no bound and let ilp run out of memory.
func TestNegativeSizesRefused(t *testing.T) {
	queens := models + "eight-queens.yaml"
	cancelled := cancelledContext() // a command that took the size would stop at once, not serve
	for _, command := range [][]string{
		{"solve", queens}, {"count", queens}, {"enumerate", queens}, {"export", queens},
		{"render", queens, "-o", filepath.Join(t.TempDir(), "q.svg")}, {"compare", queens},
		{"cluster", queens}, {"worker"}, {"slurm", queens, "--shards", "2", "--out", filepath.Join(t.TempDir(), "slurm")}, {"serve"},
		{"explore", models + "sliding-rook-3x3.yaml"}, {"sweep", models + "blocked-0w.yaml", "--walls", "1"},
	} {
		for _, size := range []string{"-1", "-5G", "-1K", "-0.5"} {
			flag := "--max-memory"
			if command[0] == "serve" || command[0] == "explore" {
				flag = "--memory"
			}
			for _, f := range []string{"--max-memory", flag} {
				args := append(slices.Clone(command), f, size)
				code, _, stderr := runWith(cancelled, t, DefaultBackends(), "", args...)
				if code != ExitBadInput || !strings.Contains(stderr, `expected a size like 512M, 2G or none, found "`+size+`"`) {
					t.Errorf("%s: exit %d, want 2 with the sizes expected\n%s", strings.Join(args, " "), code, stderr)
				}
			}
		}
	}
}

// TestNegativeDurationsRefused (issue 36, item 7): every duration flag
// refuses a negative duration, as --limit and --workers refuse a negative
// number; --timeout -1s was taken as no bound.
func TestNegativeDurationsRefused(t *testing.T) {
	queens := models + "eight-queens.yaml"
	cancelled := cancelledContext()
	for _, args := range [][]string{
		{"solve", queens, "--timeout"}, {"count", queens, "--timeout"}, {"sweep", models + "blocked-0w.yaml", "--walls", "1", "--timeout"},
		{"compare", queens, "--task-timeout"}, {"serve", "--max-time"}, {"cluster", queens, "--ack-wait"},
		{"render", queens, "-o", filepath.Join(t.TempDir(), "q.gif"), "--delay"},
	} {
		for _, d := range []string{"-1s", "-1ns", "-2h"} {
			line := append(slices.Clone(args), d)
			code, _, stderr := runWith(cancelled, t, DefaultBackends(), "", line...)
			if code != ExitBadInput || !strings.Contains(stderr, `expected a duration from 0, like 30s or 5m, found "`+d+`"`) {
				t.Errorf("%s: exit %d, want 2 with the durations expected\n%s", strings.Join(line, " "), code, stderr)
			}
		}
	}
	_, stdout, _ := run(t, nil, "solve", "--help")
	if !strings.Contains(stdout, "(0: no bound)\n") || strings.Contains(stdout, "default 0") {
		t.Errorf("solve --help shows a default for --timeout:\n%s", stdout)
	}
	_, stdout, _ = run(t, nil, "serve", "--help")
	if !strings.Contains(stdout, "the longest a solve may run (default 30s)") {
		t.Errorf("serve --help lost --max-time's default:\n%s", stdout)
	}
}

// cancelledContext is a context already cancelled: a command line whose
// flags are accepted stops at once (serve and cluster included) instead of
// running, and one refused by its flags never looks at it.
func cancelledContext() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// TestCompletionShells: completion writes the script of each shell it
// knows, shows its help without one, and refuses any other shell (exit 2),
// naming those it knows, where cobra showed the help and exited 0.
func TestCompletionShells(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		if code, stdout, _ := run(t, nil, "completion", shell); code != 0 || !strings.Contains(stdout, "chessmodel") {
			t.Errorf("completion %s: exit %d, %d bytes", shell, code, len(stdout))
		}
	}
	if code, stdout, _ := run(t, nil, "completion"); code != 0 || !strings.Contains(stdout, "for the specified shell") {
		t.Errorf("completion: exit %d\n%s", code, stdout)
	}
	code, stdout, stderr := run(t, nil, "completion", "tcsh")
	if code != ExitBadInput || stdout != "" || !strings.Contains(stderr, `completion "tcsh": no script for this shell; expected one of bash, fish, powershell, zsh`) {
		t.Errorf("completion tcsh: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}

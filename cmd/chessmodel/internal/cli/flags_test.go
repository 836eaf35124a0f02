package cli

import (
	"os"
	"path/filepath"
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

package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildBinary builds chessmodel into dir, for tests that need a process of
// its own: its exit status, its peak memory, its children, signals.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc and rusage")
	}
	goTool, err := exec.LookPath("go") // go test puts its own GOROOT/bin first on PATH
	if err != nil {
		t.Skip("no go tool to build with")
	}
	bin := filepath.Join(t.TempDir(), "chessmodel")
	out, err := exec.Command(goTool, "build", "-o", bin, "github.com/chessmodel/chessmodel/cmd/chessmodel").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// peakMemoryLimit is the most memory (resident) any reproduction may take.
const peakMemoryLimit = 500 << 20

// TestHostileInputsCLI runs each reproduction of issue 10 as a user would:
// a correct answer or a clear refusal, exit status 2 for refusals, no
// panic, and a peak resident memory under 500 MB.
func TestHostileInputsCLI(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	bomb := "board: 8\nplace: [max x]\npieces:\n  x:\n    ride:\n      - &a0 [1, 2]\n"
	for i := 1; i < 10; i++ {
		bomb += fmt.Sprintf("      - &a%d [%s]\n", i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 9), ", "))
	}
	// 50 MB of walls, written in pieces: the test process stays small, as
	// the child's peak memory (see below) includes the parent's at exec.
	wallsFile := filepath.Join(dir, "walls.yaml")
	{
		f, err := os.Create(wallsFile)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprint(f, "board: {size: 8, walls: [")
		chunk := strings.Repeat("a1, ", 1<<16)
		for i := 0; i < 50<<20/len(chunk); i++ {
			f.WriteString(chunk)
		}
		fmt.Fprint(f, "a1]}\nplace: [8 queen]\n")
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	stack := func(n string) string { return "board: 8\nplace: [" + n + " queen]\nstack: true\n" }
	seventeen := write("s17.yaml", "board: 1\nplace: [17 queen]\nstack: true\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		output string // a phrase of stdout or stderr
	}{
		{"17 stacked queens: solve", []string{"solve", seventeen}, 0, "satisfied, pieces 17"},
		{"17 stacked queens: count", []string{"count", seventeen}, 0, "pieces 17, 1 solution"},
		{"17 stacked queens: compare", []string{"compare", seventeen}, 0, "2 agree"},
		{"self-referential alias", []string{"show", write("a.yaml", "board: 8\npieces:\n  x: {ride: &a [*a]}\nplace: [max x]\n")}, 2, "a.yaml:3:17: YAML aliases"},
		{"alias bomb in ride", []string{"show", write("bomb.yaml", bomb)}, 2, "bomb.yaml:7:14: YAML aliases"},
		{"/dev/zero", []string{"show", "/dev/zero"}, 2, "/dev/zero:1:1: not a regular file"},
		{"a 50 MB walls list", []string{"show", wallsFile}, 2, "a model may have"},
		{"100000 stacked queens, ilp", []string{"solve", "--backend", "ilp", write("s100000.yaml", stack("100000"))}, 2, "above the bound of 512 MiB"},
		{"10^9 stacked queens, ilp", []string{"solve", "--backend", "ilp", write("s1e9.yaml", stack("1000000000"))}, 2, "above the bound of 512 MiB"},
		{"10^9 stacked queens, exact", []string{"solve", filepath.Join(dir, "s1e9.yaml")}, ExitUnsupported, "more than the 64 copies"},
		{"10^9 stacked queens, export", []string{"export", "--format", "lp", filepath.Join(dir, "s1e9.yaml")}, 2, "above the bound of 512 MiB"},
		{"10^9 stacked queens, compare", []string{"compare", filepath.Join(dir, "s1e9.yaml")}, 0, "unsupported"},
		{"a bound lowered by --max-memory: ilp", []string{"solve", "--backend", "ilp", "--max-memory", "1M", write("s40.yaml", stack("40"))}, 2, "above the bound of 1 MiB"},
		{"a bound lowered by --max-memory: exact", []string{"solve", "--max-memory", "1M", write("q64.yaml", "board: 64\nplace: [1 queen]\n")}, 2, "above the bound of 1 MiB"},
		{"a bound lifted by --max-memory", []string{"solve", "--backend", "ilp", "--max-memory", "64M", filepath.Join(dir, "s40.yaml")}, 0, "satisfied, pieces 40"},
		{"no bound", []string{"solve", "--max-memory", "none", filepath.Join(dir, "q64.yaml")}, 0, "satisfied, pieces 1"},
		{"a bound lowered by --max-memory: sweep", []string{"sweep", "--walls", "1", "--max-memory", "1K", filepath.Join(dir, "q64.yaml")}, 2, "above the bound of 1 KiB"},
		{"a bound lowered by --max-memory: puzzles", []string{"puzzles", "--max-walls", "1", "--max-memory", "1K", filepath.Join(dir, "q64.yaml")}, 2, "above the bound of 1 KiB"},
		{"check against /dev/zero", []string{"check", seventeen, "/dev/zero"}, 2, "/dev/zero:1:1: not a regular file (a device); expected a solution file"},
		{"10^7 queens", []string{"solve", write("q1e7.yaml", "board: 10000000\nplace: [n queen]\nrules: [independent]\n")}, 2, "above the bound of 512 MiB"},
		{"a 120 KB --set value", []string{"show", seventeen, "--set", "board=" + strings.Repeat("x", 120<<10)}, 2, "(122886 bytes)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, tc.args...)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			if exit, ok := err.(*exec.ExitError); ok {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			all := stdout.String() + stderr.String()
			if code != tc.code || !strings.Contains(all, tc.output) {
				t.Errorf("exit %d, want %d with %q; output:\n%.2000s", code, tc.code, tc.output, all)
			}
			if strings.Contains(all, "panic") || strings.Contains(all, "fatal error") {
				t.Errorf("crashed:\n%.2000s", all)
			}
			if len(stderr.String()) > 2000 {
				t.Errorf("an error of %d bytes", stderr.Len())
			}
			// ru_maxrss is an upper bound: Linux counts the memory of the
			// (vforking) parent at exec too.
			peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
			if peak > peakMemoryLimit {
				t.Errorf("peak memory %d MB", peak>>20)
			}
			t.Logf("exit %d, peak memory %d MB", code, peak>>20)
		})
	}
}

// slowForSolvers is a model the exact backend answers in a fraction of a
// second and lp_solve takes far longer on (queens dominating a 12x12 board).
const slowForSolvers = "name: domination\nboard: 12\nplace: [min queen]\nrules: [cover dominated]\n"

// TestSignalsEndChildren starts a compare through the external solvers,
// waits for lp_solve to run, and signals chessmodel: it must exit with
// status 130 (SIGINT) or 143 (SIGTERM) after printing the row it was on, with no solver process and no
// temporary directory left behind.
func TestSignalsEndChildren(t *testing.T) {
	bin := buildBinary(t)
	if _, err := exec.LookPath("lp_solve"); err != nil {
		t.Skip("lp_solve is not installed")
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			tmp := filepath.Join(dir, "tmp")
			if err := os.Mkdir(tmp, 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "domination.yaml")
			if err := os.WriteFile(path, []byte(slowForSolvers), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, "compare", path, "--solvers", "--task", "solve", "--backends", "exact")
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			child := waitForChild(t, cmd.Process.Pid, 60*time.Second)
			if entries, _ := os.ReadDir(tmp); len(entries) == 0 {
				t.Error("no temporary directory while the solver runs: the test does not test its removal")
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatal("chessmodel did not stop within 30 s of the signal")
			}
			want := ExitInterrupted
			if sig == syscall.SIGTERM {
				want = ExitTerminated
			}
			if code := cmd.ProcessState.ExitCode(); code != want {
				t.Errorf("exit status %d, want %d", code, want)
			}
			if !strings.Contains(stdout.String(), "interrupted") || !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("the row and the message should say interrupted:\n%s\n%s", stdout.String(), stderr.String())
			}
			if alive(child) {
				syscall.Kill(child, syscall.SIGKILL)
				t.Errorf("solver process %d outlived chessmodel", child)
			}
			if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
				t.Errorf("temporary files left: %v", entries)
			}
		})
	}
}

// waitForChild polls /proc until the process has a child, and returns its
// pid.
func waitForChild(t *testing.T, pid int, within time.Duration) int {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
		for _, f := range tasks {
			data, _ := os.ReadFile(f)
			if fields := strings.Fields(string(data)); len(fields) > 0 {
				child, err := strconv.Atoi(fields[0])
				if err == nil {
					return child
				}
			}
		}
		if !alive(pid) {
			t.Skip("the solvers finished before a signal could reach them")
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no solver process started within %v", within)
	return 0
}

// alive reports whether a process exists and is not a zombie.
func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// the state follows the command name in parentheses
	stat := string(data)
	if i := strings.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2] != 'Z'
	}
	return true
}

func TestMaxMemoryFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"512M", 512 << 20, true}, {"2G", 2 << 30, true}, {"1.5GiB", 3 << 29, true}, {"64k", 64 << 10, true},
		{"1000", 1000, true}, {"none", -1, true}, {"0", 0, true},
		{"", 0, false}, {"-5M", 0, false}, {"lots", 0, false}, {"9E", 0, false},
	} {
		var b byteFlag
		err := b.Set(tc.in)
		if (err == nil) != tc.ok || (tc.ok && int64(b) != tc.want) {
			t.Errorf("%q: got %d, %v; want %d (ok %v)", tc.in, int64(b), err, tc.want, tc.ok)
		}
	}
}

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/exact/tour"
	"github.com/chessmodel/chessmodel/model"
)

// runBinary runs the chessmodel binary under GNU time and returns its exit
// status, its output and its peak resident memory. The peak is time's
// report of its child: the rusage this process would read of a child it
// started itself counts this process's own peak (the child shares its
// address space until it execs, and the kernel keeps that high-water
// mark), about 90 MB when the whole package runs.
func runBinary(t *testing.T, bin string, args ...string) (code int, stdout, stderr string, peak int64) {
	t.Helper()
	report := filepath.Join(t.TempDir(), "time")
	var out, errOut bytes.Buffer
	cmd := exec.Command("/usr/bin/time", append([]string{"-f", "%M", "-o", report, bin}, args...)...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%v (GNU time, Debian package time, is installed by make deps)", err)
	}
	text, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(text)) // "Command exited with non-zero status N" comes first
	kb, err := strconv.ParseInt(lines[len(lines)-1], 10, 64)
	if err != nil {
		t.Fatalf("GNU time's report %q: %v", text, err)
	}
	return code, out.String(), errOut.String(), kb << 10
}

// TestTourMaxMemory: a knight's tour above --max-memory is refused with
// exit status 2 before the board's tables are built (issue 22: the
// 8000x8000 tour took 2.13 GB under --max-memory 256M), and one under it
// is solved, its JSON within the bound too.
func TestTourMaxMemory(t *testing.T) {
	bin := buildBinary(t)
	knights := models + "knights-tour.yaml"
	code, _, stderr, peak := runBinary(t, bin, "solve", "--max-memory", "256M", knights, "--set", "board=8000", "--set", "tour.start=a1")
	if code != ExitBadInput || !strings.Contains(stderr, "above the bound of 256 MiB") {
		t.Errorf("8000x8000: exit %d, want 2 with the bound; stderr %s", code, stderr)
	}
	if peak > 64<<20 {
		t.Errorf("8000x8000: refusing took %d MB", peak>>20)
	}
	t.Logf("8000x8000 refused, peak %d MB", peak>>20)
	code, stdout, stderr, peak := runBinary(t, bin, "solve", "--json", "--max-memory", "64M", knights, "--set", "board=1500", "--set", "tour.start=a1")
	var res struct {
		Verified bool
		Solution struct{ Squares []string }
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &res) != nil || len(res.Solution.Squares) != 1500*1500 || !res.Verified {
		t.Fatalf("1500x1500 under 64M: exit %d, %.200s %s", code, stdout, stderr)
	}
	if peak > 64<<20+32<<20 { // the bound, and the runtime and binary
		t.Errorf("1500x1500: peak %d MB", peak>>20)
	}
	t.Logf("1500x1500 solved, peak %d MB", peak>>20)
}

// TestWriteResultJSON: a long tour's JSON, written square by square, is
// byte for byte what the encoder writes for the whole result.
func TestWriteResultJSON(t *testing.T) {
	var squares []model.Square
	if err := tour.KnightTour(100, 100, func(s model.Square) { squares = append(squares, s) }); err != nil {
		t.Fatal(err)
	}
	res := &model.Result{Model: `a "tour"`, Kind: "tour", Task: model.TaskSolve, Backend: "exact", Status: model.StatusFeasible,
		Value: model.Int64(int64(len(squares))), Solution: &model.Solution{Squares: squares}, Verified: true,
		Stats: model.Stats{Seconds: 0.5, Method: "construction"}}
	var want, got bytes.Buffer
	if err := writeJSON(&want, res); err != nil {
		t.Fatal(err)
	}
	if err := writeResultJSON(&got, res); err != nil {
		t.Fatal(err)
	}
	if len(squares) <= tourListLimit || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("%d squares: streamed %d bytes, encoded %d; they differ", len(squares), got.Len(), want.Len())
	}
}

// slowCuts is a tour whose subtour cut loop runs for more than 20 seconds
// (measured: lp_solve keeps finding disjoint cycles on it).
const slowCuts = "name: closed knight's tour 16x16\nboard: 16\ntour: {piece: knight, closed: true}\n"

// TestExportCutLoopStopped: export of a tour whose cut loop --timeout or a
// signal stops writes the program with the cuts found so far, says so on
// standard error and exits 3 (timeout), 130 (SIGINT) or 143 (SIGTERM), as
// solve does; it exited 0 with nothing on standard error (issue 22, item
// 12). A loop that ends exits 0.
func TestExportCutLoopStopped(t *testing.T) {
	slow := writeFile(t, "slow.yaml", slowCuts)
	code, stdout, stderr := run(t, DefaultBackends(), "export", "--timeout", "1s", slow)
	if code != ExitTimeout || !strings.Contains(stderr, "stopped by --timeout 1s in the subtour cut loop") ||
		!strings.Contains(stdout, "the loop was stopped before it found a tour") {
		t.Errorf("--timeout: exit %d, stderr %q, program %.300s", code, stderr, stdout)
	}
	interrupted, cancel := context.WithCancel(context.Background())
	time.AfterFunc(500*time.Millisecond, cancel)
	code, _, stderr = runWith(interrupted, t, DefaultBackends(), "", "export", "--json", slow)
	if code != ExitInterrupted || !strings.Contains(stderr, `"reason":"interrupted"`) {
		t.Errorf("cancelled: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = run(t, DefaultBackends(), "export", "--timeout", "1m", models+"knights-tour-closed.yaml", "--set", "board=6")
	if code != 0 || stderr != "" {
		t.Errorf("a loop that ends: exit %d, stderr %q", code, stderr)
	}
}

// TestExportCutLoopSIGTERM: SIGTERM stops export's cut loop within a
// second, with exit status 143 and the message.
func TestExportCutLoopSIGTERM(t *testing.T) {
	bin := buildBinary(t)
	slow := writeFile(t, "slow.yaml", slowCuts)
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "export", slow)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	exit, ok := err.(*exec.ExitError)
	if !ok || exit.ExitCode() != ExitTerminated || !strings.Contains(stderr.String(), "interrupted in the subtour cut loop") {
		t.Fatalf("exit %v, stderr %q", err, stderr.String())
	}
	if took := time.Since(sent); took > time.Second {
		t.Errorf("ended %v after SIGTERM", took)
	}
	if !strings.Contains(stdout.String(), "the loop was stopped before it found a tour") {
		t.Errorf("the program written: %.300s", stdout.String())
	}
}

//go:build linux

package mzn_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/mzn"
)

// stubbornMiniZinc stands in for minizinc: it ignores SIGTERM and starts
// a "solver" in a process group (a session) of its own, whose pid it
// writes to $SOLVER_PID.
const stubbornMiniZinc = `#!/bin/sh
trap '' TERM
setsid sleep 300 </dev/null >/dev/null 2>&1 &
echo $! > "$SOLVER_PID"
wait
`

// TestCancelKillsStubbornSolver: a minizinc that does not stop when asked
// (SIGTERM) is killed after a grace, with the solver it started in a group
// of its own, which a kill of minizinc's group alone would miss.
func TestCancelKillsStubbornSolver(t *testing.T) {
	if _, err := os.Stat("/usr/bin/setsid"); err != nil {
		t.Skip("no setsid to start the stand-in solver with")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, mzn.Tool), []byte(stubbornMiniZinc), 0o755); err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(dir, "solver.pid")
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("SOLVER_PID", pidFile)
	m := load(t, "eight-queens.yaml")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	result := make(chan error, 1)
	go func() {
		_, err := mzn.New().Solve(ctx, m, model.Options{Task: model.TaskSolve})
		result <- err
	}()
	solver := readPid(t, pidFile)
	cancel()
	select {
	case err := <-result:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Solve did not return within 20 s of the cancellation")
	}
	// SIGKILL is delivered, and a process torn down, a moment after it is
	// sent: on a loaded machine the solver may still be dying as Solve
	// returns
	alive := func() bool { return syscall.Kill(solver, 0) == nil && !zombie(solver) }
	for deadline := time.Now().Add(5 * time.Second); alive() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if alive() {
		syscall.Kill(solver, syscall.SIGKILL)
		t.Errorf("the solver %d outlived the cancelled Solve by 5 s", solver)
	}
}

// readPid waits for the stand-in to write its solver's pid.
func readPid(t *testing.T, file string) int {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		data, err := os.ReadFile(file)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && perr == nil {
			return pid
		}
	}
	t.Fatal("the stand-in minizinc started no solver within 20 s")
	return 0
}

// zombie reports whether a process has ended but not been reaped.
func zombie(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	stat := string(data)
	i := strings.LastIndexByte(stat, ')')
	return err == nil && i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z'
}

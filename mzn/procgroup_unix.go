//go:build unix

package mzn

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// termGrace is how long minizinc has, once asked to stop, to end its
// solver before both are killed; shorter than waitDelay, after which
// os/exec kills minizinc alone and its solver would be lost to init.
const termGrace = time.Second

// ownProcessGroup starts minizinc in a process group of its own and makes
// the context's cancellation end it with its solver. minizinc runs the
// solver (fzn-gecode) in a process group of the solver's own, which a kill
// of minizinc's group does not reach, so the cancellation asks first:
// SIGTERM to minizinc's group, on which minizinc stops its solver and
// removes its files. What still runs after termGrace, minizinc's group and
// the groups of its children, is killed. The returned function is called
// once minizinc has been reaped: from then on its pid is not ours to signal.
func ownProcessGroup(cmd *exec.Cmd) (reaped func()) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	g := &groupStop{cmd: cmd}
	cmd.Cancel = g.cancel
	return g.reaped
}

// groupStop ends minizinc's process group on cancellation (see
// ownProcessGroup).
type groupStop struct {
	cmd   *exec.Cmd
	mu    sync.Mutex
	done  bool        // minizinc has been reaped
	timer *time.Timer // the kill after termGrace
}

// cancel asks minizinc's group to stop and sets the kill that follows.
func (g *groupStop) cancel() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.done {
		return nil
	}
	g.timer = time.AfterFunc(termGrace, g.kill)
	return syscall.Kill(-g.cmd.Process.Pid, syscall.SIGTERM)
}

// kill ends, unless minizinc has been reaped, the process groups of its
// children (its solver's) and its own.
func (g *groupStop) kill() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.done {
		return
	}
	pid := g.cmd.Process.Pid
	for _, child := range children(pid) {
		syscall.Kill(-child, syscall.SIGKILL) // the solver's own group, when it leads one
		syscall.Kill(child, syscall.SIGKILL)
	}
	syscall.Kill(-pid, syscall.SIGKILL)
}

// reaped records that minizinc has been reaped: nothing more is signalled.
func (g *groupStop) reaped() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.done = true
	if g.timer != nil {
		g.timer.Stop()
	}
}

// children lists the pids of a process's children, from Linux's /proc
// (none elsewhere: there only minizinc's own group is killed).
func children(pid int) []int {
	files, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var out []int
	for _, f := range files {
		data, _ := os.ReadFile(f)
		for _, field := range strings.Fields(string(data)) {
			if child, err := strconv.Atoi(field); err == nil {
				out = append(out, child)
			}
		}
	}
	return out
}

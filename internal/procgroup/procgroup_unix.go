//go:build unix

package procgroup

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

// Own starts the tool cmd runs in a process group of its own and makes the
// cancellation of cmd's context end it. With no grace the group is killed
// at once. With a grace the group is asked first, SIGTERM, for a tool that
// stops what it started and removes its files (minizinc runs its solver,
// fzn-gecode, in a process group of the solver's own, which a kill of
// minizinc's group does not reach); what still runs after the grace, the
// tool's group and the groups of its children, is killed. A grace should
// be shorter than cmd.WaitDelay, after which os/exec kills the tool alone
// and its children would be lost to init. The returned function is called
// once the tool has been reaped: from then on its pid is not ours to
// signal.
func Own(cmd *exec.Cmd, grace time.Duration) (reaped func()) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	g := &groupStop{cmd: cmd, grace: grace}
	cmd.Cancel = g.cancel
	return g.reaped
}

// groupStop ends the tool's process group on cancellation (see Own).
type groupStop struct {
	cmd   *exec.Cmd
	grace time.Duration
	mu    sync.Mutex
	done  bool        // the tool has been reaped
	timer *time.Timer // the kill after the grace
	// kids are the tool's children when it was asked to stop: a tool that
	// exits at once, before its solver (in a group of its own) has, leaves
	// it to init, and reaped waits for it (see reaped).
	kids []int
}

// cancel kills the tool's group, or with a grace asks it to stop and sets
// the kill that follows.
func (g *groupStop) cancel() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.done {
		return nil
	}
	if g.grace == 0 {
		return syscall.Kill(-g.cmd.Process.Pid, syscall.SIGKILL)
	}
	g.kids = children(g.cmd.Process.Pid)
	g.timer = time.AfterFunc(g.grace, g.kill)
	return syscall.Kill(-g.cmd.Process.Pid, syscall.SIGTERM)
}

// kill ends, unless the tool has been reaped, the process groups of its
// children (a solver's own) and its own.
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

// reaped records that the tool has been reaped: nothing more is signalled
// to its pid. A tool asked to stop may have exited before the children it
// had then, which are no longer its own: reaped waits up to the grace for
// each to end, then kills its group and it, and waits until it is gone,
// so that no solver outlives the run.
func (g *groupStop) reaped() {
	g.mu.Lock()
	g.done = true
	if g.timer != nil {
		g.timer.Stop()
	}
	kids := g.kids
	g.mu.Unlock()
	if len(kids) == 0 {
		return
	}
	deadline := time.Now().Add(g.grace)
	for _, kid := range kids {
		for running(kid) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if running(kid) {
			syscall.Kill(-kid, syscall.SIGKILL)
			syscall.Kill(kid, syscall.SIGKILL)
		}
	}
	for _, kid := range kids { // a killed process is gone once the kernel has ended it
		for end := time.Now().Add(5 * time.Second); running(kid) && time.Now().Before(end); {
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// running says whether pid is a process that has not ended (not a zombie).
func running(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	stat := string(data) // the state follows the command name in parentheses
	if i := strings.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2] != 'Z'
	}
	return true
}

// children lists the pids of a process's children, from Linux's /proc
// (none elsewhere: there only the tool's own group is killed).
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

//go:build unix

package mzn

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts minizinc in a process group of its own (it runs
// the solver as a child) and makes the context's cancellation kill the
// whole group, so that no solver outlives it.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

//go:build unix

package compare

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the tool in a process group of its own and makes
// the context's cancellation kill the whole group, so that nothing the tool
// started outlives it (and a terminal's ^C reaches chessmodel, which then
// cancels, rather than the tool directly).
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

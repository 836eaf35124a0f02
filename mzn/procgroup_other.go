//go:build !unix

package mzn

import "os/exec"

// ownProcessGroup leaves minizinc as exec.CommandContext makes it: killed
// (alone) when the context ends.
func ownProcessGroup(cmd *exec.Cmd) (reaped func()) { return func() {} }

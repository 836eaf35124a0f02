//go:build !unix

package compare

import "os/exec"

// ownProcessGroup leaves the tool as exec.CommandContext makes it: killed
// (alone) when the context ends.
func ownProcessGroup(cmd *exec.Cmd) {}

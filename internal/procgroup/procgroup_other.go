//go:build !unix

package procgroup

import (
	"os/exec"
	"time"
)

// Own leaves the tool as exec.CommandContext makes it: killed (alone) when
// the context ends.
func Own(cmd *exec.Cmd, grace time.Duration) (reaped func()) { return func() {} }

// Package procgroup runs a command-line tool in a process group of its
// own, so that the cancellation of the tool's context ends everything the
// tool started, and a terminal's ^C reaches chessmodel (which then
// cancels) rather than the tool directly. The external backends (extern)
// and MiniZinc (mzn) start their tools through it:
//
//	cmd := exec.CommandContext(ctx, tool, args...)
//	reaped := procgroup.Own(cmd, 0) // or a grace for a tool that stops its own children
//	out, err := cmd.Output()
//	reaped()
package procgroup

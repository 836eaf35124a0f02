package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/ilp"
)

// versionOutput is what version prints.
type versionOutput struct {
	Version string `json:"version"` // the module version, or "(devel)" in a source build
	Commit  string `json:"commit,omitempty"`
	Go      string `json:"go"`
	OS      string `json:"os"`
	Arch    string `json:"arch"`
	LPSolve string `json:"lp_solve"` // the lp_solve library found at run time, or why none
}

// buildVersion reads the module version and VCS revision the Go toolchain
// recorded in the binary.
func buildVersion() versionOutput {
	v := versionOutput{Version: "(devel)", Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" {
			v.Version = info.Main.Version
		}
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v.Commit = s.Value[:12]
			}
		}
	}
	if lib, err := ilp.LibraryVersion(); err == nil {
		v.LPSolve = lib
	} else {
		v.LPSolve = "none (built without cgo)"
	}
	return v
}

func newVersionCommand(g *globals, streams Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "The version of chessmodel, of Go, and of the lp_solve library found at run time",
		Example: `  chessmodel version
  chessmodel version --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			v := buildVersion()
			if g.json {
				return writeJSON(streams.Out, v)
			}
			commit := ""
			if v.Commit != "" {
				commit = " (" + v.Commit + ")"
			}
			fmt.Fprintf(streams.Out, "chessmodel %s%s\n%s %s/%s\nlp_solve %s\n", v.Version, commit, v.Go, v.OS, v.Arch, v.LPSolve)
			return nil
		},
	}
}

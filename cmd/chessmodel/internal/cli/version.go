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
	Version  string `json:"version"`            // the module version, or "(devel)" in a source build
	Commit   string `json:"commit,omitempty"`   // the VCS revision the binary was built from
	Time     string `json:"time,omitempty"`     // the revision's commit time
	Modified *bool  `json:"modified,omitempty"` // whether the work tree had changes not committed
	Go       string `json:"go"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
	LPSolve  string `json:"lp_solve"` // the lp_solve library found at run time, or why none
}

// linkedCommit is the commit make build passes with -ldflags -X, used when
// Go recorded none: Go's VCS stamping does not see a git worktree.
var linkedCommit string

// buildVersion reads the module version and VCS revision the Go toolchain
// recorded in the binary.
func buildVersion() versionOutput {
	info, _ := debug.ReadBuildInfo()
	v := versionFrom(info)
	if v.Commit == "" && linkedCommit != "" {
		v.Commit = linkedCommit
	}
	if lib, err := ilp.LibraryVersion(); err == nil {
		v.LPSolve = lib
	} else {
		v.LPSolve = "none (built without cgo)"
	}
	return v
}

// versionFrom reads the module version and the VCS settings (revision,
// time, modified) from build info, which may be nil.
func versionFrom(info *debug.BuildInfo) versionOutput {
	v := versionOutput{Version: "(devel)", Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if info == nil {
		return v
	}
	if info.Main.Version != "" {
		v.Version = info.Main.Version
	}
	if info.GoVersion != "" {
		v.Go = info.GoVersion
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			modified := s.Value == "true"
			v.Modified = &modified
		}
	}
	return v
}

// text is the version as the command prints it without --json.
func (v versionOutput) text() string {
	s := "chessmodel " + v.Version + "\n"
	if v.Commit == "" {
		s += "commit    unknown (built without VCS information: go build -buildvcs=true from a git clone, or make build)\n"
	} else {
		s += "commit    " + v.Commit
		if v.Time != "" {
			s += " (" + v.Time + ")"
		}
		if v.Modified != nil && *v.Modified {
			s += ", with changes not committed"
		}
		s += "\n"
	}
	return s + fmt.Sprintf("go        %s %s/%s\nlp_solve  %s\n", v.Go, v.OS, v.Arch, v.LPSolve)
}

func newVersionCommand(g *globals, streams Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "The version of chessmodel and the commit it was built from, of Go, and of the lp_solve library found at run time",
		Example: `  chessmodel version
  chessmodel version --json`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			v := buildVersion()
			if g.json {
				return writeJSON(streams.Out, v)
			}
			_, err := fmt.Fprint(streams.Out, v.text())
			return err
		},
	}
}

// buildID names the build in records (shard.RunOptions.Build): its commit,
// marked when the tree had changes; "" when Go recorded none.
func buildID() string {
	info, _ := debug.ReadBuildInfo()
	v := versionFrom(info)
	if v.Commit == "" {
		v.Commit = linkedCommit
	}
	if v.Commit != "" && v.Modified != nil && *v.Modified {
		return v.Commit + "+modified"
	}
	return v.Commit
}

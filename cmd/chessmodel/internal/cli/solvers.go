package cli

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/ilp"
)

// backendNotes say what each built-in backend is, for solvers.
var backendNotes = map[string]string{
	"exact": "native exact search: bitboards, branch and bound, BFS (built in)",
	"ilp":   "integer linear program solved in-process by lp_solve",
	"brute": "the naive referee of the differential tests: tiny models only",
}

// externalTool is a command-line solver: a --backend of solve, count and
// enumerate, and what compare --solvers runs on an exported program.
type externalTool struct {
	Name    string `json:"name"`
	Reads   string `json:"reads"`
	Path    string `json:"path,omitempty"`
	Version string `json:"version,omitempty"`
	Found   bool   `json:"found"`
}

// externalTools are the tools, the format extern.External gives each, how
// to ask its version and where the version is in the answer.
var externalTools = []struct {
	name, reads string
	args        []string
	version     *regexp.Regexp
}{
	{"lp_solve", "lp_solve LP", []string{"-p"}, regexp.MustCompile(`version ([0-9.]+)`)},
	{"cbc", "CPLEX LP", []string{"-quit"}, regexp.MustCompile(`Version: ([0-9.]+)`)},
	{"glpsol", "free MPS", []string{"--version"}, regexp.MustCompile(`Solver ([0-9.]+)`)},
	{"minizinc", "MiniZinc (its own model, solved by Gecode)", []string{"--version"}, regexp.MustCompile(`version ([0-9.]+)`)},
}

// solversOutput is what solvers prints.
type solversOutput struct {
	Backends []backendInfo  `json:"backends"`
	External []externalTool `json:"external"`
}

type backendInfo struct {
	Name    string `json:"name"`
	Note    string `json:"note"`
	Version string `json:"version,omitempty"`
}

func newSolversCommand(g *globals, streams Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "solvers",
		Short: "The backends of --backend: the built-in ones and the command-line solvers found here (also compare --solvers), with versions",
		Example: `  chessmodel solvers
  chessmodel solvers --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := solversOutput{}
			for _, name := range sortedKeys(g.backends) {
				b := backendInfo{Name: name, Note: backendNotes[name]}
				if name == "ilp" {
					if v, err := ilp.LibraryVersion(); err == nil {
						b.Version = "lp_solve " + v
					} else {
						b.Note = "unavailable: built without cgo, so without lp_solve (export still works)"
					}
				}
				out.Backends = append(out.Backends, b)
			}
			for _, t := range externalTools {
				out.External = append(out.External, findTool(cmd.Context(), t.name, t.reads, t.args, t.version))
			}
			if g.json {
				return writeJSON(streams.Out, out)
			}
			w := tabwriter.NewWriter(streams.Out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "backend\tversion\tnote")
			for _, b := range out.Backends {
				fmt.Fprintf(w, "%s\t%s\t%s\n", b.Name, orDash(b.Version), b.Note)
			}
			fmt.Fprintln(w)
			fmt.Fprintln(w, "solver (--backend)\tversion\treads\tpath")
			for _, t := range out.External {
				path := t.Path
				if !t.Found {
					path = "not found on PATH"
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", t.Name, orDash(t.Version), t.Reads, path)
			}
			return w.Flush()
		},
	}
}

// findTool looks for a command-line solver on PATH and asks its version.
func findTool(ctx context.Context, name, reads string, args []string, version *regexp.Regexp) externalTool {
	t := externalTool{Name: name, Reads: reads}
	path, err := exec.LookPath(name)
	if err != nil {
		return t
	}
	t.Path, t.Found = path, true
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	text, _ := exec.CommandContext(ctx, path, args...).CombinedOutput() // some exit non-zero after printing it
	if m := version.FindSubmatch(text); m != nil {
		t.Version = string(m[1])
	}
	return t
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

//go:build cgo

package ilp_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// A solverTool is a command-line solver and how to read its answer.
type solverTool struct {
	name string
	// args runs the tool on file in format f; out is a scratch file for
	// tools that write their report to a file.
	args func(file string, f ilp.Format, out string) []string
	// formats the tool reads.
	formats []ilp.Format
	// optimum finds the optimal objective in the tool's output (stdout,
	// then the report file), or reports that it found none.
	optimum *regexp.Regexp
	// proven must match too: the tool's word that the optimum is proven.
	proven *regexp.Regexp
	// report is true when the answer is in the out file.
	report bool
}

var solverTools = []solverTool{
	{
		name: "lp_solve",
		args: func(file string, f ilp.Format, _ string) []string {
			if f == ilp.FormatMPS {
				return []string{"-S3", "-fmps", file}
			}
			return []string{"-S3", file}
		},
		formats: []ilp.Format{ilp.FormatLP, ilp.FormatMPS},
		optimum: regexp.MustCompile(`Value of objective function:\s+(\S+)`),
		proven:  regexp.MustCompile(`Actual values of the constraints`),
	},
	{
		name:    "cbc",
		args:    func(file string, _ ilp.Format, _ string) []string { return []string{file, "solve"} },
		formats: []ilp.Format{ilp.FormatMPS, ilp.FormatCPLEX},
		optimum: regexp.MustCompile(`Objective value:\s+(\S+)`),
		proven:  regexp.MustCompile(`Result - Optimal solution found`),
	},
	{
		name: "glpsol",
		args: func(file string, f ilp.Format, out string) []string {
			if f == ilp.FormatMPS {
				return []string{"--freemps", file, "-o", out}
			}
			return []string{"--cpxlp", file, "-o", out}
		},
		formats: []ilp.Format{ilp.FormatMPS, ilp.FormatCPLEX},
		optimum: regexp.MustCompile(`Objective:\s+obj = (\S+)`),
		proven:  regexp.MustCompile(`Status:\s+INTEGER OPTIMAL`),
		report:  true,
	},
}

// buildCLI builds the chessmodel command into dir, so that the files come
// from "chessmodel export" itself.
func buildCLI(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "chessmodel")
	goTool, err := exec.LookPath("go") // go test puts its own GOROOT/bin first on PATH
	if err != nil {
		t.Skip("no go tool to build with")
	}
	cmd := exec.Command(goTool, "build", "-o", bin, "github.com/chessmodel/chessmodel/cmd/chessmodel")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building chessmodel: %v\n%s", err, out)
	}
	return bin
}

// TestExternalSolvers exports models with "chessmodel export --format lp,
// mps and cplex" and solves every file with every command-line solver that
// reads its format: lp_solve (lp, free mps), cbc (mps, CPLEX lp) and glpsol
// (free mps, CPLEX lp). Each must find the optimum the backend finds: 11
// for the seed's 3-wall board. MPS files minimise the negated objective of
// a maximisation, so their optimum is negated back. A tool that is not
// installed is skipped (CI installs lp-solve, coinor-cbc and glpk-utils).
func TestExternalSolvers(t *testing.T) {
	dir := t.TempDir()
	bin := buildCLI(t, dir)
	for _, name := range sortedKeys(goldenModels) {
		path := goldenModels[name]
		m, err := model.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := ilp.New().Solve(context.Background(), m, model.Options{})
		if err != nil || res.Status != model.StatusOptimal {
			t.Fatalf("%s: %v %v", name, res, err)
		}
		want := float64(*res.Value)
		if name == "blocked-3w-value11" && want != 11 {
			t.Fatalf("the 3-wall board has value %g, the seed says 11", want)
		}
		files := map[ilp.Format]string{}
		for _, f := range formats {
			file := filepath.Join(dir, goldenName(name, f))
			out, err := exec.Command(bin, "export", path, "--format", f.String(), "-o", file).CombinedOutput()
			if err != nil {
				t.Fatalf("chessmodel export %s --format %v: %v\n%s", path, f, err, out)
			}
			files[f] = file
		}
		for _, tool := range solverTools {
			for _, f := range tool.formats {
				t.Run(fmt.Sprintf("%s/%s/%v", name, tool.name, f), func(t *testing.T) {
					if _, err := exec.LookPath(tool.name); err != nil {
						t.Skipf("%s is not installed", tool.name)
					}
					got := runTool(t, tool, files[f], f, dir)
					if f == ilp.FormatMPS && m.Objective.Sense == model.Maximize {
						got = -got
					}
					if got != want {
						t.Errorf("%s solves the %v file to %g, want %g", tool.name, f, got, want)
					}
				})
			}
		}
	}
}

func runTool(t *testing.T, tool solverTool, file string, f ilp.Format, dir string) float64 {
	t.Helper()
	text, err := toolOutput(tool, file, f, dir)
	if err != nil {
		t.Fatalf("%s: %v\n%s", tool.name, err, text)
	}
	if !tool.proven.MatchString(text) {
		t.Fatalf("%s does not report a proven optimum:\n%s", tool.name, text)
	}
	match := tool.optimum.FindStringSubmatch(text)
	if match == nil {
		t.Fatalf("%s: no objective value in\n%s", tool.name, text)
	}
	v, err := strconv.ParseFloat(match[1], 64)
	if err != nil {
		t.Fatalf("%s: objective %q: %v", tool.name, match[1], err)
	}
	return v
}

// infeasibleWords is each tool's report of an infeasible program.
var infeasibleWords = map[string]*regexp.Regexp{
	"lp_solve": regexp.MustCompile(`This problem is infeasible`),
	"cbc":      regexp.MustCompile(`Problem proven infeasible|Problem is infeasible|Linear relaxation infeasible`),
	"glpsol":   regexp.MustCompile(`Status:\s+INTEGER EMPTY|PROBLEM HAS NO (PRIMAL|INTEGER) FEASIBLE SOLUTION`),
}

// TestExternalSolversSlide exports the time-expanded program of slide
// models with "chessmodel export --horizon T" and solves the files with
// every command-line solver: at the least number of moves the optimum is
// that number, one step shorter the program is infeasible.
func TestExternalSolversSlide(t *testing.T) {
	dir := t.TempDir()
	bin := buildCLI(t, dir)
	for _, tc := range []struct {
		file  string
		moves int
	}{{"slide-walls.yaml", 5}, {"slide-knights.yaml", 4}} {
		path := "../testdata/models/" + tc.file
		for _, horizon := range []int{tc.moves - 1, tc.moves} {
			for _, tool := range solverTools {
				for _, f := range tool.formats {
					t.Run(fmt.Sprintf("%s/%d/%s/%v", tc.file, horizon, tool.name, f), func(t *testing.T) {
						if _, err := exec.LookPath(tool.name); err != nil {
							t.Skipf("%s is not installed", tool.name)
						}
						file := filepath.Join(dir, fmt.Sprintf("%s-%d%s", tc.file, horizon, f.Extension()))
						out, err := exec.Command(bin, "export", path, "--horizon", strconv.Itoa(horizon), "--format", f.String(), "-o", file).CombinedOutput()
						if err != nil {
							t.Fatalf("chessmodel export: %v\n%s", err, out)
						}
						if horizon < tc.moves {
							// lp_solve exits with status 2 on an infeasible program
							if text, _ := toolOutput(tool, file, f, dir); !infeasibleWords[tool.name].MatchString(text) {
								t.Fatalf("%s does not find the program of %d moves infeasible:\n%s", tool.name, horizon, text)
							}
							return
						}
						if got := runTool(t, tool, file, f, dir); got != float64(tc.moves) {
							t.Errorf("%s solves the %v file to %g moves, want %d", tool.name, f, got, tc.moves)
						}
					})
				}
			}
		}
	}
}

// toolOutput runs a tool on a file and returns its output, then its
// report file when it writes one, and the error of the run or of reading
// the report.
func toolOutput(tool solverTool, file string, f ilp.Format, dir string) (string, error) {
	report := filepath.Join(dir, "report.txt")
	os.Remove(report)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, tool.name, tool.args(file, f, report)...).CombinedOutput()
	if err != nil || !tool.report {
		return string(out), err
	}
	b, err := os.ReadFile(report)
	return string(out) + string(b), err
}

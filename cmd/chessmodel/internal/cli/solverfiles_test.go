package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// solverFiles exports a model and has each installed tool solve it, as a
// user would: lp_solve -S4 on the LP file, cbc's solu on the CPLEX LP file,
// glpsol's -o and -w on the CPLEX LP file and -w on the free MPS file. It
// returns the files written, by a short name.
func solverFiles(t *testing.T, dir, modelFile string) map[string]string {
	t.Helper()
	lp, cplex, mps := filepath.Join(dir, "m.lp"), filepath.Join(dir, "m-cplex.lp"), filepath.Join(dir, "m.mps")
	for format, path := range map[string]string{"lp": lp, "cplex": cplex, "mps": mps} {
		if code, _, stderr := run(t, DefaultBackends(), "export", modelFile, "--format", format, "-o", path); code != 0 {
			t.Fatalf("export %s: %d %s", format, code, stderr)
		}
	}
	files := map[string]string{}
	tool := func(name, output string, args ...string) {
		if _, err := exec.LookPath(name); err != nil {
			t.Logf("%s not installed: its files are not checked", name)
			return
		}
		out, err := exec.Command(name, args...).Output()
		if err != nil && name != "lp_solve" {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		if name == "lp_solve" {
			if err := os.WriteFile(output, out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		files[filepath.Base(output)] = output
	}
	tool("lp_solve", filepath.Join(dir, "lp_solve.out"), "-S4", lp)
	tool("cbc", filepath.Join(dir, "cbc.sol"), cplex, "solve", "solu", filepath.Join(dir, "cbc.sol"))
	tool("glpsol", filepath.Join(dir, "glpsol.prt"), "--lp", cplex, "-o", filepath.Join(dir, "glpsol.prt"))
	tool("glpsol", filepath.Join(dir, "glpsol.raw"), "--lp", cplex, "-w", filepath.Join(dir, "glpsol.raw"))
	tool("glpsol", filepath.Join(dir, "glpsol-mps.raw"), "--freemps", mps, "-w", filepath.Join(dir, "glpsol-mps.raw"))
	if len(files) == 0 {
		t.Skip("no external solver installed (make deps)")
	}
	return files
}

// TestCheckSolverFiles checks the files the solvers write for four
// placement models: pieces only, free walls, coverage with auxiliary
// variables, and a board that leaves nothing to place (its files have the
// placeholder column of a program without variables). Each is read, mapped
// back to squares and found valid with the model's optimum.
func TestCheckSolverFiles(t *testing.T) {
	noVariables := writeFile(t, "no-variables.yaml", "name: no variables\nboard: \"#\"\nplace: [max bishop]\n")
	for _, tc := range []struct{ path, measure string }{
		{models + "blocked-3w-value11.yaml", "pieces 11"},
		{models + "least-walls-9.yaml", "walls 1"},
		{models + "cover-5x5-queens-domination.yaml", "pieces 3"},
		{noVariables, "pieces 0"},
	} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			files := solverFiles(t, t.TempDir(), tc.path)
			for name, path := range files {
				code, stdout, stderr := run(t, DefaultBackends(), "check", tc.path, path)
				if code != 0 || !strings.HasPrefix(stdout, "valid:") || !strings.Contains(stdout, tc.measure) {
					t.Errorf("check %s: %d %q %q; want valid with %s", name, code, stdout, stderr, tc.measure)
				}
			}
		})
	}
}

// TestCheckHostileSolverFiles: files edited to lie, cut short, or written
// for another program are bad input (exit 2) naming the file and line.
func TestCheckHostileSolverFiles(t *testing.T) {
	dir := t.TempDir()
	m := models + "blocked-3w-value11.yaml"
	files := solverFiles(t, dir, m)
	edit := func(name, newName string, change func(lines []string) []string) string {
		data, err := os.ReadFile(files[name])
		if err != nil {
			t.Fatal(err)
		}
		lines := change(strings.Split(string(data), "\n"))
		return writeFile(t, newName, strings.Join(lines, "\n"))
	}
	// lineOf is the line (from 1) of the first line matching re.
	lineOf := func(name string, re *regexp.Regexp) int {
		data, _ := os.ReadFile(files[name])
		for i, line := range strings.Split(string(data), "\n") {
			if re.MatchString(line) {
				return i + 1
			}
		}
		t.Fatalf("%s: no line matches %v", name, re)
		return 0
	}
	replace := func(re *regexp.Regexp, with string) func([]string) []string {
		return func(lines []string) []string {
			for i, line := range lines {
				if re.MatchString(line) {
					lines[i] = re.ReplaceAllString(line, with)
					break
				}
			}
			return lines
		}
	}
	half := func(lines []string) []string { return lines[:len(lines)/2] }
	type hostile struct {
		name, file, want string
	}
	var cases []hostile
	if _, ok := files["lp_solve.out"]; ok {
		q := regexp.MustCompile(`^q_a1( +)\S+$`)
		at := lineOf("lp_solve.out", q)
		cases = append(cases,
			hostile{"lp_solve wrong name", edit("lp_solve.out", "wrong.out", replace(q, "q_z9${1}1")), fmt.Sprintf(`wrong.out:%d:1: lp_solve -S4 output: variable "q_z9" is not in the program`, at)},
			hostile{"lp_solve fractional", edit("lp_solve.out", "frac.out", replace(q, "q_a1${1}0.5")), fmt.Sprintf("frac.out:%d:1: lp_solve -S4 output: variable q_a1 = 0.5 is fractional", at)},
			hostile{"lp_solve truncated", edit("lp_solve.out", "cut.out", func(l []string) []string { return l[:at+3] }), "missing: the file is truncated"},
			hostile{"lp_solve listed twice", edit("lp_solve.out", "twice.out", func(l []string) []string {
				return append(l[:at+1], append([]string{l[at-1]}, l[at+1:]...)...)
			}), fmt.Sprintf("twice.out:%d:1: lp_solve -S4 output: variable q_a1 is listed twice (first on line %d)", at+2, at)},
			hostile{"lp_solve infeasible", writeFile(t, "inf.out", "\nThis problem is infeasible\n"), "inf.out:1:1: lp_solve -S4 output: the solver reports infeasible: there is no solution to check"},
			hostile{"lp_solve garbled", edit("lp_solve.out", "garbled.out", replace(q, "q_a1 one")), fmt.Sprintf(`garbled.out:%d:1: lp_solve -S4 output: the value "one" of q_a1 is not a number`, at)},
		)
	}
	if _, ok := files["cbc.sol"]; ok {
		q := regexp.MustCompile(`^( +\d+ )q_\w+( +)1( +)`)
		at := lineOf("cbc.sol", q)
		cases = append(cases,
			hostile{"cbc wrong name", edit("cbc.sol", "wrong.sol", replace(q, "${1}q_z9${2}1${3}")), fmt.Sprintf(`wrong.sol:%d:1: cbc solution file: variable "q_z9" is not in the program`, at)},
			hostile{"cbc fractional", edit("cbc.sol", "frac.sol", func(l []string) []string {
				return replace(regexp.MustCompile(`^( +\d+ q_\w+ +)1( +)`), "${1}0.25${2}")(l)
			}), fmt.Sprintf("frac.sol:%d:1: cbc solution file: variable q_", at)},
			hostile{"cbc truncated line", edit("cbc.sol", "cut.sol", func(l []string) []string {
				l[at-1] = l[at-1][:len(l[at-1])/2]
				return l[:at]
			}), fmt.Sprintf("cut.sol:%d:1: cbc solution file: expected", at)},
		)
	}
	if _, ok := files["glpsol.raw"]; ok {
		cases = append(cases,
			hostile{"glpsol raw truncated", edit("glpsol.raw", "cut.raw", half), `no "e o f": the file is truncated`},
			hostile{"glpsol raw columns", edit("glpsol.raw", "cols.raw", replace(regexp.MustCompile(`^s mip (\d+) (\d+) `), "s mip ${1} 7 ")),
				fmt.Sprintf("cols.raw:%d:1: glpsol -w raw solution: 7 columns, but the program chessmodel exports for this model has", lineOf("glpsol.raw", regexp.MustCompile(`^s mip`)))},
			hostile{"glpsol raw fractional", edit("glpsol.raw", "frac.raw", replace(regexp.MustCompile(`^j (\d+) 1$`), "j ${1} 0.5")), "glpsol -w raw solution: variable q_"},
		)
	}
	if _, ok := files["glpsol.prt"]; ok {
		cases = append(cases,
			hostile{"glpsol report truncated", edit("glpsol.prt", "cut.prt", half), `glpsol -o report: no "End of output": the report is truncated`},
			hostile{"glpsol report wrong name", edit("glpsol.prt", "wrong.prt", replace(regexp.MustCompile(`^( +\d+ )q_a1 `), "${1}q_z9 ")), `glpsol -o report: variable "q_z9" is not in the program`},
		)
	}
	// The files of another program: the same model at another size.
	for name, path := range files {
		cases = append(cases, hostile{name + " of another model", path, name + ":"})
	}
	for _, tc := range cases {
		args := []string{"check", m, tc.file}
		if strings.HasSuffix(tc.name, "of another model") {
			args = append(args, "--set", "board=9")
		}
		code, stdout, stderr := run(t, DefaultBackends(), args...)
		if code != ExitBadInput || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.name, code, stdout, stderr, tc.want)
		}
	}
}

// TestExternalBackendCLI: --backend takes the command-line solvers, their
// refusals are exit 4, and --solver-option is refused for the built-in
// backends. A board that leaves nothing to place is optimal with one
// solution, under --timeout too (issue 36: glpsol said feasible, waited for
// the deadline and exited 3).
func TestExternalBackendCLI(t *testing.T) {
	if _, err := exec.LookPath("glpsol"); err != nil {
		t.Skip("glpsol not installed")
	}
	walled := writeFile(t, "walled.yaml", "name: walled\nboard: \"#\"\nplace: [max bishop]\n")
	queens := writeFile(t, "queens.yaml", "name: queens\nboard: \"QQ\\nQQ\"\nplace: [max rook]\n")
	for _, tc := range []struct {
		args         []string
		code         int
		stdout, errs string
	}{
		{[]string{"solve", "--backend", "glpsol", models + "blocked-3w-value11.yaml"}, 0, "optimal, pieces 11", ""},
		{[]string{"solve", "--backend", "glpsol", "--timeout", "4s", walled}, 0, "walled: optimal, pieces 0\n", ""},
		{[]string{"count", "--backend", "glpsol", walled}, 0, "walled: optimal, pieces 0, 1 solution\n", ""},
		{[]string{"solve", "--backend", "glpsol", "--timeout", "4s", queens}, 0, "queens: optimal, pieces 0\n", ""},
		{[]string{"count", "--backend", "glpsol", queens}, 0, "queens: optimal, pieces 0, 1 solution\n", ""},
		{[]string{"count", "--symmetry", "--backend", "glpsol", "--solver-option=--tmlim", "--solver-option=60", models + "eight-queens.yaml"}, 0, "92 solutions, 12 classes", ""},
		{[]string{"solve", "--backend", "glpsol", "--timeout", "3s", models + "eight-pieces-fewest.yaml"}, ExitTimeout, "eight pieces, fewest attacked: ", "stopped by --timeout 3s"},
		{[]string{"solve", "--backend", "glpsol", models + "tour-rook.yaml"}, 0, "rook's tour: satisfied", ""},
		{[]string{"count", "--symmetry", "--backend", "glpsol", "--set", "board=3", "--set", "board.walls=[]", models + "tour-rook.yaml"}, 0, "48 solutions, 7 classes", ""},
		{[]string{"enumerate", "--backend", "glpsol", models + "tour-rook.yaml"}, ExitUnsupported, "", "glpsol: tours are solved and counted (by the subtour cut loop), not enumerated"},
		{[]string{"solve", "--solver-option", "x", models + "eight-queens.yaml"}, ExitBadInput, "", "--solver-option is for the external solvers"},
		{[]string{"check", models + "knights-tour.yaml", writeFile(t, "tour.out", "\nActual values of the variables:\ne_a1_b3 1\n")}, ExitUnsupported, "", "only placement models are read from solver files"},
	} {
		code, stdout, stderr := run(t, DefaultBackends(), tc.args...)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.errs) {
			t.Errorf("%v: exit %d, %q, %q; want %d, %q, %q", tc.args, code, stdout, stderr, tc.code, tc.stdout, tc.errs)
		}
	}
}

// TestExternalBackendSignals: SIGTERM or SIGINT to a solve with --backend
// TOOL, for every external backend, ends the tool's processes, removes its
// files and exits 143 or 130 saying interrupted. minizinc runs its solver
// (fzn-gecode) in a process group of the solver's own and writes its
// FlatZinc file to TMPDIR: the solver is waited for too, and must not
// outlive chessmodel either (issue 36).
func TestExternalBackendSignals(t *testing.T) {
	bin := buildBinary(t)
	for _, tool := range []string{"lp_solve", "cbc", "glpsol", "minizinc"} {
		for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
			t.Run(tool+"/"+sig.String(), func(t *testing.T) {
				if _, err := exec.LookPath(tool); err != nil {
					t.Skipf("%s is not installed", tool)
				}
				signalSolve(t, bin, tool, sig)
			})
		}
	}
}

// signalSolve runs solve --backend tool on a model slow for the solvers,
// sends sig once the solver runs, and checks the exit status, the message,
// that no process it started outlives it and that no temporary file is
// left.
func signalSolve(t *testing.T, bin, tool string, sig syscall.Signal) {
	t.Helper()
	tmp := filepath.Join(t.TempDir(), "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	path := writeFile(t, "domination.yaml", slowForSolvers)
	var stdout, stderr strings.Builder
	cmd := exec.Command(bin, "solve", "--backend", tool, path)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	procs := []int{waitForChild(t, cmd.Process.Pid, 60*time.Second)}
	if tool == "minizinc" {
		procs = append(procs, waitForChild(t, procs[0], 60*time.Second)) // its solver
	}
	if entries, _ := os.ReadDir(tmp); len(entries) == 0 {
		t.Error("no temporary directory while the solver runs: the test does not test its removal")
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("chessmodel did not stop within 30 s of the signal")
	}
	want := ExitInterrupted
	if sig == syscall.SIGTERM {
		want = ExitTerminated
	}
	if code := cmd.ProcessState.ExitCode(); code != want || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("exit status %d, stderr %q; want %d and interrupted", code, stderr.String(), want)
	}
	for _, pid := range procs {
		if alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("%s's process %d outlived chessmodel", tool, pid)
		}
	}
	if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
		t.Errorf("temporary files left: %v", entries)
	}
}

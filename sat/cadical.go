package sat

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/chessmodel/chessmodel/internal/procgroup"
)

// Tool is the SAT solver this backend runs.
const Tool = "cadical"

// waitDelay bounds how long a run waits, once cadical is killed, for its
// output pipe to close.
const waitDelay = 2 * time.Second

// An answer is what one run of cadical said.
type answer int

const (
	unknown answer = iota // stopped: time limit or cancellation
	satisfiable
	unsatisfiable
)

// A run is one call of cadical on a formula.
type run struct {
	answer answer
	model  []bool // model[v] for variable v, when satisfiable
	proof  string // the DRAT proof file, when one was asked for
}

// solveFormula writes the formula to dir, runs cadical on it (writing a
// binary DRAT proof to proof when it is not empty) and reads its answer.
func solveFormula(ctx context.Context, f *Formula, dir, name, proof string, options []string) (run, error) {
	file := filepath.Join(dir, name)
	out, err := os.Create(file)
	if err != nil {
		return run{}, err
	}
	if err := f.WriteDIMACS(out); err != nil {
		out.Close()
		return run{}, err
	}
	if err := out.Close(); err != nil {
		return run{}, err
	}
	args := []string{"-q"}
	if deadline, ok := ctx.Deadline(); ok {
		secs := int(time.Until(deadline).Seconds())
		args = append(args, "-t", strconv.Itoa(max(secs, 1)))
	}
	args = append(append(args, options...), file)
	if proof != "" {
		args = append(args, "--binary=true", proof)
	}
	cmd := exec.CommandContext(ctx, Tool, args...)
	reaped := procgroup.Own(cmd, 0)
	cmd.WaitDelay = waitDelay
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, runErr := cmd.Output()
	reaped()
	if ctx.Err() != nil {
		return run{}, nil
	}
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) {
		return run{}, fmt.Errorf("%s: %v", Tool, runErr)
	}
	r, err := parseOutput(stdout, f.NumVars)
	if err != nil {
		return run{}, fmt.Errorf("%s: %v: %.400s", Tool, err, strings.TrimSpace(stderr.String()))
	}
	code := 0
	if exit != nil {
		code = exit.ExitCode()
	}
	switch {
	case r.answer == satisfiable && code == 10, r.answer == unsatisfiable && code == 20, r.answer == unknown && code == 0:
	default:
		return run{}, fmt.Errorf("%s: exit status %d with answer %d: %.400s", Tool, code, r.answer, strings.TrimSpace(stderr.String()+string(stdout)))
	}
	r.proof = proof
	return r, nil
}

// parseOutput reads cadical's "s" line and its "v" lines of the witness.
func parseOutput(stdout []byte, numVars int) (run, error) {
	var r run
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	sc.Buffer(make([]byte, 1<<16), 64<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "s SATISFIABLE":
			r.answer = satisfiable
			r.model = make([]bool, numVars+1)
		case line == "s UNSATISFIABLE":
			r.answer = unsatisfiable
		case line == "s UNKNOWN":
			r.answer = unknown
		case strings.HasPrefix(line, "v "):
			if r.model == nil {
				return r, fmt.Errorf("a witness line before the s line")
			}
			for _, field := range strings.Fields(line[2:]) {
				l, err := strconv.Atoi(field)
				if err != nil {
					return r, fmt.Errorf("witness %q: %v", field, err)
				}
				if l > 0 && l <= numVars {
					r.model[l] = true
				}
			}
		}
	}
	return r, sc.Err()
}

package mzn

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/chessmodel/chessmodel/internal/procgroup"
	"github.com/chessmodel/chessmodel/model"
)

// Tool is the command this backend runs; Solver is its Gecode solver.
const (
	Tool   = "minizinc"
	Solver = "gecode"
)

// termGrace is how long minizinc has, once asked to stop, to end its
// solver before both are killed; shorter than waitDelay, after which
// os/exec kills minizinc alone and its solver would be lost to init.
const termGrace = time.Second

// waitDelay bounds how long a run waits, once minizinc is killed, for its
// output pipe to close.
const waitDelay = 2 * time.Second

// outcome is what one run of minizinc printed.
type outcome struct {
	solutions []model.Solution // in the order printed
	complete  bool             // "==========": the search space was exhausted (or optimality proven)
	unsat     bool             // "=====UNSATISFIABLE====="
	stopped   bool             // the context ended or the time limit was reached
}

// run writes the model for fix, runs minizinc on it (every solution when
// all is set) and reads what it printed.
func run(ctx context.Context, m *model.Model, fix Fix, all bool, options []string) (outcome, error) {
	dir, err := os.MkdirTemp("", "chessmodel-minizinc")
	if err != nil {
		return outcome{}, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "model.mzn")
	var text bytes.Buffer
	tour, err := write(&text, m, fix, !all)
	if err != nil {
		return outcome{}, err
	}
	if err := os.WriteFile(file, text.Bytes(), 0o644); err != nil {
		return outcome{}, err
	}
	limit := timeLimit(ctx)
	args := append([]string{"--solver", Solver}, limit...)
	if all {
		args = append(args, "--all-solutions")
	}
	args = append(append(args, options...), file)
	cmd := exec.CommandContext(ctx, Tool, args...)
	reaped := procgroup.Own(cmd, termGrace)
	// minizinc's own files (the FlatZinc it compiles, 2.6 MB for queens
	// domination on 14x14) go to dir too, removed whatever ends minizinc.
	cmd.Env = append(os.Environ(), "TMPDIR="+dir)
	cmd.WaitDelay = waitDelay
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, runErr := cmd.Output()
	reaped()
	out, err := parse(stdout, tour)
	// A satisfaction solve is answered by its first solution (minizinc then
	// prints no "=========="); an optimisation or an --all-solutions run
	// only when complete.
	needComplete := all || m.Kind == model.KindPlace && m.Objective.Sense != model.Fixed && !fix.Set
	answered := out.unsat || out.complete || !needComplete && len(out.solutions) > 0
	if err == nil && limit != nil && !answered && ctx.Err() == nil {
		<-ctx.Done() // stopped by the time limit set for the deadline: callers see the timeout
	}
	if ctx.Err() != nil {
		out.stopped = true
		return out, nil
	}
	if err == nil && runErr != nil {
		err = runErr
	}
	if err != nil {
		return out, fmt.Errorf("%s: %v: %.400s", Tool, err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// timeLimit asks minizinc to stop a little before ctx's deadline (a tenth
// of the time left, at least half a second), so that it prints what it has.
func timeLimit(ctx context.Context) []string {
	deadline, ok := ctx.Deadline()
	if !ok {
		return nil
	}
	left := time.Until(deadline)
	ms := (left - max(left/10, 500*time.Millisecond)).Milliseconds()
	if ms < 100 {
		ms = 100
	}
	return []string{"--time-limit", strconv.FormatInt(ms, 10)}
}

// parse reads minizinc's standard output: a "pieces:" line per solution
// (a "succ:" line for a tour),
// each closed by "----------", then "==========" when the search is
// complete, or one of the ===== status lines.
func parse(stdout []byte, tour *tourData) (outcome, error) {
	var out outcome
	var cur *model.Solution
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	sc.Buffer(make([]byte, 1<<16), 64<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(text, "pieces:"):
			sol, err := parsePieces(strings.TrimPrefix(text, "pieces:"))
			if err != nil {
				return out, fmt.Errorf("output line %d: %w", line, err)
			}
			cur = &sol
		case strings.HasPrefix(text, "succ:") && tour != nil:
			sol, err := tour.decode(strings.TrimPrefix(text, "succ:"))
			if err != nil {
				return out, fmt.Errorf("output line %d: %w", line, err)
			}
			cur = &sol
		case text == "----------":
			if cur == nil {
				return out, fmt.Errorf("output line %d: a solution separator without a solution", line)
			}
			out.solutions = append(out.solutions, *cur)
			cur = nil
		case text == "==========":
			out.complete = true
		case text == "=====UNSATISFIABLE=====":
			out.unsat, out.complete = true, true
		case text == "=====UNKNOWN=====":
			out.stopped = true
		case strings.HasPrefix(text, "====="):
			return out, fmt.Errorf("output line %d: %s", line, text)
		}
	}
	return out, sc.Err()
}

// parsePieces reads " queen@a1 knight@c3 #d4" (#: a free wall) into a placement.
func parsePieces(text string) (model.Solution, error) {
	sol := model.Solution{Pieces: []model.Placed{}}
	for _, f := range strings.Fields(text) {
		if name, ok := strings.CutPrefix(f, "#"); ok {
			s, err := model.ParseSquare(name)
			if err != nil {
				return sol, err
			}
			sol.Walls = append(sol.Walls, s)
			continue
		}
		piece, square, ok := strings.Cut(f, "@")
		if !ok {
			return sol, fmt.Errorf("%q is not piece@square", f)
		}
		s, err := model.ParseSquare(square)
		if err != nil {
			return sol, err
		}
		sol.Pieces = append(sol.Pieces, model.Placed{Piece: piece, Square: s})
	}
	sol.Normalize()
	return sol, nil
}

package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chessmodel/chessmodel/exact/slide"
	"github.com/chessmodel/chessmodel/model"
)

// count --sizes and solve --sizes: the task on square boards of each size,
// one row per size, as explore --sizes tabulates slides. A placement or a
// tour is resized as --set board=N resizes it (after the other --set
// overrides: a board written as a mapping keeps its wrap, walls and
// weights, and "n queen" follows the board); a slide as explore resizes it
// (slide.Resize: its squares keep their place by the nearest edge or the
// centre). A size the model does not fit (a start square off the board, a
// weights grid of another size) is a row that says why, as explore's
// skipped rows do.
//
// count --vary and solve --vary: the same table over the values of one
// --set override instead of the board sizes. Its value holds one range in
// braces, {A..B} or {A..B:STEP}, and each row is the model with the
// override whose braces are replaced by one number of the range (after the
// other --set overrides): --set board=9 --vary 'place=[{10..25} queen]'
// gives the least walls for each number of queens on 9x9 of a model whose
// walls are free. Anything --set can change can vary: a piece count, the
// board's size or shape, a fixed piece's square.
//
// --timeout bounds the whole table; --row-timeout bounds each row alone: a
// row it stops shows what was found (a solve's verified solution, as
// feasible, or unknown) with the note, the next rows are answered, and the
// table exits 3 at its end.

// A sizeRow is one size of the table, as --json prints it.
type sizeRow struct {
	Size    int          `json:"size,omitempty"` // --sizes
	Set     string       `json:"set,omitempty"`  // --vary: the override of this row
	Model   string       `json:"model,omitempty"`
	Status  model.Status `json:"status"`
	Value   *int64       `json:"value,omitempty"`
	Count   *int64       `json:"count,omitempty"`
	Classes *int64       `json:"classes,omitempty"`
	Seconds float64      `json:"seconds"`
	Nodes   int64        `json:"nodes,omitempty"`
	// Skipped says why the size has no answer: the model does not fit it,
	// or the backend refused it (then the status is unknown).
	Skipped string `json:"skipped,omitempty"`
	// limited: the backend stopped at a limit of its own (Skipped says
	// which), after it began: the row is shown, with the note
	limited bool
	label   string // the row's first column: the board, or --vary's number
}

// checkSizesFlags refuses what --sizes and --oeis do not go with.
func checkSizesFlags(f *taskFlags, paths []string) error {
	bad := func(format string, args ...any) error {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf(format, args...)}
	}
	switch {
	case f.oeis && f.sizes == "" && f.vary == "":
		return bad("--oeis prints the terms of a --sizes or --vary table; give --sizes A..B")
	case f.sizes != "" && f.vary != "":
		return bad("--sizes and --vary: a table varies one thing; vary the size with --vary 'board={A..B}' and set the rest with --set")
	case f.sizes == "" && f.vary == "":
		return nil
	}
	flag := "--sizes"
	if f.vary != "" {
		flag = "--vary"
	}
	switch {
	case len(paths) != 1:
		return bad("%s makes a table of one model, not %d", flag, len(paths))
	case f.shard.active():
		return bad("%s and --shard or --shards: split the task of one row, with --set", flag)
	case f.intermediate:
		return bad("%s and --intermediate: a table shows each row's answer only", flag)
	case f.stats:
		return bad("%s and --stats: a table shows each row's answer only; ask one row with --set and --stats", flag)
	}
	return nil
}

// checkRowTimeout refuses --row-timeout without a table, or below zero.
func checkRowTimeout(f *taskFlags) error {
	switch {
	case f.rowTimeout < 0:
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--row-timeout %v: expected a duration from 0 (0: no bound)", f.rowTimeout)}
	case f.rowTimeout > 0 && f.sizes == "" && f.vary == "":
		return &ExitError{Code: ExitBadInput, Err: errors.New("--row-timeout bounds each row of a --sizes or --vary table; bound one task with --timeout")}
	}
	return nil
}

// A tableRow is one row to answer: its label and, for --vary, its
// override.
type tableRow struct {
	size  int    // --sizes
	set   string // --vary
	label string
}

// parseVary reads the value of --vary, KEY=...{A..B}... or with :STEP in
// the braces, into one row per number of the range: the override with the
// number in place of the braces, labelled by the number.
func parseVary(s string) ([]tableRow, error) {
	bad := func(why string) error {
		return fmt.Errorf("--vary %q: %s; expected an override with one range in braces, like 'place=[{9..16} queen]'", s, why)
	}
	key, _, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(key) == "" {
		return nil, bad("no key=value")
	}
	open := strings.Index(s, "{")
	end := strings.Index(s, "}")
	if open < 0 || end < open || strings.Count(s, "{") != 1 || strings.Count(s, "}") != 1 || open < len(key) {
		return nil, bad("not one {A..B} in the value")
	}
	rng := s[open+1 : end]
	lo, hi, ok := strings.Cut(strings.SplitN(rng, ":", 2)[0], "..")
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	step := 1
	var err3 error
	if _, stepText, hasStep := strings.Cut(rng, ":"); hasStep {
		step, err3 = strconv.Atoi(strings.TrimSpace(stepText))
	}
	if !ok || err1 != nil || err2 != nil || err3 != nil || a < 0 || b < a || step < 1 {
		return nil, bad(fmt.Sprintf("{%s} is no range A..B or A..B:STEP with 0 <= A <= B", rng))
	}
	if (b-a)/step >= maxVaryRows {
		return nil, bad(fmt.Sprintf("{%s} has more than %d values", rng, maxVaryRows))
	}
	var out []tableRow
	for i := 0; i <= (b-a)/step; i++ { // counted, not v += step: no overflow at the top of int
		v := a + i*step
		out = append(out, tableRow{set: s[:open] + strconv.Itoa(v) + s[end+1:], label: strconv.Itoa(v)})
	}
	return out, nil
}

// maxVaryRows bounds the rows of one --vary table: each is a model parsed
// and solved, and a range written by mistake (0..1000000000) should be
// refused at once, not begun.
const maxVaryRows = 10000

// tableRows are the rows of --sizes or --vary.
func tableRows(f *taskFlags) ([]tableRow, error) {
	if f.vary != "" {
		return parseVary(f.vary)
	}
	var rows []tableRow
	sizes, err := parseSizes(f.sizes)
	if err != nil {
		return nil, err
	}
	for _, n := range sizes {
		rows = append(rows, tableRow{size: n, label: fmt.Sprintf("%dx%d", n, n)})
	}
	return rows, nil
}

// runSizes does the task on the model resized to each size of --sizes, or
// changed by each override of --vary.
func runSizes(ctx context.Context, g *globals, streams Streams, task model.Task, f *taskFlags, solver model.Solver, path string) error {
	rows, err := tableRows(f)
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	data, name, err := g.readModelText(ctx, path)
	if err != nil {
		return err
	}
	m, err := model.Parse(data, name, g.overrides...)
	if err != nil {
		return inputError(err, "model")
	}
	if m.Kind == model.KindSlide && task != model.TaskSolve {
		return &ExitError{Code: ExitUnsupported, Err: fmt.Errorf("%s: a slide is solved, not counted: its answer is the least number of moves (solve --sizes, or explore --sizes)", m.Name)}
	}
	resize := func(t tableRow) (*model.Model, error) {
		over := "board=" + strconv.Itoa(t.size)
		switch {
		case t.set != "":
			over = t.set
		case m.Kind == model.KindSlide:
			return slide.Resize(m, t.size)
		}
		return model.Parse(data, name, append(append([]string(nil), g.overrides...), over)...)
	}
	ctx, cancel := g.context(ctx)
	defer cancel()
	progress := newProgress(streams.Err)
	defer progress.done()
	table := sizesTable{w: streams.Out, asJSON: g.json, oeis: f.oeis, task: task, symmetry: f.symmetry, vary: f.vary}
	table.header(m, solver.Name())
	var worst error
	for _, t := range rows {
		row := sizeRow{Size: t.size, Set: t.set, Status: model.StatusUnknown, label: t.label}
		r, err := resize(t)
		if err != nil {
			row.Skipped = oneLine(err)
			if err := table.add(row); err != nil {
				return err
			}
			continue
		}
		row.Model = r.Name
		opts := f.options(g, task, progress.update)
		progress.update(-1, t.label)
		rowCtx, rowCancel := ctx, context.CancelFunc(func() {})
		if f.rowTimeout > 0 {
			rowCtx, rowCancel = context.WithTimeout(ctx, f.rowTimeout)
		}
		res, err := model.Run(rowCtx, solver, r, opts)
		rowStopped := ctx.Err() == nil && rowCtx.Err() != nil
		rowCancel()
		progress.clear()
		if rowStopped && (err != nil || res.Stopped) {
			// this row's own bound: the row says so, the next are answered
			note := fmt.Sprintf("stopped by --row-timeout %v", f.rowTimeout)
			if err == nil {
				row.Status, row.Value = res.Status, res.Value
				row.Seconds, row.Nodes = res.Stats.Seconds, res.Stats.Nodes
			}
			row.Skipped, row.limited = note, true
			worst = moreSerious(worst, &ExitError{Code: ExitTimeout, Err: fmt.Errorf("%s: some rows were %s; what was found is shown", m.Name, note)})
			if err := table.add(row); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			err = classify(err)
			if code := ExitCode(err); code == ExitTimeout || code == ExitInterrupted {
				table.stop(streams.Err)
				return moreSerious(err, worst)
			}
			// refused at this size (unsupported, above --max-memory) or
			// failed: the row says so, the other sizes are answered
			row.Skipped = oneLine(unwrapExit(err))
			worst = moreSerious(worst, &ExitError{Code: ExitCode(err)})
			if err := table.add(row); err != nil {
				return err
			}
			continue
		}
		row.Status, row.Value, row.Count, row.Classes = res.Status, res.Value, res.Count, res.Classes
		row.Seconds, row.Nodes = res.Stats.Seconds, res.Stats.Nodes
		if res.Stopped {
			// a solve keeps its verified solution's value, as feasible;
			// what a count counted so far is no term
			row.Count, row.Classes = nil, nil
			if limit := res.Stats.Limit; limit != "" && ctx.Err() == nil {
				row.Skipped, row.limited = limit, true // the backend's own limit: another backend may answer
				worst = moreSerious(worst, &ExitError{Code: ExitUnsupported})
				if err := table.add(row); err != nil {
					return err
				}
				continue
			}
		}
		if err := table.add(row); err != nil {
			return err
		}
		if res.Stopped {
			table.stop(streams.Err)
			return moreSerious(stopped(ctx, g, "at "+t.label), worst)
		}
	}
	progress.done()
	if err := table.end(streams.Err); err != nil {
		return err
	}
	return worst
}

// readModelText reads a model's text, from a file or standard input, to
// parse it once per size.
func (g *globals) readModelText(ctx context.Context, path string) ([]byte, string, error) {
	if path == "-" {
		data, err := readStdin(ctx, g, "model", func(r io.Reader) ([]byte, error) {
			return model.ReadLimited(r, "stdin", model.MaxFileBytes)
		})
		return data, "stdin", err
	}
	data, err := model.ReadFile(path, model.MaxFileBytes)
	return data, path, inputError(err, "model")
}

// oneLine is an error's message on one line, for a row's note.
func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// sizesTable prints the rows of --sizes: a table, JSON lines, or with
// --oeis the terms.
type sizesTable struct {
	w             io.Writer
	asJSON, oeis  bool
	task          model.Task
	symmetry      bool
	vary          string // --vary's value, for the header
	name          string
	terms, orbits []int64 // --oeis: the counts (or values) and classes so far
	gap           string  // --oeis: why the terms stop, at the first size without one
}

func (t *sizesTable) header(m *model.Model, backend string) {
	t.name = m.Name
	if t.asJSON || t.oeis {
		return
	}
	what := "count"
	if t.task == model.TaskSolve {
		what = "solve"
	}
	by, first := "board size", "board"
	if t.vary != "" {
		by, first = t.vary, "{}"
	}
	fmt.Fprintf(t.w, "%s: %s by %s (%s backend)\n%6s  %-10s %6s %14s %12s %10s\n", m.Name, what, by, backend, first, "status", "value", "count", "classes", "time")
}

func (t *sizesTable) add(r sizeRow) error {
	board := r.label
	if t.oeis {
		t.term(r, board)
		return nil
	}
	if t.asJSON {
		return writeJSON(t.w, r)
	}
	if r.Skipped != "" && !r.limited {
		_, err := fmt.Fprintf(t.w, "%6s  skipped: %s\n", board, r.Skipped)
		return err
	}
	num := func(p *int64) string {
		if p == nil {
			return "-"
		}
		return strconv.FormatInt(*p, 10)
	}
	note := ""
	if r.Skipped != "" {
		note = "  " + r.Skipped // a backend's limit
	}
	_, err := fmt.Fprintf(t.w, "%6s  %-10s %6s %14s %12s %9.3fs%s\n", board, r.Status, num(r.Value), num(r.Count), num(r.Classes), r.Seconds, note)
	return err
}

// term takes a row's term for --oeis: the count (solve: the value), and
// with --symmetry the classes; the first size without one ends the terms.
func (t *sizesTable) term(r sizeRow, board string) {
	if t.gap != "" {
		return
	}
	v := r.Count
	if t.task == model.TaskSolve {
		v = r.Value
		if r.Status != model.StatusOptimal && r.Status != model.StatusSatisfied {
			v = nil // a value not proven optimal is no term
		}
	}
	switch {
	case r.Skipped != "":
		t.gap = fmt.Sprintf("%s: %s", board, r.Skipped)
	case v == nil:
		t.gap = fmt.Sprintf("%s: %s, no term", board, r.Status)
	case t.symmetry && t.task == model.TaskCount && r.Classes == nil:
		t.gap = fmt.Sprintf("%s: no classes", board)
	default:
		t.terms = append(t.terms, *v)
		if t.symmetry && t.task == model.TaskCount {
			t.orbits = append(t.orbits, *r.Classes)
		}
	}
}

// stop prints the terms found before the work was cut short.
func (t *sizesTable) stop(stderr io.Writer) {
	if t.oeis && t.gap == "" {
		t.gap = "stopped before the next size"
	}
	_ = t.end(stderr)
}

// end prints the terms of --oeis: one line of counts (solve: values) and,
// with --symmetry, one of classes; why they stop, if they stop before the
// last size, goes to standard error.
func (t *sizesTable) end(stderr io.Writer) error {
	if !t.oeis {
		return nil
	}
	if t.gap != "" {
		fmt.Fprintf(stderr, "chessmodel: %s: the terms stop at %s\n", t.name, t.gap)
	}
	if t.asJSON {
		out := struct {
			Model   string  `json:"model"`
			Terms   []int64 `json:"terms"`
			Classes []int64 `json:"classes,omitempty"`
		}{t.name, t.terms, t.orbits}
		if out.Terms == nil {
			out.Terms = []int64{}
		}
		return writeJSON(t.w, out)
	}
	line := func(v []int64) string {
		var s []string
		for _, x := range v {
			s = append(s, strconv.FormatInt(x, 10))
		}
		return strings.Join(s, ", ")
	}
	_, err := fmt.Fprintln(t.w, line(t.terms))
	if err == nil && t.symmetry && t.task == model.TaskCount {
		_, err = fmt.Fprintln(t.w, line(t.orbits))
	}
	return err
}

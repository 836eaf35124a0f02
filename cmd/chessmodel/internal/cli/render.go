package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // DecodeConfig of the pictures written
	_ "image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/render"
)

// renderFlags are render's flags.
type renderFlags struct {
	output        string
	solution      string
	frames        string
	attacks       bool
	size          int
	noCoordinates bool
	delay         time.Duration
	solve         bool
	all           bool
	symmetry      bool
	backend       string
}

// renderOutput is render's JSON output.
type renderOutput struct {
	Model  string `json:"model"`
	Output string `json:"output"`
	Format string `json:"format"`
	Frames int    `json:"frames,omitempty"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
	Bytes  int    `json:"bytes"`
	// Status and Value are those of --solve's answer.
	Status string `json:"status,omitempty"`
	Value  *int64 `json:"value,omitempty"`
}

func newRenderCommand(g *globals, streams Streams) *cobra.Command {
	f := &renderFlags{}
	cmd := &cobra.Command{
		Use:   "render MODEL.yaml -o OUT.svg|OUT.png|OUT.gif",
		Short: "Draw the model or a solution as SVG, PNG or animated GIF",
		Long: `render draws the board of a model — walls, squares not on the board, fixed
pieces — and, with --solution, a solution of it: the placed pieces, the path
of a tour, or the start position of a slide with an arrow for each move; a
game is drawn as its start position with the goal squares ringed.
The format follows the extension of -o: .svg, .png or .gif.

A GIF of one tour shows the path growing; of one slide, the moves one by
one. --frames FILE.jsonl (one JSON result or solution per line, as
"chessmodel enumerate" prints) makes a GIF with one frame per solution.
Solutions are checked and drawn even when invalid, with a warning.

Whether the picture can be drawn is decided before any solution is read or
found: its size, and its memory, estimated from its pixels or its SVG text,
against --max-memory (exit 2 above it). --timeout and signals stop the
drawing too; the picture is written only when complete. A --solve that
--timeout stops with a solution verified by the checker draws that best
solution, with a --timeout of its own for the drawing, says it is not
proved optimal and exits 3; stopped before any solution, it writes nothing.`,
		Example: `  chessmodel render testdata/models/blocked-3w-value11.yaml --solve -o board.png
  chessmodel render testdata/models/eight-queens.yaml --all --symmetry -o twelve.gif
  chessmodel render testdata/models/knights-tour.yaml --solution testdata/solutions/knights-tour-seed.json -o tour.svg
  chessmodel enumerate --limit 10 testdata/models/amazons.yaml | chessmodel render testdata/models/amazons.yaml --frames - -o ten.gif`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRender(cmd.Context(), g, streams, f, args[0])
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.output, "output", "o", "", "the picture to write: OUT.svg, OUT.png or OUT.gif (required)")
	deprecatedAlias(cmd, "out", "output")
	fl.StringVar(&f.solution, "solution", "", `a solution to draw: JSON, the "solution" object or a whole result; - reads standard input`)
	fl.StringVar(&f.frames, "frames", "", "solutions to animate, one JSON result or solution per line (GIF only); - reads standard input")
	fl.BoolVar(&f.attacks, "attacks", false, "shade the squares the pieces attack")
	fl.IntVar(&f.size, "size", render.DefaultSize, fmt.Sprintf("the board's longer side in pixels (%d to %d)", render.MinSize, render.MaxSize))
	fl.BoolVar(&f.noCoordinates, "no-coordinates", false, "leave out the file letters and rank numbers")
	durationVar(fl, &f.delay, "delay", 0, "GIF: how long each frame shows, e.g. 500ms (0: chosen by the kind of animation)")
	fl.BoolVar(&f.solve, "solve", false, "solve the model with --backend and draw the solution")
	fl.BoolVar(&f.all, "all", false, "GIF: enumerate every (optimal) solution with --backend, one per frame")
	fl.BoolVar(&f.symmetry, "symmetry", false, "with --all: one frame per class up to the model's symmetry")
	fl.StringVar(&f.backend, "backend", "exact", "the backend of --solve and --all: "+g.backends.names())
	completeValues(cmd, "backend", sortedKeys(g.backends)...)
	completeModels(cmd)
	return cmd
}

func runRender(ctx context.Context, g *globals, streams Streams, f *renderFlags, path string) error {
	format, err := f.pictureFormat()
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	m, err := g.loadModel(ctx, path)
	if err != nil {
		return err
	}
	opts := render.Options{Size: f.size, Attacks: f.attacks, NoCoordinates: f.noCoordinates, Delay: f.delay, MaxMemory: int64(g.maxMemory)}
	pic := pictureFormats[format]
	// Whether the picture can be drawn is known before any solution is
	// read or found: a tour's is as long as the board has open squares.
	check := render.Check(m, nil, pic, opts)
	if f.solve || f.all {
		check = render.CheckSolving(m, pic, opts)
	}
	if check != nil {
		return pictureError(check)
	}
	work, cancel := g.context(ctx)
	defer cancel()
	sols, best, err := pictureSolutions(work, g, streams, f, m)
	if err != nil {
		return err
	}
	cut := best != nil && best.Status == model.StatusFeasible && work.Err() != nil
	if cut {
		// The solve was cut with a verified solution: drawing it gets a
		// --timeout of its own, and signals still stop it.
		work, cancel = g.context(ctx)
		defer cancel()
	}
	ctx = work
	frames := 0
	if pic == render.FormatGIF {
		anim, err := render.Animation(m, sols, opts)
		if err != nil {
			return pictureError(err)
		}
		frames = len(anim)
	}
	size, err := writePicture(ctx, f.output, func(w io.Writer) error { return render.Draw(ctx, w, m, sols, pic, opts) })
	if ctx.Err() != nil {
		return drawingStopped(ctx, g)
	}
	if err != nil {
		return pictureError(err)
	}
	out := renderOutput{Model: m.Name, Output: f.output, Format: format, Frames: frames, Bytes: int(size)}
	if format != "svg" {
		out.Width, out.Height = pictureSize(f.output)
	}
	if best != nil {
		out.Status, out.Value = best.Status.String(), best.Value
	}
	if err := printPicture(streams.Out, out, g.json); err != nil {
		return err
	}
	if cut {
		return notProved(best, g)
	}
	return nil
}

// printPicture says what render wrote, and of a solution not proved
// optimal that it is not.
func printPicture(w io.Writer, out renderOutput, asJSON bool) error {
	if asJSON {
		return writeJSON(w, out)
	}
	fmt.Fprintf(w, "wrote %s", out.Output)
	if out.Width > 0 {
		fmt.Fprintf(w, ": %dx%d", out.Width, out.Height)
	}
	if out.Frames > 1 {
		fmt.Fprintf(w, ", %d frames", out.Frames)
	}
	if out.Status == model.StatusFeasible.String() && out.Value != nil {
		fmt.Fprintf(w, "; the best solution found, value %d, verified by the checker but not proved optimal", *out.Value)
	}
	fmt.Fprintln(w)
	return nil
}

// notProved is the error render exits with after drawing the best solution
// of a solve that --timeout stopped: exit status 3, as solve's.
func notProved(best *model.Result, g *globals) error {
	found := "the best solution found"
	if best.Value != nil {
		found += fmt.Sprintf(", value %d,", *best.Value)
	}
	return &ExitError{Code: ExitTimeout, Err: fmt.Errorf("stopped by --timeout %v before a complete answer: %s is drawn, verified by the checker but not proved optimal", g.timeout, found)}
}

// pictureFormat checks render's flags against each other and returns the
// format -o names: svg, png or gif.
func (f *renderFlags) pictureFormat() (string, error) {
	if f.output == "" {
		return "", fmt.Errorf("missing -o OUT.svg, OUT.png or OUT.gif: the picture to write")
	}
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(f.output)), ".")
	switch format {
	case "svg", "png", "gif":
	default:
		return "", fmt.Errorf("-o %s: unknown picture format %q; use a name ending in .svg, .png or .gif", f.output, filepath.Ext(f.output))
	}
	if f.solution != "" && f.frames != "" {
		return "", fmt.Errorf("--solution and --frames both given; draw one solution or animate several")
	}
	if f.frames != "" && format != "gif" {
		return "", fmt.Errorf("--frames makes an animation: write it to a .gif, not a .%s", format)
	}
	if f.solution == "-" && f.frames == "-" {
		return "", fmt.Errorf("only one of --solution and --frames can read standard input")
	}
	sources := 0
	for _, given := range []bool{f.solution != "", f.frames != "", f.solve, f.all} {
		if given {
			sources++
		}
	}
	if sources > 1 {
		return "", fmt.Errorf("give one of --solution, --frames, --solve and --all")
	}
	if f.all && format != "gif" {
		return "", fmt.Errorf("--all makes an animation: write it to a .gif, not a .%s", format)
	}
	if f.symmetry && !f.all {
		return "", fmt.Errorf("--symmetry goes with --all")
	}
	return format, nil
}

// pictureSolutions reads or finds the solutions to draw, as the flags
// say (none: the bare board), and warns of each the checker finds invalid.
// With --solve it returns the solve's result too (--all: none).
func pictureSolutions(ctx context.Context, g *globals, streams Streams, f *renderFlags, m *model.Model) ([]model.Solution, *model.Result, error) {
	var sols []model.Solution
	var res *model.Result
	switch {
	case f.solution != "":
		sol, err := readInput(ctx, g, f.solution, "solution", func(r io.Reader, name string) (*model.Solution, error) {
			return model.ReadSolution(r, name)
		})
		if err != nil {
			return nil, nil, err
		}
		sols = []model.Solution{*sol}
	case f.frames != "":
		frames, err := readInput(ctx, g, f.frames, "frames", readFrames)
		if err != nil {
			return nil, nil, err
		}
		sols = *frames
	case f.solve || f.all:
		var err error
		if sols, res, err = solveForPicture(ctx, g, m, f); err != nil {
			return nil, nil, err
		}
	}
	for i := range sols {
		if report := model.Check(m, &sols[i]); !report.Valid {
			which := "the solution"
			if f.frames != "" {
				which = fmt.Sprintf("solution %d", i+1)
			}
			fmt.Fprintf(streams.Err, "chessmodel: warning: %s is not valid (%s); drawn as given\n", which, strings.Join(report.Problems, "; "))
		}
	}
	return sols, res, nil
}

// drawingStopped is the error of a picture stopped by --timeout or a
// signal: nothing was written.
func drawingStopped(ctx context.Context, g *globals) error {
	why := "interrupted"
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		why = fmt.Sprintf("stopped by --timeout %v", g.timeout)
	}
	return fmt.Errorf("%s while drawing; no picture written: %w", why, ctx.Err())
}

// pictureFormats are render's formats by the extension of -o.
var pictureFormats = map[string]render.Format{"svg": render.FormatSVG, "png": render.FormatPNG, "gif": render.FormatGIF}

// pictureError gives a picture that cannot be drawn exit status 2: bad
// input (a size, a board too large to draw) or above --max-memory.
func pictureError(err error) error {
	if errors.Is(err, render.ErrSize) || errors.Is(err, render.ErrTooLarge) || errors.Is(err, model.ErrTooLarge) {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	return err
}

// writePicture writes a picture to a new file beside the output, renamed
// to it once complete: the picture streams to disk, and a picture stopped
// or refused midway leaves no partial file. It returns the bytes written.
func writePicture(ctx context.Context, output string, draw func(io.Writer) error) (int64, error) {
	tmp, err := os.CreateTemp(filepath.Dir(output), "."+filepath.Base(output)+".*")
	if err != nil {
		return 0, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot write the picture: %w", err)}
	}
	defer os.Remove(tmp.Name()) // after a rename, nothing
	counted := &countingWriter{w: tmp}
	buffered := bufio.NewWriterSize(stopWriter{ctx, counted}, 1<<16)
	err = draw(buffered)
	if err == nil {
		err = buffered.Flush()
	}
	if cerr := tmp.Close(); err == nil && cerr != nil {
		err = &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot write the picture: %w", cerr)}
	}
	if err != nil {
		return 0, err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return 0, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot write the picture: %w", err)}
	}
	if err := os.Rename(tmp.Name(), output); err != nil {
		return 0, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot write the picture: %w", err)}
	}
	return counted.n, nil
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// pictureSize reads the width and height from a PNG or GIF file's header.
func pictureSize(file string) (width, height int) {
	fh, err := os.Open(file)
	if err != nil {
		return 0, 0
	}
	defer fh.Close()
	cfg, _, err := image.DecodeConfig(fh)
	if err != nil {
		return 0, 0
	}
	return cfg.Width, cfg.Height
}

// readFrames reads one JSON result or solution per line, skipping blank
// lines and results that carry no solution (a count, a summary).
func readFrames(r io.Reader, name string) (*[]model.Solution, error) {
	var sols []model.Solution
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var probe map[string]json.RawMessage
		if json.Unmarshal(text, &probe) == nil && !hasSolution(probe) {
			continue
		}
		sol, err := model.ReadSolution(bytes.NewReader(text), name)
		if err != nil {
			var located *model.Error
			if errors.As(err, &located) {
				located.Line = line
			}
			return nil, err
		}
		sols = append(sols, *sol)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(sols) == 0 {
		return nil, fmt.Errorf("%s: no solutions in it; expected one JSON result or solution per line", name)
	}
	return &sols, nil
}

func hasSolution(fields map[string]json.RawMessage) bool {
	for _, k := range []string{"solution", "pieces", "walls", "squares", "moves"} {
		if v, ok := fields[k]; ok && string(bytes.TrimSpace(v)) != "null" {
			return true
		}
	}
	return false
}

// solveForPicture asks a backend for the solution (--solve) or every
// solution, or one per class (--all, --symmetry) to draw; each is verified.
// A solve cut short with a verified solution draws it, feasible: the
// result returned says so.
func solveForPicture(ctx context.Context, g *globals, m *model.Model, f *renderFlags) ([]model.Solution, *model.Result, error) {
	solver, err := g.backend(f.backend)
	if err != nil {
		return nil, nil, err
	}
	var sols []model.Solution
	opts := g.options(model.TaskSolve)
	if f.all {
		canon := m.CanonicalFunc()
		seen := map[string]bool{}
		opts.Task = model.TaskEnumerate
		opts.Emit = func(s model.Solution) error {
			if f.symmetry {
				key := canon(s).Key()
				if seen[key] {
					return nil
				}
				seen[key] = true
			}
			if report := model.Check(m, &s); !report.Valid {
				return &model.InvalidSolutionError{Backend: solver.Name(), Problems: report.Problems}
			}
			if len(sols) == render.MaxFrames {
				return fmt.Errorf("more than %d solutions: too many frames for one GIF", render.MaxFrames)
			}
			sols = append(sols, s)
			return nil
		}
	}
	// Run verifies the solution, and a solve stopped with a verified one
	// is feasible (satisfied without an objective): it is drawn.
	res, err := model.Run(ctx, solver, m, opts)
	if err != nil {
		return nil, nil, &ExitError{Code: ExitBadInput, Err: err}
	}
	if res.Status == model.StatusUnknown {
		return nil, nil, nothingDrawn(ctx, g)
	}
	if f.all {
		return sols, nil, nil
	}
	if res.Solution == nil {
		return nil, nil, &ExitError{Code: ExitNegative, Err: fmt.Errorf("%s: %s, nothing to draw", m.Name, res.Status)}
	}
	return []model.Solution{*res.Solution}, res, nil
}

// nothingDrawn is the error of a solve for a picture cut short before a
// solution to draw was found: exit status 3, 130 or 143, and no picture.
func nothingDrawn(ctx context.Context, g *globals) error {
	err := stopped(ctx, g, "")
	var exit *ExitError
	if errors.As(err, &exit) && ctx.Err() != nil {
		what, _, _ := strings.Cut(exit.Err.Error(), ";")
		exit.Err = fmt.Errorf("%s; no picture written", what)
	}
	return err
}

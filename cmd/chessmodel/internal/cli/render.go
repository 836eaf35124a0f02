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
}

func newRenderCommand(g *globals, streams Streams) *cobra.Command {
	f := &renderFlags{}
	cmd := &cobra.Command{
		Use:   "render MODEL.yaml -o OUT.svg|OUT.png|OUT.gif",
		Short: "Draw the model or a solution as SVG, PNG or animated GIF",
		Long: `render draws the board of a model — walls, squares not on the board, fixed
pieces — and, with --solution, a solution of it: the placed pieces, the path
of a tour, or the start position of a slide with an arrow for each move.
The format follows the extension of -o: .svg, .png or .gif.

A GIF of one tour shows the path growing; of one slide, the moves one by
one. --frames FILE.jsonl (one JSON result or solution per line, as
"chessmodel enumerate" prints) makes a GIF with one frame per solution.
Solutions are checked and drawn even when invalid, with a warning.`,
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
	fl.DurationVar(&f.delay, "delay", 0, "GIF: how long each frame shows, e.g. 500ms (0: chosen by the kind of animation)")
	fl.BoolVar(&f.solve, "solve", false, "solve the model with --backend and draw the solution")
	fl.BoolVar(&f.all, "all", false, "GIF: enumerate every (optimal) solution with --backend, one per frame")
	fl.BoolVar(&f.symmetry, "symmetry", false, "with --all: one frame per class up to the model's symmetry")
	fl.StringVar(&f.backend, "backend", "exact", "the backend of --solve and --all: "+g.backends.names())
	completeValues(cmd, "backend", sortedKeys(g.backends)...)
	completeModels(cmd)
	return cmd
}

func runRender(ctx context.Context, g *globals, streams Streams, f *renderFlags, path string) error {
	bad := func(format string, args ...any) error {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf(format, args...)}
	}
	if f.output == "" {
		return bad("missing -o OUT.svg, OUT.png or OUT.gif: the picture to write")
	}
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(f.output)), ".")
	switch format {
	case "svg", "png", "gif":
	default:
		return bad("-o %s: unknown picture format %q; use a name ending in .svg, .png or .gif", f.output, filepath.Ext(f.output))
	}
	if f.solution != "" && f.frames != "" {
		return bad("--solution and --frames both given; draw one solution or animate several")
	}
	if f.frames != "" && format != "gif" {
		return bad("--frames makes an animation: write it to a .gif, not a .%s", format)
	}
	if f.solution == "-" && f.frames == "-" {
		return bad("only one of --solution and --frames can read standard input")
	}
	sources := 0
	for _, given := range []bool{f.solution != "", f.frames != "", f.solve, f.all} {
		if given {
			sources++
		}
	}
	if sources > 1 {
		return bad("give one of --solution, --frames, --solve and --all")
	}
	if f.all && format != "gif" {
		return bad("--all makes an animation: write it to a .gif, not a .%s", format)
	}
	if f.symmetry && !f.all {
		return bad("--symmetry goes with --all")
	}
	m, err := g.loadModel(ctx, path)
	if err != nil {
		return err
	}
	var sols []model.Solution
	switch {
	case f.solution != "":
		sol, err := readInput(ctx, g, f.solution, "solution", func(r io.Reader, name string) (*model.Solution, error) {
			return model.ReadSolution(r, name)
		})
		if err != nil {
			return err
		}
		sols = []model.Solution{*sol}
	case f.frames != "":
		frames, err := readInput(ctx, g, f.frames, "frames", readFrames)
		if err != nil {
			return err
		}
		sols = *frames
	case f.solve || f.all:
		if sols, err = solveForPicture(ctx, g, m, f); err != nil {
			return err
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

	opts := render.Options{Size: f.size, Attacks: f.attacks, NoCoordinates: f.noCoordinates, Delay: f.delay}
	var picture bytes.Buffer
	frames := 0
	switch format {
	case "svg", "png":
		var sol *model.Solution
		if len(sols) > 0 {
			sol = &sols[0]
		}
		if format == "svg" {
			err = render.SVG(&picture, m, sol, opts)
		} else {
			err = render.PNG(&picture, m, sol, opts)
		}
	case "gif":
		var anim []render.Frame
		if anim, err = render.Animation(m, sols, opts); err == nil {
			frames = len(anim)
			err = render.GIF(&picture, m, sols, opts)
		}
	}
	if errors.Is(err, render.ErrSize) || errors.Is(err, render.ErrTooLarge) {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(f.output, picture.Bytes(), 0o644); err != nil {
		return bad("cannot write the picture: %w", err)
	}

	out := renderOutput{Model: m.Name, Output: f.output, Format: format, Frames: frames, Bytes: picture.Len()}
	if format != "svg" {
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(picture.Bytes())); err == nil {
			out.Width, out.Height = cfg.Width, cfg.Height
		}
	}
	if g.json {
		return writeJSON(streams.Out, out)
	}
	fmt.Fprintf(streams.Out, "wrote %s", out.Output)
	if out.Width > 0 {
		fmt.Fprintf(streams.Out, ": %dx%d", out.Width, out.Height)
	}
	if frames > 1 {
		fmt.Fprintf(streams.Out, ", %d frames", frames)
	}
	fmt.Fprintln(streams.Out)
	return nil
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
func solveForPicture(ctx context.Context, g *globals, m *model.Model, f *renderFlags) ([]model.Solution, error) {
	solver, err := g.backend(f.backend)
	if err != nil {
		return nil, err
	}
	ctx, cancel := g.context(ctx)
	defer cancel()
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
	res, err := solver.Solve(ctx, m, opts)
	if err != nil {
		return nil, &ExitError{Code: ExitBadInput, Err: err}
	}
	if err := model.Verify(m, res); err != nil {
		return nil, &ExitError{Code: ExitBadInput, Err: err}
	}
	if res.Status == model.StatusUnknown {
		return nil, stopped(ctx, g, "")
	}
	if !f.all {
		if res.Solution == nil {
			return nil, &ExitError{Code: ExitNegative, Err: fmt.Errorf("%s: %s, nothing to draw", m.Name, res.Status)}
		}
		sols = []model.Solution{*res.Solution}
	}
	return sols, nil
}

package cli

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/exact/slide"
	"github.com/chessmodel/chessmodel/model"
)

// exploreFlags are the flags of explore.
type exploreFlags struct {
	noComponents    bool
	sizes           string
	checkpoint      string
	checkpointEvery time.Duration
}

func newExploreCommand(g *globals, streams Streams) *cobra.Command {
	f := &exploreFlags{}
	cmd := &cobra.Command{
		Use:   "explore MODEL.yaml",
		Short: "The state graph of a sliding model: states, orbits, distances, farthest states, components",
		Long: `explore walks the whole state graph of a slide model: the states and orbits
(under the model's symmetry group) in all and reachable from the start, the
least number of moves to the goal, the number of states at each distance,
the farthest states, and the strongly connected components of the whole
graph (the largest, the next largest, the singletons, and whether the
components not reachable from the start are all singletons).

On a game model it strongly solves every position (retrograde analysis);
--checkpoint DIR runs that analysis in parts: it saves where it stands in
DIR every --checkpoint-every and when stopped (Ctrl-C, --timeout), appends
a line for each save to DIR/parts.jsonl, and a later run with the same DIR
resumes where the last one saved.

With --sizes A..B (or A..B:STEP) it prints instead a table of the least
number of moves on square boards of each size, found by bidirectional
search: the start and goal squares keep their place relative to the nearest
edge or the centre (corners stay corners, the centre stays the centre).

--max-memory bounds the search's tables; without it, CHESSMODEL_MEMORY, else
three quarters of the available memory. (--memory is an old name of
--max-memory.)`,
		Example: `  chessmodel explore testdata/models/sliding-rooks.yaml
  chessmodel explore testdata/models/sliding-queens.yaml --json
  chessmodel explore testdata/models/sliding-rooks.yaml --sizes 2..16:2`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runExplore(cmd.Context(), g, streams, f, args[0])
		},
	}
	cmd.Flags().BoolVar(&f.noComponents, "no-components", false, "skip the strongly connected components (they need 4 bytes per state)")
	// --memory was explore's own bound before --max-memory bounded every
	// command; it sets the same value.
	deprecatedFlag(cmd, "memory", &g.maxMemory, "--max-memory")
	cmd.Flags().StringVar(&f.sizes, "sizes", "", "a table over square boards: A..B or A..B:STEP, e.g. 2..24:2")
	cmd.Flags().StringVar(&f.checkpoint, "checkpoint", "", "a game's analysis in parts: save where it stands in `DIR` (every --checkpoint-every and when stopped) and resume from it")
	cmd.Flags().DurationVar(&f.checkpointEvery, "checkpoint-every", 30*time.Minute, "how often --checkpoint saves (0: only when stopped)")
	return cmd
}

func runExplore(ctx context.Context, g *globals, streams Streams, f *exploreFlags, path string) error {
	m, err := g.loadModel(ctx, path)
	if err != nil {
		return err
	}
	if m.Kind == model.KindGame {
		return runGameExplore(ctx, g, streams, f, m) // game.go
	}
	if f.checkpoint != "" {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("%s: --checkpoint saves the analysis of a game; this is a %s model", path, m.Kind)}
	}
	if m.Kind != model.KindSlide {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("%s: explore needs a slide model, this is a %s model", path, m.Kind)}
	}
	// --max-memory bounds the search's tables; without it, CHESSMODEL_MEMORY
	// or three quarters of the available memory (not the 512M default of
	// the other commands: the tables are the point of a slide search).
	opts := slide.Options{Memory: int64(g.maxMemory)}
	ctx, cancel := g.context(ctx)
	defer cancel()
	progress := newProgress(streams.Err)
	defer progress.done()
	opts.Progress = progress.update
	if f.sizes != "" {
		sizes, err := parseSizes(f.sizes)
		if err != nil {
			return &ExitError{Code: ExitBadInput, Err: err}
		}
		if !g.json {
			fmt.Fprintf(streams.Out, "%s: least moves by board size (bidirectional search)\n%6s %6s %10s %12s %10s\n", m.Name, "board", "moves", "seconds", "states", "memory")
		}
		err = slide.Table(ctx, m, sizes, opts, func(row slide.Row) error {
			progress.clear()
			if g.json {
				row.Solution = nil
				return writeJSON(streams.Out, row)
			}
			printRow(streams.Out, row)
			return nil
		})
		return exploreError(ctx, g, err)
	}
	rep, err := slide.Explore(ctx, m, slide.ExploreOptions{Options: opts, Components: !f.noComponents})
	progress.done()
	if err != nil {
		return exploreError(ctx, g, err)
	}
	if g.json {
		return writeJSON(streams.Out, rep)
	}
	printReport(streams.Out, rep)
	return nil
}

// exploreError maps the errors of explore to the CLI contract.
func exploreError(ctx context.Context, g *globals, err error) error {
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return stopped(ctx, g, "")
	}
	return err // classified by Run: too large, unsupported or failure
}

// parseSizes reads A..B or A..B:STEP.
func parseSizes(s string) ([]int, error) {
	bad := fmt.Errorf("--sizes %q: expected A..B or A..B:STEP with 1 <= A <= B, like 2..24:2", s)
	rng, stepText, hasStep := strings.Cut(s, ":")
	lo, hi, ok := strings.Cut(rng, "..")
	if !ok {
		return nil, bad
	}
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	step := 1
	var err3 error
	if hasStep {
		step, err3 = strconv.Atoi(strings.TrimSpace(stepText))
	}
	if err1 != nil || err2 != nil || err3 != nil || a < 1 || b < a || step < 1 {
		return nil, bad
	}
	if (b-a)/step >= maxVaryRows {
		return nil, fmt.Errorf("--sizes %q: more than %d sizes", s, maxVaryRows)
	}
	out := []int{a}
	for n := a; b-n >= step; { // b-n, not n+step: no overflow at the top of int
		n += step
		out = append(out, n)
	}
	return out, nil
}

func printRow(w io.Writer, r slide.Row) {
	moves := "-"
	if r.Moves >= 0 {
		moves = strconv.Itoa(r.Moves)
	}
	if r.Status == "skipped" {
		fmt.Fprintf(w, "%6s %6s  skipped: %s\n", fmt.Sprintf("%dx%d", r.Size, r.Size), moves, r.Note)
		return
	}
	note := ""
	if r.Status != "optimal" {
		note = "  " + r.Status
	}
	fmt.Fprintf(w, "%6s %6s %10.3f %12s %10s%s\n", fmt.Sprintf("%dx%d", r.Size, r.Size), moves, r.Seconds, group(uint64(r.Stored)), mib(r.Memory), note)
}

func printReport(w io.Writer, r *slide.Report) {
	fmt.Fprintf(w, "%s: %s board, %d %ss on %d open squares, symmetry group of order %d\n", r.Model, r.Board, r.Pieces, r.Piece, r.Squares, r.Symmetries)
	fmt.Fprintf(w, "states       %s in all, %s orbits\n", group(r.States), group(r.Orbits))
	fmt.Fprintf(w, "reachable    %s states, %s orbits from the start\n", group(r.ReachableStates), group(r.ReachableOrbits))
	if r.GoalDistance >= 0 {
		fmt.Fprintf(w, "goal         %d moves\n", r.GoalDistance)
	} else {
		fmt.Fprintln(w, "goal         unreachable")
	}
	var dist []string
	for _, l := range r.Distances {
		dist = append(dist, fmt.Sprintf("%d:%d", l.Distance, l.States))
	}
	fmt.Fprintf(w, "distances    (moves:states) %s\n", strings.Join(dist, " "))
	var ex []string
	for _, e := range r.FarthestExamples {
		var sq []string
		for _, s := range e {
			sq = append(sq, s.String())
		}
		ex = append(ex, strings.Join(sq, " "))
	}
	fmt.Fprintf(w, "farthest     %d moves: %s states in %s orbits, e.g. %s\n", r.Farthest, group(r.FarthestStates), group(r.FarthestOrbits), strings.Join(ex, "; "))
	if c := r.Components; c != nil {
		fmt.Fprintf(w, "components   %s: largest %s, next largest %s, %s singletons\n", group(c.Count), group(c.Largest), group(c.NextLargest), group(c.Singletons))
		same := "not all of the reachable states"
		if c.StartComponent == r.ReachableStates {
			same = "exactly the reachable states"
		}
		fmt.Fprintf(w, "start's      component of %s states: %s\n", group(c.StartComponent), same)
		singles := "all singletons"
		if !c.UnreachableSingletons {
			singles = fmt.Sprintf("not all singletons: the largest has %s states", group(c.LargestUnreachable))
		}
		fmt.Fprintf(w, "unreachable  %s states in %s components, %s\n", group(r.States-r.ReachableStates), group(c.UnreachableComponents), singles)
	}
	fmt.Fprintf(w, "  exact backend, %.3fs, tables %s, peak resident %s\n", r.Seconds, mib(r.MemoryPeak), mib(r.PeakRSS))
}

// group writes a count with thousands separators.
func group(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

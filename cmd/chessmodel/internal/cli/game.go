package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
)

// gameValue writes the start's value in words: "white to move wins in 9
// plies", "black to move loses in 12 plies", "white to move: a draw".
func gameValue(g *model.GameResult) string {
	switch g.Value {
	case "win":
		return fmt.Sprintf("%s to move wins in %s", g.ToMove, plural(int64(g.Plies), "ply", "plies"))
	case "loss":
		return fmt.Sprintf("%s to move loses in %s (%s wins)", g.ToMove, plural(int64(g.Plies), "ply", "plies"), g.Winner)
	}
	return fmt.Sprintf("%s to move: a draw (neither side can force a win)", g.ToMove)
}

// printGame writes the rest of a solved game: its value, the start, and
// the principal variation.
func printGame(w io.Writer, m *model.Model, res *model.Result) {
	if res.Game == nil {
		if d, ok := res.Stats.Extra["no_win_within"].(int); ok && d >= 0 {
			fmt.Fprintf(w, "  %s: neither side can force a win within %s\n", res.Stats.Engine, plural(int64(d), "ply", "plies"))
		}
		return
	}
	fmt.Fprintf(w, "  %s\n", gameValue(res.Game))
	if res.Verified {
		fmt.Fprintln(w, "  line verified by the checker")
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, m.Diagram(nil))
	if res.Solution != nil {
		fmt.Fprintf(w, "line:   %s\n", gameLine(res.Solution))
	}
}

// gameLine writes a move list as "a2-c2 b1-b3 ... (white wins)", a pass
// as "pass".
func gameLine(s *model.Solution) string {
	var words []string
	for _, mv := range s.Moves {
		if mv.From == mv.To {
			words = append(words, "pass")
			continue
		}
		words = append(words, fmt.Sprintf("%v-%v", mv.From, mv.To))
	}
	end := s.End
	switch end {
	case "":
		end = "the game goes on"
	case "draw":
		end = "draw: a position repeats, or the rules draw it"
	}
	return strings.TrimSpace(strings.Join(words, " ") + " (" + end + ")")
}

// gameSize is one row of explore --sizes on a game.
type gameSize struct {
	Size    int                     `json:"size"`
	Status  string                  `json:"status"`
	Note    string                  `json:"note,omitempty"`
	Game    *model.GameResult       `json:"game,omitempty"`
	Seconds float64                 `json:"seconds"`
	Memory  int64                   `json:"memory_bytes,omitempty"`
	Model   string                  `json:"model"`
	Squares []model.GameSideSummary `json:"sides,omitempty"`
}

// runGameExplore strongly solves a game at 2 bits a position and prints
// the tally; with --sizes, the start's value by board size.
func runGameExplore(ctx context.Context, g *globals, streams Streams, f *exploreFlags, m *model.Model) error {
	opts := g.options(model.TaskSolve)
	ctx, cancel := g.context(ctx)
	defer cancel()
	progress := newProgress(streams.Err)
	defer progress.done()
	opts.Progress = progress.update
	if f.checkpoint != "" && f.sizes != "" {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--checkpoint saves one game's analysis; with --sizes there are several")}
	}
	opts.Checkpoint, opts.CheckpointEvery = f.checkpoint, f.checkpointEvery
	if f.sizes != "" {
		sizes, err := parseSizes(f.sizes)
		if err != nil {
			return &ExitError{Code: ExitBadInput, Err: err}
		}
		if !g.json {
			fmt.Fprintf(streams.Out, "%s: the start's value by board size (retrograde analysis)\n%6s  %-40s %8s %14s %10s\n", m.Name, "board", "value", "seconds", "positions", "memory")
		}
		for _, n := range sizes {
			row := gameSize{Size: n, Status: "optimal"}
			start := time.Now()
			r, err := m.ResizeGame(n)
			if err == nil {
				row.Model = r.Name
				var res *model.Result
				res, err = exact.ExploreGame(ctx, r, opts)
				if err == nil {
					row.Game, row.Memory = res.Game, memoryOf(res)
					if res.Game == nil {
						row.Status = "unknown"
					}
				}
			}
			row.Seconds = time.Since(start).Seconds()
			if ctx.Err() != nil {
				return stopped(ctx, g, "")
			}
			if err != nil {
				row.Status, row.Note = "skipped", err.Error()
			}
			progress.clear()
			if g.json {
				if err := writeJSON(streams.Out, row); err != nil {
					return err
				}
				continue
			}
			board := fmt.Sprintf("%dx%d", n, n)
			if row.Game == nil {
				fmt.Fprintf(streams.Out, "%6s  %s: %s\n", board, row.Status, row.Note)
				continue
			}
			fmt.Fprintf(streams.Out, "%6s  %-40s %8.3f %14s %10s\n", board, gameValue(row.Game), row.Seconds, group(uint64(row.Game.Positions)), mib(row.Memory))
		}
		return nil
	}
	res, err := exact.ExploreGame(ctx, m, opts)
	progress.done()
	if err != nil {
		return exploreError(ctx, g, err)
	}
	if res.Game == nil {
		if err := writeStoppedGame(streams.Out, g.json, m, res); err != nil {
			return err
		}
		if f.checkpoint != "" {
			return stopped(ctx, g, "(the analysis is saved in "+f.checkpoint+": run again with --checkpoint "+f.checkpoint+" to go on)")
		}
		return stopped(ctx, g, "")
	}
	if g.json {
		return writeJSON(streams.Out, res)
	}
	gr := res.Game
	fmt.Fprintf(streams.Out, "%s: %s board, every position strongly solved (retrograde analysis, %d bits a position)\n", m.Name, m.Board.Dims(), gr.Bits)
	fmt.Fprintf(streams.Out, "start        %s\n", gameValue(gr))
	for _, s := range gr.Starts[1:] {
		other := model.GameResult{ToMove: s.ToMove, Value: s.Value, Winner: s.Winner, Plies: s.Plies}
		fmt.Fprintf(streams.Out, "             %s (the other first mover)\n", gameValue(&other))
	}
	fmt.Fprintf(streams.Out, "positions    %s: %s won, %s lost (%s of them over already), %s drawn, for the side to move\n",
		group(uint64(gr.Positions)), group(uint64(gr.Won)), group(uint64(gr.Lost)), group(uint64(gr.Over)), group(uint64(gr.Drawn)))
	writeByPlies(streams.Out, gr.ByPlies)
	if gr.LongestWin > 0 {
		fmt.Fprintf(streams.Out, "longest win  %s, from %s\n", plural(int64(gr.LongestWin), "ply", "plies"), gr.LongestWinFrom)
	} else {
		fmt.Fprintln(streams.Out, "longest win  none: no position is won")
	}
	if gr.Symmetries > 1 {
		fmt.Fprintf(streams.Out, "folded       by the %d symmetries of the rules, onto %s table slots\n", gr.Symmetries, group(uint64(gr.Slots)))
	}
	fmt.Fprintf(streams.Out, "  exact backend, %.3fs, tables %s\n", res.Stats.Seconds, mib(memoryOf(res)))
	return nil
}

// writeStoppedGame shows what a stopped analysis found: where it stopped
// and the positions of each level it finished (the lost ones at an even
// number of plies, the won at an odd), each level complete.
func writeStoppedGame(w io.Writer, asJSON bool, m *model.Model, res *model.Result) error {
	if asJSON {
		return writeJSON(w, res)
	}
	at, _ := res.Stats.Extra["stopped_at"].(string)
	byPlies, _ := res.Stats.Extra["decided_by_plies"].([]int64)
	fmt.Fprintf(w, "%s: stopped at %s\n", m.Name, at)
	if len(byPlies) == 0 {
		fmt.Fprintln(w, "decided      no level finished yet")
		return nil
	}
	won, lost := model.WonLost(byPlies)
	fmt.Fprintf(w, "decided      %s won, %s lost, for the side to move, in the levels finished\n", group(uint64(won)), group(uint64(lost)))
	writeByPlies(w, byPlies)
	return nil
}

// writeByPlies writes the line of positions by plies to the end.
func writeByPlies(w io.Writer, byPlies []int64) {
	levels := make([]string, len(byPlies))
	for d, n := range byPlies {
		levels[d] = fmt.Sprintf("%d:%d", d, n)
	}
	fmt.Fprintf(w, "by plies     (plies:positions) %s\n", strings.Join(levels, " "))
}

func memoryOf(res *model.Result) int64 {
	if res.Game == nil {
		return 0
	}
	return res.Game.MemoryBytes
}

// gameSolvers are the backends compare runs on m: on a game, when
// --backends is left at its default (exact,ilp: the ilp backend does not
// play games), exact and brute; otherwise those given.
func gameSolvers(g *globals, f *compareFlags, m *model.Model, solvers []model.Solver) []model.Solver {
	if m.Kind != model.KindGame || f.backends != defaultCompareBackends {
		return solvers
	}
	var out []model.Solver
	for _, name := range []string{"exact", "brute"} {
		if s, err := g.backend(name); err == nil {
			out = append(out, s)
		}
	}
	return out
}

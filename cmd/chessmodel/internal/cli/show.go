package cli

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/model"
)

func newShowCommand(g *globals, streams Streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "show MODEL.yaml...",
		Short: "Print the parsed model: board diagram, pieces, rules, objective, symmetry group",
		Long: `show prints each model as chessmodel understands it: the board diagram,
pieces, rules, objective and symmetry group. MODEL may be - for standard
input. With --json each model is one JSON line.`,
		Example: `  chessmodel show testdata/models/blocked-3w-value11.yaml
  chessmodel show testdata/models/n-queens.yaml --set board=5
  echo '{board: 4, place: [max rook], rules: [independent]}' | chessmodel show -`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			between := func() {
				if !g.json {
					fmt.Fprintln(streams.Out)
				}
			}
			return answerEach(g, streams, g.loadModels(cmd.Context(), args), between, func(m *model.Model) error {
				if g.json {
					return writeJSON(streams.Out, m.Summarize())
				}
				printModel(streams.Out, m)
				return nil
			})
		},
	}
	completeModels(cmd)
	return cmd
}

func printModel(w io.Writer, m *model.Model) {
	s := m.Summarize()
	fmt.Fprintf(w, "%s (%s)\n", s.Name, s.Kind)
	fmt.Fprintf(w, "board     %s, %d open squares", m.Board.Dims(), m.Board.OpenCount())
	if n := len(s.Walls); n > 0 {
		fmt.Fprintf(w, ", %s", plural(int64(n), "wall", "walls"))
	}
	if n := len(s.Off); n > 0 {
		fmt.Fprintf(w, ", %s not on the board", plural(int64(n), "square", "squares"))
	}
	if s.Wrap != "" {
		fmt.Fprintf(w, ", wrapped: %s", s.Wrap)
	}
	fmt.Fprintln(w)
	if s.FreeWalls != "" {
		fmt.Fprintf(w, "walls     free (%s)\n", s.FreeWalls)
	}
	for _, name := range sortedKeys(s.Pieces) {
		fmt.Fprintf(w, "piece     %s: %s\n", name, s.Pieces[name])
	}
	switch m.Kind {
	case model.KindPlace:
		fmt.Fprintf(w, "place     %s\n", strings.Join(s.Place, ", "))
		if len(s.Fixed) > 0 {
			var fixed []string
			for _, f := range s.Fixed {
				fixed = append(fixed, fmt.Sprintf("%s %v", f.Piece, f.Square))
			}
			fmt.Fprintf(w, "fixed     %s\n", strings.Join(fixed, ", "))
		}
		fmt.Fprintf(w, "rules     %s\n", strings.Join(s.Rules, ", "))
		objective := s.Objective
		if objective == "" {
			objective = "none (any solution)"
		}
		fmt.Fprintf(w, "objective %s\n", objective)
	case model.KindTour:
		start := "any square"
		if s.Tour.Start != nil {
			start = s.Tour.Start.String()
		}
		shape := "open"
		if s.Tour.Closed {
			shape = "closed"
		} else if s.Tour.Undirected {
			shape = "open, undirected"
		}
		fmt.Fprintf(w, "tour      %s, %s, from %s\n", s.Tour.Piece, shape, start)
	case model.KindSlide:
		if len(s.Slide.Groups) == 0 {
			fmt.Fprintf(w, "slide     %s from %v to %v\n", s.Slide.Piece, s.Slide.From, s.Slide.To)
		}
		for _, g := range s.Slide.Groups {
			rule := map[string]string{"slide": "as far as it goes", "ordinary": "ordinary moves"}[g.Move]
			fmt.Fprintf(w, "slide     %s (%s): %s, %s, from %v to %v\n", g.Label, g.Mark, g.Piece, rule, g.From, g.To)
		}
	case model.KindGame:
		showGame(w, s.Game) // game_show.go
	}
	fmt.Fprintf(w, "symmetry  %d: %s\n", len(s.Symmetries), strings.Join(model.ShortSymmetryNames(s.Symmetries), ", "))
	fmt.Fprintln(w)
	fmt.Fprint(w, m.Diagram(nil))
	printWeights(w, m) // show_weights.go
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

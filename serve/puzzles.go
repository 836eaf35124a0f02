package serve

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// Puzzles is a collection of boards with a unique optimal solution, as
// sweep.Puzzles generates them from one model: the page offers them to
// play and keeps the player's progress in the browser, by id.
type Puzzles struct {
	Model string // the model's name
	File  string // the model file they come from
	YAML  string // its text
	List  []Puzzle
	byID  map[string]int
}

// A Puzzle is one board of the collection. Its id is the walls' names
// joined by '-', a string, so that no board is ever shown other than as
// generated (the seed's page lost ids to floating point).
type Puzzle struct {
	ID    string         `json:"id"`
	Walls []model.Square `json:"walls"`
	Value int64          `json:"value"`
	// Solution is the unique optimal solution, kept on the server.
	Solution model.Solution `json:"-"`
}

// GeneratePuzzles finds the puzzles of the model in yaml with up to
// maxWalls walls, with solver, and orders them by walls, then id.
func GeneratePuzzles(ctx context.Context, yaml []byte, file string, solver model.Solver, maxWalls int) (*Puzzles, error) {
	m, err := model.Parse(yaml, file)
	if err != nil {
		return nil, err
	}
	c := &Puzzles{Model: m.Name, File: file, YAML: string(yaml), byID: map[string]int{}}
	_, err = sweep.Puzzles(ctx, m, solver, sweep.PuzzleOptions{MaxWalls: maxWalls, Record: func(p sweep.Puzzle) error {
		names := make([]string, len(p.Walls))
		for i, w := range p.Walls {
			names[i] = w.String()
		}
		c.List = append(c.List, Puzzle{ID: strings.Join(names, "-"), Walls: p.Walls, Value: p.Value, Solution: p.Solution})
		return nil
	}})
	if err != nil {
		return nil, fmt.Errorf("serve: puzzles of %s: %w", file, err)
	}
	sort.Slice(c.List, func(i, j int) bool {
		a, b := c.List[i], c.List[j]
		if len(a.Walls) != len(b.Walls) {
			return len(a.Walls) < len(b.Walls)
		}
		return a.ID < b.ID
	})
	for i, p := range c.List {
		if _, dup := c.byID[p.ID]; dup {
			return nil, fmt.Errorf("serve: two puzzles with id %q", p.ID)
		}
		c.byID[p.ID] = i
	}
	return c, nil
}

// find looks a puzzle up by id.
func (c *Puzzles) find(id string) (Puzzle, string, bool) {
	if c == nil {
		return Puzzle{}, "", false
	}
	i, ok := c.byID[id]
	if !ok {
		return Puzzle{}, "", false
	}
	return c.List[i], c.YAML, true
}

func (s *Server) handlePuzzles(w http.ResponseWriter, r *http.Request) {
	c := s.cfg.Puzzles
	if c == nil {
		writeJSON(w, http.StatusOK, map[string]any{"puzzles": []Puzzle{}})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"model": c.Model, "file": c.File, "yaml": c.YAML, "puzzles": c.List})
}

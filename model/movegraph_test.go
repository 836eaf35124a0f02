package model_test

import (
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

func TestMoveGraph(t *testing.T) {
	for _, c := range []struct {
		name, text      string
		vertices, edges int
		parts           int
	}{
		{"knight 8x8", "board: 8\ntour: {piece: knight}\n", 64, 168, 1},
		{"knight 3x3", "board: 3\ntour: {piece: knight}\n", 9, 8, 2},
		{"camel 8x8", "pieces: {camel: {leap: [1, 3]}}\nboard: 8\ntour: {piece: camel}\n", 64, 140, 2}, // 4 orientations x 7 x 5 placements
		{"rook 4x4 with a wall", "board: {size: 4, walls: [b2]}\ntour: {piece: rook}\n", 15, 38, 1},    // pairs within the segments: 19 on ranks, 19 on files
		{"knight around a hole", "board: {size: 8, walls: [d4, e4, d5, e5]}\ntour: {piece: knight}\n", 60, 136, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := model.Parse([]byte(c.text), "g.yaml")
			if err != nil {
				t.Fatal(err)
			}
			g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			_, parts := g.Components()
			if g.Len() != c.vertices || g.Edges() != c.edges || parts != c.parts {
				t.Fatalf("%d vertices, %d edges, %d parts; want %d, %d, %d", g.Len(), g.Edges(), parts, c.vertices, c.edges, c.parts)
			}
			for v := 0; v < g.Len(); v++ {
				for _, w := range g.Neighbours(v) {
					if !g.Adjacent(int(w), v) {
						t.Fatalf("%v -> %v has no reverse", g.Squares[v], g.Squares[w])
					}
				}
			}
		})
	}
	m, _ := model.Parse([]byte("board: 100\ntour: {piece: knight}\n"), "g.yaml")
	if _, err := model.NewMoveGraph(m.Board, m.Tour.Piece, 9999); !errors.Is(err, model.ErrUnsupported) {
		t.Fatalf("beyond the limit: %v", err)
	}
}

// TestMoveCounts: MoveBound is the number of moves of a board without
// walls and an upper bound with them; CountMoves is the graph's number;
// MoveGraphBytes of a 1000x1000 rook (2 billion moves) is more than 15 GB,
// which a tour refuses before building it.
func TestMoveCounts(t *testing.T) {
	for _, text := range []string{
		"board: 8\ntour: {piece: knight}\n",
		"board: 7x11\ntour: {piece: queen}\n",
		"board: 9x4\ntour: {piece: rook}\n",
		"pieces: {nightrider: {ride: [1, 2]}}\nboard: 10\ntour: {piece: nightrider}\n",
		"board: {size: 8, walls: [d4, e4, d5, e5]}\ntour: {piece: queen}\n",
		"board: |\n  ..#.\n  -...\n  ....\ntour: {piece: king}\n",
	} {
		m, err := model.Parse([]byte(text), "m.yaml")
		if err != nil {
			t.Fatal(err)
		}
		g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		bound, counted := model.MoveBound(m.Board, m.Tour.Piece), model.CountMoves(m.Board, m.Tour.Piece)
		full := m.Board.OpenCount() == m.Board.Size()
		if counted != 2*int64(g.Edges()) || bound < counted || (full && bound != counted) {
			t.Errorf("%q: bound %d, counted %d, graph %d", text, bound, counted, 2*g.Edges())
		}
	}
	rook := model.BuiltinPieces()["rook"]
	if b := model.MoveGraphBytes(model.NewBoard(1000, 1000), model.MoveBound(model.NewBoard(1000, 1000), rook)); b < 15e9 {
		t.Errorf("a 1000x1000 rook's graph: %d bytes", b)
	}
}

package model_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

func mustParse(t *testing.T, src string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(src), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustLoad(t *testing.T, file string) *model.Model {
	t.Helper()
	m, err := model.Load("../testdata/models/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// placement builds a solution from "piece@square" words, e.g. "queen@a4 rook@b1".
func placement(t *testing.T, words string) *model.Solution {
	t.Helper()
	var s model.Solution
	for _, w := range strings.Fields(words) {
		piece, name, _ := strings.Cut(w, "@")
		if piece == "wall" {
			s.Walls = append(s.Walls, sq(t, name))
			continue
		}
		s.Pieces = append(s.Pieces, model.Placed{Piece: piece, Square: sq(t, name)})
	}
	return &s
}

func sq(t *testing.T, name string) model.Square {
	t.Helper()
	s, err := model.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCheckPlacements(t *testing.T) {
	queens8 := "queen@a4 queen@b2 queen@c7 queen@d3 queen@e6 queen@f8 queen@g5 queen@h1"
	for _, tc := range []struct {
		name, model, solution string
		problem               string // "" for a valid solution
		measures              map[string]int64
	}{
		{"eight queens", "eight-queens.yaml", queens8, "", map[string]int64{"pieces": 8}},
		{"two queens on a diagonal", "eight-queens.yaml",
			"queen@a4 queen@b2 queen@c7 queen@d3 queen@e6 queen@f8 queen@g5 queen@h2", "queen on b2 attacks queen on h2", nil},
		{"seven queens", "eight-queens.yaml", "queen@a4 queen@b2 queen@c7 queen@d3 queen@e6 queen@f8 queen@g5",
			"7 queens placed, the place list asks for at least 8", nil},
		{"a rook where queens go", "eight-queens.yaml", strings.Replace(queens8, "queen@h1", "rook@h1", 1),
			"but the place list has no rook", nil},
		{"two on a square", "eight-queens.yaml", strings.Replace(queens8, "queen@h1", "queen@a4", 1),
			"share a4", nil},
		{"off the board", "eight-queens.yaml", strings.Replace(queens8, "queen@h1", "queen@i1", 1),
			"queen on i1 is not on the 8x8 board", nil},
		{"queen on a wall", "blocked-3w-value11.yaml", "queen@e7", "queen on e7 stands on a wall", nil},
		{"wall blocks a line", "blocked-3w-value11.yaml", "queen@e8 queen@e6", "", map[string]int64{"pieces": 2, "walls": 3}},
		{"line without a wall", "blocked-3w-value11.yaml", "queen@f8 queen@f6", "queen on f8 attacks queen on f6", nil},
		{"knight leaps a wall", "test:board: {size: 4, walls: [b2]}\nplace: [max knight]\nrules: [independent]",
			"knight@a1 knight@c2", "knight on a1 attacks knight on c2", nil},
		{"strong attack stops at a piece", "test:board: 8\nplace: [1 rook, 1 knight]\nrules: [attack strong]\nobjective: maximize attacked",
			"rook@a1 knight@a2", "", map[string]int64{"attacked": 10, "dominated": 11}},
		{"weak attack passes pieces", "test:board: 8\nplace: [1 rook, 1 knight]\nrules: [attack weak]\nobjective: maximize attacked",
			"rook@a1 knight@a2", "", map[string]int64{"attacked": 16, "dominated": 17}},
		{"queen alone", "test:board: 8\nplace: [1 queen]\nrules: [cover 27]", "queen@d4", "", map[string]int64{"attacked": 27, "dominated": 28}},
		{"cover fails", "queens-domination.yaml", "queen@d4 queen@e4", "squares dominated, the rule asks for 64", nil},
		{"bishop colours", "eight-pieces.yaml",
			"king@a1 queen@b1 rook@c1 rook@d1 knight@e1 knight@f1 bishop@g1 bishop@h2",
			"0 bishops on light squares, the place list asks for at least 1", nil},
		{"bishops on one colour", "eight-pieces.yaml",
			"king@a1 queen@b1 rook@c1 rook@d1 knight@e1 knight@f1 bishop@a2 bishop@h1",
			"0 bishops on dark squares, the place list asks for at least 1", nil},
		{"free walls", "test:board: {size: 4, walls: free}\nplace: [2 queen]\nrules: [independent]\nobjective: minimize walls",
			"queen@a1 queen@a3 wall@a2", "", map[string]int64{"pieces": 2, "walls": 1}},
		{"free wall count", "test:board: {size: 4, walls: {free: 2}}\nplace: [2 queen]\nrules: [independent]",
			"queen@a1 queen@a3 wall@a2", "1 free walls placed; the model allows 2", nil},
		{"queen on a free wall", "test:board: {size: 4, walls: free}\nplace: [2 queen]\nrules: [independent]",
			"queen@a1 queen@a3 wall@a3", "queen on a3 stands on a wall the solution adds", nil},
		{"wall not allowed", "eight-queens.yaml", queens8 + " wall@e4", "not a wall of the model", nil},
		{"stacking not allowed", "eight-pieces.yaml",
			"king@a1 queen@a1 rook@c1 rook@d1 knight@e1 knight@f1 bishop@g1 bishop@g2", "share a1", nil},
		{"fixed pieces attack", "kings-shaped.yaml", "king@d4", "king on d4 attacks knight on c3", nil},
		{"fixed knight attacks", "kings-shaped.yaml", "king@d1", "knight on c3 attacks king on d1", nil},
		{"square not on the board", "kings-shaped.yaml", "king@a1", "king on a1: a1 is not on the board", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m *model.Model
			if src, ok := strings.CutPrefix(tc.model, "test:"); ok {
				m = mustParse(t, src)
			} else {
				m = mustLoad(t, tc.model)
			}
			r := model.Check(m, placement(t, tc.solution))
			if tc.problem == "" {
				if !r.Valid {
					t.Fatalf("rejected a valid solution: %v", r.Problems)
				}
			} else if r.Valid || !strings.Contains(strings.Join(r.Problems, "\n"), tc.problem) {
				t.Fatalf("valid=%v problems %q, want one containing %q", r.Valid, r.Problems, tc.problem)
			}
			for k, v := range tc.measures {
				if r.Measures[k] != v {
					t.Errorf("measure %s = %d, want %d", k, r.Measures[k], v)
				}
			}
		})
	}
}

// TestCheckHugeQueens checks an explicit n-queens solution on a board of a
// hundred thousand ranks, where scanning squares is out of the question.
func TestCheckHugeQueens(t *testing.T) {
	const n = 100_000 // n mod 6 == 4: the plain two-stride pattern works
	m := mustParse(t, fmt.Sprintf("board: %d\nplace: [n queen]\nrules: [independent]\n", n))
	var s model.Solution
	for i := 0; i < n/2; i++ {
		s.Pieces = append(s.Pieces,
			model.Placed{Piece: "queen", Square: model.Square{File: 2*i + 1, Rank: i}},
			model.Placed{Piece: "queen", Square: model.Square{File: 2 * i, Rank: n/2 + i}})
	}
	if r := model.Check(m, &s); !r.Valid {
		t.Fatalf("valid construction rejected: %v", r.Problems[:min(3, len(r.Problems))])
	}
	s.Pieces[10].Square.File = s.Pieces[12].Square.File // two queens on one file
	if r := model.Check(m, &s); r.Valid || !strings.Contains(r.Problems[0], "attacks") {
		t.Fatalf("broken construction: valid=%v %v", r.Valid, r.Problems)
	}
}

// seedTour is the knight's tour printed in the seed knights-tour.txt as
// (x, y) = (file, rank) pairs counted from 1.
var seedTour = [][2]int{
	{4, 8}, {6, 7}, {8, 8}, {7, 6}, {5, 7}, {7, 8}, {8, 6}, {7, 4}, {5, 5}, {3, 6}, {1, 7}, {3, 8}, {4, 6}, {5, 8}, {7, 7}, {8, 5},
	{6, 6}, {8, 7}, {6, 8}, {5, 6}, {3, 7}, {1, 8}, {2, 6}, {4, 7}, {2, 8}, {1, 6}, {3, 5}, {2, 7}, {1, 5}, {3, 4}, {5, 3}, {6, 5},
	{8, 4}, {7, 2}, {6, 4}, {4, 5}, {3, 3}, {5, 4}, {7, 5}, {8, 3}, {7, 1}, {5, 2}, {4, 4}, {2, 5}, {1, 3}, {2, 1}, {4, 2}, {2, 3},
	{1, 1}, {3, 2}, {2, 4}, {1, 2}, {3, 1}, {4, 3}, {5, 1}, {6, 3}, {8, 2}, {6, 1}, {7, 3}, {8, 1}, {6, 2}, {4, 1}, {2, 2}, {1, 4},
}

func TestCheckTours(t *testing.T) {
	var tour model.Solution
	for _, xy := range seedTour {
		tour.Squares = append(tour.Squares, model.Square{File: xy[0] - 1, Rank: xy[1] - 1})
	}
	m := mustLoad(t, "knights-tour.yaml")
	if r := model.Check(m, &tour); !r.Valid || r.Value != 64 {
		t.Fatalf("the seed's tour: valid=%v value %d %v", r.Valid, r.Value, r.Problems)
	}
	closed := mustParse(t, "board: 8\ntour: {piece: knight, closed: true}\n")
	if r := model.Check(closed, &tour); r.Valid || !strings.Contains(r.Problems[0], "not closed: a4 to d8") {
		t.Errorf("an open tour passed as closed: %v", r.Problems)
	}
	broken := model.Solution{Squares: slices.Clone(tour.Squares)}
	broken.Squares[10], broken.Squares[11] = broken.Squares[11], broken.Squares[10]
	if r := model.Check(m, &broken); r.Valid || !strings.Contains(r.Problems[0], "is not a knight move") {
		t.Errorf("a broken tour: %v", r.Problems)
	}
	short := model.Solution{Squares: tour.Squares[:63]}
	if r := model.Check(m, &short); r.Valid || !strings.Contains(strings.Join(r.Problems, ";"), "visits 63 squares, the board has 64") {
		t.Errorf("a short tour: %v", r.Problems)
	}
	other := mustParse(t, "board: 8\ntour: {piece: knight, start: a1}\n")
	if r := model.Check(other, &tour); r.Valid || !strings.Contains(r.Problems[0], "starts on d8, the model asks for a1") {
		t.Errorf("wrong start: %v", r.Problems)
	}
	// A rook's tour on a board with a wall: rides do not pass the wall.
	walled := mustParse(t, "board: {size: 2x3, walls: [b1]}\ntour: {piece: rook}\n")
	ok := &model.Solution{Squares: []model.Square{sq(t, "a1"), sq(t, "a2"), sq(t, "c2"), sq(t, "c1")}}
	if r := model.Check(walled, ok); r.Valid {
		t.Errorf("a tour missing b2 passed")
	}
	ok.Squares = []model.Square{sq(t, "a1"), sq(t, "a2"), sq(t, "b2"), sq(t, "c2"), sq(t, "c1")}
	if r := model.Check(walled, ok); !r.Valid {
		t.Errorf("a rook tour around a wall: %v", r.Problems)
	}
	ok.Squares = []model.Square{sq(t, "a2"), sq(t, "a1"), sq(t, "c1"), sq(t, "c2"), sq(t, "b2")}
	if r := model.Check(walled, ok); r.Valid || !strings.Contains(r.Problems[0], "a1 to c1, is not a rook move") {
		t.Errorf("a rook ride through a wall: %v", r.Problems)
	}
}

// TestCheckClosedTourOfFewSquares: a closed tour is a cycle of the move
// graph (docs/tour.md), so 2 squares a move apart are an open tour, not a
// closed one, and 3 squares pairwise a move apart are a closed tour.
func TestCheckClosedTourOfFewSquares(t *testing.T) {
	for _, c := range []struct {
		board, tour string
		squares     []string
		valid       bool
	}{
		{`"1x2"`, "{piece: rook, closed: true}", []string{"a1", "b1"}, false},
		{`"2x1"`, "{piece: king, closed: true, start: a2}", []string{"a2", "a1"}, false},
		{`"1x1"`, "{piece: queen, closed: true}", []string{"a1"}, false},
		{`"1x2"`, "{piece: rook}", []string{"b1", "a1"}, true},
		{`"1x1"`, "{piece: knight}", []string{"a1"}, true},
		{`"1x3"`, "{piece: rook, closed: true}", []string{"a1", "c1", "b1"}, true},
		{`"1x3"`, "{piece: king, closed: true}", []string{"a1", "b1", "c1"}, false},
	} {
		m := mustParse(t, "board: "+c.board+"\ntour: "+c.tour+"\n")
		sol := &model.Solution{}
		for _, s := range c.squares {
			sol.Squares = append(sol.Squares, sq(t, s))
		}
		if r := model.Check(m, sol); r.Valid != c.valid {
			t.Errorf("%s %s %v: valid=%v, want %v %v", c.board, c.tour, c.squares, r.Valid, c.valid, r.Problems)
		}
	}
}

// shortestSlide finds a shortest move list by breadth-first search, with its
// own move generation, as an oracle for the checker.
func shortestSlide(n int, dirs [][2]int, from, to []model.Square) []model.Move {
	type state [4]int // sorted square indices
	key := func(sqs []model.Square) state {
		var s state
		for i, q := range sqs {
			s[i] = q.Rank*n + q.File
		}
		slices.Sort(s[:len(sqs)])
		return s
	}
	start, goal := key(from), key(to)
	type edge struct {
		prev state
		move model.Move
	}
	seen := map[state]edge{start: {}}
	queue := []state{start}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur == goal {
			var moves []model.Move
			for s := cur; s != start; s = seen[s].prev {
				moves = append(moves, seen[s].move)
			}
			slices.Reverse(moves)
			return moves
		}
		occupied := map[int]bool{}
		for _, v := range cur[:len(from)] {
			occupied[v] = true
		}
		for i, v := range cur[:len(from)] {
			f, r := v%n, v/n
			for _, d := range dirs {
				x, y := f, r
				for {
					nx, ny := x+d[0], y+d[1]
					if nx < 0 || ny < 0 || nx >= n || ny >= n || occupied[ny*n+nx] {
						break
					}
					x, y = nx, ny
				}
				if x == f && y == r {
					continue
				}
				next := cur
				next[i] = y*n + x
				slices.Sort(next[:len(from)])
				if _, ok := seen[next]; !ok {
					seen[next] = edge{cur, model.Move{From: model.Square{File: f, Rank: r}, To: model.Square{File: x, Rank: y}}}
					queue = append(queue, next)
				}
			}
		}
	}
	return nil
}

func TestCheckSlides(t *testing.T) {
	rook := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	queen := append([][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, rook...)
	for _, tc := range []struct {
		file  string
		dirs  [][2]int
		moves int // published in the seed
	}{
		{"sliding-rooks.yaml", rook, 25},
		{"sliding-queens.yaml", queen, 12},
	} {
		m := mustLoad(t, tc.file)
		moves := shortestSlide(8, tc.dirs, m.Slide.From, m.Slide.To)
		if len(moves) != tc.moves {
			t.Fatalf("%s: the test's BFS found %d moves, the seed says %d", tc.file, len(moves), tc.moves)
		}
		if r := model.Check(m, &model.Solution{Moves: moves}); !r.Valid || r.Value != int64(tc.moves) {
			t.Fatalf("%s: valid=%v value %d %v", tc.file, r.Valid, r.Value, r.Problems)
		}
	}
	m := mustLoad(t, "sliding-rooks.yaml")
	for _, tc := range []struct {
		name    string
		moves   []model.Move
		problem string
	}{
		{"not maximal", []model.Move{{sq(t, "a1"), sq(t, "a4")}}, "move 1, a1-a4: the rook does not slide as far as it goes"},
		{"no piece", []model.Move{{sq(t, "b1"), sq(t, "b8")}}, "move 1, b1-b8: no rook on b1"},
		{"not a rook move", []model.Move{{sq(t, "a1"), sq(t, "g7")}}, "not a rook move"},
		{"onto a piece", []model.Move{{sq(t, "a1"), sq(t, "a8")}}, "a1-a8: a8 is not a free open square"},
		{"past a piece", []model.Move{{sq(t, "a1"), sq(t, "g1")}, {sq(t, "h8"), sq(t, "h2")}, {sq(t, "g1"), sq(t, "h1")}},
			"move 3, g1-h1: h1 is not a free open square"},
		{"not at the goal", []model.Move{{sq(t, "a1"), sq(t, "g1")}}, "after 1 moves the pieces stand on [g1 h1 a8 h8]"},
	} {
		r := model.Check(m, &model.Solution{Moves: tc.moves})
		if r.Valid || !strings.Contains(r.Problems[0], tc.problem) {
			t.Errorf("%s: valid=%v %q, want %q", tc.name, r.Valid, r.Problems, tc.problem)
		}
	}
}

// TestCheckClosedTourOnTorus (issue 36, item 13): on a wrapped board two
// squares may be joined by two moves (the wazir's a1-b1 on a 1x2 torus,
// right, or left across the glued edge), but a closed tour is a cycle of
// the move graph, which joins them once (docs/tour.md): 2 squares are
// still no closed tour, and the checker says why in those terms.
func TestCheckClosedTourOnTorus(t *testing.T) {
	const wazir = "pieces: {wazir: {leap: [0, 1]}}\n"
	for _, c := range []struct {
		size, tour string
		squares    []string
		valid      bool
	}{
		{"1x2", "{piece: wazir, closed: true}", []string{"a1", "b1"}, false},
		{"1x2", "{piece: wazir}", []string{"a1", "b1"}, true},
		{"1x1", "{piece: wazir, closed: true}", []string{"a1"}, false},
		{"1x3", "{piece: wazir, closed: true}", []string{"a1", "b1", "c1"}, true},
		{"2x2", "{piece: wazir, closed: true}", []string{"a1", "b1", "b2", "a2"}, true},
		{"2x2", "{piece: wazir, closed: true}", []string{"a1", "b1", "a2", "b2"}, false},
	} {
		m := mustParse(t, "board: {size: \""+c.size+"\", wrap: torus}\n"+wazir+"tour: "+c.tour+"\n")
		sol := &model.Solution{}
		for _, s := range c.squares {
			sol.Squares = append(sol.Squares, sq(t, s))
		}
		r := model.Check(m, sol)
		if r.Valid != c.valid {
			t.Errorf("%s torus %s %v: valid=%v, want %v %v", c.size, c.tour, c.squares, r.Valid, c.valid, r.Problems)
		}
		if !c.valid && len(c.squares) < 3 && !strings.Contains(strings.Join(r.Problems, "; "), "a cycle joins two squares once, even where two moves join them") {
			t.Errorf("%s torus %v: %q, want it to say that a cycle joins two squares once", c.size, c.squares, r.Problems)
		}
	}
}

package compare_test

import (
	"context"
	"errors"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestTorusKnightToursByHand counts the closed knight's tours of the 4x4
// torus by a plain depth-first search written here (knight steps taken
// modulo 4, nothing shared with the backends or the model's walk), and
// asks both backends for the same number. A closed tour is an undirected
// cycle: the search fixes a1 as the start and counts each cycle twice.
func TestTorusKnightToursByHand(t *testing.T) {
	const n = 4
	var steps [][2]int
	for _, a := range []int{1, 2} {
		for _, sf := range []int{1, -1} {
			for _, sr := range []int{1, -1} {
				steps = append(steps, [2]int{sf * a, sr * (3 - a)})
			}
		}
	}
	neighbours := func(sq int) []int {
		seen := map[int]bool{}
		var out []int
		for _, d := range steps {
			f, r := ((sq%n+d[0])%n+n)%n, ((sq/n+d[1])%n+n)%n
			if t := r*n + f; t != sq && !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
		return out
	}
	visited := make([]bool, n*n)
	var cycles int64
	var walk func(sq, depth int)
	walk = func(sq, depth int) {
		if depth == n*n {
			for _, t := range neighbours(sq) {
				if t == 0 {
					cycles++
				}
			}
			return
		}
		for _, t := range neighbours(sq) {
			if !visited[t] {
				visited[t] = true
				walk(t, depth+1)
				visited[t] = false
			}
		}
	}
	visited[0] = true
	walk(0, 1)
	want := cycles / 2
	if want != 1344 {
		t.Errorf("by hand: %d closed tours, the table says 1344", want)
	}
	m, err := model.Load("../testdata/models/torus-knight-tour.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// The ILP counts by no-good cuts, one solve per tour: minutes on a
	// loaded machine for 1344, so it is asked for one tour (the known
	// table) and the exact backend for the count.
	res, err := exact.New().Solve(context.Background(), m, model.Options{Task: model.TaskCount})
	if err != nil {
		t.Fatal(err)
	}
	if res.Count == nil || *res.Count != want {
		t.Errorf("exact: %v closed tours, by hand %d", res.Count, want)
	}
}

// TestWrappedLimits walks past each limit of wrapped boards and one-sided
// pieces: both backends refuse with model.ErrUnsupported, never answer.
func TestWrappedLimits(t *testing.T) {
	for _, c := range []struct{ name, text string }{
		{"free walls on a torus", "board: {size: 4, wrap: torus, walls: free}\nplace: [4 queen]\nrules: [independent]\nobjective: minimize walls"},
		{"a one-sided piece's tour", "board: 4\npieces:\n  f: {leap: [[1, 2], [2, 1]], images: written}\ntour: {piece: f}"},
		{"a slide on a Möbius band", "board: {size: 3x4, wrap: mobius}\nslide: {piece: rook, from: [a1], to: [b3]}"},
		{"a one-sided piece's slide", "board: 3\npieces:\n  u: {ride: [0, 1], images: written}\nslide: {piece: u, from: [a1], to: [a3]}"},
	} {
		m, err := model.Parse([]byte(c.text), "limit.yaml")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, s := range []model.Solver{exact.New(), ilp.New()} {
			_, err := s.Solve(context.Background(), m, model.Options{Task: model.TaskSolve})
			if !errors.Is(err, model.ErrUnsupported) {
				t.Errorf("%s, %s: %v, want ErrUnsupported", c.name, s.Name(), err)
			}
		}
	}
}

package slide

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

func loadModel(t *testing.T, name string) *model.Model {
	t.Helper()
	m, err := model.Load(filepath.Join("..", "..", "testdata", "models", name+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLabelledKnown: Guarini's knights change places in 16 moves (Guarini,
// 1512), and the brute force (which only asks the checker about moves)
// agrees on them and on the rook and the bishop.
func TestLabelledKnown(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		file  string
		moves int
	}{
		{"slide-guarini", 16},
		{"slide-rook-bishop", -1},
	} {
		m := loadModel(t, c.file)
		res, err := (&Solver{}).Solve(ctx, m, model.Options{Task: model.TaskSolve})
		if err != nil {
			t.Fatal(err)
		}
		if r := model.Check(m, res.Solution); !r.Valid {
			t.Fatalf("%s: %v", c.file, r.Problems)
		}
		ref, err := (&brute.Solver{}).Solve(ctx, m, model.Options{Task: model.TaskSolve})
		if err != nil {
			t.Fatal(err)
		}
		if *res.Value != *ref.Value || (c.moves >= 0 && *res.Value != int64(c.moves)) {
			t.Errorf("%s: %d moves, brute force %d, known %d", c.file, *res.Value, *ref.Value, c.moves)
		}
	}
}

// TestLabelledAgreesOnIdenticalPieces: the labelled search, run on slides
// of identical pieces (one group), finds shortest solutions as long as the
// ranked search's.
func TestLabelledAgreesOnIdenticalPieces(t *testing.T) {
	ctx := context.Background()
	for _, file := range []string{"sliding-rook-3x3", "slide-knights", "slide-walls", "slide-impossible", "slide-camels", "slide-five-rooks"} {
		m := loadModel(t, file)
		want, err := Shortest(ctx, m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := ShortestLabelled(ctx, m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Found != want.Found || len(got.Moves) != len(want.Moves) || !got.Complete {
			t.Errorf("%s: labelled search found %v in %d moves, ranked search %v in %d", file, got.Found, len(got.Moves), want.Found, len(want.Moves))
		}
		if got.Found {
			if r := model.Check(m, &model.Solution{Moves: got.Moves}); !r.Valid {
				t.Errorf("%s: %v", file, r.Problems)
			}
		}
	}
}

// TestLabelledLimits: the ranked searches refuse a labelled slide; the
// labelled search stops with ErrMemory under a bound too small for its
// first states, and with status unknown when its context ends.
func TestLabelledLimits(t *testing.T) {
	m := loadModel(t, "slide-guarini")
	if _, err := Shortest(context.Background(), m, Options{}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("Shortest: %v, want ErrUnsupported", err)
	}
	if _, err := Explore(context.Background(), m, ExploreOptions{}); !errors.Is(err, model.ErrUnsupported) {
		t.Errorf("Explore: %v, want ErrUnsupported", err)
	}
	if _, err := ShortestLabelled(context.Background(), m, Options{Memory: 1000}); !errors.Is(err, ErrMemory) {
		t.Errorf("ShortestLabelled under 1000 bytes: %v, want ErrMemory", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, err := ShortestLabelled(ctx, m, Options{})
	if err != nil || out.Complete {
		t.Errorf("cancelled: %+v, %v; want an incomplete outcome", out, err)
	}
}

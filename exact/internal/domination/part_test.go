package domination

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/techtest"
	"github.com/chessmodel/chessmodel/model"
)

// solveWith runs Technique on a testdata model, whole or as one part.
func solveWith(t *testing.T, file, board string, opts model.Options) *model.Result {
	t.Helper()
	src, err := os.ReadFile("../../../testdata/models/" + file)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(src, file, "board="+board)
	if err != nil {
		t.Fatal(err)
	}
	opts.Task = model.TaskSolve
	return techtest.Run(t, Technique, m, opts)
}

// A part's proof and passes are the same on 1 and 2 workers: the bound,
// the counts tried, which found a cover and where, and the nodes of every
// pass that found none (a pass that finds one abandons later tasks, as
// the one-process solve does, so its nodes depend on the workers).
func TestPartWorkers(t *testing.T) {
	for _, c := range []struct{ file, board string }{{"queens-domination.yaml", "10"}, {"cover-5x5-knights-domination.yaml", "8"}} {
		for k := range 3 {
			one := solveWith(t, c.file, c.board, model.Options{Workers: 1, Shard: model.Shard{Index: k, Of: 3}})
			two := solveWith(t, c.file, c.board, model.Options{Workers: 2, Shard: model.Shard{Index: k, Of: 3}})
			if !reflect.DeepEqual(one.Stats.Proof, two.Stats.Proof) {
				t.Errorf("%s %s part %d: proof %+v on 1 worker, %+v on 2", c.file, c.board, k, one.Stats.Proof, two.Stats.Proof)
			}
			p1, p2 := one.Stats.Passes, two.Stats.Passes
			for i := range p1 {
				if p1[i].Found {
					p1[i].Nodes, p2[i].Nodes = 0, 0
				}
			}
			if !reflect.DeepEqual(p1, p2) {
				t.Errorf("%s %s part %d: passes %v on 1 worker, %v on 2", c.file, c.board, k, p1, p2)
			}
		}
	}
}

// With the bound starved (at most 1024 nodes a pass: it stops above the
// optimum), the parts find the optimum below U themselves: the least count
// over the parts is the one-process optimum (queens 12x12: 6, A075458;
// knights 10x10: 16, A006075), and the cover of the earliest task at it is
// the one-process solve's.
func TestPartsBelowBound(t *testing.T) {
	defer func(b int64) { upperBudget = b }(upperBudget)
	upperBudget = 1024
	for _, c := range []struct {
		file, board string
		want        int
	}{{"queens-domination.yaml", "12", 6}, {"cover-5x5-knights-domination.yaml", "10", 16}} {
		whole := solveWith(t, c.file, c.board, model.Options{Workers: 1})
		if *whole.Value != int64(c.want) {
			t.Fatalf("%s %s: the one-process solve gives %d, want %d", c.file, c.board, *whole.Value, c.want)
		}
		for _, of := range []int{1, 3, 7} {
			var best *model.PartProof
			var example *model.Solution
			for k := range of {
				res := solveWith(t, c.file, c.board, model.Options{Workers: 1, Shard: model.Shard{Index: k, Of: of}})
				p := *res.Stats.Proof
				if p.Upper <= c.want {
					t.Fatalf("%s %s: U = %d with the starved bound: the test proves nothing", c.file, c.board, p.Upper)
				}
				if p.Found && p.Task%of != k {
					t.Errorf("%s %s part %d/%d: its cover is from task %d, which it does not own", c.file, c.board, k, of, p.Task)
				}
				if p.Found && (best == nil || p.Least < best.Least || p.Least == best.Least && p.Task < best.Task) {
					best, example = &p, res.Solution
				}
			}
			where := fmt.Sprintf("%s %s in %d parts", c.file, c.board, of)
			if best == nil || best.Least != c.want {
				t.Fatalf("%s: least count %+v, want %d", where, best, c.want)
			}
			if !reflect.DeepEqual(example, whole.Solution) {
				t.Errorf("%s: the earliest task's cover %v, the one-process solve's %v", where, example, whole.Solution)
			}
		}
	}
}

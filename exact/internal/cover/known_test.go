package cover

import (
	"testing"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/exact/internal/techtest"
	"github.com/chessmodel/chessmodel/internal/known"
	"github.com/chessmodel/chessmodel/model"
)

// TestKnownTechnique runs every known case Technique fits through it
// alone. Some slow cases of the table take the coverage search minutes
// (dispatch gives them to folding or to the fewest-pieces cover): they run
// only with CHESSMODEL_FORCED_LONG=1. Measured at load 20-30 on 2 cores:
// knights domination 11 more than 19 minutes, the eight pieces about 10.
func TestKnownTechnique(t *testing.T) {
	slow := "the coverage search takes minutes on it"
	techtest.Known(t, Technique, map[string]string{"knights domination 11": slow,
		"eight pieces": slow, "eight pieces cannot cover": slow, "eight pieces same colour": slow})
}

// rooksDominate3x3 is two rooks dominating 3x3 with the fewest free walls:
// rooks on two ranks and two files leave one square, so one wall on it,
// any of the 9 squares, with the rooks on either diagonal of the 2x2 left:
// 18 solutions (4 classes), 9 boards (corner, edge, centre: 3 classes).
const rooksDominate3x3 = "board: {size: 3, walls: free}\nplace: [2 rook]\nrules: [cover dominated]\nobjective: minimize walls"

// TestKnownWithWalls runs the coverage search with free walls; the table
// has no case for it, so its cases are here, each refereed by brute force.
func TestKnownWithWalls(t *testing.T) {
	techtest.Known(t, WithWalls, nil,
		known.Case{Name: "rooks dominate 3x3 fewest walls", YAML: rooksDominate3x3, Task: model.TaskCount,
			Opts: model.Options{Symmetry: true}, Want: known.Answer{Status: model.StatusOptimal, Value: 1, Count: 18, Classes: 4},
			Source: "by hand", Brute: &brute.Solver{}},
		known.Case{Name: "rooks dominate 3x3 fewest walls boards", YAML: rooksDominate3x3, Task: model.TaskCount,
			Opts: model.Options{Symmetry: true, DistinctWalls: true}, Want: known.Answer{Status: model.StatusOptimal, Value: 1, Count: 9, Classes: 3},
			Source: "by hand", Brute: &brute.Solver{}},
		known.Case{Name: "rooks dominate 3x3 fewest walls listed", YAML: rooksDominate3x3, Task: model.TaskEnumerate,
			Want: known.Answer{Status: model.StatusOptimal, Value: known.Any, Count: 18, Classes: 4}, Source: "by hand", Brute: &brute.Solver{}},
	)
}

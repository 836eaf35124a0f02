//go:build cgo

package lpsolve_test

import (
	"fmt"
	"log"
	"os"

	"github.com/chessmodel/chessmodel/ilp/internal/lpsolve"
)

// A farmer has 75 acres for wheat (x) and barley (y), with limited money and
// storage; which mix maximises profit?
func Example() {
	lp, err := lpsolve.New(0, 2)
	if err != nil {
		log.Fatal(err)
	}
	defer lp.Close()

	both := []int{0, 1}
	steps := []error{
		lp.SetColName(0, "wheat"),
		lp.SetColName(1, "barley"),
		lp.SetObjective(both, []float64{143, 60}),
		lp.SetMaximize(),
		lp.AddConstraintSparse(both, []float64{120, 210}, lpsolve.LE, 15000), // money
		lp.AddConstraintSparse(both, []float64{110, 30}, lpsolve.LE, 4000),   // storage
		lp.AddConstraintSparse(both, []float64{1, 1}, lpsolve.LE, 75),        // acres
	}
	for _, err := range steps {
		if err != nil {
			log.Fatal(err)
		}
	}

	status, err := lp.Solve()
	if err != nil {
		log.Fatal(err)
	}
	profit, err := lp.Objective()
	if err != nil {
		log.Fatal(err)
	}
	acres, err := lp.Variables()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%v: profit %.3f with %.3f acres of wheat and %.3f of barley\n", status, profit, acres[0], acres[1])
	// Output: optimal: profit 6315.625 with 21.875 acres of wheat and 53.125 of barley
}

func ExampleLP_WriteLP() {
	lp, err := lpsolve.New(0, 2)
	if err != nil {
		log.Fatal(err)
	}
	defer lp.Close()
	for _, err := range []error{
		lp.SetColName(0, "x"),
		lp.SetColName(1, "y"),
		lp.SetBinary(1, true),
		lp.SetObjective([]int{0, 1}, []float64{1, 2}),
		lp.SetMaximize(),
		lp.AddConstraintSparse([]int{0, 1}, []float64{1, 1}, lpsolve.LE, 1.5),
	} {
		if err != nil {
			log.Fatal(err)
		}
	}
	if err := lp.WriteLP(os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// /* Objective function */
	// max: +x +2 y;
	//
	// /* Constraints */
	// +x +y <= 1.5;
	//
	// /* Variable bounds */
	// y <= 1;
	//
	// /* Integer definitions */
	// int y;
}

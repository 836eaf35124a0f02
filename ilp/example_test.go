package ilp_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// Compile gives a program to inspect: every line of the board is one
// "at most one queen" row.
func ExampleCompile() {
	m, err := model.Parse([]byte("board: 4\nplace: [4 queen]\nrules: [independent]\n"), "four queens")
	if err != nil {
		log.Fatal(err)
	}
	p, err := ilp.Compile(m)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(p.Variables), "variables,", len(p.Rows), "rows")
	for _, name := range []string{"count_queen", "seg_e_a1", "seg_ne_a1", "seg_nw_d1"} {
		r, _ := p.Row(name)
		fmt.Printf("%s: %d queens %v %g\n", r.Name, len(r.Terms), r.Sense, r.RHS)
	}
	// Output:
	// 16 variables, 19 rows
	// count_queen: 16 queens = 4
	// seg_e_a1: 4 queens <= 1
	// seg_ne_a1: 4 queens <= 1
	// seg_nw_d1: 4 queens <= 1
}

// The backend counts solutions, and classes up to the board's symmetries.
func ExampleSolver_Solve() {
	m, err := model.Parse([]byte("board: 4\nplace: [4 queen]\nrules: [independent]\n"), "four queens")
	if err != nil {
		log.Fatal(err)
	}
	res, err := ilp.New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Symmetry: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Status, *res.Count, "solutions,", *res.Classes, "class")
	// Output: satisfied 2 solutions, 1 class
}

// The program in lp_solve's LP format; WriteMPS and WriteCPLEX write the
// other formats.
func ExampleProgram_WriteLP() {
	m, err := model.Parse([]byte("name: two rooks\nboard: 1x3\nplace: [max rook]\nrules: [independent]\n"), "two rooks")
	if err != nil {
		log.Fatal(err)
	}
	p, err := ilp.Compile(m)
	if err != nil {
		log.Fatal(err)
	}
	if err := p.WriteLP(os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// /* chessmodel: two rooks */
	// /* 3 variables, 1 rows, 3 nonzeros */
	//
	// /* Objective: maximize pieces */
	// max: +r_a1 +r_b1 +r_c1;
	//
	// /* Constraints */
	// seg_e_a1: +r_a1 +r_b1 +r_c1 <= 1;
	//
	// /* Bounds */
	// r_a1 <= 1;
	// r_b1 <= 1;
	// r_c1 <= 1;
	//
	// int r_a1, r_b1, r_c1;
}

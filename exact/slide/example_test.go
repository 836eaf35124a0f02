package slide_test

import (
	"context"
	"fmt"

	"github.com/chessmodel/chessmodel/exact/slide"
	"github.com/chessmodel/chessmodel/model"
)

func Example() {
	m, err := model.Parse([]byte(`
name: sliding rooks 4x4
board: 4
slide: {piece: rook, from: [a1, a4, d1, d4], to: [b2, b3, c2, c3]}
`), "rooks.yaml")
	if err != nil {
		panic(err)
	}
	out, err := slide.Shortest(context.Background(), m, slide.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println("moves:", len(out.Moves), "valid:", model.Check(m, &model.Solution{Moves: out.Moves}).Valid)

	rep, err := slide.Explore(context.Background(), m, slide.ExploreOptions{Components: true})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d states in %d orbits; %d states reachable; farthest %d moves; %d components, the largest %d\n",
		rep.States, rep.Orbits, rep.ReachableStates, rep.Farthest, rep.Components.Count, rep.Components.Largest)
	// Output:
	// moves: 12 valid: true
	// 1820 states in 252 orbits; 1684 states reachable; farthest 12 moves; 9 components, the largest 1684
}

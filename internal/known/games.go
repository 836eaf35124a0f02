package known

import (
	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
)

// games: races of one rook a side, derived by hand.
//
// The one-rook race on 3x3 (testdata/models/game-one-rook-3x3.yaml: white
// a2, black b1, the centre b2 the goal of both). With two rooks on the
// board the centre is empty while the game goes on, and a rook stops on
// it only by sliding into it along a centre line (rank 2 or file b) with
// the square beyond taken: by the other rook, on the far end of that
// line. So the side to move wins at once exactly when the two rooks stand
// on the two ends of a centre line (a2 and c2, or b1 and b3), and never
// otherwise. Can a move put the mover on the far end of the other rook's
// line (the other's winning set-up)? The far end of a2's line is c2; a
// rook reaches c2 only sliding from c1 up (it stops there only if c3 is
// taken), from c3 down (only if c1 is taken) or along rank 2 from a2 or
// b2 (the other rook's square and the empty centre): the other rook is on
// a2, so none of these. The same holds for every end by symmetry. A rook
// always has a move here (one other piece blocks at most one of its
// lines). So from the start, where the rooks are on no common line, no
// position with the side to move on a winning set-up ever arises: a draw,
// whoever moves first and under any rule for a side without a move. The
// tally (explore) is 8 won positions (4 ordered pairs of ends, either side
// to move), 16 lost (the side that moved last on b2, the other rook on
// any of 8 squares, either side to move), 120 drawn of 9 x 8 x 2 = 144.
//
// The same argument holds on 4x4 with the centre's 2x2 the goal
// (game-one-rook-4x4.yaml, white a2, black b1, black first): a rook stops
// on a centre square only sliding along rank 2 or 3 or file b or c from
// one end with the other rook on the far end (it passes b2 and stops on
// c2 when d2 is taken); it cannot land on the far end of the other
// rook's line (d2 is reached from d1 or d4 only with d3 or d1 taken, and
// along rank 2 only from a centre square or from a2). A draw.
//
// With black's rook on c2 instead of b1, white (to move) slides a2 right
// and stops on b2: a win in 1 ply. And a rook that cannot move: on 3x3
// with walls on a2 and b1 white's rook on a1 has no move, and black's
// on c2 wins by sliding left onto b2 (a2 is a wall). White to move loses
// at once when a side without a move loses (0 plies); when it passes, it
// passes and black wins: a loss in 2 plies; when a side without a move
// draws, a draw.
func games() []Case {
	stuck := "board: {size: 3, walls: [a2, b1]}\ngame:\n  sides:\n    - {piece: rook, from: [a1], goal: [b2]}\n    - {piece: rook, from: [c2], goal: [b2]}\n  stuck: "
	drawn := Answer{Status: model.StatusOptimal, Value: Any, Count: Any, Classes: Any, NoValue: true}
	return []Case{
		{Name: "one rook race 3x3", File: "game-one-rook-3x3", Task: solve, Want: drawn, Source: "by hand (internal/known/games.go)", Brute: &brute.Solver{}},
		{Name: "one rook race 3x3, black first", File: "game-one-rook-3x3", Set: []string{"game.first=black"}, Task: solve, Want: drawn, Source: "by hand", Brute: &brute.Solver{}},
		{Name: "one rook race 4x4", File: "game-one-rook-4x4", Task: solve, Want: drawn, Source: "by hand", Brute: &brute.Solver{}},
		{Name: "one rook race 3x3, rooks face each other", YAML: "board: 3\ngame:\n  sides:\n    - {piece: rook, from: [a2], goal: [b2]}\n    - {piece: rook, from: [c2], goal: [b2]}\n", Task: solve,
			Want: optimal(1, Any, Any), Source: "by hand: a2 slides right and stops on b2", Brute: &brute.Solver{}},
		{Name: "stuck rook loses", YAML: stuck + "loses\n", Task: solve, Want: optimal(0, Any, Any), Source: "by hand: white has no move", Brute: &brute.Solver{}},
		{Name: "stuck rook passes", YAML: stuck + "passes\n", Task: solve, Want: optimal(2, Any, Any), Source: "by hand: white passes, c2 slides onto b2", Brute: &brute.Solver{}},
		{Name: "stuck rook draws", YAML: stuck + "draw\n", Task: solve, Want: drawn, Source: "by hand", Brute: &brute.Solver{}},
	}
}

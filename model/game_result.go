package model

// GameResult is what a backend answers about a game (Result.Game): the
// start's value under best play, and, when the backend walked the whole
// space of positions (explore), the tally of its values.
//
// Values are for the side to move: a win is a position from which it can
// force a win, a loss one from which the other side can, a draw one from
// which neither can. Plies count the moves (a pass is one) to the end
// under best play: the winner wins as fast as it can, the loser loses as
// slowly as it can.
type GameResult struct {
	ToMove string `json:"to_move"`          // the side to move at the start
	Value  string `json:"value"`            // "win", "loss" or "draw", for ToMove
	Winner string `json:"winner,omitempty"` // the side that wins under best play; "" for a draw
	Plies  int    `json:"plies,omitempty"`  // to the end under best play; 0 for a draw (and a game over at the start)

	// The whole space (explore): every placement of each side's pieces on
	// the open squares, with either side to move.
	Positions int64 `json:"positions,omitempty"`
	Won       int64 `json:"won,omitempty"`
	Lost      int64 `json:"lost,omitempty"`
	Drawn     int64 `json:"drawn,omitempty"`
	// Over: the lost positions in which the game is over already (the side
	// that moved last stands on its goal; or the side to move has no move
	// and loses).
	Over int64 `json:"over,omitempty"`
	// ByPlies[n]: the positions decided in n plies under best play (won
	// when n is odd, lost when even).
	ByPlies []int64 `json:"by_plies,omitempty"`
	// LongestWin is the most plies of a forced win from any position, and
	// LongestWinFrom the least-indexed position it starts from.
	LongestWin     int    `json:"longest_win,omitempty"`
	LongestWinFrom string `json:"longest_win_from,omitempty"`
	// Bits is what the solution stores a position in: 2 (its value) and,
	// when distances are asked (solve), 8 more for its plies; the
	// retrograde analysis keeps 2 more bits a position while it runs.
	Bits int `json:"bits_per_position,omitempty"`
	// Symmetries is the order of the symmetry group the tables are folded
	// by (1: not folded), and Slots their entries: the orbits of the
	// positions under it, and the slots no canonical position takes (the
	// exact backend's retrograde analysis). Counts above are of positions,
	// each orbit counted by its size.
	Symmetries int   `json:"symmetries,omitempty"`
	Slots      int64 `json:"table_slots,omitempty"`
	// MemoryBytes is what the backend's tables of positions took.
	MemoryBytes int64 `json:"memory_bytes,omitempty"`
	// Starts: the start with the first side to move and with the other
	// (explore: the one solution answers both first movers).
	Starts []GameStart `json:"starts,omitempty"`
	// Reachable is the number of positions reachable from the start
	// (the brute backend's space), 0 when not counted.
	Reachable int64 `json:"reachable,omitempty"`
}

// GameStart is the value of a start position: the side to move, its
// value, the winner under best play ("" for a draw) and the plies to the
// end (0 for a draw).
type GameStart struct {
	ToMove string `json:"to_move"`
	Value  string `json:"value"`
	Winner string `json:"winner,omitempty"`
	Plies  int    `json:"plies,omitempty"`
}

// WonLost sums positions by plies (as GameResult.ByPlies) into the won,
// decided in an odd number of plies, and the lost, in an even.
func WonLost(byPlies []int64) (won, lost int64) {
	for d, n := range byPlies {
		if d%2 == 1 {
			won += n
		} else {
			lost += n
		}
	}
	return won, lost
}

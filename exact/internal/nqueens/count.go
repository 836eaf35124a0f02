package nqueens

// queensCount is the result of an n-queens count: solutions, their classes
// under the symmetries of the square, and the nodes searched.
type queensCount struct {
	solutions, classCount int64
	nodes                 int64
	// A part of the join with classes (joinshard.go): burnside is its
	// terms of Burnside's lemma, and classCount is not set.
	burnside     int64
	burnsidePart bool
}

func (c queensCount) total() int64   { return c.solutions }
func (c queensCount) classes() int64 { return c.classCount }

// maxQueensSide bounds the bitwise counter: a rank is one machine word.
const maxQueensSide = 63

// MaxCountSide bounds the boards whose n-queens solutions are
// counted: the counts grow about tenfold per rank (A000170(27) is 2.3e17),
// so 29 ranks would pass the 64-bit counter's 9.2e18.
const MaxCountSide = 28

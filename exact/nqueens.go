package exact

// queensCount is the result of an n-queens count: solutions, their classes
// under the symmetries of the square, and the nodes searched.
type queensCount struct {
	solutions, classCount int64
	nodes                 int64
}

func (c queensCount) total() int64   { return c.solutions }
func (c queensCount) classes() int64 { return c.classCount }

// maxQueensSide bounds the bitwise counter: a rank is one machine word.
const maxQueensSide = 63

package slide

import "unsafe"

// stackBlock is how many items a block of a stack holds.
const stackBlock = 1 << 14

// A stack grows by blocks, each reserved from a budget before it is
// allocated. Growing never copies, so a deep stack costs what it holds and
// one block more, not twice that while it doubles; blocks are kept when the
// stack shrinks, for the next growth, and released by free.
type stack[T any] struct {
	blocks [][]T
	n      int
	budget *budget
	what   string
}

func newStack[T any](b *budget, what string) *stack[T] { return &stack[T]{budget: b, what: what} }

func (s *stack[T]) len() int { return s.n }

// at is the i-th item from the bottom.
func (s *stack[T]) at(i int) *T { return &s.blocks[i/stackBlock][i%stackBlock] }

func (s *stack[T]) top() *T { return s.at(s.n - 1) }

func (s *stack[T]) push(v T) error {
	if s.n == len(s.blocks)*stackBlock {
		if err := s.budget.reserve(s.blockBytes(), s.what); err != nil {
			return err
		}
		s.blocks = append(s.blocks, make([]T, stackBlock))
	}
	*s.at(s.n) = v
	s.n++
	return nil
}

func (s *stack[T]) pop() T {
	s.n--
	return *s.at(s.n)
}

// truncate drops the items from the n-th up.
func (s *stack[T]) truncate(n int) { s.n = n }

func (s *stack[T]) free() {
	s.budget.release(int64(len(s.blocks)) * s.blockBytes())
	s.blocks, s.n = nil, 0
}

func (s *stack[T]) blockBytes() int64 {
	var zero T
	return int64(unsafe.Sizeof(zero)) * stackBlock
}

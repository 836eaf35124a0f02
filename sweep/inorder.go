package sweep

import "sync"

// inOrder releases answers that arrive out of order, indexed 0, 1, 2, ...,
// to its function in the order of their index, one at a time: an answer
// waits until every answer before it has come.
type inOrder[T any] struct {
	mu      sync.Mutex
	next    int64
	pending map[int64]T
	release func(T) error
}

func newInOrder[T any](release func(T) error) *inOrder[T] {
	return &inOrder[T]{pending: map[int64]T{}, release: release}
}

// add gives the answer of index i and releases every answer now in order;
// it returns the first error of the releases.
func (o *inOrder[T]) add(i int64, answer T) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pending[i] = answer
	for {
		a, ok := o.pending[o.next]
		if !ok {
			return nil
		}
		delete(o.pending, o.next)
		o.next++
		if err := o.release(a); err != nil {
			return err
		}
	}
}

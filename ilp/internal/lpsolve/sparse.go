package lpsolve

// #include "glue.h"
import "C"

import (
	"fmt"
	"math"
	"sort"
)

// sparseVector converts a caller's sparse vector to what lp_solve needs:
// 1-based C int indices, strictly ascending, no duplicates, all in range.
// lp_solve checks none of this reliably (an out-of-range or repeated index
// can silently empty the row), so it is checked here. Its buffers are reused,
// so adding rows does not allocate once they have grown.
type sparseVector struct {
	idx []C.int
	val []C.double
}

func (s *sparseVector) Len() int           { return len(s.idx) }
func (s *sparseVector) Less(i, j int) bool { return s.idx[i] < s.idx[j] }
func (s *sparseVector) Swap(i, j int) {
	s.idx[i], s.idx[j] = s.idx[j], s.idx[i]
	s.val[i], s.val[j] = s.val[j], s.val[i]
}

// load fills the buffers from indices and values, each index below limit.
// For an empty vector it returns nil pointers (the C glue substitutes
// scratch arrays: lp_solve misreads NULL as a dense vector).
func (s *sparseVector) load(call, what string, indices []int, values []float64, limit int) (C.int, *C.int, *C.double, error) {
	if len(indices) != len(values) {
		return 0, nil, nil, &CallError{Call: call, Args: fmt.Sprintf("%d indices, %d values", len(indices), len(values)), Err: ErrLength}
	}
	n := len(indices)
	if n == 0 {
		return 0, nil, nil, nil
	}
	if cap(s.idx) < n {
		s.idx = make([]C.int, n, n+n/4)
		s.val = make([]C.double, n, n+n/4)
	}
	s.idx, s.val = s.idx[:n], s.val[:n]
	sorted := true
	for i, j := range indices {
		v := values[i]
		if j < 0 || j >= limit {
			return 0, nil, nil, &CallError{Call: call, Args: fmt.Sprintf("%s %d", what, j), Err: fmt.Errorf("%w: model has %d %ss", ErrIndex, limit, what)}
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, nil, nil, &CallError{Call: call, Args: fmt.Sprintf("%s %d, %g", what, j, v), Err: ErrArgument}
		}
		s.idx[i] = C.int(j + 1)
		s.val[i] = C.double(v)
		if i > 0 && s.idx[i] <= s.idx[i-1] {
			sorted = false
		}
	}
	if !sorted {
		sort.Sort(s)
		for i := 1; i < n; i++ {
			if s.idx[i] == s.idx[i-1] {
				return 0, nil, nil, &CallError{Call: call, Args: fmt.Sprintf("%s %d", what, int(s.idx[i])-1), Err: ErrDuplicate}
			}
		}
	}
	return C.int(n), &s.idx[0], &s.val[0], nil
}

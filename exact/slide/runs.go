package slide

import "sync"

// The new states of a level are sorted (parallel.go) by sorting each
// worker's states of a batch in the worker, where the sorts run side by
// side, and merging these sorted runs at the end of the level, pairs of
// runs side by side: the search no longer waits on one goroutine sorting
// the whole level.

// mergeRuns sorts a, made of sorted runs that start at starts (starts[0]
// is 0), by merging neighbouring runs pass by pass on up to workers
// goroutines. It returns the sorted states, in a or in a scratch slice of
// the same length.
func mergeRuns(a []uint64, starts []int, workers int) []uint64 {
	if len(starts) <= 1 {
		return a
	}
	buf := make([]uint64, len(a))
	starts = append(starts, len(a))
	for len(starts) > 2 { // runs: starts[i]..starts[i+1]
		var wg sync.WaitGroup
		limit := make(chan struct{}, max(1, workers))
		var merged []int
		for i := 0; i+1 < len(starts); i += 2 {
			merged = append(merged, starts[i])
			lo, mid, hi := starts[i], starts[min(i+1, len(starts)-1)], starts[min(i+2, len(starts)-1)]
			wg.Add(1)
			limit <- struct{}{}
			go func() {
				defer wg.Done()
				mergeTwo(buf[lo:hi], a[lo:mid], a[mid:hi])
				<-limit
			}()
		}
		wg.Wait()
		starts = append(merged, len(a))
		a, buf = buf, a
	}
	return a
}

// mergeTwo merges the sorted x and y into dst (len(x)+len(y)).
func mergeTwo(dst, x, y []uint64) {
	i, j := 0, 0
	for k := range dst {
		if j == len(y) || (i < len(x) && x[i] < y[j]) {
			dst[k] = x[i]
			i++
		} else {
			dst[k] = y[j]
			j++
		}
	}
}

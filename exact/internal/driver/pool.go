package driver

import "github.com/chessmodel/chessmodel/exact/internal/tasks"

// Spread is the driver's worker pool: it makes a search for each of
// workers workers (newSearch, on the calling goroutine, in worker order)
// and runs tasks 0..n-1 of a list on them with run, each task on the
// worker that comes free first, until the list is done or st stops; it
// reports progress as what, counting the subtrees done. It returns the
// searches, in worker order, for the caller to merge.
//
// Count and First run on it; so does a search whose list is not a split
// (the fewest squares: one task per square of its first piece, the best
// value found shared among workers as the bound).
func Spread[W any](st *tasks.Stopper, workers, n int, progress func(float64, string), what string,
	newSearch func() W, run func(worker int, s W, task int)) []W {
	workers = max(1, min(workers, n)) // a search costs its copy of the problem: none idle
	searches := make([]W, workers)
	for w := range searches {
		searches[w] = newSearch()
	}
	tasks.RunSubtrees(st, workers, n, progress, what, func(w, i int) { run(w, searches[w], i) })
	return searches
}

package tour

import "github.com/chessmodel/chessmodel/exact/internal/tasks"

// pollEvery is how many search nodes pass between two looks at the stopper.
const pollEvery = 1 << 12

// runTasks calls work(task) for every task in 0..n-1 on up to workers
// goroutines, in task order as workers come free, and reports the fraction
// done through progress (when set) from the calling goroutine.
func runTasks(st *tasks.Stopper, workers, n int, progress func(float64, string), what string, work func(task int)) {
	note := func(int64) string { return what }
	tasks.Run(st, workers, n, progress, what, note, func(_, t int) { work(t) })
}

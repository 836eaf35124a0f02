// Package tasks is the plumbing every search of the exact backend shares:
// a Stopper that tells searches to give up, and one worker pool (Run) that
// hands a numbered list of tasks to goroutines and reports progress.
//
// The placement techniques (exact/internal/...), exact/tour and exact/slide
// all use it, so there is one stopper and one pool (the number of workers
// is model.WorkerCount's). It imports nothing of the backend.
package tasks

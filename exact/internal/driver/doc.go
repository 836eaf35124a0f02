// Package driver runs every placement technique of the exact backend the
// same way, as gonum's optimize.Minimize runs a Method: the driver owns
// the solve / count / enumerate switch, the split of a count into tasks,
// the worker pool, the tallies of counts and classes, progress, the stop
// and the status of the result; a technique only searches.
//
// A technique supplies a Search (Solve) — find an optimum and narrow the
// search to it, enumerate depth-first, and a Counter — or a Counter alone
// (Count). A Counter knows how to list its subtrees at a given depth
// (Split), how to make the whole tree one task (Whole), and gives workers
// that search one task of the list each, tallying into a problem.Tally:
//
//	err := driver.Solve(st, p, opts, res, search)
//
// # Tasks
//
// Split(d) runs the search from the root down to depth d and lists the
// subtrees it meets there (and the solutions met above it) in search
// order, so the task list depends on the model, the options that shape
// the search and d alone. The driver tries d = 1, 2, ... until the list
// reaches its target or no subtree reached d: 32 tasks a worker for an
// ordinary count (and none at all, the whole tree as one task, on one
// worker without progress), ShardTasks under model.Options.Shard, which
// makes the list the same on any number of workers. A shard then runs the
// tasks it owns (Owns: task i is part i mod N's); their counts, classes and nodes add up
// over the shards to the whole: the nodes of the work every shard repeats
// (the search for the optimum, the splits) are reported by shard 0 only.
// The number of tasks is reported as Stats.ShardTasks.
//
// A technique whose list is made otherwise — from depth 0, to another
// target, on one worker too — says so with a SplitPolicy method; one
// whose later splits deepen the list it made last may rely on the depths
// coming in order.
//
// # Workers
//
// Spread is the one worker pool of the placement techniques: a search of
// its own for each worker, the task list handed out on tasks.RunSubtrees.
// Count and First run on it, and so do the fewest-squares branch and
// bound, whose list is one task per square of its first piece, and the
// n-queens constellation counter, whose part plans only the constellations
// it owns (Owns). The tour search's count is a Counter (exact/tour). A
// Counter's worker is most often a TaskWorker (NewWorker): the driver
// runs task i by the technique's resume(i), and the search tallies what
// it accepts through Add, under the task it runs. Pieces is the state a
// branch and bound on the number of pieces keeps between the driver's
// calls (bounds, best, whole tree), Past how it moves its bounds past a
// solution found.
//
// # First
//
// First is the parallel search for one solution: a Finder's list (split
// to 64 tasks a worker, or by its SplitPolicy) runs on the pool, and the
// solution kept is the earliest task's, tasks after it skipped or
// abandoned, so the answer is the same on any number of workers. Folding
// runs each of its passes (a target, a number of pieces) on it, the
// fewest-pieces cover each count it tries. FirstPart is First for one
// part of a proof (model.Options.Shard): the list made to ShardTasks on
// any number of workers, only the tasks the part owns searched, the task
// found named by its index in the whole list (firstpart.go).
//
// # Techniques
//
// A Technique is a search package as dispatch and the tests see it: what
// it fits (FitsModel on the model, Fits on the compiled problem, each
// with the options) and its answer (SolveModel on the model, or Solve on
// the compiled problem). The facade's dispatch is an ordered table of
// them (exact/solver.go): Dispatch runs the first that fits, compiling
// the model once, when a technique first reads the compiled problem; a
// technique that looks closer and leaves the model to the next declines
// (ErrDeclined). What FitsModel finds in saying yes it returns, and
// Dispatch (or Answer) hands it to that technique's SolveModel as found,
// so that a solve does not repeat its fit: the n-queens counter's board
// (Detect), the transfer's spec; nil where there is nothing to hand on.
// found is the technique's own: no other technique and no caller reads
// it. Package techtest runs the table of known answers against
// each technique, forced, by the same FitsCase and Answer.
//
// # Frame
//
// Frame is the outer frame of every solve of the exact backend (the
// facade's placements, tours, slides, the techniques forced by the
// tests): the refusal of an enumeration without Emit, the result, the
// stopper, the timing.
//
// Distinct wall sets (model.Options.DistinctWalls) are the exception: a
// wall set may be found in several tasks, so every shard runs every task
// and keeps the wall sets it owns by their hash; its nodes are still those
// of the tasks it owns (plus the shared ones on shard 0), its whole search
// is reported as Stats.ShardSearchedNodes.
package driver

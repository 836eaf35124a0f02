// Package shard splits a long task — a count, a sweep, a proof — into parts that
// run anywhere, and merges their results into the one-process answer.
//
// A Job is what every part of one split shares: the model (its YAML text,
// the --set overrides and a digest of the parsed model), the task, the
// options that change the answer, and the number of parts. Run does part
// k of a Job with a backend (model.Options.Shard, sweep.Options.Shard:
// each backend splits its own deterministic task list) and returns a
// Record: the part's count, classes, nodes, seconds and an example
// solution the checker has accepted, written as one JSON line. Merge takes
// the records of every part, refuses a missing, duplicated or foreign one
// (another model, task or options, or a digest its own model does not
// give) by name, refuses a record inconsistent in itself or with its
// siblings (consistent.go: negative, missing or overflowing counts,
// classes the count does not allow, a status the fields contradict, a
// sweep's table that does not add up to the share its part owns), checks
// each example again, and adds the parts up. A part
// whose classes are no whole number (the n-queens join's) carries its
// terms of Burnside's lemma instead (Record.Burnside), which Merge adds up
// and divides once (burnside.go).
//
//	job, m, err := shard.NewJob("q.yaml", source, nil, shard.TaskCount, shard.Options{Backend: "exact"}, 8)
//	rec, err := shard.Run(ctx, job, 3, exact.New(), shard.RunOptions{})
//	merged, err := shard.Merge(records) // merged.Result: what count prints
//
// A proof of solve splits where the backend's search does (TaskSolve,
// proof.go: the exact backend's fewest pieces that cover): each part
// reports the upper bound every part shares, the counts it refuted and
// its least, and Merge takes the least of all with the earliest task's
// example.
//
// Engines (package cluster, Slurm scripts) only move Jobs and Records.
package shard

package exact

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestShardsAddUp runs the shards 0..N-1 of a count for N in {1, 3, 7} on
// 1 and 4 workers: their counts and classes add up to the whole run's,
// their nodes to the same total whatever N and the workers, and they all
// report the same number of tasks.
func TestShardsAddUp(t *testing.T) {
	sweep := "board: {size: 6, walls: {fixed: [], free: 0..2}}\nplace: [7 queen]\nrules: [independent]\n"
	cases := []struct {
		name, yaml, engine string
		opts               model.Options
		count, classes     int64 // the published numbers, when there are some (-1 otherwise)
	}{
		{"walls sweep", sweep, "piece sets", model.Options{}, -1, -1},
		{"walls sweep, classes", sweep, "piece sets", model.Options{Symmetry: true}, -1, -1},
		{"distinct walls", sweep, "piece sets", model.Options{DistinctWalls: true, Symmetry: true}, -1, -1},
		// 6x6: 9 queens need 6 walls; 80 (queens, walls) pairs on 56 boards, 7 up to symmetry
		{"least walls 6x6 pairs", "least-walls-6x6-9", "piece sets", model.Options{}, 80, -1},
		{"least walls 6x6 boards", "least-walls-6x6-9", "piece sets", model.Options{DistinctWalls: true, Symmetry: true}, 56, 7},
		{"cover with symmetry", "board: 6\nplace: [min queen]\nrules: [independent, cover dominated]\n", "coverage search", model.Options{Symmetry: true}, -1, -1},
		{"independence with symmetry", "board: 7\nplace: [6 queen]\nrules: [independent]\n", "clique", model.Options{Symmetry: true}, -1, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var m *model.Model
			if len(c.yaml) < 20 {
				m = load(t, c.yaml)
			} else {
				m = parse(t, c.yaml)
			}
			opts := c.opts
			opts.Task = model.TaskCount
			whole := run(t, m, opts)
			if e := whole.Stats.Engine; !strings.HasPrefix(e, c.engine) {
				t.Fatalf("engine %q, the case is for %q", e, c.engine)
			}
			if c.count >= 0 && count(whole) != c.count || c.classes >= 0 && classes(whole) != c.classes {
				t.Fatalf("whole: count %d classes %d, want %d and %d", count(whole), classes(whole), c.count, c.classes)
			}
			nodes := int64(-1)
			for _, workers := range []int{1, 4} {
				for _, of := range []int{1, 3, 7} {
					got := shardSums(t, m, opts, c.engine, workers, of)
					if got.count != count(whole) || (opts.Symmetry && got.classes != classes(whole)) {
						t.Errorf("%d shards on %d workers: count %d classes %d, whole %d and %d",
							of, workers, got.count, got.classes, count(whole), classes(whole))
					}
					if nodes >= 0 && got.nodes != nodes {
						t.Errorf("%d shards on %d workers: %d nodes, other splits %d", of, workers, got.nodes, nodes)
					}
					nodes = got.nodes
				}
			}
		})
	}
}

type shardTotal struct{ count, classes, nodes int64 }

// shardSums runs the of shards of a count on the given engine and adds up
// what they report.
func shardSums(t *testing.T, m *model.Model, opts model.Options, engine string, workers, of int) shardTotal {
	t.Helper()
	var sum shardTotal
	tasks := -1
	for i := range of {
		opts.Workers, opts.Shard = workers, model.Shard{Index: i, Of: of}
		r := run(t, m, opts)
		if e := r.Stats.Engine; !strings.HasPrefix(e, engine) {
			t.Fatalf("shard %d of %d: engine %q, the case is for %q", i, of, e, engine)
		}
		sum.count += count(r)
		if opts.Symmetry {
			sum.classes += classes(r)
		}
		sum.nodes += r.Stats.Nodes
		if r.Stats.ShardTasks == nil {
			t.Fatalf("shard %d of %d: no shard_tasks", i, of)
		}
		n := *r.Stats.ShardTasks
		if n < 1 || (tasks >= 0 && n != tasks) {
			t.Fatalf("shard %d of %d: shard_tasks %d, shard 0 had %d", i, of, n, tasks)
		}
		tasks = n
	}
	if testing.Verbose() {
		t.Logf("%d shards on %d workers: %d tasks, %+v", of, workers, tasks, sum)
	}
	return sum
}

// TestShardRefused: searches that do not split their work refuse a shard
// with ErrUnsupported, and a shard that names no part is bad input.
func TestShardRefused(t *testing.T) {
	shard := model.Shard{Index: 1, Of: 3}
	cases := []struct {
		what string // in the error
		m    *model.Model
		task model.Task
	}{
		{"n-queens", load(t, "n-queens", "board=8"), model.TaskSolve}, // its counts split (TestQueensParts)
		{"folding", load(t, "cover-5x5-five-pieces"), model.TaskCount},
		{"only counts", parse(t, "board: 7\nplace: [max knight]\nrules: [independent]\n"), model.TaskSolve},
		{"tour", load(t, "knights-tour"), model.TaskCount}, // by the frontier; the search's count splits (tour.TestTourPartsAddUp)
		{"tour", load(t, "knights-tour"), model.TaskSolve},
	}
	for _, c := range cases {
		_, err := New().Solve(context.Background(), c.m, model.Options{Task: c.task, Shard: shard})
		if !errors.Is(err, model.ErrUnsupported) || !strings.Contains(err.Error(), c.what) {
			t.Errorf("%s: want ErrUnsupported naming it, got %v", c.what, err)
		}
	}
	m := load(t, "eight-queens")
	_, err := New().Solve(context.Background(), m, model.Options{Task: model.TaskCount, Shard: model.Shard{Index: 3, Of: 3}})
	if err == nil || errors.Is(err, model.ErrUnsupported) {
		t.Errorf("shard 3 of 3: want a plain error, got %v", err)
	}
}

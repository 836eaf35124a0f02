package driver

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/problem"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// A binaryTree is a complete binary tree of the given height whose leaves
// are the solutions: 2^height of them, 2^(height+1)-1 nodes.
type binaryTree struct {
	height int
	depth  int // of the split's tasks: task i is the i-th subtree at it
	splits []int
}

func (b *binaryTree) MaxSplit() int { return b.height }
func (b *binaryTree) Whole() int    { b.depth = 0; return 1 }

// Split visits the 2^depth-1 nodes above depth and lists 2^depth subtrees.
func (b *binaryTree) Split(depth int) (int, int64, bool) {
	b.depth = depth
	b.splits = append(b.splits, depth)
	return 1 << depth, 1<<depth - 1, depth < b.height
}

func (b *binaryTree) Worker(t *problem.Tally) Worker { return &treeWorker{b: b, t: t} }

type treeWorker struct {
	b     *binaryTree
	t     *problem.Tally
	nodes int64
}

func (w *treeWorker) Nodes() int64 { return w.nodes }

// Run visits a subtree of height height-depth, adding its leaves.
func (w *treeWorker) Run(task int) {
	h := w.b.height - w.b.depth
	w.nodes += 1<<(h+1) - 1
	for range 1 << h {
		w.t.Add(task, nil, nil)
	}
}

// TestCountSplits: the task list is 32 a worker without a shard, none on
// one worker, ShardTasks under a shard whatever the workers; the shards'
// counts and nodes add up to the tree's leaves and nodes (and those of
// the shallower splits, which shard 0 reports).
func TestCountSplits(t *testing.T) {
	p, err := problem.Compile(mustParse(t))
	if err != nil {
		t.Fatal(err)
	}
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	const height = 14
	leaves, nodes := int64(1)<<height, int64(1)<<(height+1)-1
	for _, c := range []struct {
		workers, of, tasks int
	}{
		{1, 0, 1}, {2, 0, 64}, {4, 0, 128}, {1, 1, ShardTasks}, {4, 3, ShardTasks}, {1, 7, ShardTasks}, {4, 7, ShardTasks},
	} {
		var count, visited int64
		for i := range max(1, c.of) {
			b := &binaryTree{height: height}
			opts := model.Options{Task: model.TaskCount, Workers: c.workers}
			if c.of > 0 {
				opts.Shard = model.Shard{Index: i, Of: c.of}
			}
			got := Count(st, p, opts, b)
			if got.Tasks != c.tasks {
				t.Errorf("%d workers, shard %d of %d: %d tasks, want %d", c.workers, i, c.of, got.Tasks, c.tasks)
			}
			count += got.Tally.Count
			visited += got.Nodes
		}
		// the splits that gave too few tasks visited their nodes again
		want := nodes
		for d := 1; 1<<d < c.tasks; d++ {
			want += 1<<d - 1
		}
		if count != leaves || visited != want {
			t.Errorf("%d workers, %d shards: %d leaves and %d nodes, want %d and %d", c.workers, c.of, count, visited, leaves, want)
		}
	}
}

func mustParse(t *testing.T) *model.Model {
	m, err := model.Parse([]byte("board: 2\nplace: [1 king]\n"), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

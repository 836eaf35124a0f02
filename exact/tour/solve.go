package tour

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/chessmodel/chessmodel/exact/internal/driver"
	"github.com/chessmodel/chessmodel/exact/internal/tasks"
	"github.com/chessmodel/chessmodel/model"
)

// Limits of the package; each is in the package documentation and a test
// walks past it.
const (
	// MaxSearchSquares bounds the boards the search methods build a move
	// graph for (about 60 bytes a square).
	MaxSearchSquares = 1 << 22
	// MaxTourSquares bounds the tours returned as a solution: the checker
	// verifies every solution, and it takes boards up to this size.
	MaxTourSquares = 1 << 26
)

// errStopped is returned inside the package when the stopper ended a count.
var errStopped = errors.New("tour: stopped")

// Method selects how Count counts.
type Method int

const (
	Auto     Method = iota // frontier DP when it applies, else the search
	Frontier               // the frontier dynamic programme
	Search                 // the pruned depth-first search
)

func (m Method) String() string { return [...]string{"auto", "frontier", "search"}[m] }

// Solve performs opts.Task on a tour model. The result's Backend is
// "exact"; an infeasible answer carries its reason in
// Stats.Reason.
func Solve(ctx context.Context, m *model.Model, opts model.Options) (*model.Result, error) {
	return SolveWith(ctx, m, opts, Auto)
}

// SolveWith is Solve with the counting method chosen by the caller (for
// tests, benchmarks and cross-checks of the two methods).
func SolveWith(ctx context.Context, m *model.Model, opts model.Options, method Method) (*model.Result, error) {
	if m.Kind != model.KindTour || m.Tour == nil {
		return nil, fmt.Errorf("exact/tour: a %s model is not a tour: %w", m.Kind, model.ErrUnsupported)
	}
	return driver.Frame(ctx, m, opts, "exact", func(st *tasks.Stopper, res *model.Result) error {
		if why := modelTheorems(m); why != "" {
			infeasible(res, opts, why)
			return nil
		}
		if opts.Task == model.TaskSolve {
			return find(st, m, opts, res)
		}
		return count(st, m, opts, res, method)
	})
}

// infeasible records a proof that no tour exists.
func infeasible(res *model.Result, opts model.Options, why string) {
	res.Status = model.StatusInfeasible
	res.Stats.Reason = why
	if opts.Task != model.TaskSolve {
		res.Count = model.Int64(0)
		if opts.Symmetry {
			res.Classes = model.Int64(0)
		}
	}
}

// searchGraph builds the move graph for the search methods, after the
// limits: the board's size, then the memory the task plans.
func searchGraph(m *model.Model, opts model.Options) (*model.MoveGraph, error) {
	if m.Board.Size() > MaxSearchSquares {
		return nil, fmt.Errorf("exact: the %s board has %d squares, the tour search takes boards of up to %d (the knight's construction goes further on plain rectangles): %w",
			m.Board.Dims(), m.Board.Size(), MaxSearchSquares, model.ErrGraphTooLarge)
	}
	if err := checkMemory(m, opts); err != nil {
		return nil, err
	}
	g, err := model.NewMoveGraph(m.Board, m.Tour.Piece, MaxSearchSquares)
	if err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	return g, nil
}

// find performs TaskSolve.
func find(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result) error {
	b := m.Board
	if b.Size() > MaxTourSquares {
		return fmt.Errorf("exact: a tour of the %s board has %d squares; solutions are checked on boards of up to %d: %w",
			b.Dims(), b.Size(), MaxTourSquares, model.ErrUnsupported)
	}
	if err := checkMemory(m, opts); err != nil {
		return err
	}
	if path, ok := construct(st, m); ok {
		res.Stats.Method = "construction"
		return found(res, path)
	}
	if st.Stopped() {
		res.Status = model.StatusUnknown
		return nil
	}
	g, err := searchGraph(m, opts)
	if err != nil {
		return err
	}
	if why := graphTheorems(m, g); why != "" {
		infeasible(res, opts, why)
		return nil
	}
	res.Stats.Method = "warnsdorff+backtracking"
	path, outcome, nodes := restarts(st, m, g)
	res.Stats.Nodes = nodes
	switch outcome {
	case searchFound:
		return found(res, g.Path(path))
	case searchStopped:
		res.Status = model.StatusUnknown
		return nil
	}
	infeasible(res, opts, "exhaustive search: no tour exists")
	return nil
}

// firstBudget is the node budget of the first round of restarts.
const firstBudget = 1 << 14

// restarts runs the finder from each start square with a node budget that
// grows fourfold each round, so that one unlucky start (a deep dead
// subtree) does not hold up a search another start finishes at once. A
// search that ends within its budget without a tour proves there is none
// from that start: for a closed tour (which passes every square) or a
// given start that settles the model; for an open tour, once every start
// is settled.
func restarts(st *tasks.Stopper, m *model.Model, g *model.MoveGraph) ([]int32, searchOutcome, int64) {
	starts := findStarts(m, g)
	settled := make([]bool, len(starts))
	var nodes int64
	for budget := int64(firstBudget); ; budget *= 4 {
		open := 0
		for i, s := range starts {
			if settled[i] {
				continue
			}
			f := newFinder(g, s, m.Tour.Closed, -1)
			f.st, f.budget = st, budget
			outcome := f.run()
			nodes += f.nodes
			switch {
			case outcome == searchFound:
				return f.path, searchFound, nodes
			case st.Stopped():
				return nil, searchStopped, nodes
			case outcome == searchExhausted && (m.Tour.Closed || m.Tour.Start != nil):
				return nil, searchExhausted, nodes
			case outcome == searchExhausted:
				settled[i] = true
			default:
				open++
			}
		}
		if open == 0 {
			return nil, searchExhausted, nodes
		}
	}
}

func found(res *model.Result, path []model.Square) error {
	res.Status = model.StatusFeasible
	res.Solution = &model.Solution{Squares: path}
	res.Value = model.Int64(int64(len(path)))
	return nil
}

// findStarts lists the squares a search must start from to decide the
// model: the start square; for a closed tour one square (every tour passes
// through it), one of fewest moves; for an open tour one square per orbit
// of the symmetry group, squares with fewer moves first, since a tour that
// exists is found fastest from an end.
func findStarts(m *model.Model, g *model.MoveGraph) []int {
	if s := m.Tour.Start; s != nil {
		return []int{g.Vertex(*s)}
	}
	if m.Tour.Closed {
		out := make([]int, g.Len())
		for v := range out {
			out[v] = v
		}
		sortBy(out, func(v int) int64 { return int64(g.Degree(v))<<32 | int64(v) })
		return out
	}
	starts, _ := startOrbits(m, g)
	out := make([]int, len(starts))
	for i, s := range starts {
		out[i] = int(s)
	}
	sortBy(out, func(v int) int64 { return int64(g.Degree(v))<<32 | int64(v) })
	return out
}

// permutations gives the model's symmetries as permutations of the graph's
// vertices, identity first.
func permutations(m *model.Model, g *model.MoveGraph) [][]int32 {
	var out [][]int32
	for _, t := range m.Symmetries() {
		p := make([]int32, g.Len())
		for v, s := range g.Squares {
			p[v] = int32(g.Vertex(t.Apply(s, m.Board.Rows, m.Board.Cols)))
		}
		out = append(out, p)
	}
	return out
}

// startOrbits lists the least square of each orbit of the symmetry group
// and the orbit's size.
func startOrbits(m *model.Model, g *model.MoveGraph) ([]int32, []int64) {
	perms := permutations(m, g)
	var starts []int32
	var sizes []int64
	for v := 0; v < g.Len(); v++ {
		least := true
		orbit := map[int32]bool{}
		for _, p := range perms {
			if p[v] < int32(v) {
				least = false
				break
			}
			orbit[p[v]] = true
		}
		if least {
			starts = append(starts, int32(v))
			sizes = append(sizes, int64(len(orbit)))
		}
	}
	return starts, sizes
}

// count performs TaskCount and TaskEnumerate.
func count(st *tasks.Stopper, m *model.Model, opts model.Options, res *model.Result, method Method) error {
	g, err := searchGraph(m, opts)
	if err != nil {
		return err
	}
	if why := graphTheorems(m, g); why != "" {
		infeasible(res, opts, why)
		return nil
	}
	if g.Len() <= 2 {
		if tinyPart(opts, res) { // dfsshard.go
			return nil
		}
		return countTiny(m, g, opts, res)
	}
	method, plan, err := countMethod(m, g, opts, method, res)
	if err != nil {
		return err
	}
	if method == Frontier {
		if opts.Task == model.TaskEnumerate {
			return fmt.Errorf("exact: the frontier method counts tours without listing them, so it gives no enumeration: %w", model.ErrUnsupported)
		}
		return countFrontier(st, m, g, plan, opts, res)
	}
	return countSearch(st, m, g, opts, res)
}

// countMethod is how count counts the tours of g, a board of three
// squares or more: method, or for Auto the cheaper by estimate, with the
// frontier's plan when one was made; it refuses a part of a count that
// makes no parts (shardMethod, dfsshard.go).
func countMethod(m *model.Model, g *model.MoveGraph, opts model.Options, method Method, res *model.Result) (Method, *frontierPlan, error) {
	var plan *frontierPlan
	if method != Search {
		var err error
		plan, err = frontierPlanFor(m, g, opts.MemoryLimit())
		if err != nil && (method == Frontier || g.Len() > maxDFSSquares) {
			return method, nil, err
		}
	}
	if method == Auto {
		method = chooseMethod(m, g, opts, plan, res)
	}
	res.Stats.Method = method.String()
	return method, plan, shardMethod(m, opts, method, res)
}

// countTiny counts the open tours of boards of one or two squares (a closed
// tour needs three, modelTheorems says so first): one square is an open
// tour of itself; two squares a move apart are two directed tours, one from
// a given start.
func countTiny(m *model.Model, g *model.MoveGraph, opts model.Options, res *model.Result) error {
	n := int64(1)
	switch {
	case g.Len() == 2 && !g.Adjacent(0, 1):
		n = 0
	case g.Len() == 2 && m.Tour.Start == nil && !m.Tour.Reversible():
		n = 2
	}
	if n == 0 {
		infeasible(res, opts, "the two squares are not one move apart")
		return nil
	}
	res.Status = model.StatusOptimal
	res.Count = model.Int64(n)
	if opts.Symmetry {
		// The two directed tours are one class when a symmetry swaps the
		// two squares; counting the symmetries is not enough, as one of a
		// board of one rank fixes every square.
		classes := int64(2)
		for _, p := range permutations(m, g) {
			if n == 1 || p[0] == 1 {
				classes = 1
			}
		}
		res.Classes = model.Int64(classes)
	}
	var path []int32
	for v := 0; v < g.Len(); v++ {
		path = append(path, int32(v))
	}
	if s := m.Tour.Start; s != nil && g.Vertex(*s) == 1 {
		path[0], path[1] = 1, 0
	}
	res.Solution = &model.Solution{Squares: g.Path(path)}
	res.Value = model.Int64(int64(len(path)))
	if opts.Task == model.TaskEnumerate {
		if err := opts.Emit(*res.Solution); err != nil {
			return err
		}
		if n == 2 {
			rev := []int32{1, 0}
			if err := opts.Emit(model.Solution{Squares: g.Path(rev)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// turned returns a closed tour's vertices from v, as a copy; path itself
// when v is negative or first already.
func turned(path []int32, v int32) []int32 {
	at := slices.Index(path, v)
	if at <= 0 {
		return path
	}
	return append(append(make([]int32, 0, len(path)), path[at:]...), path[:at]...)
}

// frontierPlanFor lays out the frontier programme for the model, after
// its estimate of the plan's bytes passes the memory bound.
func frontierPlanFor(m *model.Model, g *model.MoveGraph, limit int64) (*frontierPlan, error) {
	if bytes := frontierPlanBytes(g); bytes > limit {
		return nil, fmt.Errorf("exact: the frontier method's plan of the %s board (%d squares) would take about %s, above the bound of %s: %w",
			m.Board.Dims(), g.Len(), model.ByteSize(bytes), model.ByteSize(limit), model.ErrTooLarge)
	}
	start := -1
	if s := m.Tour.Start; s != nil && !m.Tour.Closed {
		start = g.Vertex(*s)
	}
	return newFrontierPlan(g, !m.Tour.Closed, start)
}

// counted fills a complete count, with one example tour found by the
// finder.
func counted(res *model.Result, n int64, classes *int64, st *tasks.Stopper, m *model.Model, g *model.MoveGraph, opts model.Options) error {
	res.Count = model.Int64(n)
	res.Classes = classes
	if n == 0 {
		res.Status = model.StatusInfeasible
		res.Stats.Reason = "exhaustive count: no tour exists"
		return nil
	}
	res.Status = model.StatusOptimal
	if res.Solution != nil {
		return nil
	}
	if path, outcome, _ := restarts(st, m, g); outcome == searchFound {
		res.Solution = &model.Solution{Squares: g.Path(path)}
		res.Value = model.Int64(int64(g.Len()))
	}
	return nil
}

// searchStarts gives the squares the search counts from, each weighed by
// the symmetric starts it stands for: vertex 0 of a closed tour, the start
// square, every square for an enumeration, else one square per orbit.
func searchStarts(m *model.Model, g *model.MoveGraph, task model.Task) ([]int32, []int64) {
	switch {
	case m.Tour.Closed:
		return []int32{0}, []int64{1}
	case m.Tour.Start != nil:
		return []int32{int32(g.Vertex(*m.Tour.Start))}, []int64{1}
	case task == model.TaskEnumerate:
		starts, weights := make([]int32, g.Len()), make([]int64, g.Len())
		for v := range starts {
			starts[v], weights[v] = int32(v), 1
		}
		return starts, weights
	}
	return startOrbits(m, g)
}

// countSearch counts (and enumerates) with the depth-first search.
func countSearch(st *tasks.Stopper, m *model.Model, g *model.MoveGraph, opts model.Options, res *model.Result) error {
	if g.Len() > maxDFSSquares {
		return fmt.Errorf("exact: the search counts tours on up to %d squares, the board has %d: %w", maxDFSSquares, g.Len(), model.ErrUnsupported)
	}
	c := newDFSCounter(g, m.Tour.Closed)
	c.st = st
	c.reversible = m.Tour.Reversible()
	perms := permutations(m, g)
	if opts.Symmetry {
		c.perms = perms[1:]
		if len(c.perms) == 0 {
			c.perms = [][]int32{}
		}
	}
	var first []int32
	emitted := int64(0)
	from := int32(-1) // closed tours are walked from vertex 0, and written from the start
	if s := m.Tour.Start; s != nil && m.Tour.Closed {
		from = int32(g.Vertex(*s))
	}
	c.emit = func(path []int32) error {
		path = turned(path, from)
		if first == nil {
			first = append([]int32(nil), path...)
		}
		if opts.Task != model.TaskEnumerate {
			return nil
		}
		emitted++
		return opts.Emit(model.Solution{Squares: g.Path(path)})
	}
	if opts.Task != model.TaskEnumerate {
		c.emit = nil
	}
	d := &dfsCount{c: c}
	d.starts, d.weights = searchStarts(m, g, opts.Task)
	run := opts
	run.DistinctWalls = false
	if c.emit != nil {
		run.Workers = 1 // tours come out in a fixed order
	}
	out := driver.Count(st, nil, run, d) // a part's subtrees (dfsshard.go)
	tally := out.Tally
	stopped, emitErr := d.stopped()
	res.Stats.Nodes = out.Nodes
	res.Stats.Extra["subtrees"] = out.Tasks // the split's, in a part too
	if emitErr != nil {
		return emitErr
	}
	if first != nil {
		res.Solution = &model.Solution{Squares: g.Path(first)}
		res.Value = model.Int64(int64(g.Len()))
	}
	if stopped {
		res.Status = model.StatusUnknown
		res.Stats.CountedSoFar = model.Int64(tally.Count)
		return nil
	}
	var classes *int64
	if opts.Symmetry {
		classes = model.Int64(tally.Classes)
	}
	if opts.Task == model.TaskEnumerate {
		res.Count = model.Int64(emitted)
		if emitted == 0 {
			res.Status = model.StatusInfeasible
		} else {
			res.Status = model.StatusOptimal
		}
		return nil
	}
	n := tally.Count
	if c.reversible {
		n /= 2 // every path was counted from both ends
	}
	err := counted(res, n, classes, st, m, g, opts)
	partReason(res, opts) // dfsshard.go
	return err
}

package exact

import (
	"fmt"
	"math/big"

	"github.com/chessmodel/chessmodel/model"
)

// maxWallSets bounds the wall sets tried one by one when free walls meet a
// coverage rule or objective.
const maxWallSets = 20000

// solveFreeWallsCover answers free walls together with coverage, where a
// wall both blocks lines and takes its square out of what is to be
// covered: every wall set the range allows is solved as fixed walls, and
// the answers are combined. It is meant for small boards or few walls.
func solveFreeWallsCover(st *stopper, m *model.Model, opts model.Options, res *model.Result) error {
	fw := *m.FreeWalls
	b := m.Board
	fixedAt := map[model.Square]bool{}
	for _, f := range m.Fixed {
		fixedAt[f.Square] = true
	}
	var free []model.Square
	for i := 0; i < b.Size(); i++ {
		if s := b.Square(i); b.IsOpen(s) && !fixedAt[s] {
			free = append(free, s)
		}
	}
	most := min(fw.Max, len(free))
	sets := new(big.Int)
	for k := fw.Min; k <= most; k++ {
		sets.Add(sets, new(big.Int).Binomial(int64(len(free)), int64(k)))
	}
	if !sets.IsInt64() || sets.Int64() > maxWallSets {
		return fmt.Errorf("exact: free walls with coverage are solved one wall set at a time, and this model has %s of them (more than %d); bound the free walls, e.g. walls: {free: 0..2}: %w",
			sets, maxWallSets, model.ErrUnsupported)
	}
	res.Stats.Extra["engine"] = "coverage search for each free wall set"
	res.Stats.Extra["wall_sets"] = sets.Int64()

	obj := m.Objective
	byWalls := obj.Measure == model.MeasureWalls
	inner := func(walls []model.Square) *model.Model {
		c := *m
		c.Board = b.Clone()
		for _, w := range walls {
			c.Board.Set(w, model.Wall)
		}
		c.FreeWalls = nil
		if byWalls {
			c.Objective = model.Objective{}
		}
		return &c
	}
	better := func(v, than int64) bool {
		return obj.Sense == model.Maximize && v > than || obj.Sense == model.Minimize && v < than
	}
	// each wall set in turn: its walls, then solve on it
	type answer struct {
		walls []model.Square
		value int64
		sol   model.Solution
	}
	var answers []answer
	var best *answer
	solveSet := func(walls []model.Square) error {
		r := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
		if err := dispatch(st, inner(walls), model.Options{Task: model.TaskSolve}, r); err != nil {
			return err
		}
		res.Stats.Nodes += r.Stats.Nodes
		if r.Status != model.StatusOptimal {
			return nil
		}
		a := answer{walls: append([]model.Square(nil), walls...), value: *r.Value, sol: *r.Solution}
		if byWalls {
			a.value = int64(len(b.Walls()) + len(walls))
		}
		a.sol.Walls = a.walls
		a.sol.Normalize()
		answers = append(answers, a)
		if best == nil || better(a.value, best.value) {
			best = &answers[len(answers)-1]
		}
		return nil
	}
	var walls []model.Square
	var pick func(from, left int) error
	pick = func(from, left int) error {
		if st.stopped() {
			return nil
		}
		if left == 0 {
			return solveSet(walls)
		}
		for i := from; i <= len(free)-left; i++ {
			walls = append(walls, free[i])
			if err := pick(i+1, left-1); err != nil {
				return err
			}
			walls = walls[:len(walls)-1]
		}
		return nil
	}
	for k := fw.Min; k <= most; k++ {
		if err := pick(0, k); err != nil {
			return err
		}
	}
	if st.canceled.Load() {
		res.Status = model.StatusUnknown
		if best != nil {
			res.Solution, res.Value = &best.sol, model.Int64(best.value)
		}
		return nil
	}
	if best == nil {
		return infeasible(res, opts)
	}
	if opts.Task == model.TaskSolve {
		res.Status = model.StatusOptimal
		res.Solution, res.Value = &best.sol, model.Int64(best.value)
		return nil
	}

	// count or list the optimal solutions, wall set by wall set
	canon := m.CanonicalFunc()
	var n int64
	classes := map[string]bool{}
	boards := map[string]bool{}
	for _, a := range answers {
		if obj.Sense != model.Fixed && a.value != best.value {
			continue
		}
		innerOpts := model.Options{Task: model.TaskCount}
		listing := opts.Task == model.TaskEnumerate || opts.Symmetry
		if listing {
			innerOpts = model.Options{Task: model.TaskEnumerate, Emit: func(s model.Solution) error {
				s.Walls = a.walls
				s.Normalize()
				if opts.Task == model.TaskEnumerate {
					return opts.Emit(s)
				}
				classes[canon(s).Key()] = true
				return nil
			}}
		}
		r := &model.Result{Stats: model.Stats{Extra: map[string]any{}}}
		if err := dispatch(st, inner(a.walls), innerOpts, r); err != nil {
			return err
		}
		res.Stats.Nodes += r.Stats.Nodes
		if r.Count != nil {
			n += *r.Count
		}
		boards[(&model.Solution{Walls: a.walls}).Key()] = true
	}
	if st.canceled.Load() {
		res.Status = model.StatusUnknown
		return nil
	}
	res.Status = model.StatusOptimal
	res.Solution, res.Value = &best.sol, model.Int64(best.value)
	if opts.DistinctWalls && opts.Task == model.TaskCount {
		n = int64(len(boards))
		if opts.Symmetry {
			wallClasses := map[string]bool{}
			for _, a := range answers {
				if obj.Sense == model.Fixed || a.value == best.value {
					wallClasses[canon(model.Solution{Walls: a.walls}).Key()] = true
				}
			}
			res.Classes = model.Int64(int64(len(wallClasses)))
		}
	} else if opts.Symmetry {
		res.Classes = model.Int64(int64(len(classes)))
	}
	res.Count = model.Int64(n)
	return nil
}
